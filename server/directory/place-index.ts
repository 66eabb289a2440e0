import type { Kysely } from 'kysely';
import type { Database, RegionRow } from '../db/schema';
import type { CityWithRegion } from './place.repository';

/**
 * Regions and cities held in memory per database handle: the reference data every list, search and page route
 * resolves (a city page used to cost two of its three queries on slug and slug-of-id lookups).
 *
 * The rows are written only by the reference-data seed at start (the same rows in every process), so the index is
 * loaded once, on first use. A lookup that misses reloads it (concurrent misses share one reload) and answers from
 * the reloaded index, so a place added while running is found on its first lookup, and an unknown slug costs what
 * the database lookups it replaces cost. Transactions do not use the index: they read their own snapshot.
 */
export interface PlaceIndex {
  /** Regions in reference order (sort, then id). */
  readonly regions: readonly RegionRow[];
  /** Cities in reference order (sort, then id), each with its region's slug. */
  readonly cities: readonly CityWithRegion[];
  readonly regionBySlug: ReadonlyMap<string, RegionRow>;
  readonly cityById: ReadonlyMap<number, CityWithRegion>;
  /** Keyed by `${regionSlug}/${citySlug}`. */
  readonly cityBySlugs: ReadonlyMap<string, CityWithRegion>;
}

interface Entry {
  current: Promise<PlaceIndex>;
  /** A reload in flight, shared by every lookup that missed meanwhile. */
  reloading: Promise<PlaceIndex> | null;
}

const entries = new WeakMap<Kysely<Database>, Entry>();

/** Cities joined with their region's slug: the row shape of every city lookup. */
export function citiesWithRegion(db: Kysely<Database>) {
  return db
    .selectFrom('cities')
    .innerJoin('regions', 'regions.id', 'cities.region_id')
    .selectAll('cities')
    .select('regions.slug as region_slug');
}

async function loadPlaceIndex(db: Kysely<Database>): Promise<PlaceIndex> {
  const [regions, cities] = await Promise.all([
    db.selectFrom('regions').selectAll().orderBy('sort').orderBy('id').execute(),
    citiesWithRegion(db).orderBy('cities.sort').orderBy('cities.id').execute(),
  ]);
  return {
    regions,
    cities,
    regionBySlug: new Map(regions.map((row) => [row.slug, row])),
    cityById: new Map(cities.map((row) => [row.id, row])),
    cityBySlugs: new Map(cities.map((row) => [`${row.region_slug}/${row.slug}`, row])),
  };
}

function entryOf(db: Kysely<Database>): Entry {
  let entry = entries.get(db);
  if (!entry) {
    const current = loadPlaceIndex(db);
    entry = { current, reloading: null };
    entries.set(db, entry);
    // A failed first load (database down) must not stick: the next lookup tries again.
    current.catch(() => {
      if (entries.get(db) === entry) entries.delete(db);
    });
  }
  return entry;
}

/** The index of `db` (loaded on first use). */
export function placeIndexOf(db: Kysely<Database>): Promise<PlaceIndex> {
  return entryOf(db).current;
}

/** Reloads the index of `db` (a lookup missed); concurrent calls share one reload. */
export function reloadPlaceIndex(db: Kysely<Database>): Promise<PlaceIndex> {
  const entry = entryOf(db);
  if (!entry.reloading) {
    const reloading = loadPlaceIndex(db);
    entry.reloading = reloading;
    reloading.then(
      () => {
        entry.current = reloading;
        entry.reloading = null;
      },
      () => {
        entry.reloading = null;
      },
    );
  }
  return entry.reloading;
}

/**
 * `pick` on the index; when its answer is not `complete` (by default: nothing found), `pick` once more on a freshly
 * reloaded index. Inside a transaction, `query` answers instead (the transaction's own snapshot).
 */
export async function lookUpPlace<T>(
  db: Kysely<Database>,
  pick: (index: PlaceIndex) => T,
  query: () => Promise<T>,
  complete: (answer: T) => boolean = (answer) => answer !== undefined,
): Promise<T> {
  if (db.isTransaction) return query();
  const answer = pick(await placeIndexOf(db));
  if (complete(answer)) return answer;
  return pick(await reloadPlaceIndex(db));
}
