import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import { KycStatus } from '@/contract/enums';
import type { createRawClient } from '../../tests/support/raw-client';
import type { TestApp } from '../../tests/support/test-app';
import { merchantSearchKey, partnerSearchKey } from './search-key';

/**
 * Test helpers for the listing suites (merchant, partner, content, search, fuzz): users of each membership,
 * valid payloads, real images, direct row inserts for bulk data, and counts of rows and stored files.
 */

export type RawClient = ReturnType<typeof createRawClient>;

export interface TestUser {
  uuid: string;
  token: string;
  username: string;
}

/** 1 member, 2 paid, 3 KYC, 4 KYC + paid (spec section 4), made the way server/seed/demo-accounts.ts does. */
export async function createUser(t: TestApp, api: RawClient, username: string, membership: 1 | 2 | 3 | 4, role: 'member' | 'admin' = 'member'): Promise<TestUser> {
  const res = await api.call('account/registerByPassword', { account: username, email: `${username.toLowerCase()}@example.test`, password: 'listing-pass-1' });
  expect(res.status, res.msg).toBe(1);
  const token = (res.data as { token: string }).token;
  const { uuid } = await t.database.db.selectFrom('users').select('uuid').where('username', '=', username).executeTakeFirstOrThrow();
  const kyc = membership === 3 || membership === 4;
  const paid = membership === 2 || membership === 4;
  await t.database.db
    .updateTable('users')
    .set({ role, kyc_status: kyc ? KycStatus.Approved : KycStatus.NotApply, kyc_created_at: kyc ? new Date() : null })
    .where('uuid', '=', uuid)
    .execute();
  if (paid) {
    await t.database.db
      .insertInto('memberships')
      .values({ user_uuid: uuid, plan_item: 2, starts_at: sql<Date>`now()`, ends_at: sql<Date>`now() + interval '365 days'`, order_id: null })
      .execute();
  }
  return { uuid, token, username };
}

export interface Refs {
  tokyo: number;
  osaka: number;
  seoul: number;
  japan: number;
}

export async function placeRefs(t: TestApp): Promise<Refs> {
  const city = async (region: string, slug: string) =>
    (
      await t.database.db
        .selectFrom('cities')
        .innerJoin('regions', 'regions.id', 'cities.region_id')
        .select('cities.id')
        .where('regions.slug', '=', region)
        .where('cities.slug', '=', slug)
        .executeTakeFirstOrThrow()
    ).id;
  const japan = (await t.database.db.selectFrom('regions').select('id').where('slug', '=', 'japan').executeTakeFirstOrThrow()).id;
  return { tokyo: await city('japan', 'tokyo'), osaka: await city('japan', 'osaka'), seoul: await city('south-korea', 'seoul'), japan };
}

export function merchantPayload(cityId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Blue Door Café',
    merchant_type: 2,
    tags: [1, 2],
    city_id: cityId,
    address: '1-2-3 Jingumae, Shibuya',
    lat: 35.6702,
    lng: 139.7027,
    phone: '+81 3-1234-5678',
    opening_hours: [
      { day: 1, open: '09:00', close: '18:00' },
      { day: 5, open: '18:00', close: '02:00' },
    ],
    price_level: 2,
    description: 'A quiet café with good coffee.',
    social: [{ type: 1, value: 'bluedoor' }],
    ...overrides,
  };
}

export function partnerPayload(cityId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nickname: 'Aiko',
    age: 28,
    sex: 1,
    body_type: 2,
    languages: [1, 2],
    drive_type: 2,
    height: 165,
    intro: 'Local guide who knows every small bar in town.',
    tags: [1],
    city_id: cityId,
    unlock_price: 80,
    ...overrides,
  };
}

export interface UploadFile {
  data: Buffer;
  name: string;
  type: string;
}

/** A real JPEG carrying an EXIF comment that must not survive re-encoding. */
export async function jpegWithExif(width = 64, height = 48, color = '#c33'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .toBuffer();
}

export function file(data: Buffer, name = 'photo.jpg'): UploadFile {
  return { data, name, type: 'image/jpeg' };
}

