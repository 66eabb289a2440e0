import { rmSync } from 'node:fs';
import os from 'node:os';
import Fastify from 'fastify';
import type { CurrentUser } from '@/contract/calls/user';
import * as userCalls from '@/contract/calls/user';
import { currentUserOf } from '../../server/account/current-user';
import { findSession } from '../../server/account/token.repository';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import type { DatabaseKind } from '../../server/db/database';
import { createRawClient } from '../support/raw-client';
import { testConfig } from '../support/test-app';
import {
  type BenchEnvironment,
  type Benchmark,
  benchDatabases,
  breakdownLine,
  fmtMs,
  fmtPercent,
  fmtRate,
  fmtRatio,
  type LoadResult,
  type LoopResult,
  printTable,
  type RequestSpec,
  runLoad,
  runLoops,
} from './lib';

/**
 * POST /api/user/me on each database, three ways, in one process on one machine:
 *  (a) full stack: the real server (buildApp) on 127.0.0.1, every request a freshly sealed envelope carrying the
 *      session token of a registered user; every answer must be status 1 with the user's own data;
 *  (b) bare Fastify: a fresh instance with one POST /bare route returning a small JSON, same load settings;
 *  (c) in-process: findSession then currentUserOf on the server's own Kysely handle, no HTTP and no envelope,
 *      in as many concurrent async loops as (a) has connections;
 * plus, for the breakdown, (a)'s answer served canned (HTTP and envelope only, no session lookup).
 * Goal: (a) / (c) ≥ 0.70, i.e. HTTP + envelope + validation cost at most 30 % of the database-bound throughput.
 */

const GOAL = 0.7;
const MIN_FULL_REQUESTS = 10_000;
const DATABASES: readonly { kind: DatabaseKind; label: string }[] = [
  { kind: 'pglite', label: 'PGlite' },
  { kind: 'postgres', label: 'PostgreSQL' },
];

interface Row {
  name: string;
  result: LoadResult | LoopResult;
  unit: string;
}

