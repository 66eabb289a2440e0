import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type City, type Geography, SEARCH_HISTORY_MAX, type SearchHistoryItem } from '@/contract/calls/city';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { REGIONS } from '../directory/geography.data';
import { HOT_CITY_COUNT } from './search-history.repository';

/**
 * city/lang, city/hot and the search history calls on both databases: success and refusal paths, owner isolation
 * (guest ids and accounts never see each other's history), de-duplication, the 20-entry limit and "hot" counting
 * only the last 7 days.
 */
describe.each(DATABASE_KINDS)('geography and search history on %s', (kind) => {
  let t: TestApp;
  let guest: ReturnType<typeof createRawClient>;
  let otherGuest: ReturnType<typeof createRawClient>;
  let member: { token: string; uuid: string };
  const cityIds = new Map<string, number>();
  const CITY_UNKNOWN = 'This city does not exist. Choose a city from the list.';

  beforeAll(async () => {
    t = await startTestApp(kind);
    guest = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    otherGuest = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const res = await guest.call('account/registerByPassword', { account: 'searcher', email: 'searcher@example.test', password: 'long-enough-1' });
    expect(res.status, res.msg).toBe(1);
    const { uuid } = await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'searcher').executeTakeFirstOrThrow();
    member = { token: (res.data as { token: string }).token, uuid };
    for (const row of await t.database.db.selectFrom('cities').select(['id', 'slug']).execute()) cityIds.set(row.slug, row.id);
  });
  afterAll(async () => t?.close());

  const id = (slug: string) => cityIds.get(slug)!;
  const historyRows = async () =>
    Number((await t.database.db.selectFrom('search_history').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const citySearchRows = async () =>
    Number((await t.database.db.selectFrom('city_searches').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  describe('city/lang', () => {
    it('answers every region and city in the request language, in reference order', async () => {
      const ko = await guest.call('city/lang', {}, { 'accept-language': 'ko-KR' });
      expect(ko.status, ko.msg).toBe(1);
      const geo = ko.data as Geography;
      expect(geo.locale).toBe('ko');
      expect(geo.regions.map((r) => r.slug)).toEqual(REGIONS.map((r) => r.slug));
      expect(geo.cities.map((c) => c.slug)).toEqual(REGIONS.flatMap((r) => r.cities.map((c) => c.slug)));
      expect(geo.regions[0]).toMatchObject({ slug: 'japan', name: '일본' });
      expect(geo.cities.find((c) => c.slug === 'tokyo')).toMatchObject({ region_slug: 'japan', name: '도쿄' });
      const sorts = geo.cities.map((c) => c.sort);
      expect([...sorts].sort((a, b) => a - b)).toEqual(sorts);

      const ar = (await guest.call('city/lang', {}, { 'accept-language': 'ar-SA' })).data as Geography;
      expect(ar.locale).toBe('ar');
      expect(ar.cities.find((c) => c.slug === 'tokyo')?.name).toBe('طوكيو');
      const hant = (await guest.call('city/lang', {}, { 'accept-language': 'zh-Hant' })).data as Geography;
      expect(hant.cities.find((c) => c.slug === 'taipei')?.name).toBe('臺北');
      const fallback = (await guest.call('city/lang', {}, { 'accept-language': 'xx-YY' })).data as Geography;
      expect(fallback.locale).toBe('en');
      expect(fallback.cities.find((c) => c.slug === 'munich')?.name).toBe('Munich');
    });

    it('ignores unexpected payload fields and never needs a token', async () => {
      const res = await guest.call('city/lang', { token: 'not-a-token', extra: 'x' });
      expect(res.status, res.msg).toBe(1);
    });
  });

  describe('search history', () => {
    beforeEach(async () => {
      await t.database.db.deleteFrom('search_history').execute();
    });

    const history = async (client: typeof guest, token?: string, lang = 'en-US') => {
      const res = await client.call('city/searchHistory', token ? { token } : {}, { 'accept-language': lang });
      expect(res.status, res.msg).toBe(1);
      return res.data as SearchHistoryItem[];
    };
    const add = async (client: typeof guest, payload: Record<string, unknown>, token?: string, lang = 'en-US') => {
      const res = await client.call('city/searchHistoryAdd', token ? { ...payload, token } : payload, { 'accept-language': lang });
      expect(res.status, res.msg).toBe(1);
      expect(res.data).toBeNull();
    };

    it('remembers keywords and picked cities, newest first, with the city in the request language', async () => {
      await add(guest, { keyword: 'jazz bar' });
      await add(guest, { city_id: id('osaka') }, undefined, 'ja-JP');
      await add(guest, { keyword: 'ramen', city_id: id('kyoto') });
      const items = await history(guest, undefined, 'ja-JP');
      expect(items.map((i) => i.keyword)).toEqual(['ramen', '大阪', 'jazz bar']);
      expect(items[0].city).toMatchObject({ slug: 'kyoto', region_slug: 'japan', name: '京都' } satisfies Partial<City>);
      expect(items[1].city?.slug).toBe('osaka');
      expect(items[2].city).toBeNull();
      expect(new Date(items[0].created_at).toISOString()).toBe(items[0].created_at);
      expect(items.every((i) => Number.isInteger(i.id) && i.id > 0)).toBe(true);
    });

    it('moves a repeated keyword (any case or width) or city to the top instead of duplicating it', async () => {
      await add(guest, { keyword: 'Tokyo' });
      await add(guest, { keyword: 'sushi' });
      await add(guest, { keyword: 'ＴＯＫＹＯ' });
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['ＴＯＫＹＯ', 'sushi']);

      await add(guest, { city_id: id('paris') });
      await add(guest, { keyword: 'croissant' });
      await add(guest, { city_id: id('paris') }, undefined, 'fr-FR');
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['Paris', 'croissant', 'ＴＯＫＹＯ', 'sushi']);

      // A typed keyword equal to an earlier picked city's name keeps that city.
      await add(guest, { keyword: ' paris ' });
      const items = await history(guest);
      expect(items.map((i) => i.keyword)).toEqual(['paris', 'croissant', 'ＴＯＫＹＯ', 'sushi']);
      expect(items[0].city?.slug).toBe('paris');
    });

    it('keeps only the newest 20 entries per owner', async () => {
      for (let i = 1; i <= SEARCH_HISTORY_MAX + 5; i++) await add(guest, { keyword: `keyword ${i}` });
      const items = await history(guest);
      expect(items).toHaveLength(SEARCH_HISTORY_MAX);
      expect(items[0].keyword).toBe(`keyword ${SEARCH_HISTORY_MAX + 5}`);
      expect(items.at(-1)!.keyword).toBe('keyword 6');
      expect(await historyRows()).toBe(SEARCH_HISTORY_MAX);
    });

    it('keeps guests and members apart: no owner ever sees another one’s history', async () => {
      await add(guest, { keyword: 'guest one' });
      await add(otherGuest, { keyword: 'guest two' });
      await add(guest, { keyword: 'member only' }, member.token);
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['guest one']);
      expect((await history(otherGuest)).map((i) => i.keyword)).toEqual(['guest two']);
      // The member's history follows the account, whichever browser (guest id) it is used from.
      expect((await history(guest, member.token)).map((i) => i.keyword)).toEqual(['member only']);
      expect((await history(otherGuest, member.token)).map((i) => i.keyword)).toEqual(['member only']);
      const owners = await t.database.db.selectFrom('search_history').select('owner_key').orderBy('owner_key').execute();
      expect(owners.map((o) => o.owner_key).sort()).toEqual([`g:${guest.guestId}`, `g:${otherGuest.guestId}`, `u:${member.uuid}`].sort());

      // Clearing is per owner too.
      const cleared = await guest.call('city/clearHistory', { token: member.token });
      expect(cleared.status, cleared.msg).toBe(1);
      expect(await history(guest, member.token)).toEqual([]);
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['guest one']);
      expect((await otherGuest.call('city/clearHistory')).status).toBe(1);
      expect(await history(otherGuest)).toEqual([]);
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['guest one']);
    });

    it('clears an empty history without complaint', async () => {
      const res = await guest.call('city/clearHistory');
      expect(res.status, res.msg).toBe(1);
      expect(await history(guest)).toEqual([]);
    });

    it('refuses an unknown city, a missing or invalid keyword, and writes nothing', async () => {
      await add(guest, { keyword: 'kept' });
      const [historyBefore, searchesBefore] = [await historyRows(), await citySearchRows()];
      const unknown = await guest.call('city/searchHistoryAdd', { city_id: 2_000_000_000 });
      expect(unknown.status).toBe(0);
      expect(unknown.msg).toBe(CITY_UNKNOWN);
      const unknownJa = await guest.call('city/searchHistoryAdd', { keyword: 'x', city_id: 999_999 }, { 'accept-language': 'ja-JP' });
      expect(unknownJa.msg).toBe('この都市は存在しません。一覧から都市を選んでください。');
      for (const payload of [
        {},
        { keyword: '' },
        { keyword: '   ' },
        { keyword: 'x'.repeat(51) },
        { keyword: 'tab\there' },
        { keyword: 42 },
        { city_id: 0 },
        { city_id: -3 },
        { city_id: 'tokyo' },
        { city_id: 1.5 },
        { city_id: 2_147_483_648 },
      ]) {
        const res = await guest.call('city/searchHistoryAdd', payload);
        expect(res.status, JSON.stringify(payload)).toBe(0);
        expect(res.msg.length).toBeGreaterThan(0);
      }
      expect(await historyRows()).toBe(historyBefore);
      expect(await citySearchRows()).toBe(searchesBefore);
      expect((await history(guest)).map((i) => i.keyword)).toEqual(['kept']);
    });

    it('answers 422 to an expired or unknown token instead of falling back to the guest', async () => {
      const bogus = 'A'.repeat(43);
      for (const path of ['city/searchHistory', 'city/searchHistoryAdd', 'city/clearHistory']) {
        const res = await guest.call(path, { token: bogus, keyword: 'x' });
        expect(res.status, path).toBe(422);
      }
      expect(await historyRows()).toBe(0);
    });

    it('forgets history entries of a city that is removed', async () => {
      const region = await t.database.db.selectFrom('regions').select('id').where('slug', '=', 'japan').executeTakeFirstOrThrow();
      const temp = await t.database.db
        .insertInto('cities')
        .values({ region_id: region.id, slug: 'temporary-town', names: JSON.stringify({ en: 'Temporary Town' }), search_key: 'temporary town', sort: 99_999 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await add(guest, { city_id: temp.id });
      expect((await history(guest))[0].city?.slug).toBe('temporary-town');
      await t.database.db.deleteFrom('cities').where('id', '=', temp.id).execute();
      expect(await history(guest)).toEqual([]);
    });
  });

  describe('city/hot', () => {
    beforeEach(async () => {
      await t.database.db.deleteFrom('city_searches').execute();
    });

    const hot = async (lang = 'en-US') => {
      const res = await guest.call('city/hot', {}, { 'accept-language': lang });
      expect(res.status, res.msg).toBe(1);
      return res.data as City[];
    };

    it('falls back to the first city of each region when nothing was searched, so it is never empty', async () => {
      const cities = await hot();
      expect(cities).toHaveLength(HOT_CITY_COUNT);
      expect(cities.map((c) => c.slug)).toEqual(REGIONS.slice(0, HOT_CITY_COUNT).map((r) => r.cities[0].slug));
      expect(cities[0]).toMatchObject({ slug: 'tokyo', region_slug: 'japan', name: 'Tokyo' });
      expect((await hot('th-TH'))[0].name).toBe('โตเกียว');
    });

    it('ranks the cities searched most over the last 7 days first, ties in reference order', async () => {
      const searchers = Array.from({ length: 3 }, () => createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey));
      // Kyoto and Fukuoka twice each (a tie: Kyoto comes first in the reference order), Osaka three times.
      for (const client of searchers) expect((await client.call('city/searchHistoryAdd', { city_id: id('osaka') })).status).toBe(1);
      for (const client of searchers.slice(0, 2)) {
        expect((await client.call('city/searchHistoryAdd', { city_id: id('fukuoka') })).status).toBe(1);
        expect((await client.call('city/searchHistoryAdd', { city_id: id('kyoto') })).status).toBe(1);
      }
      // Paris was searched a lot, but 8 days ago: it no longer counts.
      const old = new Date(Date.now() - 8 * 86_400_000);
      await t.database.db
        .insertInto('city_searches')
        .values(Array.from({ length: 10 }, () => ({ city_id: id('paris'), searched_at: old })))
        .execute();
      // Keywords without a city are history only, never "hot".
      expect((await guest.call('city/searchHistoryAdd', { keyword: 'lisbon' })).status).toBe(1);

      const cities = await hot('de-DE');
      expect(cities.slice(0, 3).map((c) => c.slug)).toEqual(['osaka', 'kyoto', 'fukuoka']);
      expect(cities[1].name).toBe('Kyōto');
      expect(cities).toHaveLength(HOT_CITY_COUNT);
      expect(new Set(cities.map((c) => c.id)).size).toBe(HOT_CITY_COUNT);
      // The rest is the fallback order without the cities already listed.
      expect(cities.slice(3).map((c) => c.slug)).toEqual(REGIONS.slice(0, HOT_CITY_COUNT - 3).map((r) => r.cities[0].slug));
    });

    it('counts a search just inside the window and not one just outside it', async () => {
      const day = 86_400_000;
      await t.database.db
        .insertInto('city_searches')
        .values([
          { city_id: id('busan'), searched_at: new Date(Date.now() - 7 * day + 60_000) },
          ...Array.from({ length: 5 }, () => ({ city_id: id('hanoi'), searched_at: new Date(Date.now() - 7 * day - 60_000) })),
        ])
        .execute();
      const cities = await hot();
      expect(cities[0].slug).toBe('busan');
      expect(cities.findIndex((c) => c.slug === 'hanoi')).toBeGreaterThan(0);
      const [{ n }] = (await sql<{ n: string }>`select count(*) as n from city_searches`.execute(t.database.db)).rows;
      expect(Number(n)).toBe(6);
    });
  });
});
