import { performance } from 'node:perf_hooks';
import { type Kysely, sql } from 'kysely';
import { KycStatus } from '@/contract/enums';
import { emailKey, usernameKey } from '../account/user.repository';
import type { Database, ImageJson, InsertableUserRow, LocalizedNames } from '../db/schema';
import { createImageStore } from '../images/image.service';
import type { FileStorage } from '../storage/file-storage';
import { merchantSearchKey, partnerSearchKey, searchKey } from '../directory/search-key';
import { bulkInsert, reserveIds } from './bulk-insert';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { type DemoImagePool, demoImagePool, demoPoolCacheFile, type ImageStore } from './demo-images';
import {
  CLOSERS,
  DEMO_SEARCH_KEYWORDS,
  type Flavour,
  FLAVOURS,
  KIND_PROFILES,
  PARTNER_INTRO,
  REGION_FLAVOURS,
  type VenueKind,
  VISIT_REPORT,
} from './demo-listings.data';
import { createRandom, type Random } from './prng';

/**
 * Demo listings (SEED_DEMO=1): for every city, MERCHANTS_PER_CITY venues and PARTNERS_PER_CITY profiles,
 * published and visible, owned by a few generated host accounts (KYC-approved paid members, so they could have
 * published them), with pictures from the local pool (demo-images.ts). The first run also gives the demo accounts
 * favourites, visit reports (with ratings kept in merchants.rating_sum/report_count) and search history, and fills
 * "hot cities".
 *
 * Deterministic: every value comes from a generator seeded by the city's slugs (or a fixed name), so two fresh
 * databases get the same listings under the same ids. Idempotent per city: a city that already has the hosts'
 * venues is skipped, so later starts cost two small queries, and cities added to the reference data later get
 * their demo listings on the next start. Everything of one run is written in one transaction.
 */

export const MERCHANTS_PER_CITY = 20;
export const PARTNERS_PER_CITY = 8;
export const DEMO_OWNER_COUNT = 12;
/** Listings are spread over this many past days. */
const SPREAD_DAYS = 180;
const DAY_MS = 86_400_000;
/** Host accounts never log in: this is no argon2 hash, so every password check against it fails. */
const NO_LOGIN_HASH = '!demo-host-no-login';
/** The annual plan (DESIGN section 6), as the demo accounts have. */
const DEMO_PLAN_ITEM = 2;

export interface SeedDemoListingsOptions {
  /** DATA_DIR: where the picture pool's manifest is kept. */
  dataDir: string;
  /** An already stored pool (tests share one); otherwise the cached or freshly drawn pool of dataDir. */
  pool?: DemoImagePool;
  /** "Now" of the run: created_at values lie before it. */
  now?: Date;
}

export interface SeedDemoListingsResult {
  cities: number;
  merchants: number;
  partners: number;
  /** Whether the hosts, favourites, visit reports and search history were created in this run. */
  firstRun: boolean;
  ms: number;
}

interface CityInfo {
  id: number;
  region_id: number;
  slug: string;
  region_slug: string;
  names: LocalizedNames;
}

interface DictEntry {
  id: number;
  en: string;
}

interface Dictionaries {
  merchantType: DictEntry[];
  merchantTag: DictEntry[];
  partnerTag: DictEntry[];
  sex: DictEntry[];
  bodyType: DictEntry[];
  language: DictEntry[];
  driveType: DictEntry[];
}

interface DemoOwner {
  uuid: string;
  username: string;
  nickname: string;
}

interface MerchantSeed {
  id: number;
  owner_uuid: string;
  name: string;
  merchant_type: number;
  tags: number[];
  region_id: number;
  city_id: number;
  address: string;
  phone: string | null;
  opening_hours: { day: number; open: string; close: string }[];
  price_level: number;
  description: string;
  social: { type: number; value: string }[];
  cover: ImageJson;
  gallery: ImageJson[];
  created_at: Date;
  /** Counters of the first run's favourites and visit reports, written with the row. */
  favorite_count: number;
  report_count: number;
  rating_sum: number;
}

interface PartnerSeed {
  id: number;
  uuid: string;
  owner_uuid: string;
  merchant_id: number | null;
  nickname: string;
  age: number;
  sex: number;
  body_type: number;
  languages: number[];
  drive_type: number | null;
  height: number | null;
  intro: string;
  tags: number[];
  region_id: number;
  city_id: number;
  unlock_price: number;
  photos: ImageJson[];
  created_at: Date;
  favorite_count: number;
}

