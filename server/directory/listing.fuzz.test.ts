import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import type { RawResponse } from '../../tests/support/raw-client';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import {
  createUser,
  file,
  insertMerchantRow,
  insertPartnerRow,
  jpegWithExif,
  listingCounts,
  merchantPayload,
  partnerPayload,
  placeRefs,
  type RawClient,
  type Refs,
  storedFiles,
  type TestUser,
  type UploadFile,
} from './listing.fixtures';

/**
 * Property-based fuzzing of the listing calls (DESIGN section 8, "Input"): publishing, the owner's edits and the
 * public lists answer malformed, hostile or out-of-range input with a status-0 envelope and a clear message,
 * never a 500, and a refusal writes nothing: no row in any listing table, no counter, no stored file.
 *
 * FUZZ_RUNS (cases per call per database) and FUZZ_SEED reproduce or search harder.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const fcOptions = (): fc.Parameters<unknown> => ({ numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });

/** With FUZZ_STATS=1, the answers per call (`<status> <message>` → count) are printed after each database. */
const answerTally = new Map<string, Map<string, number>>();
function tally(path: string, res: RawResponse) {
  const byAnswer = answerTally.get(path) ?? new Map<string, number>();
  const key = `${res.status} ${res.msg}`;
  byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
  answerTally.set(path, byAnswer);
}

// ---------------------------------------------------------------------------------------------------------------
// Hostile values.

const HOSTILE_STRINGS = [
  "' OR '1'='1", "'; DROP TABLE merchants; --", '%', '_', '%_%', '\\', '\\%', '$1', "E'\\\\x00'", '\u0000', '\u202e',
  '\ud800', '\ufeff', 'NaN', 'Infinity', '-0', '1e309', '0x1F', ' 42 ', '', ' ', 'null', 'true', '[]', '{}', '[1,2]',
  '["1"]', '[{"day":1}]', '１２３', '١٢٣', 'tokyo', 'japan', 'Japan', 'JAPAN', 'ｊａｐａｎ', 'japan ', 'japan--x',
  '__proto__', 'constructor', 'a'.repeat(300),
];
const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 6_000 }).map((n) => 'x'.repeat(n)) },
);
const hostileNumber = fc.constantFrom(0, -1, 1, 2, 3, 4, 5, 17, 18, 99, 100, 1_000, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, 1.5, -0.5, 90.0001);
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 8, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 15 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('day', 'open', 'close', 'type', 'value', '__proto__', 'x'), tie('value'), { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"}}') as unknown) },
  ),
})).value;

/** Near-valid values per field, so cases also pass the schema and reach the handlers. */
const NEAR_VALID: Record<string, fc.Arbitrary<unknown>> = {
  merchant_type: fc.integer({ min: 0, max: 15 }),
  tags: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 12 }),
  tag: fc.integer({ min: 0, max: 20 }),
  language: fc.integer({ min: 0, max: 20 }),
  languages: fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 6 }),
  sex: fc.integer({ min: 0, max: 4 }),
  body_type: fc.integer({ min: 0, max: 6 }),
  drive_type: fc.integer({ min: 0, max: 6 }),
  price_level: fc.integer({ min: 0, max: 5 }),
  age: fc.integer({ min: 16, max: 101 }),
  age_min: fc.integer({ min: 16, max: 101 }),
  age_max: fc.integer({ min: 16, max: 101 }),
  height: fc.integer({ min: 90, max: 260 }),
  unlock_price: fc.integer({ min: 0, max: 1_100 }),
  lat: fc.double({ min: -100, max: 100, noNaN: true }),
  lng: fc.double({ min: -200, max: 200, noNaN: true }),
  opening_hours: fc.array(
    fc.record({ day: fc.integer({ min: 0, max: 8 }), open: fc.constantFrom('09:00', '24:00', '9:00', '23:59', 'x'), close: fc.constantFrom('18:00', '00:00', '25:61') }),
    { maxLength: 16 },
  ),
  social: fc.array(fc.record({ type: fc.integer({ min: 0, max: 6 }), value: fc.constantFrom('handle', '', 'x'.repeat(101)) }), { maxLength: 6 }),
  keep_photo_ids: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 14 }),
  region_slug: fc.constantFrom('japan', 'south-korea', 'atlantis', 'Japan', 'japan-', ''),
  city_slug: fc.constantFrom('tokyo', 'seoul', 'osaka', 'nowhere', 'TOKYO', ''),
  keyword: fc.oneof(fc.constantFrom('café', 'ＣＡＦＥ', '%', '_', '\\', 'tokyo', '東京'), hostileString),
  sort: fc.constantFrom('recommended', 'newest', 'popular', 'oldest', ''),
  limit: fc.integer({ min: -1, max: 60 }),
  merchant_id: fc.integer({ min: 0, max: 400 }),
  visible: fc.constantFrom(true, false, '1', '0', 'yes'),
  status: fc.constantFrom('pending', 'published', 'hidden', 'deleted'),
};

