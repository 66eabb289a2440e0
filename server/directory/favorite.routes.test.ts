import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as favorite from '@/contract/calls/favorite';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { insertMerchant, insertPartner, type Member, registerMember, seedSocialReferences } from './social.fixtures';

const NOT_FOUND = 'This listing does not exist or is no longer available.';

describe.each(DATABASE_KINDS)('favourites API on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let place: { regionId: number; cityId: number };
  let owner: Member;
  let fan: Member;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    place = await seedSocialReferences(t.database.db);
    owner = await registerMember(api, t.database.db, 'owner');
    fan = await registerMember(api, t.database.db, 'fan');
  });
  afterAll(async () => t?.close());

  const favoriteCount = async (source: 'merchant' | 'partner', id: number) =>
    (await t.database.db.selectFrom(source === 'merchant' ? 'merchants' : 'partners').select('favorite_count').where('id', '=', id).executeTakeFirstOrThrow())
      .favorite_count;
  const rowsOf = async (source: 'merchant' | 'partner', id: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('favorites')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('source', '=', source)
          .where('listing_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const list = async (member: Member, payload: Record<string, unknown>) => {
    const res = await api.call('favorite/list', { token: member.token, ...payload });
    expect(res.status, res.msg).toBe(1);
    return favorite.list.response.parse(res.data);
  };

  it('adds a merchant once: a repeated add succeeds, the count and the row stay single', async () => {
    const id = await insertMerchant(t.database.db, place, owner.uuid);
    for (let i = 0; i < 3; i++) {
      const res = await api.call('favorite/add', { token: fan.token, source: 'merchant', id });
      expect([res.status, res.data], res.msg).toEqual([1, null]);
    }
    expect(await favoriteCount('merchant', id)).toBe(1);
    expect(await rowsOf('merchant', id)).toBe(1);
    const page = await list(fan, { source: 'merchant' });
    expect(page.list[0]).toMatchObject({ source: 'merchant', item: { id, is_favorite: true, favorite_count: 1 } });
  });

  it('cancels: a repeated cancel and a cancel of what was never saved succeed without touching the count', async () => {
    const id = await insertMerchant(t.database.db, place, owner.uuid);
    const other = await registerMember(api, t.database.db, 'other');
    expect((await api.call('favorite/add', { token: fan.token, source: 'merchant', id })).status).toBe(1);
    expect((await api.call('favorite/add', { token: other.token, source: 'merchant', id })).status).toBe(1);
    expect(await favoriteCount('merchant', id)).toBe(2);
    for (let i = 0; i < 3; i++) {
      const res = await api.call('favorite/cancel', { token: fan.token, source: 'merchant', id });
      expect([res.status, res.data], res.msg).toEqual([1, null]);
    }
    expect(await favoriteCount('merchant', id)).toBe(1);
    expect(await rowsOf('merchant', id)).toBe(1);
    // Never saved, and an id that does not exist at all.
    const fresh = await insertMerchant(t.database.db, place, owner.uuid);
    expect((await api.call('favorite/cancel', { token: fan.token, source: 'merchant', id: fresh })).status).toBe(1);
    expect((await api.call('favorite/cancel', { token: fan.token, source: 'partner', id: 2_000_000_000 })).status).toBe(1);
    expect(await favoriteCount('merchant', fresh)).toBe(0);
  });

  it('keeps the count right under concurrent adds and cancels', async () => {
    const id = await insertMerchant(t.database.db, place, owner.uuid);
    const members = await Promise.all([1, 2, 3].map(() => registerMember(api, t.database.db, 'crowd')));
    // The same member tapping 8 times at once, and three members at once, several times each.
    const adds = [
      ...Array.from({ length: 8 }, () => api.call('favorite/add', { token: fan.token, source: 'merchant', id })),
      ...members.flatMap((m) => Array.from({ length: 3 }, () => api.call('favorite/add', { token: m.token, source: 'merchant', id }))),
    ];
    for (const res of await Promise.all(adds)) expect(res.status, res.msg).toBe(1);
    expect(await favoriteCount('merchant', id)).toBe(4);
    expect(await rowsOf('merchant', id)).toBe(4);
    const mixed = [
      ...Array.from({ length: 6 }, () => api.call('favorite/cancel', { token: fan.token, source: 'merchant', id })),
      ...Array.from({ length: 4 }, () => api.call('favorite/cancel', { token: members[0].token, source: 'merchant', id })),
    ];
    for (const res of await Promise.all(mixed)) expect(res.status, res.msg).toBe(1);
    expect(await favoriteCount('merchant', id)).toBe(2);
    expect(await rowsOf('merchant', id)).toBe(2);
  });

  it('refuses hidden, invisible, pending and nonexistent listings alike, writing nothing', async () => {
    const hidden = await insertMerchant(t.database.db, place, owner.uuid, { status: 'hidden' });
    const pending = await insertMerchant(t.database.db, place, owner.uuid, { status: 'pending' });
    const invisible = await insertPartner(t.database.db, place, owner.uuid, { visible: false });
    const cases: [string, number][] = [
      ['merchant', hidden],
      ['merchant', pending],
      ['partner', invisible],
      ['merchant', 2_000_000_000],
      ['partner', 2_000_000_001],
    ];
    for (const [source, id] of cases) {
      const res = await api.call('favorite/add', { token: fan.token, source, id });
      expect([res.status, res.msg], `${source} ${id}`).toEqual([0, NOT_FOUND]);
    }
    expect(await rowsOf('merchant', hidden)).toBe(0);
    expect(await rowsOf('partner', invisible)).toBe(0);
    expect(await favoriteCount('merchant', hidden)).toBe(0);
    expect(await favoriteCount('partner', invisible)).toBe(0);
  });

  it('needs a login and a valid payload', async () => {
    const id = await insertMerchant(t.database.db, place, owner.uuid);
    for (const path of ['favorite/add', 'favorite/cancel', 'favorite/list']) {
      const res = await api.call(path, { source: 'merchant', id });
      expect([res.status, res.msg], path).toEqual([0, 'Please log in first.']);
    }
    const bad: Record<string, unknown>[] = [
      { source: 'venue', id },
      { source: 'merchant', id: 0 },
      { source: 'merchant', id: -1 },
      { source: 'merchant', id: 2_147_483_648 },
      { source: 'merchant', id: '1; drop table favorites' },
      { source: 'merchant' },
      { id },
    ];
    for (const payload of bad) {
      const res = await api.call('favorite/add', { token: fan.token, ...payload });
      expect(res.status, JSON.stringify(payload)).toBe(0);
      expect(res.httpStatus).toBe(200);
    }
    expect(await rowsOf('merchant', id)).toBe(0);
  });

  it('lists partners newest first with cards, leaving out listings no longer public', async () => {
    const member = await registerMember(api, t.database.db, 'lister');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const id = await insertPartner(t.database.db, place, owner.uuid);
      ids.push(id);
      expect((await api.call('favorite/add', { token: member.token, source: 'partner', id })).status).toBe(1);
    }
    const merchant = await insertMerchant(t.database.db, place, owner.uuid);
    expect((await api.call('favorite/add', { token: member.token, source: 'merchant', id: merchant })).status).toBe(1);

    const all = await list(member, { source: 'partner' });
    expect(all.list.map((row) => row.item.id)).toEqual([...ids].reverse());
    expect(all.next_cursor).toBeNull();
    for (const row of all.list) {
      expect(row.source).toBe('partner');
      expect(row.item).toMatchObject({ region_slug: 'social-test', city_slug: 'social-city', is_favorite: true, favorite_count: 1 });
    }
    // Hidden by moderation, and hidden by the owner: both leave the list, the favourites stay.
    await t.database.db.updateTable('partners').set({ status: 'hidden' }).where('id', '=', ids[1]).execute();
    await t.database.db.updateTable('partners').set({ visible: false }).where('id', '=', ids[3]).execute();
    const visible = await list(member, { source: 'partner' });
    expect(visible.list.map((row) => row.item.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(await rowsOf('partner', ids[1])).toBe(1);
    // Cancelling a listing that is no longer public still works.
    expect((await api.call('favorite/cancel', { token: member.token, source: 'partner', id: ids[1] })).status).toBe(1);
    expect(await favoriteCount('partner', ids[1])).toBe(0);
    const merchants = await list(member, { source: 'merchant' });
    expect(merchants.list.map((row) => [row.source, row.item.id])).toEqual([['merchant', merchant]]);
  });

  it('pages with a keyset cursor that neither repeats nor skips rows saved in the same microsecond or millisecond', async () => {
    const member = await registerMember(api, t.database.db, 'pager');
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) ids.push(await insertMerchant(t.database.db, place, owner.uuid));
    // Three rows share one moment; two more differ from it by a microsecond (the same millisecond in JavaScript).
    const moments = [
      '2026-01-01 10:00:00.123456+00',
      '2026-01-01 10:00:00.123456+00',
      '2026-01-01 10:00:00.123456+00',
      '2026-01-01 10:00:00.123457+00',
      '2026-01-01 10:00:00.123455+00',
      '2026-01-01 10:00:00.5+00',
      '2025-12-31 23:59:59.999999+00',
    ];
    for (const [i, id] of ids.entries()) {
      await t.database.db
        .insertInto('favorites')
        .values({ user_uuid: member.uuid, source: 'merchant', listing_id: id, created_at: sql<Date>`${moments[i]}::timestamptz` })
        .execute();
    }
    const expected = ids
      .map((id, i) => ({ id, at: moments[i] }))
      .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
      .map((row) => row.id);
    for (const limit of [1, 2, 3, 7]) {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await list(member, { source: 'merchant', limit, ...(cursor ? { cursor } : {}) });
        expect(page.list.length).toBeLessThanOrEqual(limit);
        seen.push(...page.list.map((row) => row.item.id));
        if (!page.next_cursor) break;
        cursor = page.next_cursor;
      }
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    const first = await list(member, { source: 'merchant', limit: 2 });
    expect(first.list[0].favorited_at).toBe('2026-01-01T10:00:00.500Z');
    // A cursor of another list, or one this server never wrote, is refused.
    const wrongList = await api.call('favorite/list', { token: member.token, source: 'partner', cursor: first.next_cursor });
    expect([wrongList.status, wrongList.msg]).toEqual([0, 'This list position is no longer valid. Reload the list.']);
    for (const cursor of ['eyJpZCI6MTJ9', 'AAAA', Buffer.from('{"l":"fav:merchant","t":"1e99","i":1}').toString('base64url'), 'x'.repeat(201)]) {
      const res = await api.call('favorite/list', { token: member.token, source: 'merchant', cursor });
      expect(res.status, cursor).toBe(0);
    }
  });

  it('lists only the caller’s own favourites', async () => {
    const a = await registerMember(api, t.database.db, 'a');
    const b = await registerMember(api, t.database.db, 'b');
    const id = await insertMerchant(t.database.db, place, owner.uuid);
    expect((await api.call('favorite/add', { token: a.token, source: 'merchant', id })).status).toBe(1);
    expect((await list(b, { source: 'merchant' })).list).toEqual([]);
    expect((await list(a, { source: 'merchant' })).list).toHaveLength(1);
  });
});
