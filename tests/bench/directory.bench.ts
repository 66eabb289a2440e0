import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, createQueryId, type Kysely, type RootOperationNode } from 'kysely';
import { SEARCH_HITS_MAX } from '@/contract/calls/city';
import * as cityCalls from '@/contract/calls/city';
import * as merchantCalls from '@/contract/calls/merchant';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import type { AppConfig } from '../../server/config';
import type { DatabaseKind } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { decodeListingCursor, pageOf } from '../../server/directory/listing-cursor';
import { merchantSummaries, partnerSummaries } from '../../server/directory/listing.mappers';
import { placeFilterOf } from '../../server/directory/listing.service';
import { listPublicMerchants, searchMerchants } from '../../server/directory/merchant.repository';
import { searchPartners } from '../../server/directory/partner.repository';
import { searchPlaces } from '../../server/directory/place.repository';
import { createImageStore } from '../../server/images/image.service';
import { createLocalStorage } from '../../server/storage/local-storage';
import { type DemoImagePool, demoImagePool } from '../../server/seed/demo-images';
import { generateListings } from '../../server/seed/listing-generator';
import { createRawClient } from '../support/raw-client';
import { testConfig } from '../support/test-app';
import {
  type BenchEnvironment,
  type Benchmark,
  benchDatabases,
  breakdownLine,
  cpuBreakdownLine,
  fmtMs,
  fmtRatio,
  type LoadResult,
  type LoopResult,
  printTable,
  RESULT_HEADER,
  resultCells,
  resultLegend,
  runLoad,
  runLoops,
  buildBenchApp,
} from './lib';

/**
 * The directory's two hot reads with BENCH_LISTINGS (100 000) generated listings, on each database:
 *  (a) merchant/list of one city (Tokyo), newest first, first page — the city page;
 *  (b) city/search with a keyword — the search page (places, merchants and partners in one call);
 * each through the full stack (the real server on 127.0.0.1 in this process, a freshly sealed guest envelope per
 * request from the load generator's child process) and in-process (the same repository and mapper functions the
 * handlers call, on the server's own Kysely handle, in as many concurrent loops as there are connections). 50
 * connections unless BENCH_CONNECTIONS says otherwise. Each answer is also served canned through the full stack
 * (HTTP, envelope and schemas, no database): the sum of the canned cost and the in-process cost bounds what the
 * full stack can reach on one server thread, and per request the server process's CPU for the full stack should
 * stay within CPU_SUM_GOAL × (canned + in-process).
 *
 * Goals: full / in-process ≥ 0.70; p99 ≤ 50 ms on PostgreSQL; full-stack CPU ≤ CPU_SUM_GOAL × its parts; no
 * errors. The plans of the queries behind (a) and (b) are printed (EXPLAIN ANALYZE) so a slow one shows which
 * index it did or did not use.
 */

const RATIO_GOAL = 0.7;
const P99_GOAL_MS = 50;
const DEFAULT_CONNECTIONS = 50;
const DATABASES: readonly { kind: DatabaseKind; label: string }[] = [
  { kind: 'pglite', label: 'PGlite' },
  { kind: 'postgres', label: 'PostgreSQL' },
];
const LIST_PAYLOAD = { region_slug: 'japan', city_slug: 'tokyo', sort: 'newest' } as const;
/** A venue-name word of the generated data: a few hundred of 100 000 listings match. */
const SEARCH_KEYWORD = process.env.BENCH_KEYWORD || 'lantern';

function listingCount(): number {
  const value = Number(process.env.BENCH_LISTINGS);
  return Number.isInteger(value) && value > 0 ? value : 100_000;
}

/** The city page's answer, as merchant/list's handler builds it (guest viewer). */
async function cityNewestPage(db: Kysely<Database>) {
  const place = await placeFilterOf(db, LIST_PAYLOAD.region_slug, LIST_PAYLOAD.city_slug);
  const cursor = decodeListingCursor('merchant', 'newest', undefined);
  const rows = await listPublicMerchants(db, { ...place }, cursor, 'newest', LIST_LIMIT_DEFAULT);
  const page = pageOf('merchant', 'newest', rows, LIST_LIMIT_DEFAULT);
  return { list: await merchantSummaries(db, page.rows, null), next_cursor: page.nextCursor };
}

async function listCityNewest(db: Kysely<Database>): Promise<number> {
  return (await cityNewestPage(db)).list.length;
}

/** The search page's answer, as city/search's handler builds it (guest viewer, no region). */
async function searchPage(db: Kysely<Database>) {
  const { regionId } = await placeFilterOf(db, undefined, undefined);
  const [places, merchants, partners] = await Promise.all([
    searchPlaces(db, SEARCH_KEYWORD, 'en'),
    searchMerchants(db, SEARCH_KEYWORD, regionId, SEARCH_HITS_MAX),
    searchPartners(db, SEARCH_KEYWORD, regionId, SEARCH_HITS_MAX),
  ]);
  const [merchantCards, partnerCards] = await Promise.all([merchantSummaries(db, merchants, null), partnerSummaries(db, partners, null)]);
  return { regions: places.regions, cities: places.cities, merchants: merchantCards, partners: partnerCards };
}