/** The hosts: fixed uuids and names, the same in every database. */
export function demoOwners(count = DEMO_OWNER_COUNT): DemoOwner[] {
  const r = createRandom('demo-owners');
  const names = ['Aiko', 'Bruno', 'Chen', 'Dana', 'Elif', 'Farid', 'Greta', 'Hana', 'Ivan', 'Juno', 'Kenji', 'Lucía', 'Mina', 'Nils', 'Omar', 'Priya'];
  return Array.from({ length: count }, (_, i) => ({
    uuid: r.uuid(),
    username: `demo_host_${String(i + 1).padStart(2, '0')}`,
    nickname: `${names[i % names.length]} (demo host)`,
  }));
}

const KIND_WORDS: [VenueKind, RegExp][] = [
  ['karaoke', /karaoke|ktv/i],
  ['spa', /spa|massage|bath|sauna|wellness|onsen/i],
  ['cafe', /caf[eé]|coffee|tea|bakery|dessert/i],
  ['nightlife', /club|night|lounge|live|dance/i],
  ['bar', /bar|pub|izakaya|drink|wine|beer/i],
  ['hotel', /hotel|inn|stay|hostel|lodging/i],
  ['restaurant', /restaurant|dining|food|kitchen|eat|noodle|sushi|grill|bbq/i],
];

export function venueKindOf(typeName: string): VenueKind {
  return KIND_WORDS.find(([, pattern]) => pattern.test(typeName))?.[0] ?? 'other';
}

function flavourOf(regionSlug: string): { flavour: Flavour; locale: string } {
  const key = REGION_FLAVOURS[regionSlug];
  return key && FLAVOURS[key] ? { flavour: FLAVOURS[key], locale: FLAVOURS[key].locale ?? key } : { flavour: FLAVOURS.international, locale: 'en' };
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

function digits(r: Random, count: number): string {
  let out = String(r.int(1, 9));
  while (out.length < count) out += String(r.int(0, 9));
  return out;
}

function phoneOf(r: Random, flavour: Flavour): string {
  return `${flavour.phone.code} ${flavour.phone.groups.map((n) => digits(r, n)).join(' ')}`;
}

/** An ASCII handle for social links. */
function handleOf(r: Random, name: string, kind: VenueKind): string {
  const ascii = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 20);
  return `${ascii.length >= 3 ? ascii : kind}${r.int(1, 99)}`;
}

function socialOf(r: Random, flavour: Flavour, name: string, kind: VenueKind, phone: string) {
  const types = r.sample(flavour.social, r.int(1, Math.min(2, flavour.social.length)));
  return types.map((type) => ({
    type,
    // WhatsApp is a phone number; the others are handles.
    value: type === 2 ? phone : type === 3 ? `wx_${handleOf(r, name, kind)}` : `@${handleOf(r, name, kind)}`,
  }));
}

function hoursOf(r: Random, kind: VenueKind) {
  const plan = r.pick(KIND_PROFILES[kind].hours);
  return plan.flatMap((period) => period.days.map((day) => ({ day, open: period.open, close: period.close }))).sort((a, b) => a.day - b.day || a.open.localeCompare(b.open));
}

function cityName(city: CityInfo, locale: string): string {
  return city.names[locale] || city.names.en || city.slug;
}

