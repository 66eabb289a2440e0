import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_MAX } from '@/contract/calls/city';
import { DICT_TYPES } from '@/contract/calls/dict';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient, type RawResponse } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * Property-based fuzzing of city/searchHistoryAdd and dict/multi (DESIGN section 8, "Input"), plus the payload-less
 * search calls: arbitrary, hostile or near-valid payloads, tokens and Accept-Language headers never get a 500, a
 * refusal writes nothing, and the history invariants (≤ 20 per owner, no repeated keyword or city) always hold.
 * FUZZ_RUNS and FUZZ_SEED work as in server/account/account.fuzz.test.ts.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 50);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const fcOptions = (numRuns = RUNS): fc.Parameters<unknown> => ({ numRuns, ...(SEED === undefined ? {} : { seed: SEED }) });

const HOSTILE = [
  "' OR '1'='1", "'; DROP TABLE search_history; --", '%', '_', '\\', '%_%', '$1', '\u0000', '\u202e', '\u200b', '\ufeff',
  '\ud800', 'NaN', '-0', '1e309', '__proto__', 'constructor', '[]', '{}', '["sex"]', '[1,2]', 'null', '１２３', '東京', 'Токио',
];
const hostileString = fc.constantFrom(...HOSTILE);
const longString = fc
  .tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }), fc.integer({ min: 40, max: 5_000 }))
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n));
const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  longString,
  hostileString,
);
const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: anyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, true, false, null) },
);
const anyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 8, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.constantFrom('keyword', 'types', '__proto__', 'constructor', 'then', 'x'), tie('value')), { maxLength: 3 })
        .map((entries) => Object.fromEntries(entries)),
    },
    { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":"yes"}}')) },
  ),
})).value;

const pad = (a: fc.Arbitrary<string>) =>
  fc.tuple(fc.constantFrom('', ' ', '\u3000', '\u200b', '\t'), a, fc.constantFrom('', ' ', '\n', '\u0000')).map(([x, s, y]) => `${x}${s}${y}`);

const acceptLanguage = fc.option(
  fc.oneof(
    fc.constantFrom('ja-JP', 'ar-SA', 'zh-Hant-TW', 'ko', 'ru-RU,en;q=0.5', '*', 'xx;q=NaN', ';;,'),
    fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  ),
  { nil: undefined },
);