/** Files of the listing kind under the test app's upload directory. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, 'uploads', 'listing');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The disk path of a stored image URL ('/uploads/listing/...'). */
export function diskPathOf(t: TestApp, url: string): string {
  return path.join(t.config.dataDir, url.replace(/^\/+/, ''));
}

/** Row counts of every table a refused listing call must not touch. */
export async function listingCounts(t: TestApp): Promise<Record<string, number>> {
  const { rows } = await sql<Record<string, string>>`
    select (select count(*) from merchants) as merchants, (select count(*) from partners) as partners,
           (select count(*) from photos) as photos, (select count(*) from favorites) as favorites,
           (select coalesce(sum(merchant_count + partner_count + version), 0) from users) as user_counts,
           (select count(*) from visit_reports) as visit_reports`.execute(t.database.db);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

/** Inserts a published, visible merchant directly (bulk data for list tests). */
export async function insertMerchantRow(
  t: TestApp,
  ownerUuid: string,
  cityId: number,
  values: { name?: string; created_at?: string; favorite_count?: number; status?: 'pending' | 'published' | 'hidden'; visible?: boolean; merchant_type?: number; tags?: number[]; price_level?: number } = {},
): Promise<number> {
  const city = await t.database.db.selectFrom('cities').select(['id', 'region_id']).where('id', '=', cityId).executeTakeFirstOrThrow();
  const name = values.name ?? `Venue ${randomUUID().slice(0, 8)}`;
  const address = 'Main street 1';
  const row = await t.database.db
    .insertInto('merchants')
    .values({
      owner_uuid: ownerUuid,
      name,
      merchant_type: values.merchant_type ?? 1,
      tags: JSON.stringify(values.tags ?? []),
      region_id: city.region_id,
      city_id: city.id,
      address,
      price_level: values.price_level ?? 2,
      description: 'Bulk venue',
      status: values.status ?? 'published',
      visible: values.visible ?? true,
      favorite_count: values.favorite_count ?? 0,
      search_key: merchantSearchKey({ name, address }),
      ...(values.created_at ? { created_at: values.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A published profile that can be unlocked: its uuid is its chat identity, `price` its unlock price in points (the
 * unlock, block and test-funds suites).
 */
export async function insertChatProfile(t: TestApp, ownerUuid: string, cityId: number, price: number, nickname = `Guide ${randomUUID().slice(0, 6)}`) {
  const uuid = randomUUID();
  await insertPartnerRow(t, ownerUuid, cityId, { uuid, nickname, unlock_price: price });
  return { uuid, nickname, price };
}

export async function insertPartnerRow(
  t: TestApp,
  ownerUuid: string,
  cityId: number,
  values: {
    uuid?: string;
    nickname?: string;
    created_at?: string;
    favorite_count?: number;
    age?: number;
    sex?: number;
    body_type?: number;
    languages?: number[];
    merchant_id?: number;
    status?: 'pending' | 'published' | 'hidden';
    visible?: boolean;
    unlock_price?: number;
  } = {},
): Promise<number> {
  const city = await t.database.db.selectFrom('cities').select(['id', 'region_id']).where('id', '=', cityId).executeTakeFirstOrThrow();
  const nickname = values.nickname ?? `Guide ${randomUUID().slice(0, 8)}`;
  const row = await t.database.db
    .insertInto('partners')
    .values({
      uuid: values.uuid ?? randomUUID(),
      owner_uuid: ownerUuid,
      nickname,
      age: values.age ?? 30,
      sex: values.sex ?? 1,
      body_type: values.body_type ?? 1,
      languages: JSON.stringify(values.languages ?? [1]),
      intro: 'Bulk profile',
      tags: '[]',
      region_id: city.region_id,
      city_id: city.id,
      merchant_id: values.merchant_id ?? null,
      status: values.status ?? 'published',
      visible: values.visible ?? true,
      favorite_count: values.favorite_count ?? 0,
      ...(values.unlock_price !== undefined ? { unlock_price: values.unlock_price } : {}),
      search_key: partnerSearchKey({ nickname }),
      ...(values.created_at ? { created_at: values.created_at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
