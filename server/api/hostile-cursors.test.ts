import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CALLS } from '@/contract/catalog';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { CURSOR_CALLS, HOSTILE_CURSOR_VALUES } from '../../tests/support/hostile-cursors';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { cursorFields, decodeRecentCursor, isIdText } from '../directory/recent-cursor';
import { decodeListingCursor } from '../directory/listing-cursor';
import { decodeIdCursor } from '../admin/admin-cursor';
import { insertMerchant, registerMember, seedSocialReferences } from '../directory/social.fixtures';

/**
 * Issue 29 item 7: a cursor is opaque base64url JSON, so a client can put any id in it. An id beyond the database
 * column it is compared with (integer: 2^31 - 1, bigint: 2^63 - 1) made PostgreSQL fail the query ("integer out of
 * range"): HTTP 500 on user/withdrawalLog and admin/withdrawals, reports and listings. Every cursor-taking call now
 * answers such a cursor with status 0 naming `cursor` (or, for a value it can read, a page), on both databases.
 */

const b64 = (fields: Record<string, unknown>) => Buffer.from(JSON.stringify(fields)).toString('base64url');

describe('cursor decoding', () => {
  it('refuses an id beyond the id column it is compared with', () => {
    expect(isIdText('2147483647', 'integer')).toBe(true);
    expect(isIdText('2147483648', 'integer')).toBe(false);
    expect(isIdText('9223372036854775807', 'bigint')).toBe(true);
    for (const id of ['9223372036854775808', '99999999999999999999', '0', '-1', '01', '1e3', ' 1', 1, null]) {
      expect([id, isIdText(id, 'bigint')]).toEqual([id, false]);
    }
    const admin = (id: unknown) => () => decodeIdCursor('withdrawals:all', b64({ l: 'withdrawals:all', id }), 'integer');
    expect(admin('2147483647')()).toBe('2147483647');
    expect(admin('2147483648')).toThrow(expect.objectContaining({ key: 'listing.cursorInvalid', data: { field: 'cursor', code: 'zod.string.invalid' } }));
    expect(decodeIdCursor('audit:::', b64({ l: 'audit:::', id: '2147483648' }), 'bigint')).toBe('2147483648');
    expect(() => decodeIdCursor('audit:::', b64({ l: 'audit:::', id: '9223372036854775808' }), 'bigint')).toThrow();
    expect(() => decodeRecentCursor('fav:merchant', b64({ l: 'fav:merchant', t: '0', i: 2 ** 31 }))).toThrow();
    expect(() => decodeListingCursor('merchant', 'popular', b64({ l: 'm', o: 'p', k: 2 ** 31, i: 1 }))).toThrow();
    expect(() => cursorFields(b64({ a: 1 }).slice(0, -1) + '*')).toThrow();
  });

  it('lists every cursor-taking call of the contract', () => {
    const taking = ALL_CALLS.filter((call) => 'cursor' in ((call.payload as unknown as { shape?: object }).shape ?? {})).map((call) => call.path);
    expect(Object.keys(CURSOR_CALLS).sort()).toEqual(taking.sort());
  });
});

describe.each(DATABASE_KINDS)('crafted cursors over HTTP on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let member = '';
  let admin = '';
  let merchantId = 0;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const place = await seedSocialReferences(t.database.db);
    const owner = await registerMember(api, t.database.db, 'owner');
    member = owner.token;
    merchantId = await insertMerchant(t.database.db, place, owner.uuid);
    const boss = await registerMember(api, t.database.db, 'boss');
    await t.database.db.updateTable('users').set({ role: 'admin' }).where('uuid', '=', boss.uuid).execute();
    admin = boss.token;
  });
  afterAll(async () => t?.close());

  it.each(Object.entries(CURSOR_CALLS))('%s answers status 0 naming cursor, or a page, never HTTP 500', async (path, call) => {
    const answers = new Map<string, number>();
    for (const value of HOSTILE_CURSOR_VALUES) {
      for (const [position, cursor] of call.cursors(value, merchantId).entries()) {
        const payload = { ...call.payload, ...(call.merchant ? { merchant_id: merchantId } : {}), token: call.admin ? admin : member, cursor };
        const res = await api.call(path, payload);
        expect([res.httpStatus, res.status === 0 || res.status === 1], `${path} ${JSON.stringify(value)}: ${res.msg}`).toEqual([200, true]);
        if (res.status === 0) expect(res.data, `${path} ${JSON.stringify(value)}`).toEqual({ field: 'cursor', code: 'zod.string.invalid' });
        // The answers with the value as the id (the first cursor), for the checks below.
        if (position === 0) answers.set(JSON.stringify(value), res.status);
      }
    }
    // An id just beyond an integer column is refused, not sent to the database; one beyond bigint everywhere.
    if (call.idColumn === 'integer') expect([answers.get('"2147483648"'), answers.get('2147483648')], path).toEqual([0, 0]);
    expect(answers.get('"9223372036854775808"'), path).toBe(0);
    // The largest id of the column still reads a page.
    const largest = call.idColumn === 'integer' ? ['2147483647', '"2147483647"'] : ['"9223372036854775807"'];
    if (call.idColumn !== 'uuid') expect(Math.max(...largest.map((v) => answers.get(v) ?? 0)), path).toBe(1);
  });
});
