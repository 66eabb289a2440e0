import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ECONOMY } from '@/contract/economy';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { createPasswordHasher } from '../account/password';
import type { DatabaseHandle } from '../db/database';
import { merchantSearchKey, partnerSearchKey } from '../directory/search-key';
import { createImageStore } from '../images/image.service';
import { createLocalStorage } from '../storage/local-storage';
import { seedDemoAccounts } from './demo-accounts';
import { type DemoImagePool, demoImagePool } from './demo-images';
import { demoOwners, MERCHANTS_PER_CITY, PARTNERS_PER_CITY, seedDemoListings } from './demo-listings';
import { generateListings } from './listing-generator';
import { seedReferenceData } from './reference-data';

const passwords = createPasswordHasher({ memoryCost: 1024, timeCost: 1, parallelism: 1 });
const NOW = new Date('2026-11-20T12:00:00Z');

let dir: string;
let store: ReturnType<typeof createImageStore>;
let pool: DemoImagePool;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'venuely-seed-test-'));
  store = createImageStore({ storage: createLocalStorage(dir) });
  pool = await demoImagePool(store, { cacheFile: path.join(dir, 'demo-images.json') });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function freshDatabase(kind: (typeof DATABASE_KINDS)[number]): Promise<DatabaseHandle> {
  const handle = await openTestDatabase(kind);
  await seedReferenceData(handle.db);
  await seedDemoAccounts(handle.db, passwords, DEFAULT_ECONOMY);
  return handle;
}