async function benchDatabase(kind: DatabaseKind, label: string, env: BenchEnvironment): Promise<number> {
  const { connections, warmupS, durationS } = env.settings;
  const scratch = kind === 'postgres' ? await env.scratchPostgres() : null;
  // PGlite: buildApp opens it from the config as production does, in dataDir/pgdata (not in memory).
  const config: AppConfig = testConfig({ databaseUrl: scratch?.url ?? null });
  const bare = Fastify({ logger: false });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    app = await buildApp(config); // logger from config.logLevel: 'silent'
    // For the breakdown only, on this benchmark's own server: the user's answer, built once and then sent as is
    // without a session lookup, so a request costs the HTTP stack and the envelope but no database work.
    let canned: CurrentUser | null = null;
    app.api({ ...userCalls.me, path: 'bench/canned-me', auth: 'none' }, () => canned!);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const baseUrl = `http://127.0.0.1:${port}`;

    // A registered user with a real session token, through the API itself.
    const raw = createRawClient(baseUrl, config.aesKey, config.signKey);
    const registered = await raw.call('account/registerByPassword', {
      account: 'bench_user',
      email: 'bench@venuely.test',
      password: 'bench-password-123',
    });
    if (registered.status !== 1) throw new Error(`registration failed: ${registered.msg}`);
    const token = (registered.data as { token: string }).token;
    const me = await raw.call('user/me', { token });
    if (me.status !== 1) throw new Error(`user/me sanity call failed: ${me.msg}`);
    const user = me.data as { uuid: string; username: string };

    /** A freshly sealed request per call; every answer must be this user's. */
    const sealedMe = (fields: { token?: string }): RequestSpec => ({
      kind: 'sealed',
      aesKey: config.aesKey,
      signKey: config.signKey,
      client: 'pwa',
      payload: { oauth_id: raw.guestId, oauth_type: 'pwa', ...fields },
      expectData: { uuid: user.uuid, username: user.username },
    });

    // (a) full stack
    const full = await runLoad({
      url: `${baseUrl}/api/user/me`,
      connections,
      warmupS,
      durationS,
      request: sealedMe({ token }),
    });

    // (b) bare Fastify
    const bareReply = { status: 1, msg: 'ok', data: null };
    bare.post('/bare', async () => bareReply);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const barePort = (bare.server.address() as { port: number }).port;
    const bareResult = await runLoad({
      url: `http://127.0.0.1:${barePort}/bare`,
      connections,
      warmupS,
      durationS,
      request: { kind: 'json', body: { ping: 1 }, expect: bareReply },
    });
    await bare.close();

    // (c) the same lookups in-process: session, then the current user (no envelope, no HTTP)
    const db = app.db;
    const inProcess = await runLoops({
      concurrency: connections,
      warmupS,
      durationS,
      call: async () => {
        const session = await findSession(db, token);
        if (!session) throw new Error('session not found');
        const current = await currentUserOf(db, session.user, 'en', 1);
        if (current.uuid !== user.uuid) throw new Error(`wrong user ${current.uuid}`);
      },
    });

    const session = await findSession(app.db, token);
    canned = await currentUserOf(app.db, session!.user, 'en', 1);
    const cannedResult = await runLoad({
      url: `${baseUrl}/api/bench/canned-me`,
      connections,
      warmupS,
      durationS,
      request: sealedMe({}),
    });

    const rows: Row[] = [
      { name: '(a) full stack  POST /api/user/me', result: full, unit: 'req/s' },
      { name: '(a) full stack  the same answer canned: HTTP + envelope only', result: cannedResult, unit: 'req/s' },
      { name: '(b) bare Fastify POST /bare', result: bareResult, unit: 'req/s' },
      { name: '(c) in-process findSession + currentUserOf', result: inProcess, unit: 'calls/s' },
    ];
    printTable(
      `${label} — ${connections} connections / loops, ${warmupS} s warm-up + ${durationS} s measured`,
      ['benchmark', 'rate', 'unit', 'p50 ms', 'p99 ms', 'measured', 'errors', 'main busy', 'loadgen busy', 'CPU self', 'CPU others'],
      rows.map(({ name, result, unit }) => [
        name,
        fmtRate(result.rate),
        unit,
        fmtMs(result.p50Ms),
        fmtMs(result.p99Ms),
        String(result.total),
        String(result.errors),
        fmtPercent(result.mainElu),
        'generatorElu' in result ? fmtPercent(result.generatorElu) : '—',
        fmtPercent(result.cpu.self),
        fmtPercent(result.cpu.others),
      ]),
    );
    const fullOverInProcess = full.rate / inProcess.rate;
    console.log(`ratio full / bare        ${fmtRatio(full.rate / bareResult.rate)}`);
    console.log(`ratio full / in-process  ${fmtRatio(fullOverInProcess)}`);
    console.log(`goal: full / in-process ≥ ${GOAL.toFixed(2)} — ${fullOverInProcess >= GOAL ? 'met' : 'NOT met'}`);
    console.log(`breakdown: ${breakdownLine(cannedResult, inProcess, full, connections)}`);
    if (full.total < MIN_FULL_REQUESTS) {
      console.log(`note: only ${full.total} full-stack requests measured (< ${MIN_FULL_REQUESTS}); raise BENCH_DURATION_S`);
    }
    console.log('busy: event-loop utilisation while measuring (main = server or in-process loops; loadgen = autocannon thread).');
    console.log(`CPU: share of all ${os.cpus().length} cores while measuring, this process vs. all other processes (${kind === 'postgres' ? "PostgreSQL's backends and " : ''}anything else running).`);
    console.log('autocannon latencies have 1 ms resolution.');
    const disturbed = kind === 'pglite' ? rows.filter(({ result }) => result.cpu.others > 0.15) : [];
    if (disturbed.length > 0) {
      console.log(`warning: other processes used > 15 % of the CPU during ${disturbed.map((r) => r.name.split(' ')[0]).join(', ')}; those figures are disturbed`);
    }
    for (const { name, result } of rows) {
      for (const sample of result.errorSamples) console.log(`  error in ${name}: ${sample}`);
    }
    return rows.reduce((sum, { result }) => sum + result.errors, 0);
  } finally {
    await bare.close().catch(() => undefined);
    await app?.close(); // closes the database it opened
    rmSync(config.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

export const apiMeBenchmark: Benchmark = {
  name: 'api-me',
  title: 'POST /api/user/me: full stack vs bare Fastify vs in-process database lookups',
  async run(env) {
    let errors = 0;
    for (const { kind, label } of benchDatabases(DATABASES)) errors += await benchDatabase(kind, label, env);
    return { errors };
  },
};
