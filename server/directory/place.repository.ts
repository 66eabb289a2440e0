import type { Kysely } from 'kysely';
import { type City, type Region, SEARCH_HITS_MAX } from '@/contract/calls/city';
import { DEFAULT_LOCALE, type Locale } from '@/contract/enums';
import type { CityRow, Database, LocalizedNames, RegionRow } from '../db/schema';
import { citiesWithRegion, lookUpPlace, placeIndexOf } from './place-index';
import { searchKey } from './search-key';

/**
 * Regions and cities (DESIGN section 5): lookups by slug and id, their contract shapes in one locale, and the place
 * half of city/search. Reference data is seeded by server/seed/reference-data.ts, so ids are stable per database;
 * lookups answer from the in-memory place index (place-index.ts).
 */

export type CityWithRegion = CityRow & { region_slug: string };

/** The name in `locale`, else English, else any name at all (a row always has at least one). */
export function localizedName(names: LocalizedNames, locale: Locale): string {
  return names[locale] || names[DEFAULT_LOCALE] || Object.values(names).find((name) => !!name) || '';
}

export async function findRegionBySlug(db: Kysely<Database>, slug: string): Promise<RegionRow | undefined> {
  return lookUpPlace(
    db,
    (index) => index.regionBySlug.get(slug),
    () => db.selectFrom('regions').selectAll().where('slug', '=', slug).executeTakeFirst(),
  );
}

export async function findCityBySlugs(
  db: Kysely<Database>,
  regionSlug: string,
  citySlug: string,
): Promise<CityWithRegion | undefined> {
  return lookUpPlace(
    db,
    (index) => index.cityBySlugs.get(`${regionSlug}/${citySlug}`),
    () => citiesWithRegion(db).where('regions.slug', '=', regionSlug).where('cities.slug', '=', citySlug).executeTakeFirst(),
  );
}

export async function findCityById(db: Kysely<Database>, id: number): Promise<CityWithRegion | undefined> {
  // Ids come from payloads bounded to PostgreSQL integer; anything else cannot exist.
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  return lookUpPlace(
    db,
    (index) => index.cityById.get(id),
    () => citiesWithRegion(db).where('cities.id', '=', id).executeTakeFirst(),
  );
}

/**
 * Region and city slugs of many cities (listing summaries carry them for their routes), from the place index;
 * unknown ids are left out.
 */
export async function placeSlugsOf(
  db: Kysely<Database>,
  cityIds: number[],
): Promise<Map<number, { region_slug: string; city_slug: string }>> {
  const ids = [...new Set(cityIds)];
  if (ids.length === 0) return new Map();
  const slugsIn = (cities: ReadonlyMap<number, CityWithRegion>) => {
    const slugs = new Map<number, { region_slug: string; city_slug: string }>();
    for (const id of ids) {
      const city = cities.get(id);
      if (city) slugs.set(id, { region_slug: city.region_slug, city_slug: city.slug });
    }
    return slugs;
  };
  return lookUpPlace(
    db,
    (index) => slugsIn(index.cityById),
    async () => slugsIn(new Map((await citiesWithRegion(db).where('cities.id', 'in', ids).execute()).map((row) => [row.id, row]))),
    (slugs) => slugs.size === ids.length,
  );
}

export function toRegion(row: RegionRow, locale: Locale): Region {
  return { id: row.id, slug: row.slug, name: localizedName(row.names, locale), sort: row.sort };
}

export function toCity(row: CityWithRegion, locale: Locale): City {
  return {
    id: row.id,
    slug: row.slug,
    region_slug: row.region_slug,
    name: localizedName(row.names, locale),
    sort: row.sort,
  };
}

/** True when the keyword is one of the place's names (in any locale) or its slug, after normalization. */
function isExactName(row: { slug: string; search_key: string }, key: string): boolean {
  return row.search_key.split('\n').includes(key) || row.slug === key;
}

function byExactThenSort<T extends { slug: string; search_key: string; sort: number; id: number }>(key: string) {
  return (a: T, b: T) =>
    Number(isExactName(b, key)) - Number(isExactName(a, key)) || a.sort - b.sort || a.id - b.id;
}

/**
 * The place half of city/search: regions and cities whose name in any locale or slug contains the keyword, after
 * the same normalization as the stored search_key ("東京", "tokyo", "ＴＯＫＹＯ", "Токио" all find Tokyo). Exact
 * names come first, then the reference order. The tables are small (tens to hundreds of rows) and held in the
 * place index, so matching them in memory saves two queries per search.
 */
export async function searchPlaces(
  db: Kysely<Database>,
  keyword: string,
  locale: Locale,
): Promise<{ regions: Region[]; cities: City[] }> {
  const key = searchKey(keyword);
  if (key === '') return { regions: [], cities: [] };
  // The same match as `search_key like '%key%'` (the key holds no newline, so it never spans two names).
  const index = await placeIndexOf(db);
  const regionRows = index.regions.filter((row) => row.search_key.includes(key));
  const cityRows = index.cities.filter((row) => row.search_key.includes(key));
  return {
    regions: regionRows
      .sort(byExactThenSort(key))
      .slice(0, SEARCH_HITS_MAX)
      .map((row) => toRegion(row, locale)),
    cities: cityRows
      .sort(byExactThenSort(key))
      .slice(0, SEARCH_HITS_MAX)
      .map((row) => toCity(row, locale)),
  };
}