describe('demo picture pool', () => {
  it('is stored like uploads, reused from its manifest, and redrawn where a file went missing', async () => {
    expect(pool.landscape).toHaveLength(16);
    expect(pool.portrait).toHaveLength(8);
    for (const image of [...pool.landscape, ...pool.portrait]) {
      expect(image.image).toMatch(/^\/uploads\/listing\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
      expect(existsSync(path.join(dir, store.keyOf(image.image)!))).toBe(true);
      expect(existsSync(path.join(dir, store.keyOf(image.thumb)!))).toBe(true);
    }
    expect(pool.portrait[0].height).toBeGreaterThan(pool.portrait[0].width);

    const again = await demoImagePool(store, { cacheFile: path.join(dir, 'demo-images.json') });
    expect(again).toEqual(pool);

    unlinkSync(path.join(dir, store.keyOf(pool.landscape[3].image)!));
    const repaired = await demoImagePool(store, { cacheFile: path.join(dir, 'demo-images.json') });
    expect(repaired.landscape[3].image).not.toBe(pool.landscape[3].image);
    expect(repaired.landscape.filter((image, i) => image.image !== pool.landscape[i].image)).toHaveLength(1);
    expect(JSON.parse(readFileSync(path.join(dir, 'demo-images.json'), 'utf8')).images).toHaveLength(24);
    pool = repaired;
  });
});

describe.each(DATABASE_KINDS)('demo listings on %s', (kind) => {
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  beforeAll(async () => {
    [a, b] = await Promise.all([freshDatabase(kind), freshDatabase(kind)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('are the same in two fresh databases', async () => {
    const first = await seedDemoListings(a.db, store, { dataDir: dir, pool, now: NOW });
    const second = await seedDemoListings(b.db, store, { dataDir: dir, pool, now: NOW });
    const cities = await a.db.selectFrom('cities').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ cities: Number(cities.n), merchants: Number(cities.n) * MERCHANTS_PER_CITY, partners: Number(cities.n) * PARTNERS_PER_CITY, firstRun: true });
    expect(second).toMatchObject({ cities: first.cities, merchants: first.merchants, partners: first.partners, firstRun: true });

    const merchants = (db: DatabaseHandle) =>
      db.db.selectFrom('merchants').select(['id', 'name', 'city_id', 'owner_uuid', 'address', 'description', 'created_at', 'favorite_count', 'report_count', 'rating_sum']).orderBy('id').execute();
    const partners = (db: DatabaseHandle) => db.db.selectFrom('partners').select(['id', 'uuid', 'nickname', 'age', 'city_id', 'merchant_id', 'intro']).orderBy('id').execute();
    // Authors by name: the demo accounts get random uuids when they are created.
    const activity = (db: DatabaseHandle) =>
      db.db
        .selectFrom('visit_reports')
        .innerJoin('users', 'users.uuid', 'visit_reports.author_uuid')
        .select(['visit_reports.merchant_id', 'users.username', 'visit_reports.rating', 'visit_reports.title'])
        .orderBy('visit_reports.id')
        .execute();
    expect(await merchants(b)).toEqual(await merchants(a));
    expect(await partners(b)).toEqual(await partners(a));
    expect(await activity(b)).toEqual(await activity(a));
  });

  it('give every city its venues and profiles, published, with pictures, search keys and consistent counters', async () => {
    const perCity = await a.db
      .selectFrom('cities')
      .select((eb) => [
        'cities.id',
        eb.selectFrom('merchants').whereRef('merchants.city_id', '=', 'cities.id').select(eb.fn.countAll<string>().as('n')).as('merchants'),
        eb.selectFrom('partners').whereRef('partners.city_id', '=', 'cities.id').select(eb.fn.countAll<string>().as('n')).as('partners'),
      ])
      .execute();
    expect(perCity.length).toBeGreaterThanOrEqual(40);
    for (const city of perCity) expect([Number(city.merchants), Number(city.partners)], `city ${city.id}`).toEqual([MERCHANTS_PER_CITY, PARTNERS_PER_CITY]);

    const merchants = await a.db.selectFrom('merchants').selectAll().execute();
    const ownerUuids = new Set(demoOwners().map((o) => o.uuid));
    for (const m of merchants) {
      expect(m.status).toBe('published');
      expect(m.visible).toBe(true);
      expect(ownerUuids.has(m.owner_uuid)).toBe(true);
      expect(m.search_key).toBe(merchantSearchKey(m));
      expect(m.cover).not.toBeNull();
      expect(m.opening_hours.length).toBeGreaterThan(0);
      expect(m.price_level).toBeGreaterThanOrEqual(1);
      expect(m.description.length).toBeGreaterThan(40);
    }
    const partners = await a.db.selectFrom('partners').selectAll().execute();
    for (const p of partners) {
      expect(p.age).toBeGreaterThanOrEqual(21);
      expect(p.age).toBeLessThanOrEqual(45);
      expect(p.languages.length).toBeGreaterThan(0);
      expect(p.search_key).toBe(partnerSearchKey(p));
    }
    // Venue names are written as locals write them.
    const tokyo = await a.db.selectFrom('merchants').innerJoin('cities', 'cities.id', 'merchants.city_id').select('merchants.name').where('cities.slug', '=', 'tokyo').execute();
    expect(tokyo.filter((m) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(m.name)).length).toBeGreaterThan(MERCHANTS_PER_CITY / 2);

    const photos = await a.db.selectFrom('photos').select(['owner_kind', 'owner_id', 'position', 'image']).orderBy('position').execute();
    const photosOf = new Map<string, string[]>();
    for (const photo of photos) photosOf.set(`${photo.owner_kind}:${photo.owner_id}`, [...(photosOf.get(`${photo.owner_kind}:${photo.owner_id}`) ?? []), photo.image]);
    for (const m of merchants) {
      const gallery = photosOf.get(`merchant:${m.id}`) ?? [];
      expect(gallery.length).toBeGreaterThanOrEqual(2);
      expect(gallery.length).toBeLessThanOrEqual(5);
      expect(gallery).not.toContain(m.cover!.image);
    }
    for (const p of partners) {
      const own = photosOf.get(`partner:${p.id}`) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(6);
      // Partner forms have no separate cover: the first photo is it.
      expect(own[0]).toBe(p.cover!.image);
    }

    const wrongFavorites = await sql<{ n: number }>`select count(*)::int as n from merchants m where favorite_count <> (select count(*) from favorites f where f.source = 'merchant' and f.listing_id = m.id)`.execute(a.db);
    const wrongRatings = await sql<{ n: number }>`select count(*)::int as n from merchants m where (report_count, rating_sum) <> (select count(*)::int, coalesce(sum(rating), 0)::int from visit_reports v where v.merchant_id = m.id)`.execute(a.db);
    expect(wrongFavorites.rows[0].n).toBe(0);
    expect(wrongRatings.rows[0].n).toBe(0);
    expect(merchants.some((m) => m.report_count > 0)).toBe(true);

    // The demo accounts have favourites and search history; the hosts own what they publish.
    for (const username of ['member', 'paid', 'verified']) {
      const user = await a.db.selectFrom('users').select('uuid').where('username', '=', username).executeTakeFirstOrThrow();
      const favorites = await a.db.selectFrom('favorites').select('listing_id').where('user_uuid', '=', user.uuid).execute();
      const history = await a.db.selectFrom('search_history').select('keyword').where('owner_key', '=', `u:${user.uuid}`).execute();
      expect(favorites.length, username).toBeGreaterThan(2);
      expect(history.length, username).toBeGreaterThan(1);
    }
    const hosts = await a.db.selectFrom('users').select(['merchant_count', 'partner_count', 'kyc_status']).where('uuid', 'in', [...ownerUuids]).execute();
    expect(hosts.reduce((sum, h) => sum + h.merchant_count, 0)).toBe(merchants.length);
    expect(hosts.reduce((sum, h) => sum + h.partner_count, 0)).toBe(partners.length);
    expect(hosts.every((h) => h.kyc_status === 2)).toBe(true);
  });

  it('add nothing on a second run, and seed only a city that is new', async () => {
    const count = async () =>
      Promise.all(['merchants', 'partners', 'photos', 'favorites', 'visit_reports', 'users'].map(async (table) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(a.db)).rows[0].n)));
    const before = await count();
    expect(await seedDemoListings(a.db, store, { dataDir: dir, pool })).toMatchObject({ cities: 0, merchants: 0, partners: 0, firstRun: false });
    expect(await count()).toEqual(before);

    const region = await a.db.selectFrom('regions').select('id').where('slug', '=', 'japan').executeTakeFirstOrThrow();
    await a.db.insertInto('cities').values({ region_id: region.id, slug: 'nara', names: JSON.stringify({ en: 'Nara', ja: '奈良' }), search_key: 'nara\n奈良' }).execute();
    expect(await seedDemoListings(a.db, store, { dataDir: dir, pool })).toMatchObject({ cities: 1, merchants: MERCHANTS_PER_CITY, partners: PARTNERS_PER_CITY, firstRun: false });
    const after = await count();
    expect(after[0] - before[0]).toBe(MERCHANTS_PER_CITY);
    expect(after[1] - before[1]).toBe(PARTNERS_PER_CITY);
    // Favourites, reports and accounts come with the first run only.
    expect(after.slice(3)).toEqual(before.slice(3));
  });

  it('the generator adds exactly the asked number of listings, reusing its owners', async () => {
    const totals = async () => {
      const m = await b.db.selectFrom('merchants').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const p = await b.db.selectFrom('partners').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const u = await b.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return { merchants: Number(m.n), partners: Number(p.n), users: Number(u.n) };
    };
    const before = await totals();
    const result = await generateListings(b.db, { count: 1_234, seed: 9, images: pool, now: NOW });
    expect(result.merchants + result.partners).toBe(1_234);
    const after = await totals();
    expect(after.merchants - before.merchants + after.partners - before.partners).toBe(1_234);
    expect(after.partners - before.partners).toBe(result.partners);
    expect(result.partners).toBeGreaterThan(0);
    expect(after.users - before.users).toBe(result.owners);

    await generateListings(b.db, { count: 10, seed: 9, images: pool, now: NOW });
    const again = await totals();
    expect(again.merchants + again.partners - after.merchants - after.partners).toBe(10);
    expect(again.users).toBe(after.users);

    const wrong = await sql<{ n: number }>`select count(*)::int as n from merchants where status <> 'published' or not visible or cover is null or search_key = ''`.execute(b.db);
    expect(wrong.rows[0].n).toBe(0);
  });
});