/** A name not used yet in the city; after many tries a repeat (people may share a name) or a numbered name. */
function uniqueName(used: Set<string>, make: () => string, repeatable = false): string {
  for (let attempt = 0; attempt < 30; attempt++) {
    const name = make();
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
  if (repeatable) return make();
  let n = 2;
  const base = make();
  while (used.has(`${base} ${n}`)) n++;
  used.add(`${base} ${n}`);
  return `${base} ${n}`;
}

function createdAt(r: Random, now: Date): Date {
  // Whole seconds: equal on every database and easy to read in a list.
  const ms = now.getTime() - Math.floor(r.next() * SPREAD_DAYS * DAY_MS);
  return new Date(Math.floor(ms / 1000) * 1000);
}

function buildMerchants(
  city: CityInfo,
  count: number,
  ids: number[],
  owners: DemoOwner[],
  dicts: Dictionaries,
  pool: DemoImagePool,
  now: Date,
): MerchantSeed[] {
  const r = createRandom(`demo-merchants/${city.region_slug}/${city.slug}`);
  const { flavour, locale } = flavourOf(city.region_slug);
  const localCity = cityName(city, locale);
  const englishCity = cityName(city, 'en');
  const used = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const type = r.pick(dicts.merchantType);
    const kind = venueKindOf(type.en);
    // Some venues everywhere carry an international name, as they do in real cities.
    const words = r.chance(0.15) ? FLAVOURS.international : flavour;
    const patterns = words.names[kind] ?? words.names.other;
    const name = uniqueName(used, () => fill(r.pick(patterns), { w: r.pick(words.words), s: r.pick(words.surnames) }));
    const profile = KIND_PROFILES[kind];
    const phone = phoneOf(r, flavour);
    const values = { name, city: englishCity };
    const description = [
      fill(r.pick(profile.openers), values),
      ...r.sample(profile.details, r.int(1, 3)).map((s) => fill(s, values)),
      ...(r.chance(0.6) ? [r.pick(CLOSERS)] : []),
      ...(r.chance(0.7) ? [r.pick(flavour.greetings)] : []),
    ].join(' ');
    const pictures = r.sample(pool.landscape, 1 + r.int(2, 5));
    return {
      id: ids[i],
      owner_uuid: r.pick(owners).uuid,
      name,
      merchant_type: type.id,
      tags: r.sample(dicts.merchantTag, r.int(1, 4)).map((t) => t.id).sort((a, b) => a - b),
      region_id: city.region_id,
      city_id: city.id,
      address: flavour.address({ street: r.pick(flavour.streets), number: r.int(1, 199), block: r.int(1, 6), city: localCity }),
      phone: r.chance(0.85) ? phone : null,
      opening_hours: hoursOf(r, kind),
      price_level: r.int(profile.price[0], profile.price[1]),
      description,
      social: socialOf(r, flavour, name, kind, phone.replace(/\s/g, '')),
      cover: pictures[0],
      gallery: pictures.slice(1),
      created_at: createdAt(r, now),
      favorite_count: 0,
      report_count: 0,
      rating_sum: 0,
    };
  });
}

function languageIds(r: Random, dicts: Dictionaries, flavour: Flavour): number[] {
  const byName = (name: string) => dicts.language.find((l) => l.en.toLowerCase() === name.toLowerCase())?.id;
  const ids = new Set<number>();
  for (const name of flavour.languages) {
    const id = byName(name);
    if (id !== undefined) ids.add(id);
  }
  if (ids.size === 0 || r.chance(0.7)) {
    const english = byName('English');
    if (english !== undefined) ids.add(english);
  }
  if (r.chance(0.25)) ids.add(r.pick(dicts.language).id);
  if (ids.size === 0) ids.add(r.pick(dicts.language).id);
  return [...ids].slice(0, 5);
}

function buildPartners(
  city: CityInfo,
  count: number,
  ids: number[],
  merchants: MerchantSeed[],
  owners: DemoOwner[],
  dicts: Dictionaries,
  pool: DemoImagePool,
  now: Date,
): PartnerSeed[] {
  const r = createRandom(`demo-partners/${city.region_slug}/${city.slug}`);
  const { flavour } = flavourOf(city.region_slug);
  const englishCity = cityName(city, 'en');
  const used = new Set<string>();
  const female = dicts.sex.filter((s) => /female|woman/i.test(s.en));
  const male = dicts.sex.filter((s) => /^(male|man)$/i.test(s.en));
  const others = dicts.sex.filter((s) => !female.includes(s) && !male.includes(s));
  return Array.from({ length: count }, (_, i) => {
    const isFemale = female.length > 0 && (male.length === 0 || r.chance(0.65));
    const sex = others.length > 0 && r.chance(0.05) ? r.pick(others) : isFemale ? r.pick(female) : male.length > 0 ? r.pick(male) : r.pick(dicts.sex);
    const names = r.chance(0.15) ? FLAVOURS.international.nicknames : flavour.nicknames;
    const nickname = uniqueName(used, () => r.pick(isFemale ? names.female : names.male), true);
    const languages = languageIds(r, dicts, flavour);
    const spoken = languages.map((id) => dicts.language.find((l) => l.id === id)?.en).filter(Boolean);
    const intro = [
      fill(r.pick(PARTNER_INTRO.openers), { city: englishCity }),
      ...r.sample(PARTNER_INTRO.interests, r.int(1, 2)),
      spoken.length > 1 ? `I speak ${spoken.slice(0, -1).join(', ')} and ${spoken[spoken.length - 1]}.` : `I speak ${spoken[0] ?? 'English'}.`,
      r.pick(PARTNER_INTRO.closers),
      ...(r.chance(0.6) ? [r.pick(flavour.greetings)] : []),
    ].join(' ');
    return {
      id: ids[i],
      uuid: r.uuid(),
      owner_uuid: r.pick(owners).uuid,
      merchant_id: merchants.length > 0 && r.chance(0.4) ? r.pick(merchants).id : null,
      nickname,
      age: r.int(21, 45),
      sex: sex.id,
      body_type: r.pick(dicts.bodyType).id,
      languages,
      drive_type: dicts.driveType.length > 0 && r.chance(0.5) ? r.pick(dicts.driveType).id : null,
      height: r.chance(0.8) ? (isFemale ? r.int(150, 178) : r.int(162, 192)) : null,
      intro,
      tags: r.sample(dicts.partnerTag, r.int(1, 4)).map((t) => t.id).sort((a, b) => a - b),
      region_id: city.region_id,
      city_id: city.id,
      unlock_price: r.pick([30, 50, 50, 50, 80, 100, 150]),
      // The first photo is the cover (partner forms have no separate cover).
      photos: r.sample(pool.portrait, 1 + r.int(2, 5)),
      created_at: createdAt(r, now),
      favorite_count: 0,
    };
  });
}

