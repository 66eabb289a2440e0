import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import type { Database } from '../db/schema';
import { seedReferenceData } from '../seed/reference-data';
import { placeIndexOf } from './place-index';
import { findCityById, findCityBySlugs, findRegionBySlug, placeSlugsOf, searchPlaces } from './place.repository';

/** A handle of its own (so its own index) that counts the queries it runs and can be told to fail them. */
function countingHandle(db: Kysely<Database>) {
  const state = { queries: 0, failing: false };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      state.queries++;
      if (state.failing) throw new Error('database unreachable');
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), state };
}

async function addPlace(db: Kysely<Database>, regionSlug: string, citySlug: string): Promise<{ regionId: number; cityId: number }> {
  const names = JSON.stringify({ en: `${regionSlug} ${citySlug}` });
  const region = await db.insertInto('regions').values({ slug: regionSlug, names, search_key: regionSlug }).returning('id').executeTakeFirstOrThrow();
  const city = await db
    .insertInto('cities')
    .values({ region_id: region.id, slug: citySlug, names, search_key: `${citySlug} town` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { regionId: region.id, cityId: city.id };
}

describe.each(DATABASE_KINDS)('place index on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedReferenceData(handle.db);
  });
  afterAll(async () => handle?.close());

  it('answers known places from memory: one load, then no query per lookup', async () => {
    const { db, state } = countingHandle(handle.db);
    const tokyo = await findCityBySlugs(db, 'japan', 'tokyo');
    expect(state.queries).toBe(2); // regions and cities, once
    expect(tokyo).toMatchObject({ slug: 'tokyo', region_slug: 'japan' });
    expect(await findRegionBySlug(db, 'japan')).toMatchObject({ slug: 'japan' });
    expect(await findCityById(db, tokyo!.id)).toEqual(tokyo);
    expect(await placeSlugsOf(db, [tokyo!.id])).toEqual(new Map([[tokyo!.id, { region_slug: 'japan', city_slug: 'tokyo' }]]));
    expect((await searchPlaces(db, '東京', 'en')).cities.map((c) => c.slug)).toContain('tokyo');
    expect(state.queries).toBe(2);
  });

  it('finds a place added while running on its first lookup; concurrent misses share one reload', async () => {
    const { db, state } = countingHandle(handle.db);
    await placeIndexOf(db);
    const added = await addPlace(handle.db, 'index-added', 'fresh-city');
    const before = state.queries;
    const found = await Promise.all([
      findCityBySlugs(db, 'index-added', 'fresh-city'),
      findCityById(db, added.cityId),
      findRegionBySlug(db, 'index-added'),
      placeSlugsOf(db, [added.cityId]),
    ]);
    expect(found[0]).toMatchObject({ id: added.cityId, region_slug: 'index-added' });
    expect(found[1]).toMatchObject({ id: added.cityId });
    expect(found[2]).toMatchObject({ id: added.regionId });
    expect(found[3].get(added.cityId)).toEqual({ region_slug: 'index-added', city_slug: 'fresh-city' });
    expect(state.queries - before).toBe(2); // one reload (two queries) for four misses
    // From now on it is in memory, and search sees it too.
    expect((await searchPlaces(db, 'fresh-city town', 'en')).cities.map((c) => c.id)).toEqual([added.cityId]);
    expect(state.queries - before).toBe(2);
  });

  it('answers unknown places with nothing, costing one reload each and never an error', async () => {
    const { db, state } = countingHandle(handle.db);
    await placeIndexOf(db);
    const before = state.queries;
    expect(await findRegionBySlug(db, 'atlantis')).toBeUndefined();
    expect(await findCityBySlugs(db, 'japan', 'atlantis')).toBeUndefined();
    expect(await findCityById(db, 1_999_999_999)).toBeUndefined();
    expect(await placeSlugsOf(db, [1_999_999_999])).toEqual(new Map());
    expect(state.queries - before).toBe(8);
  });

  it('lets a transaction see its own uncommitted place, and keeps it out of the index after a rollback', async () => {
    const { db } = countingHandle(handle.db);
    await placeIndexOf(db);
    await expect(
      handle.db.transaction().execute(async (trx) => {
        const added = await addPlace(trx, 'index-rolled-back', 'ghost-city');
        expect(await findCityBySlugs(trx, 'index-rolled-back', 'ghost-city')).toMatchObject({ id: added.cityId });
        expect(await findCityById(trx, added.cityId)).toMatchObject({ slug: 'ghost-city' });
        expect((await placeSlugsOf(trx, [added.cityId])).get(added.cityId)).toEqual({ region_slug: 'index-rolled-back', city_slug: 'ghost-city' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await findCityBySlugs(db, 'index-rolled-back', 'ghost-city')).toBeUndefined();
    expect(await findRegionBySlug(db, 'index-rolled-back')).toBeUndefined();
  });

  it('does not keep a failed first load: the next lookup loads again', async () => {
    const { db, state } = countingHandle(handle.db);
    state.failing = true;
    await expect(findCityBySlugs(db, 'japan', 'tokyo')).rejects.toThrow('database unreachable');
    state.failing = false;
    expect(await findCityBySlugs(db, 'japan', 'tokyo')).toMatchObject({ slug: 'tokyo' });
  });
});
