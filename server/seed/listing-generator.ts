import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import type { Database, ImageJson } from '../db/schema';
import { merchantSearchKey, partnerSearchKey } from '../directory/search-key';
import { bulkInsert } from './bulk-insert';
import type { DemoImagePool } from './demo-images';
import { FLAVOURS, KIND_PROFILES, REGION_FLAVOURS } from './demo-listings.data';
import { ownerAccountRow, venueKindOf } from './demo-listings';
import { createRandom } from './prng';

/**
 * Many listings at once, for benchmarks and load tests (`npm run seed:listings -- --count 100000`): `count`
 * published, visible listings (PARTNER_SHARE of them partner profiles, the rest merchants) spread over every city,
 * with covers from the picture pool (no gallery rows), owned by generated accounts (one per OWNER_LISTINGS
 * listings). Deterministic for a seed; every call adds `count` more (owners of the same seed are reused).
 *
 * Rows go in with `insert ... select from unnest(...)` in chunks of CHUNK_ROWS: one statement and one parameter per
 * column for thousands of rows, on PGlite and PostgreSQL alike. The tables are vacuumed and analyzed afterwards.
 */

export const PARTNER_SHARE = 0.15;
const OWNER_LISTINGS = 500;
const CHUNK_ROWS = 5_000;
const SPREAD_DAYS = 365;
const NO_LOGIN_HASH = '!generated-owner-no-login';

export interface GenerateListingsOptions {
  count: number;
  seed?: number;
  /** Covers come from here; without a pool listings have no cover. */
  images?: DemoImagePool;
  now?: Date;
}

export interface GenerateListingsResult {
  merchants: number;
  partners: number;
  owners: number;
  ms: number;
}