describe.each(DATABASE_KINDS)('search and dictionary fuzzing on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let memberToken = '';
  let cityIds: number[] = [];
  const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const res = await api.call('account/registerByPassword', { account: 'fuzz_searcher', email: 'fuzz.searcher@example.test', password: 'long-enough-1' });
    expect(res.status, res.msg).toBe(1);
    memberToken = (res.data as { token: string }).token;
    cityIds = (await t.database.db.selectFrom('cities').select('id').orderBy('id').execute()).map((r) => r.id);
  });
  afterAll(async () => t?.close());

  /** Everything a refused call must leave untouched. */
  async function snapshot() {
    const rows = await t.database.db.selectFrom('search_history').select(['id', 'owner_key', 'keyword', 'keyword_key', 'city_id']).orderBy('id').execute();
    const { rows: counts } = await sql<{ n: string }>`select count(*) as n from city_searches`.execute(t.database.db);
    return { rows, citySearches: Number(counts[0].n) };
  }

  /** Holds after every call, accepted or not. */
  async function expectHistoryInvariants() {
    const { rows } = await sql<{ owner_key: string; n: string; keys: string; cities: string; city_rows: string }>`
      select owner_key, count(*) as n, count(distinct keyword_key) as keys, count(distinct city_id) as cities,
             count(city_id) as city_rows
      from search_history group by owner_key`.execute(t.database.db);
    for (const row of rows) {
      expect(Number(row.n), row.owner_key).toBeLessThanOrEqual(SEARCH_HISTORY_MAX);
      expect(Number(row.keys), row.owner_key).toBe(Number(row.n));
      expect(Number(row.cities), row.owner_key).toBe(Number(row.city_rows));
    }
  }

  function expectEnvelope(res: RawResponse, label: string) {
    expect(res.httpStatus, label).toBe(200);
    expect([0, 1, 422], label).toContain(res.status);
    expect(res.msg.length, label).toBeGreaterThan(0);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }

  type TokenChoice = 'none' | 'member' | 'garbage';
  const tokenArb = fc.constantFrom<TokenChoice>('none', 'none', 'member', 'member', 'garbage');
  const withToken = (payload: Record<string, unknown>, choice: TokenChoice) =>
    choice === 'none' ? payload : { ...payload, token: choice === 'member' ? memberToken : 'B'.repeat(43) };

  const cityIdArb = fc.oneof(
    { weight: 4, arbitrary: fc.nat({ max: 10_000 }).map((i) => cityIds[i % cityIds.length]) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1, 1.5, 2 ** 31, '1', ' 1 ', '0x1', '١', 'NaN', null, true, [], {}) },
    { weight: 1, arbitrary: anyValue },
  );
  const keywordArb = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 50 }) },
    { weight: 2, arbitrary: pad(fc.constantFrom('Tokyo', 'ＴＯＫＹＯ', 'tokyo', '東京', 'Paris', 'jazz', '%', '_')) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(50), 'x'.repeat(51), 'a\u0000b', 'a\nb') },
    { weight: 2, arbitrary: anyValue },
  );

  it('city/searchHistoryAdd: arbitrary payloads never give a 500, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ keyword: keywordArb, city_id: cityIdArb, extra: anyValue }, { requiredKeys: [] }),
        tokenArb,
        acceptLanguage,
        async (fields, choice, lang) => {
          const payload = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          const before = await snapshot();
          const res = await api.call('city/searchHistoryAdd', withToken(payload, choice), lang === undefined ? undefined : { 'accept-language': lang });
          const label = `${JSON.stringify(payload)} token=${choice} → ${res.httpStatus}/${res.status} ${res.msg}`;
          expectEnvelope(res, label);
          if (res.status !== 1) expect(await snapshot(), label).toEqual(before);
          else expect(res.data, label).toBeNull();
          if (choice === 'garbage') expect(res.status, label).toBe(422);
          await expectHistoryInvariants();
        },
      ),
      fcOptions(),
    );
  });

  const typesArb = fc.oneof(
    { weight: 4, arbitrary: fc.subarray([...DICT_TYPES], { minLength: 1 }) },
    { weight: 2, arbitrary: fc.subarray([...DICT_TYPES]).map((list) => JSON.stringify(list)) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...DICT_TYPES, 'SEX', 'sex ', 'nope', '', '__proto__'), { maxLength: 12 }) },
    { weight: 2, arbitrary: anyValue },
  );

  it('dict/multi: arbitrary payloads never give a 500, and answer only asked, known types', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ types: typesArb, extra: anyValue }, { requiredKeys: [] }),
        tokenArb,
        acceptLanguage,
        async (fields, choice, lang) => {
          const payload = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
          const before = await snapshot();
          const res = await api.call('dict/multi', withToken(payload, choice), lang === undefined ? undefined : { 'accept-language': lang });
          const label = `${JSON.stringify(payload)} → ${res.httpStatus}/${res.status} ${res.msg}`;
          expectEnvelope(res, label);
          // dict/multi needs no session: a garbage token is ignored, never a 422.
          expect(res.status, label).not.toBe(422);
          if (res.status === 1) {
            const asked = typeof payload.types === 'string' ? (JSON.parse(payload.types) as string[]) : (payload.types as string[]);
            const data = res.data as Record<string, { id: number; name: string }[]>;
            expect(Object.keys(data).sort(), label).toEqual([...asked].sort());
            for (const list of Object.values(data)) for (const item of list) expect(item.name.length, label).toBeGreaterThan(0);
          }
          expect(await snapshot(), label).toEqual(before);
        },
      ),
      fcOptions(),
    );
  });

  it('payload-less search calls shrug off arbitrary extra fields', async () => {
    const paths = ['city/searchHistory', 'city/clearHistory', 'city/hot', 'city/lang'];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.array(fc.tuple(fc.constantFrom('keyword', 'city_id', 'types', '__proto__', 'x'), anyValue), { maxLength: 3 }),
        acceptLanguage,
        async (path, entries, lang) => {
          const res = await api.call(path, Object.fromEntries(entries), lang === undefined ? undefined : { 'accept-language': lang });
          expectEnvelope(res, `${path} ${JSON.stringify(entries)} → ${res.httpStatus}/${res.status} ${res.msg}`);
          await expectHistoryInvariants();
        },
      ),
      fcOptions(Math.ceil(RUNS / 2)),
    );
  });
});