async function loadDictionaries(db: Kysely<Database>): Promise<Dictionaries> {
  const rows = await db.selectFrom('dict_entries').select(['type', 'id', 'names']).orderBy('type').orderBy('sort').orderBy('id').execute();
  const of = (type: string) => rows.filter((row) => row.type === type).map((row) => ({ id: row.id, en: row.names.en ?? '' }));
  const dicts: Dictionaries = {
    merchantType: of('merchant_type'),
    merchantTag: of('merchant_tag'),
    partnerTag: of('partner_tag'),
    sex: of('sex'),
    bodyType: of('body_type'),
    language: of('language'),
    driveType: of('drive_type'),
  };
  for (const [name, entries] of Object.entries(dicts)) {
    if (name !== 'driveType' && entries.length === 0) throw new Error(`demo listings: dictionary ${name} is empty (reference data not seeded?)`);
  }
  return dicts;
}

async function loadCities(db: Kysely<Database>): Promise<CityInfo[]> {
  return db
    .selectFrom('cities')
    .innerJoin('regions', 'regions.id', 'cities.region_id')
    .select(['cities.id as id', 'cities.region_id as region_id', 'cities.slug as slug', 'regions.slug as region_slug', 'cities.names as names'])
    .orderBy('cities.id')
    .execute();
}

const MERCHANT_COLUMNS = [
  { name: 'id', type: 'int', value: (m: MerchantSeed) => m.id },
  { name: 'owner_uuid', type: 'uuid', value: (m: MerchantSeed) => m.owner_uuid },
  { name: 'name', type: 'text', value: (m: MerchantSeed) => m.name },
  { name: 'merchant_type', type: 'int', value: (m: MerchantSeed) => m.merchant_type },
  { name: 'tags', type: 'jsonb', value: (m: MerchantSeed) => m.tags },
  { name: 'region_id', type: 'int', value: (m: MerchantSeed) => m.region_id },
  { name: 'city_id', type: 'int', value: (m: MerchantSeed) => m.city_id },
  { name: 'address', type: 'text', value: (m: MerchantSeed) => m.address },
  { name: 'phone', type: 'text', value: (m: MerchantSeed) => m.phone },
  { name: 'opening_hours', type: 'jsonb', value: (m: MerchantSeed) => m.opening_hours },
  { name: 'price_level', type: 'smallint', value: (m: MerchantSeed) => m.price_level },
  { name: 'description', type: 'text', value: (m: MerchantSeed) => m.description },
  { name: 'social', type: 'jsonb', value: (m: MerchantSeed) => m.social },
  { name: 'cover', type: 'jsonb', value: (m: MerchantSeed) => m.cover },
  { name: 'visible', type: 'boolean', value: () => true },
  { name: 'status', type: 'text', value: () => 'published' },
  { name: 'favorite_count', type: 'int', value: (m: MerchantSeed) => m.favorite_count },
  { name: 'report_count', type: 'int', value: (m: MerchantSeed) => m.report_count },
  { name: 'rating_sum', type: 'int', value: (m: MerchantSeed) => m.rating_sum },
  { name: 'search_key', type: 'text', value: (m: MerchantSeed) => merchantSearchKey(m) },
  { name: 'created_at', type: 'timestamptz', value: (m: MerchantSeed) => m.created_at },
  { name: 'updated_at', type: 'timestamptz', value: (m: MerchantSeed) => m.created_at },
] as const;

