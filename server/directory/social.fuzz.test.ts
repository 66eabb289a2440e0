import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ApiCall } from '@/contract/call';
import * as favorite from '@/contract/calls/favorite';
import * as feedback from '@/contract/calls/feedback';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient, type RawResponse } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import {
  FEEDBACK_TYPE_ID,
  insertMerchant,
  insertPartner,
  type Member,
  registerMember,
  REPORT_REASON_ID,
  seedSocialReferences,
  socialCounts,
  testImage,
  uploadedFiles,
} from './social.fixtures';

/**
 * Property-based fuzzing of the social calls (DESIGN section 8, "Input"): favourites, visit reports, feedback and
 * reports answer arbitrary, near-valid and hostile payloads with an envelope (never a 500); a refusal writes no row
 * and leaves no uploaded file; and whatever succeeds, the listings' counters always equal the rows they count.
 *
 * FUZZ_RUNS (cases per call per database) and FUZZ_SEED reproduce or search harder.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const fcOptions: fc.Parameters<unknown> = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) };

/**
 * With FUZZ_STATS=1 the answers per call (`<http>/<status>` → count) are printed after each database; with
 * FUZZ_STATS=2 the answers by status and message, to see how many cases reach the handlers.
 */
const answerTally = new Map<string, Map<string, number>>();
const tally = (path: string, res: RawResponse) => {
  const byAnswer = answerTally.get(path) ?? new Map<string, number>();
  const key = process.env.FUZZ_STATS === '2' ? `${res.status}:${res.msg}` : `${res.httpStatus}/${res.status}`;
  byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
  answerTally.set(path, byAnswer);
};

const CALLS: ApiCall[] = [favorite.add, favorite.cancel, favorite.list, feedback.visitReports, feedback.visitReportCreate, feedback.feedback, feedback.report];

function fieldNames(call: ApiCall): string[] {
  const schema = call.payload as unknown;
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  // user/report is a discriminated union of objects sharing these fields.
  return ['target', 'id', 'reason', 'text'];
}

const HOSTILE = [
  "' OR '1'='1",
  "1; DROP TABLE favorites; --",
  "'; UPDATE merchants SET favorite_count = 999; --",
  '__proto__',
  '\u0000',
  '\ud800',
  '\u202egpj.exe',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9007199254740993',
  '２',
  '١',
  ' 1 ',
  '',
  'null',
  '[]',
  '{}',
];
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }), fc.integer({ min: 100, max: 6_000 }))
      .map(([unit, n]) => unit.repeat(n)),
  },
);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'id', 'source'), scalar, { maxKeys: 2 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown) },
);

/** Listing ids and the victim's uuid, read at generation time (filled in beforeAll). */
const world = { listingIds: [] as number[], userUuids: [] as string[], cursors: [] as string[] };
const fromWorld = <K extends keyof typeof world>(key: K) =>
  fc.nat().map((n) => (world[key].length === 0 ? undefined : world[key][n % world[key].length]));

const validText = (min: number, max: number) =>
  fc.oneof(
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 200) }),
    fc.string({ minLength: min, maxLength: Math.min(max, 60) }).map((s) => `  ${s}\n`),
  );

const NEAR_VALID: Record<string, fc.Arbitrary<unknown>> = {
  source: fc.constantFrom('merchant', 'partner', 'merchant', 'partner', 'Merchant', 'merchants', 'user'),
  id: fc.oneof({ weight: 4, arbitrary: fromWorld('listingIds') }, fromWorld('userUuids'), fc.integer({ min: -2, max: 50 }), fc.constant('1')),
  merchant_id: fc.oneof({ weight: 4, arbitrary: fromWorld('listingIds') }, fc.integer({ min: 0, max: 50 })),
  rating: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, fc.integer({ min: -1, max: 7 }), fc.constantFrom('5', '3.5', 4.5)),
  title: validText(0, 110),
  content: validText(5, 5_100),
  visit_date: fc.oneof(
    { weight: 4, arbitrary: fc.date({ min: new Date('2020-01-01'), max: new Date(), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
    fc.date({ min: new Date('1899-12-30'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    fc.constantFrom('2026-02-29', '2024-02-29', '2026-13-01', '26-01-01', '2026-1-1'),
  ),
  feedback_type: fc.oneof({ weight: 4, arbitrary: fc.constant(FEEDBACK_TYPE_ID) }, fc.integer({ min: 0, max: 10_000 })),
  contact: validText(0, 120),
  target: fc.constantFrom('merchant', 'partner', 'user', 'message', 'listing'),
  reason: fc.oneof({ weight: 4, arbitrary: fc.constant(REPORT_REASON_ID) }, fc.integer({ min: 0, max: 10_000 })),
  text: validText(0, 1_100),
  cursor: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, fromWorld('cursors'), fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/), fc.constant(Buffer.from('{"l":"fav:merchant","t":"99999999999999999","i":1}').toString('base64url'))),
  limit: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 50 }) }, fc.integer({ min: -1, max: 60 }), fc.constant('10')),
};

/** Mostly near-valid payloads (so cases reach the handlers, not only the schema), some fields dropped or hostile. */
function payloadArb(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(
    Object.fromEntries(fields.map((name) => [name, fc.oneof({ weight: 8, arbitrary: NEAR_VALID[name] ?? anyValue }, { weight: 1, arbitrary: anyValue })])),
  );
  const dropped = fc.oneof({ weight: 4, arbitrary: fc.constant([] as string[]) }, { weight: 1, arbitrary: fc.subarray(fields) });
  const extra = fc.oneof(
    { weight: 4, arbitrary: fc.constant([] as [string, unknown][]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'oauth_type', 'client', 'x'), anyValue), { maxLength: 2 }) },
  );
  return fc.tuple(known, dropped, extra).map(([k, drop, e]) =>
    // Object.fromEntries defines own properties, so '__proto__' stays a key and reaches the wire.
    Object.fromEntries([...Object.entries(k as Record<string, unknown>).filter(([name]) => !drop.includes(name)), ...e]),
  );
}