/**
 * A valid payload with a few fields (none to four) changed to near-valid or hostile values, removed, or joined by
 * stray keys: most cases pass the schema and so exercise the handlers, not only validation.
 */
function payloadArb(base: () => Record<string, unknown>, fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const valueOf = (name: string) =>
    fc.oneof({ weight: 4, arbitrary: NEAR_VALID[name] ?? anyValue }, { weight: 2, arbitrary: anyValue }, { weight: 1, arbitrary: fc.constant(undefined) });
  const changes = fc
    .subarray(fields, { maxLength: Math.min(4, fields.length) })
    .chain((names) => (names.length === 0 ? fc.constant([] as [string, unknown][]) : fc.tuple(...names.map((name) => valueOf(name).map((v) => [name, v] as [string, unknown])))));
  const extra = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'owner_uuid', 'status', 'favorite_count', 'x'), anyValue), { maxLength: 2 });
  // Object.fromEntries defines own properties, so '__proto__' stays a key and reaches the wire.
  return fc.tuple(changes, extra).map(([c, e]) => Object.fromEntries([...Object.entries({ ...base(), ...Object.fromEntries(c) }), ...e]));
}

// Upload parts: a real image, garbage, a real image's magic number followed by garbage; odd field names.
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const partBytes = fc.oneof(
  { weight: 3, arbitrary: fc.constant('real' as const) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((rest) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(rest)])) },
  { weight: 1, arbitrary: fc.constant(TINY_PNG) },
);
/** The parts a valid form carries (`required`), usually sent, plus up to three more of any kind. */
const partsArb = (names: string[], required: string[]) =>
  fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      fc.array(fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom('photo12', 'image') }), partBytes), { maxLength: 3 }),
    )
    .map(([withRequired, more]) => [...(withRequired ? required.map((name) => [name, 'real'] as [string, 'real' | Uint8Array]) : []), ...more]);

// ---------------------------------------------------------------------------------------------------------------