const PARTNER_COLUMNS = [
  { name: 'id', type: 'int', value: (p: PartnerSeed) => p.id },
  { name: 'uuid', type: 'uuid', value: (p: PartnerSeed) => p.uuid },
  { name: 'owner_uuid', type: 'uuid', value: (p: PartnerSeed) => p.owner_uuid },
  { name: 'merchant_id', type: 'int', value: (p: PartnerSeed) => p.merchant_id },
  { name: 'nickname', type: 'text', value: (p: PartnerSeed) => p.nickname },
  { name: 'age', type: 'smallint', value: (p: PartnerSeed) => p.age },
  { name: 'sex', type: 'int', value: (p: PartnerSeed) => p.sex },
  { name: 'body_type', type: 'int', value: (p: PartnerSeed) => p.body_type },
  { name: 'languages', type: 'jsonb', value: (p: PartnerSeed) => p.languages },
  { name: 'drive_type', type: 'int', value: (p: PartnerSeed) => p.drive_type },
  { name: 'height', type: 'smallint', value: (p: PartnerSeed) => p.height },
  { name: 'intro', type: 'text', value: (p: PartnerSeed) => p.intro },
  { name: 'tags', type: 'jsonb', value: (p: PartnerSeed) => p.tags },
  { name: 'region_id', type: 'int', value: (p: PartnerSeed) => p.region_id },
  { name: 'city_id', type: 'int', value: (p: PartnerSeed) => p.city_id },
  { name: 'unlock_price', type: 'int', value: (p: PartnerSeed) => p.unlock_price },
  { name: 'cover', type: 'jsonb', value: (p: PartnerSeed) => p.photos[0] },
  { name: 'visible', type: 'boolean', value: () => true },
  { name: 'status', type: 'text', value: () => 'published' },
  { name: 'favorite_count', type: 'int', value: (p: PartnerSeed) => p.favorite_count },
  { name: 'search_key', type: 'text', value: (p: PartnerSeed) => partnerSearchKey(p) },
  { name: 'created_at', type: 'timestamptz', value: (p: PartnerSeed) => p.created_at },
  { name: 'updated_at', type: 'timestamptz', value: (p: PartnerSeed) => p.created_at },
] as const;

interface PhotoSeed {
  owner_kind: 'merchant' | 'partner';
  owner_id: number;
  position: number;
  image: ImageJson;
  created_at: Date;
}

const PHOTO_COLUMNS = [
  { name: 'owner_kind', type: 'text', value: (p: PhotoSeed) => p.owner_kind },
  { name: 'owner_id', type: 'int', value: (p: PhotoSeed) => p.owner_id },
  { name: 'position', type: 'smallint', value: (p: PhotoSeed) => p.position },
  { name: 'image', type: 'text', value: (p: PhotoSeed) => p.image.image },
  { name: 'thumb', type: 'text', value: (p: PhotoSeed) => p.image.thumb },
  { name: 'width', type: 'int', value: (p: PhotoSeed) => p.image.width },
  { name: 'height', type: 'int', value: (p: PhotoSeed) => p.image.height },
  { name: 'created_at', type: 'timestamptz', value: (p: PhotoSeed) => p.created_at },
] as const;

/**
 * The account row of a generated listing owner: mail at `domain`, a verified address, KYC approved (so it may
 * publish), and `passwordHash` that is no argon2 hash, so nobody can log in as it.
 */
export function ownerAccountRow(
  owner: { uuid: string; username: string; nickname: string },
  domain: string,
  passwordHash: string,
): InsertableUserRow {
  const email = `${owner.username}@${domain}`;
  return {
    uuid: owner.uuid,
    username: owner.username,
    username_key: usernameKey(owner.username),
    email,
    email_key: emailKey(email),
    email_validation: true,
    password_hash: passwordHash,
    nickname: owner.nickname,
    kyc_status: KycStatus.Approved,
  };
}

async function insertOwners(db: Kysely<Database>, owners: DemoOwner[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - (SPREAD_DAYS + 30) * DAY_MS);
  await db
    .insertInto('users')
    .values(
      owners.map((owner) => ({
        ...ownerAccountRow(owner, 'demo.localhost', NO_LOGIN_HASH),
        kyc_created_at: since,
        created_at: since,
        updated_at: since,
      })),
    )
    .execute();
  await db
    .insertInto('memberships')
    .values(owners.map((owner) => ({ user_uuid: owner.uuid, plan_item: DEMO_PLAN_ITEM, starts_at: since, ends_at: sql<Date>`now() + interval '365 days'`, order_id: null })))
    .execute();
}

interface SocialUser {
  uuid: string;
  username: string;
}

