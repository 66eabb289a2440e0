import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import { KycStatus } from '@/contract/enums';
import type { createRawClient } from '../../tests/support/raw-client';
import type { Database, ListingStatusColumn } from '../db/schema';
import { merchantSearchKey, partnerSearchKey } from './search-key';

/**
 * Test data for the social calls' suites (favourites, visit reports, feedback, reports): members registered through
 * the API, listings and dictionary entries written directly with Kysely, so these suites do not depend on the
 * listing calls or the reference-data seed. Not a test file itself.
 */

type RawClient = ReturnType<typeof createRawClient>;

export interface Member {
  uuid: string;
  token: string;
  username: string;
}

let serial = 0;

/** A newly registered member (membership 1) with a unique name. */
export async function registerMember(api: RawClient, db: Kysely<Database>, prefix = 'm'): Promise<Member> {
  serial += 1;
  const username = `${prefix}_${process.pid}_${serial}_${Math.random().toString(36).slice(2, 8)}`.slice(0, 32);
  const res = await api.call('account/registerByPassword', { account: username, email: `${username}@example.test`, password: 'long-enough-1' });
  expect(res.status, res.msg).toBe(1);
  const { uuid } = await db.selectFrom('users').select('uuid').where('username', '=', username).executeTakeFirstOrThrow();
  return { uuid, token: (res.data as { token: string }).token, username };
}

/** Gives the member an active paid plan (membership 2, or 4 with KYC). */
export async function makePaid(db: Kysely<Database>, uuid: string): Promise<void> {
  const day = 86_400_000;
  await db
    .insertInto('memberships')
    .values({ user_uuid: uuid, plan_item: 1, starts_at: new Date(Date.now() - day), ends_at: new Date(Date.now() + 30 * day) })
    .execute();
}

export async function makeKycApproved(db: Kysely<Database>, uuid: string): Promise<void> {
  await db.updateTable('users').set({ kyc_status: KycStatus.Approved }).where('uuid', '=', uuid).execute();
}

/** Dictionary ids used by these suites, far from the seeded ones. */
export const FEEDBACK_TYPE_ID = 9_101;
export const REPORT_REASON_ID = 9_201;

/** A region, a city and the two dictionary entries these suites need; idempotent. */
export async function seedSocialReferences(db: Kysely<Database>): Promise<{ regionId: number; cityId: number }> {
  const names = JSON.stringify({ en: 'Social test' });
  await db.insertInto('regions').values({ slug: 'social-test', names, search_key: 'social test' }).onConflict((oc) => oc.column('slug').doNothing()).execute();
  const region = await db.selectFrom('regions').select('id').where('slug', '=', 'social-test').executeTakeFirstOrThrow();
  await db
    .insertInto('cities')
    .values({ region_id: region.id, slug: 'social-city', names, search_key: 'social city' })
    .onConflict((oc) => oc.columns(['region_id', 'slug']).doNothing())
    .execute();
  const city = await db.selectFrom('cities').select('id').where('region_id', '=', region.id).where('slug', '=', 'social-city').executeTakeFirstOrThrow();
  await db
    .insertInto('dict_entries')
    .values([
      { type: 'feedback_type', id: FEEDBACK_TYPE_ID, names: JSON.stringify({ en: 'Test feedback' }) },
      { type: 'report_reason', id: REPORT_REASON_ID, names: JSON.stringify({ en: 'Test reason' }) },
    ])
    .onConflict((oc) => oc.columns(['type', 'id']).doNothing())
    .execute();
  return { regionId: region.id, cityId: city.id };
}

export interface ListingOptions {
  status?: ListingStatusColumn;
  visible?: boolean;
  createdAt?: Date;
}

export async function insertMerchant(
  db: Kysely<Database>,
  place: { regionId: number; cityId: number },
  ownerUuid: string,
  options: ListingOptions = {},
): Promise<number> {
  const name = `Venue ${randomUUID().slice(0, 8)}`;
  const address = '1-2-3 Test Street';
  const row = await db
    .insertInto('merchants')
    .values({
      owner_uuid: ownerUuid,
      name,
      merchant_type: 1,
      region_id: place.regionId,
      city_id: place.cityId,
      address,
      lat: null,
      lng: null,
      phone: null,
      price_level: 2,
      description: 'A quiet place for tests.',
      moderation_note: null,
      search_key: merchantSearchKey({ name, address }),
      status: options.status ?? 'published',
      visible: options.visible ?? true,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPartner(
  db: Kysely<Database>,
  place: { regionId: number; cityId: number },
  ownerUuid: string,
  options: ListingOptions = {},
): Promise<number> {
  const nickname = `Host ${randomUUID().slice(0, 8)}`;
  const row = await db
    .insertInto('partners')
    .values({
      uuid: randomUUID(),
      owner_uuid: ownerUuid,
      merchant_id: null,
      nickname,
      age: 30,
      sex: 1,
      body_type: 1,
      drive_type: null,
      height: null,
      intro: 'A friendly guide for tests.',
      region_id: place.regionId,
      city_id: place.cityId,
      moderation_note: null,
      search_key: partnerSearchKey({ nickname }),
      status: options.status ?? 'published',
      visible: options.visible ?? true,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A small real image of the given format, for multipart parts. */
export async function testImage(format: 'png' | 'jpeg' = 'png', color = '#c04020') {
  const data = await sharp({ create: { width: 24, height: 16, channels: 3, background: color } })[format]().toBuffer();
  return { data, name: `photo.${format}`, type: `image/${format}` };
}

/** Every stored file under the app's uploads directory (to prove a refusal leaves none behind). */
/** Every file under a directory, relative to it, sorted (none when it does not exist). */
export function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.push(path.relative(root, full));
    }
  };
  walk(root);
  return found.sort();
}

export function uploadedFiles(dataDir: string): string[] {
  return filesUnder(path.join(dataDir, 'uploads'));
}

/** Row counts of the tables the social calls write. */
export async function socialCounts(db: Kysely<Database>) {
  const count = async (table: 'favorites' | 'visit_reports' | 'feedback' | 'reports' | 'photos') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const [favorites, visitReports, feedback, reports, photos] = await Promise.all([
    count('favorites'),
    count('visit_reports'),
    count('feedback'),
    count('reports'),
    count('photos'),
  ]);
  return { favorites, visitReports, feedback, reports, photos };
}