describe.each(DATABASE_KINDS)('listing API fuzzing on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let refs: Refs;
  let owner: TestUser;
  let member: TestUser;
  let realImage: Buffer;
  let ownMerchant: number;
  let ownPartner: number;
  let foreignMerchant: number;
  let generated = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    refs = await placeRefs(t);
    owner = await createUser(t, api, 'FuzzOwner', 4);
    member = await createUser(t, api, 'FuzzMember', 1);
    const stranger = await createUser(t, api, 'FuzzStranger', 4);
    realImage = await jpegWithExif(24, 16);
    ownMerchant = await insertMerchantRow(t, owner.uuid, refs.tokyo, { name: 'Fuzz venue' });
    ownPartner = await insertPartnerRow(t, owner.uuid, refs.tokyo, { nickname: 'Fuzz guide' });
    foreignMerchant = await insertMerchantRow(t, stranger.uuid, refs.tokyo, { name: 'Stranger venue', visible: false });
    for (let i = 0; i < 3; i++) {
      await insertMerchantRow(t, stranger.uuid, i ? refs.osaka : refs.seoul, { name: `Public venue ${i}`, favorite_count: i });
      await insertPartnerRow(t, stranger.uuid, i ? refs.osaka : refs.seoul, { nickname: `Public guide ${i}`, favorite_count: i });
    }
    await insertPartnerRow(t, stranger.uuid, refs.tokyo, { nickname: 'Stranger guide', status: 'hidden' });
    // Partner updates need a stored photo to keep; the row stands in for one.
    await t.database.db
      .insertInto('photos')
      .values({ owner_kind: 'partner', owner_id: ownPartner, position: 0, image: '/uploads/listing/2026/01/00000000-0000-4000-8000-000000000001.webp', thumb: '/uploads/listing/2026/01/00000000-0000-4000-8000-000000000001.thumb.webp', width: 1, height: 1 })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
    console.log(`[listing fuzz] ${kind}: ${generated} generated cases`);
    if (process.env.FUZZ_STATS === '1') {
      for (const [path, byAnswer] of answerTally) console.log(`  ${path}:\n${[...byAnswer].map(([k, n]) => `    ${n}× ${k}`).join('\n')}`);
      answerTally.clear();
    }
  });

  const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

  async function snapshot() {
    return {
      counts: await listingCounts(t),
      files: storedFiles(t).length,
      rows: await t.database.db.selectFrom('merchants').selectAll().orderBy('id').execute(),
      partners: await t.database.db.selectFrom('partners').selectAll().orderBy('id').execute(),
    };
  }

  /** 422 only for the unknown token, which is what it means. */
  function expectEnvelope(res: RawResponse, label: string, who: string) {
    expect([200, 400, 413], label).toContain(res.httpStatus);
    expect(who === 'garbage' ? [0, 1, 422] : [0, 1], label).toContain(res.status);
    expect(res.msg.length, label).toBeGreaterThan(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }

  const tokenArb = fc.constantFrom<'owner' | 'member' | 'none' | 'garbage'>('owner', 'owner', 'owner', 'member', 'none', 'garbage');
  const tokenOf = (choice: 'owner' | 'member' | 'none' | 'garbage') =>
    choice === 'owner' ? { token: owner.token } : choice === 'member' ? { token: member.token } : choice === 'garbage' ? { token: 'x'.repeat(43) } : {};

  async function send(path: string, payload: Record<string, unknown>, parts: readonly [string, 'real' | Uint8Array][]): Promise<RawResponse> {
    if (parts.length === 0) return api.call(path, payload);
    const files: Record<string, UploadFile> = {};
    for (const [name, bytes] of parts) files[name] = file(bytes === 'real' ? realImage : Buffer.from(bytes));
    return api.upload(path, payload, files);
  }

  interface Case {
    path: string;
    base: () => Record<string, unknown>;
    fields: string[];
    files: string[];
    required?: string[];
  }

  const MERCHANT_FIELDS = ['name', 'merchant_type', 'tags', 'city_id', 'address', 'lat', 'lng', 'phone', 'opening_hours', 'price_level', 'description', 'social', 'visible'];
  const PARTNER_FIELDS = ['nickname', 'age', 'sex', 'body_type', 'languages', 'drive_type', 'height', 'intro', 'tags', 'city_id', 'merchant_id', 'unlock_price', 'visible'];
  const PHOTO_FIELDS = ['photo0', 'photo1', 'photo2'];

  const CASES: Case[] = [
    { path: 'merchant/create', base: () => merchantPayload(refs.tokyo), fields: MERCHANT_FIELDS, files: ['cover', ...PHOTO_FIELDS], required: ['cover'] },
    { path: 'partner/create', base: () => partnerPayload(refs.tokyo), fields: PARTNER_FIELDS, files: PHOTO_FIELDS, required: ['photo0'] },
    {
      path: 'user/merchant_update',
      base: () => merchantPayload(refs.tokyo, { id: ownMerchant }),
      fields: [...MERCHANT_FIELDS, 'id', 'keep_photo_ids'],
      files: ['cover', ...PHOTO_FIELDS],
    },
    {
      path: 'user/partner_update',
      base: () => partnerPayload(refs.tokyo, { id: ownPartner }),
      fields: [...PARTNER_FIELDS, 'id', 'keep_photo_ids'],
      files: PHOTO_FIELDS,
    },
    { path: 'user/merchant_toggleVisiable', base: () => ({ id: foreignMerchant }), fields: ['id'], files: [] },
    { path: 'user/merchant_delete', base: () => ({ id: foreignMerchant }), fields: ['id'], files: [] },
    { path: 'partner/setVisiable', base: () => ({ id: ownPartner, visible: true }), fields: ['id', 'visible'], files: [] },
    { path: 'merchant/update', base: () => ({ id: ownMerchant, status: 'hidden' }), fields: ['id', 'status', 'note'], files: [] },
  ];

  for (const c of CASES) {
    it(`${c.path}: arbitrary payloads and parts never give a 500, and a refusal writes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(payloadArb(c.base, c.fields), tokenArb, c.files.length > 0 ? partsArb(c.files, c.required ?? []) : fc.constant([]), async (payload, who, parts) => {
          generated++;
          const before = await snapshot();
          const res = await send(c.path, { ...payload, ...tokenOf(who) }, parts);
          const label = `${c.path} ${res.httpStatus}/${res.status} ${res.msg}`;
          tally(c.path, res);
          expectEnvelope(res, label, who);
          if (res.status !== 1) expect(await snapshot(), label).toEqual(before);
          // Toggles and setVisiable may legitimately succeed on the owner's own rows; moderation needs an admin.
          if (c.path === 'merchant/update') expect(res.status, label).not.toBe(1);
          if (c.path === 'user/merchant_toggleVisiable' || c.path === 'user/merchant_delete') {
            if (payload.id === foreignMerchant) expect(res.status, label).not.toBe(1);
          }
        }),
        fcOptions(),
      );
    });
  }

  const LIST_FIELDS = {
    'merchant/list': ['region_slug', 'city_slug', 'merchant_type', 'tag', 'price_level', 'keyword', 'sort', 'limit'],
    'partner/list': ['region_slug', 'city_slug', 'sex', 'body_type', 'age_min', 'age_max', 'tag', 'language', 'merchant_id', 'keyword', 'sort', 'limit'],
    'city/search': ['keyword', 'region_slug'],
  } as const;

  const forgedCursor = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_-]{1,60}$/),
    fc
      .record({ l: fc.constantFrom('m', 'p', 'x', 1), o: fc.constantFrom('n', 'p', 'o', 'z'), k: anyValue, i: fc.oneof(hostileNumber, anyValue) }, { requiredKeys: [] })
      .map((o) => Buffer.from(JSON.stringify(o)).toString('base64url')),
    fc.constantFrom('', 'a+b', '=='),
  );

  /** next_cursor values the server really wrote, filled before the list properties run. */
  let realCursors: string[] = ['placeholder'];
  async function collectCursors() {
    const found: string[] = [];
    for (const path of ['merchant/list', 'partner/list']) {
      for (const sort of ['recommended', 'newest', 'popular']) {
        const res = await api.call(path, { sort, limit: 1 });
        const next = (res.data as { next_cursor: string | null } | null)?.next_cursor;
        if (next) found.push(next);
      }
    }
    const own = await api.call('user/merchants', { token: owner.token, limit: 1 });
    const next = (own.data as { next_cursor: string | null } | null)?.next_cursor;
    if (next) found.push(next);
    expect(found.length).toBeGreaterThan(3);
    realCursors = found;
  }

  for (const [path, fields] of Object.entries(LIST_FIELDS)) {
    it(`${path}: arbitrary filters and cursors never give a 500 and write nothing`, async () => {
      await collectCursors();
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(
          payloadArb(() => ({}), [...fields]).chain((p) =>
            fc
              .oneof(
                { weight: 4, arbitrary: fc.constant(undefined) },
                { weight: 2, arbitrary: forgedCursor },
                // Real cursors, of this list or the other kind, in every sort: sometimes reused with another sort.
                { weight: 2, arbitrary: fc.constant(null).map(() => realCursors).chain((all) => fc.constantFrom(...all)) },
              )
              .map((cursor) => (cursor === undefined ? p : { ...p, cursor })),
          ),
          tokenArb,
          async (payload, who) => {
            generated++;
            const res = await api.call(path, { ...payload, ...tokenOf(who) });
            const label = `${path} ${JSON.stringify(payload).slice(0, 200)} → ${res.httpStatus}/${res.status} ${res.msg}`;
            tally(path, res);
            expectEnvelope(res, label, who);
            if (res.status === 1 && path === 'merchant/list') {
              const data = res.data as { list: { id: number }[]; next_cursor: string | null };
              // Public lists never show the stranger's hidden rows.
              expect(data.list.map((r) => r.id), label).not.toContain(foreignMerchant);
            }
          },
        ),
        fcOptions(),
      );
      expect(await snapshot()).toEqual(before);
    });
  }
});