interface FavoriteSeed {
  user_uuid: string;
  source: 'merchant' | 'partner';
  listing_id: number;
  created_at: Date;
}
interface VisitReportSeed {
  merchant_id: number;
  author_uuid: string;
  rating: number;
  title: string;
  content: string;
  visit_date: string;
  created_at: Date;
}
interface SearchHistorySeed {
  owner_key: string;
  keyword: string;
  keyword_key: string;
  city_id: number | null;
  created_at: Date;
}
interface CitySearchSeed {
  city_id: number;
  searched_at: Date;
}
interface Activity {
  favorites: FavoriteSeed[];
  reports: VisitReportSeed[];
  history: SearchHistorySeed[];
  searches: CitySearchSeed[];
}

/** Favourites, visit reports, search history and hot-city searches of the first run (rows only, nothing written). */
function buildActivity(demoUsers: SocialUser[], cities: CityInfo[], merchants: MerchantSeed[], partners: PartnerSeed[], owners: DemoOwner[], now: Date): Activity {
  const r = createRandom('demo-activity');
  const firstCity = cities[0];
  const inFirstCity = <T extends { city_id: number }>(rows: T[]) => rows.filter((row) => row.city_id === firstCity.id);

  // Favourites: the demo accounts' (mostly in the first city, so the lists are easy to find), then the hosts'
  // (spread everywhere, so "popular" has an order).
  const favorites: FavoriteSeed[] = [];
  const favoriteShares: Record<string, [number, number]> = { member: [5, 2], paid: [6, 3], verified: [8, 4], admin: [2, 1] };
  const at = () => new Date(now.getTime() - Math.floor(r.next() * 30 * DAY_MS));
  for (const user of demoUsers) {
    const [m, p] = favoriteShares[user.username] ?? [3, 1];
    for (const row of r.sample(inFirstCity(merchants), m)) favorites.push({ user_uuid: user.uuid, source: 'merchant', listing_id: row.id, created_at: at() });
    for (const row of r.sample(merchants, 2)) {
      if (!favorites.some((f) => f.user_uuid === user.uuid && f.source === 'merchant' && f.listing_id === row.id)) {
        favorites.push({ user_uuid: user.uuid, source: 'merchant', listing_id: row.id, created_at: at() });
      }
    }
    for (const row of r.sample(inFirstCity(partners), p)) favorites.push({ user_uuid: user.uuid, source: 'partner', listing_id: row.id, created_at: at() });
  }
  // Each city has a few favourites of the crowd (most hosts like them) and a long tail, so the popular order and
  // the favourite counts on cards look like a real city's.
  for (const city of cities) {
    const hot = new Set([
      ...r.sample(merchants.filter((m) => m.city_id === city.id), 3).map((m) => `m${m.id}`),
      ...r.sample(partners.filter((p) => p.city_id === city.id), 2).map((p) => `p${p.id}`),
    ]);
    const listings = [
      ...merchants.filter((m) => m.city_id === city.id).map((m) => ({ key: `m${m.id}`, source: 'merchant' as const, id: m.id, owner: m.owner_uuid })),
      ...partners.filter((p) => p.city_id === city.id).map((p) => ({ key: `p${p.id}`, source: 'partner' as const, id: p.id, owner: p.owner_uuid })),
    ];
    for (const listing of listings) {
      for (const owner of owners) {
        if (owner.uuid !== listing.owner && r.chance(hot.has(listing.key) ? 0.7 : 0.06)) {
          favorites.push({ user_uuid: owner.uuid, source: listing.source, listing_id: listing.id, created_at: at() });
        }
      }
    }
  }


  // Visit reports: a few venues per city get one to four, by hosts and by the demo accounts.
  const authors: SocialUser[] = [...demoUsers.filter((u) => u.username !== 'admin'), ...owners];
  const reports: VisitReportSeed[] = [];
  const ratings = [5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 1];
  for (const city of cities) {
    const venues = merchants.filter((m) => m.city_id === city.id);
    const reviewed = r.sample(venues, city.id === firstCity.id ? 8 : 4);
    for (const venue of reviewed) {
      const writers = r.sample(authors.filter((a) => a.uuid !== venue.owner_uuid), r.int(1, 4));
      for (const writer of writers) {
        const earliest = Math.max(venue.created_at.getTime(), now.getTime() - 90 * DAY_MS);
        const visited = new Date(Math.min(now.getTime() - DAY_MS, earliest + Math.floor(r.next() * Math.max(DAY_MS, now.getTime() - earliest))));
        reports.push({
          merchant_id: venue.id,
          author_uuid: writer.uuid,
          rating: r.pick(ratings),
          title: r.pick(VISIT_REPORT.titles),
          content: r.sample(VISIT_REPORT.sentences, r.int(2, 4)).join(' '),
          visit_date: visited.toISOString().slice(0, 10),
          created_at: new Date(Math.min(now.getTime(), visited.getTime() + r.int(2, 30) * 3_600_000)),
        });
      }
    }
  }

  // Search history of the signed-in demo accounts: a typed keyword and a picked city or two.
  const history: SearchHistorySeed[] = [];
  for (const user of demoUsers.filter((u) => u.username !== 'admin')) {
    const picked = r.sample(cities, 2);
    const entries = [
      ...picked.map((city) => ({ keyword: cityName(city, 'en'), city_id: city.id as number | null })),
      { keyword: r.pick(DEMO_SEARCH_KEYWORDS), city_id: null },
    ];
    entries.forEach((entry, i) => {
      history.push({ owner_key: `u:${user.uuid}`, keyword: entry.keyword, keyword_key: searchKey(entry.keyword), city_id: entry.city_id, created_at: new Date(now.getTime() - (i + 1) * 3_600_000) });
    });
  }

  // Hot cities: searches over the last few days, more for some cities than others.
  const searches: CitySearchSeed[] = [];
  for (const city of r.sample(cities, Math.min(12, cities.length))) {
    const times = r.int(2, 25);
    for (let i = 0; i < times; i++) searches.push({ city_id: city.id, searched_at: new Date(now.getTime() - Math.floor(r.next() * 5 * DAY_MS)) });
  }
  return { favorites, reports, history, searches };
}

