import { type Kysely, sql } from 'kysely';
import type { DictType } from '@/contract/calls/dict';
import type { Database } from '../db/schema';
import { DICTIONARIES } from '../directory/dictionaries.data';
import { placeSort, REGIONS } from '../directory/geography.data';
import { searchKeyOf } from '../directory/search-key';

/**
 * Reference data (regions, cities, dictionaries) is part of the product, not demo content: buildApp upserts it
 * right after migrating, on every start and in every test app, so each database has it. Existing rows keep their
 * ids (slugs and dictionary ids are the keys) and only get new names, search keys or order; a row is rewritten
 * only when it changed, so an unchanged start writes nothing. Places or entries removed from the data files are
 * kept, because listings may still point at them.
 *
 * One statement per table keeps a start fast; concurrent starts of several processes are safe (each statement is
 * an atomic upsert).
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const regionRows = REGIONS.map((region, index) => ({
    slug: region.slug,
    names: JSON.stringify(region.names),
    search_key: searchKeyOf([...Object.values(region.names), region.slug]),
    sort: placeSort(index),
  }));
  await db
    .insertInto('regions')
    .values(regionRows)
    .onConflict((oc) =>
      oc
        .column('slug')
        .doUpdateSet((eb) => ({
          names: eb.ref('excluded.names'),
          search_key: eb.ref('excluded.search_key'),
          sort: eb.ref('excluded.sort'),
        }))
        .where(sql<boolean>`(regions.names, regions.search_key, regions.sort) is distinct from (excluded.names, excluded.search_key, excluded.sort)`),
    )
    .execute();

  const regionIds = new Map(
    (await db.selectFrom('regions').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id] as const),
  );
  // Cities are numbered across regions, so "the first cities by sort" is one deterministic list.
  const cityRows = REGIONS.flatMap((region) => region.cities.map((city) => ({ region, city }))).map(({ region, city }, index) => ({
    region_id: regionIds.get(region.slug)!,
    slug: city.slug,
    names: JSON.stringify(city.names),
    search_key: searchKeyOf([...Object.values(city.names), city.slug]),
    sort: placeSort(index),
  }));
  await db
    .insertInto('cities')
    .values(cityRows)
    .onConflict((oc) =>
      oc
        .columns(['region_id', 'slug'])
        .doUpdateSet((eb) => ({
          names: eb.ref('excluded.names'),
          search_key: eb.ref('excluded.search_key'),
          sort: eb.ref('excluded.sort'),
        }))
        .where(sql<boolean>`(cities.names, cities.search_key, cities.sort) is distinct from (excluded.names, excluded.search_key, excluded.sort)`),
    )
    .execute();

  const dictRows = (Object.entries(DICTIONARIES) as [DictType, (typeof DICTIONARIES)[DictType]][]).flatMap(([type, entries]) =>
    entries.map((entry, index) => ({ type, id: entry.id, names: JSON.stringify(entry.names), sort: index + 1 })),
  );
  await db
    .insertInto('dict_entries')
    .values(dictRows)
    .onConflict((oc) =>
      oc
        .columns(['type', 'id'])
        .doUpdateSet((eb) => ({ names: eb.ref('excluded.names'), sort: eb.ref('excluded.sort') }))
        .where(sql<boolean>`(dict_entries.names, dict_entries.sort) is distinct from (excluded.names, excluded.sort)`),
    )
    .execute();
}