/** The search page's work, as city/search's handler does it: the number of hits. */
async function searchEverything(db: Kysely<Database>): Promise<number> {
  const page = await searchPage(db);
  return page.regions.length + page.cities.length + page.merchants.length + page.partners.length;
}

/** Runs `work` once on a handle that records every query, then prints each query's EXPLAIN ANALYZE. */
async function explain(db: Kysely<Database>, title: string, work: (db: Kysely<Database>) => Promise<unknown>): Promise<void> {
  const nodes: RootOperationNode[] = [];
  const recording = db.withPlugin({
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  await work(recording);
  console.log(`\nplans of ${title}:`);
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, createQueryId());
    const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain (analyze, costs off) ${compiled.sql}`, [...compiled.parameters]));
    const lines = rows.map((r) => r['QUERY PLAN']);
    const shown = lines.filter((l) => !/^\s*(Planning|Execution) Time/.test(l)).slice(0, 8);
    const timing = lines.filter((l) => /(Planning|Execution) Time/.test(l)).map((l) => l.trim()).join(', ');
    console.log(`  ${compiled.sql.replace(/\s+/g, ' ').slice(0, 150)}${compiled.sql.length > 150 ? '…' : ''}`);
    for (const line of shown) console.log(`    ${line}`);
    console.log(`    (${timing})`);
  }
}

interface Row {
  name: string;
  result: LoadResult | LoopResult;
  unit: string;
}

async function benchDatabase(kind: DatabaseKind, label: string, env: BenchEnvironment, pool: DemoImagePool): Promise<number> {
  const { warmupS, durationS } = env.settings;
  const connections = process.env.BENCH_CONNECTIONS ? env.settings.connections : DEFAULT_CONNECTIONS;
  const count = listingCount();
  const scratch = kind === 'postgres' ? await env.scratchPostgres() : null;
  // PGlite: opened from the config as production does, in dataDir/pgdata (not in memory), on its own thread.
  const config: AppConfig = testConfig({ databaseUrl: scratch?.url ?? null });
  let app: FastifyInstance | null = null;
  try {
    app = await buildBenchApp(config); // migrates and seeds the reference data; logger from config.logLevel: 'silent'
    const db = app.db;
    // For the breakdowns only, on this benchmark's own server: the city page's and the search page's answers, each
    // built once and then sent as is, so a request costs the HTTP stack, the envelope (open, check, seal) and the
    // payload schema but no database work.
    let cannedListAnswer: Awaited<ReturnType<typeof cityNewestPage>> | null = null;
    let cannedSearchAnswer: Awaited<ReturnType<typeof searchPage>> | null = null;
    app.api({ ...merchantCalls.list, path: 'bench/canned-list' }, async () => (cannedListAnswer ??= await cityNewestPage(db)));
    app.api({ ...cityCalls.search, path: 'bench/canned-search' }, async () => (cannedSearchAnswer ??= await searchPage(db)));
    const generated = await generateListings(db, { count, seed: 1, images: pool });
    console.log(`\n${label}: generated ${generated.merchants} merchants + ${generated.partners} partners in ${(generated.ms / 1000).toFixed(1)} s`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;

    // Sanity: both calls answer real data before they are measured.
    const raw = createRawClient(baseUrl, config.aesKey, config.signKey);
    const listed = await raw.call('merchant/list', { ...LIST_PAYLOAD });
    const listedCount = (listed.data as { list?: unknown[] } | null)?.list?.length ?? 0;
    if (listed.status !== 1 || listedCount !== LIST_LIMIT_DEFAULT) throw new Error(`merchant/list sanity call: status ${listed.status} ${listed.msg}, ${listedCount} rows`);
    const searched = await raw.call('city/search', { keyword: SEARCH_KEYWORD });
    const hits = (searched.data as { merchants?: unknown[] } | null)?.merchants?.length ?? 0;
    if (searched.status !== 1 || hits === 0) throw new Error(`city/search sanity call: status ${searched.status} ${searched.msg}, ${hits} merchants`);
    if ((await listCityNewest(db)) !== LIST_LIMIT_DEFAULT) throw new Error('in-process list sanity call: short page');

    await explain(db, `(a) merchant/list ${LIST_PAYLOAD.region_slug}/${LIST_PAYLOAD.city_slug} newest`, listCityNewest);
    await explain(db, `(b) city/search "${SEARCH_KEYWORD}"`, searchEverything);

    const sealed = (payload: Record<string, unknown>) => ({
      kind: 'sealed' as const,
      aesKey: config.aesKey,
      signKey: config.signKey,
      client: 'pwa' as const,
      payload: { oauth_id: raw.guestId, oauth_type: 'pwa', ...payload },
    });
    const fullList = await runLoad({ url: `${baseUrl}/api/merchant/list`, connections, warmupS, durationS, request: sealed({ ...LIST_PAYLOAD }) });
    const inProcessList = await runLoops({
      concurrency: connections,
      warmupS,
      durationS,
      call: async () => {
        if ((await listCityNewest(db)) !== LIST_LIMIT_DEFAULT) throw new Error('short page');
      },
    });
    const cannedList = await runLoad({ url: `${baseUrl}/api/bench/canned-list`, connections, warmupS, durationS, request: sealed({ ...LIST_PAYLOAD }) });
    const fullSearch = await runLoad({ url: `${baseUrl}/api/city/search`, connections, warmupS, durationS, request: sealed({ keyword: SEARCH_KEYWORD }) });
    const cannedSearch = await runLoad({ url: `${baseUrl}/api/bench/canned-search`, connections, warmupS, durationS, request: sealed({ keyword: SEARCH_KEYWORD }) });
    const inProcessSearch = await runLoops({
      concurrency: connections,
      warmupS,
      durationS,
      call: async () => {
        if ((await searchEverything(db)) === 0) throw new Error('no hits');
      },
    });

    const rows: Row[] = [
      { name: '(a) full stack  merchant/list city newest', result: fullList, unit: 'req/s' },
      { name: '(a) in-process  placeFilterOf + listPublicMerchants + merchantSummaries', result: inProcessList, unit: 'calls/s' },
      { name: '(a) full stack  the same answer canned: HTTP + envelope + schemas', result: cannedList, unit: 'req/s' },
      { name: `(b) full stack  city/search "${SEARCH_KEYWORD}"`, result: fullSearch, unit: 'req/s' },
      { name: '(b) in-process  searchPlaces + searchMerchants + searchPartners + summaries', result: inProcessSearch, unit: 'calls/s' },
      { name: '(b) full stack  the same answer canned: HTTP + envelope + schemas', result: cannedSearch, unit: 'req/s' },
    ];
    printTable(
      `${label}, ${count} listings — ${connections} connections / loops, ${warmupS} s warm-up + ${durationS} s measured`,
      ['benchmark', ...RESULT_HEADER],
      rows.map(({ name, result, unit }) => [name, ...resultCells(result, unit)]),
    );
    for (const [name, full, inProcess, canned] of [
      ['(a) list', fullList, inProcessList, cannedList],
      ['(b) search', fullSearch, inProcessSearch, cannedSearch],
    ] as const) {
      const ratio = full.rate / inProcess.rate;
      console.log(`${name}: full / in-process ${fmtRatio(ratio)} (goal ≥ ${RATIO_GOAL.toFixed(2)}: ${ratio >= RATIO_GOAL ? 'met' : 'NOT met'})`);
      if (kind === 'postgres') {
        console.log(`${name}: full-stack p50 ${fmtMs(full.p50Ms)} ms, p99 ${fmtMs(full.p99Ms)} ms (goal p99 ≤ ${P99_GOAL_MS} ms: ${full.p99Ms <= P99_GOAL_MS ? 'met' : 'NOT met'})`);
      }
      console.log(`${name}: ${cpuBreakdownLine(full, canned, inProcess)}`);
    }
    console.log(`(a) breakdown: ${breakdownLine(cannedList, inProcessList, fullList, connections)}`);
    for (const line of resultLegend(kind === 'postgres')) console.log(line);
    for (const { name, result } of rows) {
      for (const sample of result.errorSamples) console.log(`  error in ${name}: ${sample}`);
    }
    return rows.reduce((sum, { result }) => sum + result.errors, 0);
  } finally {
    await app?.close(); // closes the database it opened
    rmSync(config.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export const directoryBenchmark: Benchmark = {
  name: 'directory',
  title: `merchant/list of a city and city/search over ${listingCount()} listings: full stack vs in-process vs canned, throughput and server CPU per request`,
  async run(env) {
    // One picture pool for both databases: listings only carry its URLs.
    const poolDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-bench-pool-'));
    try {
      const started = performance.now();
      const pool = await demoImagePool(createImageStore({ storage: createLocalStorage(poolDir) }), { cacheFile: path.join(poolDir, 'demo-images.json') });
      console.log(`picture pool: ${pool.landscape.length + pool.portrait.length} images in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      let errors = 0;
      for (const { kind, label } of benchDatabases(DATABASES)) errors += await benchDatabase(kind, label, env, pool);
      return { errors };
    } finally {
      rmSync(poolDir, { recursive: true, force: true });
    }
  },
};