/** Sets the listings' counters from the activity rows (the rules the favourite and visit-report calls keep). */
function countActivity(activity: Activity, merchants: MerchantSeed[], partners: PartnerSeed[]): void {
  const merchantById = new Map(merchants.map((m) => [m.id, m]));
  const partnerById = new Map(partners.map((p) => [p.id, p]));
  for (const favorite of activity.favorites) {
    const listing = favorite.source === 'merchant' ? merchantById.get(favorite.listing_id) : partnerById.get(favorite.listing_id);
    if (listing) listing.favorite_count++;
  }
  for (const report of activity.reports) {
    const merchant = merchantById.get(report.merchant_id);
    if (merchant) {
      merchant.report_count++;
      merchant.rating_sum += report.rating;
    }
  }
}

async function insertActivity(db: Kysely<Database>, activity: Activity): Promise<void> {
  await bulkInsert(
    db,
    'favorites',
    [
      { name: 'user_uuid', type: 'uuid', value: (f: FavoriteSeed) => f.user_uuid },
      { name: 'source', type: 'text', value: (f: FavoriteSeed) => f.source },
      { name: 'listing_id', type: 'int', value: (f: FavoriteSeed) => f.listing_id },
      { name: 'created_at', type: 'timestamptz', value: (f: FavoriteSeed) => f.created_at },
    ],
    activity.favorites,
  );
  await bulkInsert(
    db,
    'visit_reports',
    [
      { name: 'merchant_id', type: 'int', value: (v: VisitReportSeed) => v.merchant_id },
      { name: 'author_uuid', type: 'uuid', value: (v: VisitReportSeed) => v.author_uuid },
      { name: 'rating', type: 'smallint', value: (v: VisitReportSeed) => v.rating },
      { name: 'title', type: 'text', value: (v: VisitReportSeed) => v.title },
      { name: 'content', type: 'text', value: (v: VisitReportSeed) => v.content },
      { name: 'visit_date', type: 'date', value: (v: VisitReportSeed) => v.visit_date },
      { name: 'created_at', type: 'timestamptz', value: (v: VisitReportSeed) => v.created_at },
    ],
    activity.reports,
  );
  await bulkInsert(
    db,
    'search_history',
    [
      { name: 'owner_key', type: 'text', value: (h: SearchHistorySeed) => h.owner_key },
      { name: 'keyword', type: 'text', value: (h: SearchHistorySeed) => h.keyword },
      { name: 'keyword_key', type: 'text', value: (h: SearchHistorySeed) => h.keyword_key },
      { name: 'city_id', type: 'int', value: (h: SearchHistorySeed) => h.city_id },
      { name: 'created_at', type: 'timestamptz', value: (h: SearchHistorySeed) => h.created_at },
    ],
    activity.history,
  );
  await bulkInsert(
    db,
    'city_searches',
    [
      { name: 'city_id', type: 'int', value: (s: CitySearchSeed) => s.city_id },
      { name: 'searched_at', type: 'timestamptz', value: (s: CitySearchSeed) => s.searched_at },
    ],
    activity.searches,
  );
}

