import { type Kysely, sql, type Transaction } from 'kysely';
import { type City, SEARCH_HISTORY_MAX, type SearchHistoryItem } from '@/contract/calls/city';
import type { Locale } from '@/contract/enums';
import type { Database } from '../db/schema';
import { type CityWithRegion, toCity } from '../directory/place.repository';

/**
 * Search history (DESIGN section 5): per owner, the newest SEARCH_HISTORY_MAX searches, newest first. The owner is
 * 'u:<user uuid>' for a logged-in user and 'g:<guest id>' otherwise, so a guest's history stays with that browser
 * and never mixes with an account's. city_searches is the log "hot cities" counts; the retention job keeps it a day
 * longer than "hot" counts (server/retention/).
 */

/**
 * Whose history a call reads or writes. A guest id is a UUID in any case; its lower-case form is the one the uuid
 * columns (guests.oauth_id) give back, so the retention job finds a guest's history by it (server/retention/).
 */
export function historyOwnerKey(session: { user: { uuid: string } } | null, guestId: string): string {
  return session ? `u:${session.user.uuid}` : `g:${guestId.toLowerCase()}`;
}

export async function listSearchHistory(db: Kysely<Database>, ownerKey: string, locale: Locale): Promise<SearchHistoryItem[]> {
  const rows = await db
    .selectFrom('search_history as h')
    .leftJoin('cities as c', 'c.id', 'h.city_id')
    .leftJoin('regions as r', 'r.id', 'c.region_id')
    .select(['h.id', 'h.keyword', 'h.created_at', 'c.id as city_id', 'c.region_id', 'c.slug', 'c.names', 'c.search_key', 'c.sort', 'r.slug as region_slug'])
    .where('h.owner_key', '=', ownerKey)
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(SEARCH_HISTORY_MAX)
    .execute();
  return rows.map((row) => {
    let city: City | null = null;
    if (row.city_id !== null && row.region_slug !== null) {
      city = toCity({ ...(row as unknown as CityWithRegion), id: row.city_id }, locale);
    }
    return { id: Number(row.id), keyword: row.keyword, city, created_at: new Date(row.created_at).toISOString() };
  });
}

/**
 * Records a search at the top of the owner's history. An entry with the same normalized keyword, or for the same
 * city, moves to the top instead of being stored twice (a typed keyword that matches an earlier picked city keeps
 * that city, so the entry still opens it); then only the newest SEARCH_HISTORY_MAX are kept. A city search is also
 * logged for "hot". Runs in the caller's transaction; the per-owner advisory lock makes concurrent adds of one
 * owner take turns, so they can neither duplicate an entry nor leave more than the limit.
 */
export async function addSearchHistory(
  trx: Transaction<Database>,
  entry: { ownerKey: string; keyword: string; keywordKey: string; cityId: number | null },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`search_history:${entry.ownerKey}`}))`.execute(trx);
  const matches = await trx
    .selectFrom('search_history')
    .select(['id', 'keyword_key', 'city_id'])
    .where('owner_key', '=', entry.ownerKey)
    .where((eb) =>
      entry.cityId === null
        ? eb('keyword_key', '=', entry.keywordKey)
        : eb.or([eb('keyword_key', '=', entry.keywordKey), eb('city_id', '=', entry.cityId)]),
    )
    .execute();
  const cityId = entry.cityId ?? matches.find((m) => m.keyword_key === entry.keywordKey && m.city_id !== null)?.city_id ?? null;
  if (matches.length > 0) {
    await trx.deleteFrom('search_history').where('id', 'in', matches.map((m) => m.id)).execute();
  }
  await trx
    .insertInto('search_history')
    .values({ owner_key: entry.ownerKey, keyword: entry.keyword, keyword_key: entry.keywordKey, city_id: cityId, created_at: new Date() })
    .execute();
  await trx
    .deleteFrom('search_history')
    .where('owner_key', '=', entry.ownerKey)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('search_history')
        .select('id')
        .where('owner_key', '=', entry.ownerKey)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SEARCH_HISTORY_MAX),
    )
    .execute();
  if (entry.cityId !== null) await trx.insertInto('city_searches').values({ city_id: entry.cityId }).execute();
}

export async function clearSearchHistory(db: Kysely<Database>, ownerKey: string): Promise<void> {
  await db.deleteFrom('search_history').where('owner_key', '=', ownerKey).execute();
}

/** Days of city searches that "hot" counts. */
export const HOT_DAYS = 7;
/** Cities that city/hot answers: the searched ones first, then the reference order fills up. */
export const HOT_CITY_COUNT = 12;

/**
 * The cities searched most over the last HOT_DAYS days, most first (ties in reference order), padded with the
 * first city of each region in region order, then the next ones, so the home page is never empty: a new
 * deployment, or a quiet week, still shows a spread of places rather than nothing.
 */
export async function hotCities(db: Kysely<Database>, locale: Locale, count = HOT_CITY_COUNT): Promise<City[]> {
  const searched = await db
    .selectFrom('city_searches as s')
    .innerJoin('cities as c', 'c.id', 's.city_id')
    .innerJoin('regions as r', 'r.id', 'c.region_id')
    .selectAll('c')
    .select((eb) => ['r.slug as region_slug', eb.fn.countAll<string>().as('searches')])
    .where('s.searched_at', '>', sql<Date>`now() - make_interval(days => ${HOT_DAYS})`)
    .groupBy(['c.id', 'r.slug'])
    .orderBy('searches', 'desc')
    .orderBy('c.sort')
    .orderBy('c.id')
    .limit(count)
    .execute();
  const result: CityWithRegion[] = searched;
  if (result.length < count) {
    const all = await db
      .selectFrom('cities as c')
      .innerJoin('regions as r', 'r.id', 'c.region_id')
      .selectAll('c')
      .select(['r.slug as region_slug', 'r.sort as region_sort'])
      .orderBy('r.sort')
      .orderBy('r.id')
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute();
    // Rank of each city within its region: 0 for the first, so the fill takes one per region, then the seconds...
    const rank = new Map<number, number>();
    const perRegion = new Map<number, number>();
    for (const row of all) {
      const n = perRegion.get(row.region_id) ?? 0;
      rank.set(row.id, n);
      perRegion.set(row.region_id, n + 1);
    }
    const order = all.map((row, index) => ({ row, index })).sort((a, b) => rank.get(a.row.id)! - rank.get(b.row.id)! || a.index - b.index);
    const taken = new Set(result.map((row) => row.id));
    for (const { row } of order) {
      if (result.length >= count) break;
      if (!taken.has(row.id)) result.push(row);
    }
  }
  return result.map((row) => toCity(row, locale));
}