export async function generateListings(db: Kysely<Database>, options: GenerateListingsOptions): Promise<GenerateListingsResult> {
  const started = performance.now();
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const r = createRandom(`generated-listings/${seed}`);
  const count = Math.max(0, Math.floor(options.count));
  const partnerCount = Math.round(count * PARTNER_SHARE);
  const merchantCount = count - partnerCount;

  const cities = await db
    .selectFrom('cities')
    .innerJoin('regions', 'regions.id', 'cities.region_id')
    .select(['cities.id as id', 'cities.region_id as region_id', 'cities.names as names', 'regions.slug as region_slug'])
    .orderBy('cities.id')
    .execute();
  if (cities.length === 0) throw new Error('generateListings: no cities (reference data not seeded?)');
  const dict = await db.selectFrom('dict_entries').select(['type', 'id', 'names']).orderBy('type').orderBy('id').execute();
  const ids = (type: string) => dict.filter((d) => d.type === type).map((d) => d.id);
  const merchantTypes = dict.filter((d) => d.type === 'merchant_type').map((d) => ({ id: d.id, kind: venueKindOf(d.names.en ?? '') }));
  const [merchantTags, partnerTags, sexes, bodyTypes, languages, driveTypes] = ['merchant_tag', 'partner_tag', 'sex', 'body_type', 'language', 'drive_type'].map(ids);
  const sexNamed = (pattern: RegExp) => dict.find((d) => d.type === 'sex' && pattern.test(d.names.en ?? ''))?.id ?? sexes[0];
  const femaleSex = sexNamed(/^female$/i);
  const maleSex = sexNamed(/^male$/i);
  if (merchantTypes.length === 0 || sexes.length === 0 || bodyTypes.length === 0 || languages.length === 0) {
    throw new Error('generateListings: dictionaries are empty (reference data not seeded?)');
  }

  // Owners: deterministic per seed, so a second run with the same seed reuses them.
  const ownerRandom = createRandom(`generated-owners/${seed}`);
  const owners = Array.from({ length: Math.max(1, Math.ceil(count / OWNER_LISTINGS)) }, (_, i) => {
    const username = `gen${seed}_owner_${i + 1}`;
    return { uuid: ownerRandom.uuid(), username };
  });
  for (let from = 0; from < owners.length; from += 500) {
    const chunk = owners.slice(from, from + 500);
    await db
      .insertInto('users')
      .values(
        chunk.map((o) => ownerAccountRow({ ...o, nickname: o.username }, 'generated.localhost', NO_LOGIN_HASH)),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  const covers: ImageJson[] = options.images?.landscape ?? [];
  const portraits: ImageJson[] = options.images?.portrait ?? [];
  const createdAt = () => new Date(Math.floor((now.getTime() - r.next() * SPREAD_DAYS * 86_400_000) / 1000) * 1000);
  const tagsOf = (pool: number[], max: number) => (pool.length === 0 ? [] : r.sample(pool, r.int(1, max)).sort((a, b) => a - b));

  const merchantColumns = [
    { name: 'owner_uuid', type: 'uuid', value: (m: GeneratedMerchant) => m.owner_uuid },
    { name: 'name', type: 'text', value: (m: GeneratedMerchant) => m.name },
    { name: 'merchant_type', type: 'int', value: (m: GeneratedMerchant) => m.merchant_type },
    { name: 'tags', type: 'jsonb', value: (m: GeneratedMerchant) => m.tags },
    { name: 'region_id', type: 'int', value: (m: GeneratedMerchant) => m.region_id },
    { name: 'city_id', type: 'int', value: (m: GeneratedMerchant) => m.city_id },
    { name: 'address', type: 'text', value: (m: GeneratedMerchant) => m.address },
    { name: 'price_level', type: 'smallint', value: (m: GeneratedMerchant) => m.price_level },
    { name: 'description', type: 'text', value: (m: GeneratedMerchant) => m.description },
    { name: 'cover', type: 'jsonb', value: (m: GeneratedMerchant) => m.cover },
    { name: 'visible', type: 'boolean', value: () => true },
    { name: 'status', type: 'text', value: () => 'published' },
    { name: 'favorite_count', type: 'int', value: (m: GeneratedMerchant) => m.favorite_count },
    { name: 'search_key', type: 'text', value: (m: GeneratedMerchant) => merchantSearchKey(m) },
    { name: 'created_at', type: 'timestamptz', value: (m: GeneratedMerchant) => m.created_at },
    { name: 'updated_at', type: 'timestamptz', value: (m: GeneratedMerchant) => m.created_at },
  ] as const;
  interface GeneratedMerchant {
    owner_uuid: string;
    name: string;
    merchant_type: number;
    tags: number[];
    region_id: number;
    city_id: number;
    address: string;
    price_level: number;
    description: string;
    cover: ImageJson | null;
    favorite_count: number;
    created_at: Date;
  }

  for (let from = 0; from < merchantCount; from += CHUNK_ROWS) {
    const rows: GeneratedMerchant[] = [];
    for (let i = from; i < Math.min(merchantCount, from + CHUNK_ROWS); i++) {
      const city = r.pick(cities);
      const flavourKey = REGION_FLAVOURS[city.region_slug];
      const flavour = (flavourKey && FLAVOURS[flavourKey]) || FLAVOURS.international;
      const type = r.pick(merchantTypes);
      const patterns = flavour.names[type.kind] ?? flavour.names.other;
      const name = r.pick(patterns).replace('{w}', r.pick(flavour.words)).replace('{s}', r.pick(flavour.surnames));
      const cityName = city.names[flavour.locale ?? flavourKey ?? 'en'] || city.names.en || '';
      const profile = KIND_PROFILES[type.kind];
      rows.push({
        owner_uuid: owners[i % owners.length].uuid,
        name,
        merchant_type: type.id,
        tags: tagsOf(merchantTags, 4),
        region_id: city.region_id,
        city_id: city.id,
        address: flavour.address({ street: r.pick(flavour.streets), number: r.int(1, 299), block: r.int(1, 9), city: cityName }),
        price_level: r.int(profile.price[0], profile.price[1]),
        description: r.pick(profile.openers).replace('{name}', name).replace('{city}', city.names.en ?? ''),
        cover: covers.length > 0 ? r.pick(covers) : null,
        // A long tail: most listings have a few favourites, some many (the "popular" order needs spread).
        favorite_count: Math.floor(r.next() ** 4 * 500),
        created_at: createdAt(),
      });
    }
    await bulkInsert(db, 'merchants', merchantColumns, rows, CHUNK_ROWS);
  }

  interface GeneratedPartner {
    uuid: string;
    owner_uuid: string;
    nickname: string;
    age: number;
    sex: number;
    body_type: number;
    languages: number[];
    drive_type: number | null;
    intro: string;
    tags: number[];
    region_id: number;
    city_id: number;
    cover: ImageJson | null;
    favorite_count: number;
    created_at: Date;
  }
  const partnerColumns = [
    { name: 'uuid', type: 'uuid', value: (p: GeneratedPartner) => p.uuid },
    { name: 'owner_uuid', type: 'uuid', value: (p: GeneratedPartner) => p.owner_uuid },
    { name: 'nickname', type: 'text', value: (p: GeneratedPartner) => p.nickname },
    { name: 'age', type: 'smallint', value: (p: GeneratedPartner) => p.age },
    { name: 'sex', type: 'int', value: (p: GeneratedPartner) => p.sex },
    { name: 'body_type', type: 'int', value: (p: GeneratedPartner) => p.body_type },
    { name: 'languages', type: 'jsonb', value: (p: GeneratedPartner) => p.languages },
    { name: 'drive_type', type: 'int', value: (p: GeneratedPartner) => p.drive_type },
    { name: 'intro', type: 'text', value: (p: GeneratedPartner) => p.intro },
    { name: 'tags', type: 'jsonb', value: (p: GeneratedPartner) => p.tags },
    { name: 'region_id', type: 'int', value: (p: GeneratedPartner) => p.region_id },
    { name: 'city_id', type: 'int', value: (p: GeneratedPartner) => p.city_id },
    { name: 'cover', type: 'jsonb', value: (p: GeneratedPartner) => p.cover },
    { name: 'visible', type: 'boolean', value: () => true },
    { name: 'status', type: 'text', value: () => 'published' },
    { name: 'favorite_count', type: 'int', value: (p: GeneratedPartner) => p.favorite_count },
    { name: 'search_key', type: 'text', value: (p: GeneratedPartner) => partnerSearchKey(p) },
    { name: 'created_at', type: 'timestamptz', value: (p: GeneratedPartner) => p.created_at },
    { name: 'updated_at', type: 'timestamptz', value: (p: GeneratedPartner) => p.created_at },
  ] as const;

  for (let from = 0; from < partnerCount; from += CHUNK_ROWS) {
    const rows: GeneratedPartner[] = [];
    for (let i = from; i < Math.min(partnerCount, from + CHUNK_ROWS); i++) {
      const city = r.pick(cities);
      const flavourKey = REGION_FLAVOURS[city.region_slug];
      const flavour = (flavourKey && FLAVOURS[flavourKey]) || FLAVOURS.international;
      const female = r.chance(0.65);
      rows.push({
        uuid: r.uuid(),
        owner_uuid: owners[i % owners.length].uuid,
        nickname: r.pick(female ? flavour.nicknames.female : flavour.nicknames.male),
        age: r.int(21, 45),
        sex: female ? femaleSex : maleSex,
        body_type: r.pick(bodyTypes),
        languages: r.sample(languages, r.int(1, 3)).sort((a, b) => a - b),
        drive_type: driveTypes.length > 0 && r.chance(0.5) ? r.pick(driveTypes) : null,
        intro: `Hello from ${city.names.en ?? 'the city'}! ${r.pick(flavour.greetings)}`,
        tags: tagsOf(partnerTags, 3),
        region_id: city.region_id,
        city_id: city.id,
        cover: portraits.length > 0 ? r.pick(portraits) : null,
        favorite_count: Math.floor(r.next() ** 4 * 300),
        created_at: createdAt(),
      });
    }
    await bulkInsert(db, 'partners', partnerColumns, rows, CHUNK_ROWS);
  }

  const ownerUuids = owners.map((o) => o.uuid);
  for (let from = 0; from < ownerUuids.length; from += 500) {
    const chunk = ownerUuids.slice(from, from + 500);
    await sql`update users u set merchant_count = (select count(*)::int from merchants where owner_uuid = u.uuid), partner_count = (select count(*)::int from partners where owner_uuid = u.uuid) where u.uuid in (${sql.join(chunk)})`.execute(db);
  }
  // VACUUM also moves the rows' trigrams from the GIN indexes' pending lists into the trees (every keyword search
  // would otherwise scan the pending list) and sets the visibility map; ANALYZE tells the planner the new sizes.
  await sql`vacuum analyze merchants`.execute(db);
  await sql`vacuum analyze partners`.execute(db);
  return { merchants: merchantCount, partners: partnerCount, owners: owners.length, ms: performance.now() - started };
}