/**
 * The image store and picture pool of a data directory, the pool started at once: `npm start` calls this before it
 * opens the database, so the drawing and re-encoding (on sharp's threads) overlaps migrating and seeding accounts.
 */
export function prepareDemoPool(dataDir: string, storage: FileStorage): { store: ImageStore; pool: Promise<DemoImagePool> } {
  const store = createImageStore({ storage });
  const pool = demoImagePool(store, { cacheFile: demoPoolCacheFile(dataDir) });
  // Handled where it is awaited; this keeps a failure before then from being an unhandled rejection.
  pool.catch(() => undefined);
  return { store, pool };
}

/** Creates the demo listings of every city that has none yet; see the module comment. */
export async function seedDemoListings(db: Kysely<Database>, imageStore: ImageStore, options: SeedDemoListingsOptions): Promise<SeedDemoListingsResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const owners = demoOwners();
  const ownerUuids = owners.map((o) => o.uuid);
  const [existingOwners, seededCities, cities] = await Promise.all([
    db.selectFrom('users').select('uuid').where('uuid', 'in', ownerUuids).execute(),
    db.selectFrom('merchants').select('city_id').distinct().where('owner_uuid', 'in', ownerUuids).execute(),
    loadCities(db),
  ]);
  const seeded = new Set(seededCities.map((row) => row.city_id));
  const pending = cities.filter((city) => !seeded.has(city.id));
  const firstRun = existingOwners.length === 0;
  if (pending.length === 0) return { cities: 0, merchants: 0, partners: 0, firstRun: false, ms: performance.now() - started };

  const [dicts, pool, demoUsers] = await Promise.all([
    loadDictionaries(db),
    options.pool ?? demoImagePool(imageStore, { cacheFile: demoPoolCacheFile(options.dataDir) }),
    db
      .selectFrom('users')
      .select(['uuid', 'username'])
      .where('username_key', 'in', DEMO_ACCOUNTS.filter((d) => d.activity !== false).map((d) => usernameKey(d.username)))
      .orderBy('username')
      .execute(),
  ]);

  let merchantTotal = 0;
  let partnerTotal = 0;
  await db.transaction().execute(async (trx) => {
    if (firstRun) await insertOwners(trx, owners, now);
    else if (existingOwners.length < owners.length) throw new Error('demo listings: some demo hosts are missing; reset the database to seed again');

    const merchantIds = await reserveIds(trx, 'merchants', pending.length * MERCHANTS_PER_CITY);
    const partnerIds = await reserveIds(trx, 'partners', pending.length * PARTNERS_PER_CITY);
    const merchants: MerchantSeed[] = [];
    const partners: PartnerSeed[] = [];
    pending.forEach((city, i) => {
      const cityMerchants = buildMerchants(city, MERCHANTS_PER_CITY, merchantIds.slice(i * MERCHANTS_PER_CITY, (i + 1) * MERCHANTS_PER_CITY), owners, dicts, pool, now);
      merchants.push(...cityMerchants);
      partners.push(...buildPartners(city, PARTNERS_PER_CITY, partnerIds.slice(i * PARTNERS_PER_CITY, (i + 1) * PARTNERS_PER_CITY), cityMerchants, owners, dicts, pool, now));
    });
    const activity = firstRun ? buildActivity(demoUsers, pending, merchants, partners, owners, now) : null;
    if (activity) countActivity(activity, merchants, partners);
    await bulkInsert(trx, 'merchants', MERCHANT_COLUMNS, merchants);
    await bulkInsert(trx, 'partners', PARTNER_COLUMNS, partners);
    const photos: PhotoSeed[] = [
      ...merchants.flatMap((m) => m.gallery.map((image, position) => ({ owner_kind: 'merchant' as const, owner_id: m.id, position, image, created_at: m.created_at }))),
      ...partners.flatMap((p) => p.photos.map((image, position) => ({ owner_kind: 'partner' as const, owner_id: p.id, position, image, created_at: p.created_at }))),
    ];
    await bulkInsert(trx, 'photos', PHOTO_COLUMNS, photos);

    if (activity) await insertActivity(trx, activity);
    await sql`update users u set merchant_count = (select count(*)::int from merchants where owner_uuid = u.uuid), partner_count = (select count(*)::int from partners where owner_uuid = u.uuid) where u.uuid in (${sql.join(ownerUuids)})`.execute(trx);
    merchantTotal = merchants.length;
    partnerTotal = partners.length;
  });
  return { cities: pending.length, merchants: merchantTotal, partners: partnerTotal, firstRun, ms: performance.now() - started };
}