type Upload = { field: string; kind: 'png' | 'jpeg' | 'junk' | 'svg' };
const uploadsArb = (fields: readonly string[]) =>
  fc.array(
    fc.record({
      field: fc.constantFrom(...fields, `${fields[0].replace(/\d+$/, '')}${fields.length}`, 'image', 'data', 'constructor'),
      kind: fc.constantFrom<Upload['kind']>('png', 'png', 'jpeg', 'junk', 'svg'),
    }),
    { maxLength: 3 },
  );

describe.each(DATABASE_KINDS)('social calls fuzzing on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let victim: Member;
  let images: Record<'png' | 'jpeg', Awaited<ReturnType<typeof testImage>>>;
  const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const place = await seedSocialReferences(t.database.db);
    victim = await registerMember(api, t.database.db, 'victim');
    const owner = await registerMember(api, t.database.db, 'owner');
    world.listingIds = [
      await insertMerchant(t.database.db, place, owner.uuid),
      await insertMerchant(t.database.db, place, owner.uuid, { status: 'hidden' }),
      await insertMerchant(t.database.db, place, owner.uuid, { visible: false }),
      await insertMerchant(t.database.db, place, victim.uuid),
      await insertPartner(t.database.db, place, owner.uuid),
      await insertPartner(t.database.db, place, owner.uuid, { status: 'pending' }),
    ];
    world.userUuids = [victim.uuid, owner.uuid, owner.uuid.toUpperCase()];
    expect((await api.call('favorite/add', { token: victim.token, source: 'merchant', id: world.listingIds[0] })).status).toBe(1);
    const page = await api.call('favorite/list', { token: victim.token, source: 'merchant', limit: 1 });
    world.cursors = [Buffer.from(JSON.stringify({ l: 'fav:merchant', t: '1767225600000000', i: 1 })).toString('base64url')];
    expect(page.status).toBe(1);
    images = { png: await testImage('png'), jpeg: await testImage('jpeg') };
  });
  afterAll(async () => {
    await t?.close();
    if (process.env.FUZZ_STATS) {
      for (const [path, byAnswer] of answerTally) console.log(`  ${kind} ${path}: ${[...byAnswer].map(([k, n]) => `${k}×${n}`).join(' ')}`);
      answerTally.clear();
    }
  });

  /** Every row count the calls write, the counters they keep, and the stored files. */
  async function snapshot() {
    const { rows } = await sql<{ mf: string; pf: string; rs: string; rc: string }>`
      select (select coalesce(sum(favorite_count), 0) from merchants) as mf, (select coalesce(sum(favorite_count), 0) from partners) as pf,
             (select coalesce(sum(rating_sum), 0) from merchants) as rs, (select coalesce(sum(report_count), 0) from merchants) as rc`.execute(t.database.db);
    return { ...(await socialCounts(t.database.db)), counters: rows[0], files: uploadedFiles(t.config.dataDir) };
  }

  /** The counters equal the rows they count, per listing. */
  async function expectCountersConsistent() {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from (
        select m.id from merchants m
         where m.favorite_count <> (select count(*) from favorites f where f.source = 'merchant' and f.listing_id = m.id)
            or m.report_count <> (select count(*) from visit_reports v where v.merchant_id = m.id)
            or m.rating_sum <> (select coalesce(sum(v.rating), 0) from visit_reports v where v.merchant_id = m.id)
        union all
        select p.id from partners p
         where p.favorite_count <> (select count(*) from favorites f where f.source = 'partner' and f.listing_id = p.id)
      ) broken`.execute(t.database.db);
    expect(Number(rows[0].n)).toBe(0);
  }

  function send(call: ApiCall, body: Record<string, unknown>, uploads: Upload[]): Promise<RawResponse> {
    if (uploads.length === 0) return api.call(call.path, body);
    const files: Record<string, { data: Buffer; name: string; type: string }> = {};
    for (const { field, kind: k } of uploads) {
      files[field] =
        k === 'junk'
          ? { data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), name: 'x.png', type: 'image/png' }
          : k === 'svg'
            ? { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.svg', type: 'image/svg+xml' }
            : images[k];
    }
    return api.upload(call.path, body, files);
  }

  for (const call of CALLS) {
    const fields = fieldNames(call);
    const uploads = call.files?.length ? uploadsArb(call.files) : fc.constant([] as Upload[]);
    it(`${call.path}: arbitrary payloads never give a 500, and a refusal writes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(payloadArb(fields), fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage'), uploads, async (payload, token, parts) => {
          const body = token === 'none' ? payload : { ...payload, token: token === 'valid' ? victim.token : 'x'.repeat(43) };
          const before = await snapshot();
          const res = await send(call, body, parts);
          tally(call.path, res);
          const label = `${call.path} ${JSON.stringify(body).slice(0, 200)} ${JSON.stringify(parts)} → ${res.httpStatus} ${res.status} ${res.msg}`;
          expect([200, 400, 413], label).toContain(res.httpStatus);
          expect([0, 1, 422], label).toContain(res.status);
          expect(res.msg.length, label).toBeGreaterThan(0);
          if (res.status !== 1) expect(await snapshot(), label).toEqual(before);
          else expect(call.response.safeParse(res.data).success, label).toBe(true);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        }),
        fcOptions,
      );
      await expectCountersConsistent();
    });
  }
});
