import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HITS_MAX } from '@/contract/calls/city';
import { LOCALES } from '@/contract/enums';
import type { DatabaseHandle } from '../db/database';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { seedReferenceData } from '../seed/reference-data';
import { REGIONS } from './geography.data';
import { reloadPlaceIndex } from './place-index';
import {
  findCityById,
  findCityBySlugs,
  findRegionBySlug,
  localizedName,
  placeSlugsOf,
  searchPlaces,
  toCity,
  toRegion,
} from './place.repository';

describe('localizedName', () => {
  it('uses the locale, else English, else any name', () => {
    expect(localizedName({ en: 'Tokyo', ja: '東京' }, 'ja')).toBe('東京');
    expect(localizedName({ en: 'Tokyo', ja: '東京' }, 'ko')).toBe('Tokyo');
    expect(localizedName({ fr: 'Pékin' }, 'ko')).toBe('Pékin');
    expect(localizedName({ en: 'Tokyo', ko: '' }, 'ko')).toBe('Tokyo');
    expect(localizedName({}, 'ko')).toBe('');
  });
});

/** Lookups and the place half of city/search on both databases, against the seeded reference data. */
describe.each(DATABASE_KINDS)('place repository on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedReferenceData(handle.db);
  });
  afterAll(async () => handle?.close());

  it('finds regions and cities by slug and id, and nothing for unknown ones', async () => {
    const japan = await findRegionBySlug(handle.db, 'japan');
    expect(japan).toMatchObject({ slug: 'japan' });
    expect(toRegion(japan!, 'ja')).toEqual({ id: japan!.id, slug: 'japan', name: '日本', sort: japan!.sort });
    expect(await findRegionBySlug(handle.db, 'atlantis')).toBeUndefined();
    expect(await findRegionBySlug(handle.db, 'JAPAN')).toBeUndefined();

    const tokyo = await findCityBySlugs(handle.db, 'japan', 'tokyo');
    expect(tokyo).toMatchObject({ slug: 'tokyo', region_slug: 'japan', region_id: japan!.id });
    expect(toCity(tokyo!, 'ru')).toEqual({ id: tokyo!.id, slug: 'tokyo', region_slug: 'japan', name: 'Токио', sort: tokyo!.sort });
    // A city exists only under its own region.
    expect(await findCityBySlugs(handle.db, 'france', 'tokyo')).toBeUndefined();
    expect(await findCityBySlugs(handle.db, 'japan', 'paris')).toBeUndefined();

    expect(await findCityById(handle.db, tokyo!.id)).toEqual(tokyo);
    for (const id of [0, -1, 2_000_000_000, 2 ** 31, Number.NaN, 1.5]) expect(await findCityById(handle.db, id)).toBeUndefined();
  });

  it('maps many city ids to their slugs in one call, skipping unknown ones', async () => {
    const rows = await handle.db.selectFrom('cities').select(['id', 'slug']).where('slug', 'in', ['tokyo', 'paris', 'seoul']).execute();
    const ids = rows.map((r) => r.id);
    const slugs = await placeSlugsOf(handle.db, [...ids, ids[0], 1_999_999_999]);
    expect(slugs.size).toBe(3);
    const byCity = Object.fromEntries(rows.map((r) => [r.slug, slugs.get(r.id)]));
    expect(byCity).toEqual({
      tokyo: { region_slug: 'japan', city_slug: 'tokyo' },
      paris: { region_slug: 'france', city_slug: 'paris' },
      seoul: { region_slug: 'south-korea', city_slug: 'seoul' },
    });
    expect((await placeSlugsOf(handle.db, [])).size).toBe(0);
  });

  it('finds Tokyo from its name in any script, width or case', async () => {
    for (const keyword of ['東京', 'tokyo', 'Tokyo', 'ＴＯＫＹＯ', 'Токио', 'токио', '도쿄', 'โตเกียว', 'टोक्यो', 'طوكيو', '东京', 'Tóquio', ' tokio ']) {
      const hits = await searchPlaces(handle.db, keyword, 'en');
      expect(hits.cities[0], keyword).toMatchObject({ slug: 'tokyo', region_slug: 'japan', name: 'Tokyo' });
    }
    // Answers are in the asked locale.
    expect((await searchPlaces(handle.db, 'tokyo', 'ko')).cities[0].name).toBe('도쿄');
    // Partial names match too ("ky" is in Tokyo and Kyoto).
    const partial = await searchPlaces(handle.db, 'ky', 'en');
    expect(partial.cities.map((c) => c.slug)).toEqual(expect.arrayContaining(['tokyo', 'kyoto']));
  });

  it('finds every city and region from its names in three locales each (all 15 across places), exact first', async () => {
    // Three rotating locales per place keep the suite quick while every locale is exercised on many places.
    let placeIndex = 0;
    for (const region of REGIONS) {
      for (const place of [region, ...region.cities]) {
        const isRegion = place === region;
        placeIndex += 1;
        for (const locale of [0, 5, 10].map((k) => LOCALES[(placeIndex + k) % LOCALES.length])) {
          const hits = await searchPlaces(handle.db, place.names[locale], locale);
          const list = isRegion ? hits.regions : hits.cities;
          // The first hit is this place, or another one of the same name (exact matches are all ranked first).
          const first = list[0];
          expect(first, `${place.slug} ${locale}`).toBeDefined();
          if (first.slug !== place.slug) {
            expect(list.map((p) => p.slug), `${place.slug} ${locale}`).toContain(place.slug);
            expect(first.name, `${place.slug} ${locale}`).toBe(place.names[locale]);
          }
        }
      }
    }
  });

  it('ranks an exact name before places that merely contain it', async () => {
    // Indonesia comes before India in the reference order, and its Japanese, Korean and Chinese names contain
    // India's ("インドネシア" ⊃ "インド"): the exact name still wins.
    for (const [keyword, locale] of [['インド', 'ja'], ['인도', 'ko'], ['印度', 'zh-hans']] as const) {
      const hits = await searchPlaces(handle.db, keyword, locale);
      expect(hits.regions.map((r) => r.slug), keyword).toEqual(['india', 'indonesia']);
    }
    // The same for cities: a place sorted before Osaka whose name only contains "Osaka".
    const japan = await findRegionBySlug(handle.db, 'japan');
    const greater = await handle.db
      .insertInto('cities')
      .values({ region_id: japan!.id, slug: 'greater-osaka', names: JSON.stringify({ en: 'Greater Osaka' }), search_key: 'greater osaka\ngreater-osaka', sort: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Search reads the place index, which a lookup miss reloads; a place written behind its back needs a reload.
    await reloadPlaceIndex(handle.db);
    try {
      const hits = await searchPlaces(handle.db, 'OSAKA', 'en');
      expect(hits.cities.map((c) => c.slug)).toEqual(['osaka', 'greater-osaka']);
      const partial = await searchPlaces(handle.db, 'osak', 'en');
      expect(partial.cities.map((c) => c.slug)).toEqual(['greater-osaka', 'osaka']);
    } finally {
      await handle.db.deleteFrom('cities').where('id', '=', greater.id).execute();
      await reloadPlaceIndex(handle.db);
    }
    // An exact slug counts as an exact name.
    const hcm = await searchPlaces(handle.db, 'ho-chi-minh-city', 'en');
    expect(hcm.cities[0].slug).toBe('ho-chi-minh-city');
  });

  it('treats LIKE wildcards and odd input as plain text, and caps hits', async () => {
    for (const keyword of ['%', '_', '\\', '%%', "'", '" OR 1=1 --', '\u200b', 'zzzz-no-such-place']) {
      const hits = await searchPlaces(handle.db, keyword, 'en');
      expect(hits, keyword).toEqual({ regions: [], cities: [] });
    }
    expect(await searchPlaces(handle.db, '   ', 'en')).toEqual({ regions: [], cities: [] });
    // "a" is in most names: the answer is capped.
    const many = await searchPlaces(handle.db, 'a', 'en');
    expect(many.cities.length).toBe(SEARCH_HITS_MAX);
    expect(many.regions.length).toBeLessThanOrEqual(SEARCH_HITS_MAX);
    const sorts = many.cities.map((c) => c.sort);
    expect([...sorts].sort((x, y) => x - y)).toEqual(sorts);
  });
});
