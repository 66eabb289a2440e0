import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDetail, MerchantSummary } from '@/contract/calls/merchant';
import type { PartnerDetail, PartnerSummary } from '@/contract/calls/partner';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import {
  createUser,
  diskPathOf,
  file,
  insertMerchantRow,
  insertPartnerRow,
  jpegWithExif,
  listingCounts,
  merchantPayload,
  partnerPayload,
  placeRefs,
  type RawClient,
  type Refs,
  storedFiles,
  type TestUser,
  type UploadFile,
} from './listing.fixtures';

const NOT_FOUND = 'This listing does not exist or is no longer available.';

interface Page<T> {
  list: T[];
  next_cursor: string | null;
}

describe.each(DATABASE_KINDS)('listing API on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let refs: Refs;
  let owner: TestUser; // membership 4
  let other: TestUser; // membership 4, never owns what the tests probe
  let member: TestUser; // membership 1
  let paid: TestUser; // membership 2
  let kyc: TestUser; // membership 3
  let admin: TestUser;
  let cover: Buffer;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    refs = await placeRefs(t);
    owner = await createUser(t, api, 'Owner', 4);
    other = await createUser(t, api, 'Other', 4);
    member = await createUser(t, api, 'Member', 1);
    paid = await createUser(t, api, 'Paid', 2);
    kyc = await createUser(t, api, 'Kyc', 3);
    admin = await createUser(t, api, 'Admin', 1, 'admin');
    cover = await jpegWithExif();
  });
  afterAll(async () => t?.close());

  const photos = async (n: number, prefix = 'photo'): Promise<Record<string, UploadFile>> => {
    const out: Record<string, UploadFile> = {};
    for (let i = 0; i < n; i++) out[`${prefix}${i}`] = file(await jpegWithExif(40 + i, 30, i % 2 ? '#3c3' : '#33c'));
    return out;
  };

  async function createMerchant(user: TestUser, overrides: Record<string, unknown> = {}, gallery = 0): Promise<MerchantDetail> {
    const res = await api.upload('merchant/create', { token: user.token, ...merchantPayload(refs.tokyo, overrides) }, { cover: file(cover), ...(await photos(gallery)) });
    expect(res.status, res.msg).toBe(1);
    return res.data as MerchantDetail;
  }

  async function createPartner(user: TestUser, overrides: Record<string, unknown> = {}, count = 1): Promise<PartnerDetail> {
    const res = await api.upload('partner/create', { token: user.token, ...partnerPayload(refs.tokyo, overrides) }, await photos(count));
    expect(res.status, res.msg).toBe(1);
    return res.data as PartnerDetail;
  }

  const userCounts = async (uuid: string) =>
    t.database.db.selectFrom('users').select(['merchant_count', 'partner_count', 'version']).where('uuid', '=', uuid).executeTakeFirstOrThrow();

  // --- Publishing ------------------------------------------------------------------------------------------------

  describe('merchant/create', () => {
    it('publishes at once with a re-encoded cover and gallery, and counts the listing', async () => {
      const before = await userCounts(owner.uuid);
      const created = await createMerchant(owner, { name: 'Ｂｌｕｅ　Door  Café' }, 2);
      expect(created).toMatchObject({
        name: 'Ｂｌｕｅ　Door  Café',
        status: 'published',
        visible: true,
        is_own: true,
        region_slug: 'japan',
        city_slug: 'tokyo',
        merchant_type: 2,
        tags: [1, 2],
        price_level: 2,
        rating: null,
        report_count: 0,
        favorite_count: 0,
        is_favorite: false,
        lat: 35.6702,
        lng: 139.7027,
        phone: '+81 3-1234-5678',
        opening_hours: [
          { day: 1, open: '09:00', close: '18:00' },
          { day: 5, open: '18:00', close: '02:00' },
        ],
        social: [{ type: 1, value: 'bluedoor' }],
        moderation_note: null,
      });
      expect(created.gallery).toHaveLength(2);
      expect(created.cover?.image).toMatch(/^\/uploads\/listing\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
      for (const url of [created.cover!.image, created.cover!.thumb, ...created.gallery.flatMap((g) => [g.image, g.thumb])]) {
        const bytes = readFileSync(diskPathOf(t, url));
        expect((await sharp(bytes).metadata()).format).toBe('webp');
        expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('secret-exif-marker'))).toBe(false);
      }
      const after = await userCounts(owner.uuid);
      expect(after.merchant_count).toBe(before.merchant_count + 1);
      expect(after.version).toBeGreaterThan(before.version);
      const row = await t.database.db.selectFrom('merchants').select(['search_key', 'status']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.search_key).toContain('blue door café');
      const me = await api.call('user/me', { token: owner.token });
      expect((me.data as { merchant_count: number }).merchant_count).toBe(after.merchant_count);
    });

    it('refuses members without KYC and a paid plan, and writes nothing', async () => {
      const counts = await listingCounts(t);
      const files = storedFiles(t).length;
      for (const user of [member, paid, kyc]) {
        const res = await api.upload('merchant/create', { token: user.token, ...merchantPayload(refs.tokyo) }, { cover: file(cover) });
        expect([res.status, res.msg]).toEqual([0, 'Publishing a venue requires identity verification (KYC) and an active paid membership.']);
      }
      const guest = await api.upload('merchant/create', merchantPayload(refs.tokyo), { cover: file(cover) });
      expect([guest.status, guest.msg]).toEqual([0, 'Please log in first.']);
      expect(await listingCounts(t)).toEqual(counts);
      expect(storedFiles(t).length).toBe(files);
    });

    it('refuses a missing cover, unknown city or dictionary ids, bad images and too many parts; nothing is left behind', async () => {
      const counts = await listingCounts(t);
      const files = storedFiles(t).length;
      const cases: [Record<string, unknown>, Record<string, UploadFile>, string][] = [
        [merchantPayload(refs.tokyo), await photos(1), 'Add a cover image.'],
        [merchantPayload(999_999), { cover: file(cover) }, 'This city does not exist.'],
        [merchantPayload(refs.tokyo, { merchant_type: 999 }), { cover: file(cover) }, 'Choose a valid value for "merchant_type".'],
        [merchantPayload(refs.tokyo, { tags: [1, 9_999] }), { cover: file(cover) }, 'Choose a valid value for "tags".'],
        [merchantPayload(refs.tokyo), { cover: file(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg') }, 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).'],
        // A good cover and gallery photo are stored before the broken third part is refused; they must be removed.
        [merchantPayload(refs.tokyo), { cover: file(cover), photo0: file(cover), photo1: file(Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3])) }, 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).'],
        [merchantPayload(refs.tokyo, { lat: 10, lng: undefined }), { cover: file(cover) }, 'Invalid value for "lng".'],
        [merchantPayload(refs.tokyo, { price_level: 5 }), { cover: file(cover) }, '"price_level" must be at most 4.'],
        [merchantPayload(refs.tokyo), { cover: file(cover), photo12: file(cover) }, 'Invalid value for "photo12".'],
      ];
      for (const [payload, parts, msg] of cases) {
        const res = await api.upload('merchant/create', { token: owner.token, ...payload }, parts);
        expect([res.status, res.msg], msg).toEqual([0, msg]);
      }
      expect(await listingCounts(t)).toEqual(counts);
      expect(storedFiles(t).length).toBe(files);
    });

    it('takes a cover and the full gallery of 12 photos', async () => {
      const res = await api.upload('merchant/create', { token: other.token, ...merchantPayload(refs.osaka, { name: 'Full gallery' }) }, { cover: file(cover), ...(await photos(12)) });
      expect(res.status, res.msg).toBe(1);
      expect((res.data as MerchantDetail).gallery).toHaveLength(12);
    });
  });

  describe('partner/create', () => {
    it('lets a KYC member publish one profile and a KYC paid member several', async () => {
      const first = await createPartner(kyc, {}, 2);
      expect(first).toMatchObject({ status: 'published', nickname: 'Aiko', age: 28, languages: [1, 2], is_unlocked: true, unlock_price: 80, merchant_id: null });
      expect(first.photos).toHaveLength(2);
      expect(first.cover).toEqual({ image: first.photos[0].image, thumb: first.photos[0].thumb });
      expect((await userCounts(kyc.uuid)).partner_count).toBe(1);
      const counts = await listingCounts(t);
      const second = await api.upload('partner/create', { token: kyc.token, ...partnerPayload(refs.tokyo) }, await photos(1));
      expect([second.status, second.msg]).toEqual([0, 'Publishing a profile requires identity verification (KYC); a second profile also requires an active paid membership.']);
      for (const user of [member, paid]) {
        const res = await api.upload('partner/create', { token: user.token, ...partnerPayload(refs.tokyo) }, await photos(1));
        expect(res.status).toBe(0);
      }
      expect(await listingCounts(t)).toEqual(counts);
      await createPartner(owner);
      await createPartner(owner, { nickname: 'Kenji', sex: 2 });
    });

    it('lets a KYC member win only one of two simultaneous first profiles', async () => {
      const racer = await createUser(t, api, 'Racer', 3);
      const send = async () => api.upload('partner/create', { token: racer.token, ...partnerPayload(refs.tokyo, { nickname: 'Racer' }) }, await photos(1));
      const answers = await Promise.all([send(), send(), send()]);
      expect(answers.map((a) => a.status).sort()).toEqual([0, 0, 1]);
      expect((await userCounts(racer.uuid)).partner_count).toBe(1);
      const rows = await t.database.db.selectFrom('partners').select('id').where('owner_uuid', '=', racer.uuid).execute();
      expect(rows).toHaveLength(1);
    });

    it('needs a photo, known dictionary ids and a published venue', async () => {
      const hiddenVenue = await insertMerchantRow(t, other.uuid, refs.tokyo, { status: 'hidden' });
      const counts = await listingCounts(t);
      const files = storedFiles(t).length;
      const cases: [Record<string, unknown>, Record<string, UploadFile>, string][] = [
        [partnerPayload(refs.tokyo), {}, 'Add at least one photo.'],
        [partnerPayload(refs.tokyo, { sex: 99 }), await photos(1), 'Choose a valid value for "sex".'],
        [partnerPayload(refs.tokyo, { body_type: 99 }), await photos(1), 'Choose a valid value for "body_type".'],
        [partnerPayload(refs.tokyo, { languages: [1, 999] }), await photos(1), 'Choose a valid value for "languages".'],
        [partnerPayload(refs.tokyo, { drive_type: 99 }), await photos(1), 'Choose a valid value for "drive_type".'],
        [partnerPayload(refs.tokyo, { tags: [999] }), await photos(1), 'Choose a valid value for "tags".'],
        [partnerPayload(refs.tokyo, { merchant_id: hiddenVenue }), await photos(1), 'The venue you chose does not exist or is not published.'],
        [partnerPayload(refs.tokyo, { merchant_id: 2_000_000 }), await photos(1), 'The venue you chose does not exist or is not published.'],
        [partnerPayload(refs.tokyo, { age: 17 }), await photos(1), '"age" must be at least 18.'],
        [partnerPayload(refs.tokyo), { cover: file(cover) }, 'Invalid value for "cover".'],
      ];
      for (const [payload, parts, msg] of cases) {
        const res = await api.upload('partner/create', { token: owner.token, ...payload }, parts);
        expect([res.status, res.msg], msg).toEqual([0, msg]);
      }
      expect(await listingCounts(t)).toEqual(counts);
      expect(storedFiles(t).length).toBe(files);
      const venue = await createMerchant(other, { name: 'Venue for partners' });
      const linked = await createPartner(owner, { nickname: 'Linked', merchant_id: venue.id });
      expect(linked.merchant_id).toBe(venue.id);
    });
  });

  describe('publishing once per idempotency key', () => {
    it('answers a create sent again with its key with the first listing: one row, its pictures once, counted once', async () => {
      const publisher = await createUser(t, api, 'OncePublisher', 4);
      const key = '7d444840-9dc0-41a6-b5a8-5c1ad1a3c9b2';
      const before = storedFiles(t).length;
      const parts = { cover: file(cover), ...(await photos(2)) };
      const send = () => api.upload('merchant/create', { token: publisher.token, ...merchantPayload(refs.tokyo, { name: 'Once venue' }), idempotency_key: key }, parts);
      // A double tap: three sends at once, each past the lookup before any committed. One publishes; the others meet
      // the unique key, roll back with their pictures and answer the first venue.
      const racing = await Promise.all([send(), send(), send()]);
      const first = racing[0];
      expect(first.status, first.msg).toBe(1);
      // The same publish again later (the answer was lost): the first venue, from the lookup.
      const again = [...racing, await send()];
      for (const res of again) expect([res.status, (res.data as MerchantDetail).id]).toEqual([1, (first.data as MerchantDetail).id]);
      const rows = await t.database.db.selectFrom('merchants').select(['id', 'create_key']).where('owner_uuid', '=', publisher.uuid).execute();
      expect(rows).toEqual([{ id: (first.data as MerchantDetail).id, create_key: key }]);
      // The cover and two photos of the first call, and no file of the calls that published nothing.
      expect(storedFiles(t).length - before).toBe(3 * 2);
      const user = await t.database.db.selectFrom('users').select('merchant_count').where('uuid', '=', publisher.uuid).executeTakeFirstOrThrow();
      expect(user.merchant_count).toBe(1);

      // Another key is another venue; the key is the owner's own: another owner's same key publishes theirs.
      const second = await api.upload('merchant/create', { token: publisher.token, ...merchantPayload(refs.tokyo, { name: 'Second venue' }), idempotency_key: '0c7a5a4e-6f69-4f0e-9a57-3c3b8e4f1d10' }, { cover: file(cover) });
      expect([second.status, (second.data as MerchantDetail).name]).toEqual([1, 'Second venue']);
      const theirs = await api.upload('merchant/create', { token: other.token, ...merchantPayload(refs.tokyo, { name: 'Their venue' }), idempotency_key: key }, { cover: file(cover) });
      expect([theirs.status, (theirs.data as MerchantDetail).name]).toEqual([1, 'Their venue']);

      const partnerKey = 'a3c1f1d2-5b7e-4c4a-8f0e-2d9b6c7e8f90';
      const profile = await api.upload('partner/create', { token: publisher.token, ...partnerPayload(refs.tokyo, { nickname: 'Once guide' }), idempotency_key: partnerKey }, await photos(1));
      const profileAgain = await api.upload('partner/create', { token: publisher.token, ...partnerPayload(refs.tokyo, { nickname: 'Once guide' }), idempotency_key: partnerKey }, await photos(1));
      expect([profileAgain.status, (profileAgain.data as PartnerDetail).id]).toEqual([1, (profile.data as PartnerDetail).id]);
      expect(await t.database.db.selectFrom('partners').select('id').where('owner_uuid', '=', publisher.uuid).execute()).toHaveLength(1);
      const bad = await api.upload('partner/create', { token: publisher.token, ...partnerPayload(refs.tokyo), idempotency_key: 'again' }, await photos(1));
      expect(bad.status).toBe(0);
    });
  });

  // --- Reading -----------------------------------------------------------------------------------------------------

  describe('detail and visibility', () => {
    it('shows a published listing to everyone and hides hidden, invisible and missing ones alike', async () => {
      const shown = await createMerchant(owner, { name: 'Shown venue' });
      const invisible = await createMerchant(owner, { name: 'Invisible venue', visible: false });
      const moderated = await createMerchant(owner, { name: 'Moderated venue' });
      const pending = await insertMerchantRow(t, owner.uuid, refs.tokyo, { status: 'pending' });
      expect((await api.call('merchant/update', { token: admin.token, id: moderated.id, status: 'hidden', note: 'Reported twice' })).status).toBe(1);

      const guest = await api.call('merchant/detail', { id: shown.id });
      expect(guest.status).toBe(1);
      expect((guest.data as MerchantDetail).is_favorite).toBe(false);
      for (const id of [invisible.id, moderated.id, pending, 2_000_000_000]) {
        for (const token of [undefined, other.token, member.token]) {
          const res = await api.call('merchant/detail', { id, ...(token ? { token } : {}) });
          expect([res.status, res.msg, res.data]).toEqual([0, NOT_FOUND, null]);
        }
      }
      // The owner and moderators see every state.
      for (const id of [invisible.id, moderated.id, pending]) {
        expect((await api.call('merchant/detail', { id, token: owner.token })).status).toBe(1);
        expect((await api.call('merchant/detail', { id, token: admin.token })).status).toBe(1);
        expect((await api.call('user/merchant_detail', { id, token: owner.token })).status).toBe(1);
      }
      const own = (await api.call('user/merchant_detail', { id: moderated.id, token: owner.token })).data as MerchantDetail;
      expect(own).toMatchObject({ status: 'hidden', moderation_note: 'Reported twice' });
    });

    it('hides partners the same way and marks favourites of the viewer', async () => {
      const shown = await createPartner(owner, { nickname: 'Visible guide' });
      const hidden = await createPartner(owner, { nickname: 'Hidden guide', visible: false });
      await t.database.db.insertInto('favorites').values({ user_uuid: other.uuid, source: 'partner', listing_id: shown.id }).execute();
      const seen = await api.call('partner/detail', { id: shown.id, token: other.token });
      expect(seen.status).toBe(1);
      expect(seen.data).toMatchObject({ is_favorite: true, is_unlocked: false });
      expect((await api.call('partner/detail', { id: hidden.id, token: other.token })).msg).toBe(NOT_FOUND);
      expect((await api.call('partner/detail', { id: hidden.id })).msg).toBe(NOT_FOUND);
      expect((await api.call('partner/detail', { id: 2_000_000_000 })).msg).toBe(NOT_FOUND);
      expect((await api.call('partner/detail', { id: hidden.id, token: owner.token })).status).toBe(1);
    });
  });

  describe('merchant/list and partner/list', () => {
    let listOwner: TestUser;
    beforeAll(async () => {
      listOwner = await createUser(t, api, 'ListOwner', 4);
      // Seoul is used by these tests alone, so its contents are known exactly.
      await insertMerchantRow(t, listOwner.uuid, refs.seoul, { name: 'Hanok Tea House', merchant_type: 11, tags: [1, 5], price_level: 1, favorite_count: 5, created_at: '2026-01-01T00:00:00.000001Z' });
      await insertMerchantRow(t, listOwner.uuid, refs.seoul, { name: 'Gangnam Rooftop', merchant_type: 3, tags: [13], price_level: 4, favorite_count: 9, created_at: '2026-01-02T00:00:00Z' });
      await insertMerchantRow(t, listOwner.uuid, refs.seoul, { name: 'Itaewon Jazz', merchant_type: 10, tags: [3, 4], price_level: 3, favorite_count: 1, created_at: '2026-01-03T00:00:00Z' });
      await insertMerchantRow(t, listOwner.uuid, refs.seoul, { name: 'Hidden Seoul', status: 'hidden', favorite_count: 50 });
      await insertMerchantRow(t, listOwner.uuid, refs.seoul, { name: 'Invisible Seoul', visible: false, favorite_count: 50 });
      await insertPartnerRow(t, listOwner.uuid, refs.seoul, { nickname: 'Minji', age: 24, sex: 1, body_type: 1, languages: [3, 1], favorite_count: 3 });
      await insertPartnerRow(t, listOwner.uuid, refs.seoul, { nickname: 'Joon', age: 35, sex: 2, body_type: 3, languages: [3], favorite_count: 7 });
      await insertPartnerRow(t, listOwner.uuid, refs.seoul, { nickname: 'Hidden Hana', status: 'hidden' });
    });

    const merchants = async (payload: Record<string, unknown>) => {
      const res = await api.call('merchant/list', payload);
      expect(res.status, res.msg).toBe(1);
      return (res.data as Page<MerchantSummary>).list.map((m) => m.name);
    };
    const partners = async (payload: Record<string, unknown>) => {
      const res = await api.call('partner/list', payload);
      expect(res.status, res.msg).toBe(1);
      return (res.data as Page<PartnerSummary>).list.map((p) => p.nickname);
    };
    const seoul = { region_slug: 'south-korea', city_slug: 'seoul' };

    it('lists public merchants of a city in each sort', async () => {
      expect(await merchants({ ...seoul, sort: 'newest' })).toEqual(['Itaewon Jazz', 'Gangnam Rooftop', 'Hanok Tea House']);
      expect(await merchants({ ...seoul, sort: 'popular' })).toEqual(['Gangnam Rooftop', 'Hanok Tea House', 'Itaewon Jazz']);
      expect(await merchants({ ...seoul, sort: 'recommended' })).toEqual(['Gangnam Rooftop', 'Hanok Tea House', 'Itaewon Jazz']);
      expect(await merchants(seoul)).toEqual(['Gangnam Rooftop', 'Hanok Tea House', 'Itaewon Jazz']);
      expect(await merchants({ region_slug: 'south-korea', sort: 'newest' })).toEqual(['Itaewon Jazz', 'Gangnam Rooftop', 'Hanok Tea House']);
      const res = await api.call('merchant/list', { ...seoul, sort: 'newest', limit: 1 });
      const card = (res.data as Page<MerchantSummary>).list[0];
      expect(card).toMatchObject({ region_slug: 'south-korea', city_slug: 'seoul', merchant_type: 10, tags: [3, 4], price_level: 3, cover: null, is_favorite: false });
      expect(card.created_at).toBe('2026-01-03T00:00:00.000Z');
    });

    it('filters merchants by type, tag, price level and keyword in any width or case', async () => {
      expect(await merchants({ ...seoul, merchant_type: 11 })).toEqual(['Hanok Tea House']);
      expect(await merchants({ ...seoul, tag: 3 })).toEqual(['Itaewon Jazz']);
      expect(await merchants({ ...seoul, tag: 1 })).toEqual(['Hanok Tea House']);
      expect(await merchants({ ...seoul, price_level: 4 })).toEqual(['Gangnam Rooftop']);
      expect(await merchants({ ...seoul, keyword: 'ＲＯＯＦＴＯＰ' })).toEqual(['Gangnam Rooftop']);
      expect(await merchants({ ...seoul, keyword: 'jazz', tag: 1 })).toEqual([]);
      expect(await merchants({ ...seoul, keyword: '100%' })).toEqual([]);
      expect(await merchants({ keyword: 'hanok tea' })).toEqual(['Hanok Tea House']);
      expect(await merchants({ keyword: 'Hidden Seoul' })).toEqual([]);
    });

    it('filters partners by sex, body type, age, language and venue', async () => {
      expect(await partners({ ...seoul, sort: 'popular' })).toEqual(['Joon', 'Minji']);
      expect(await partners({ ...seoul, sex: 2 })).toEqual(['Joon']);
      expect(await partners({ ...seoul, body_type: 1 })).toEqual(['Minji']);
      expect(await partners({ ...seoul, age_min: 30 })).toEqual(['Joon']);
      expect(await partners({ ...seoul, age_max: 30 })).toEqual(['Minji']);
      expect(await partners({ ...seoul, age_min: 24, age_max: 24 })).toEqual(['Minji']);
      expect(await partners({ ...seoul, language: 1 })).toEqual(['Minji']);
      expect(await partners({ ...seoul, keyword: 'JOON' })).toEqual(['Joon']);
      expect(await partners({ ...seoul, merchant_id: 1 })).toEqual([]);
    });

    it('refuses unknown places and invalid or forged cursors with a clear message', async () => {
      const cases: [string, Record<string, unknown>, string][] = [
        ['merchant/list', { region_slug: 'atlantis' }, 'This region does not exist.'],
        ['merchant/list', { region_slug: 'atlantis', city_slug: 'tokyo' }, 'This region does not exist.'],
        ['merchant/list', { region_slug: 'japan', city_slug: 'seoul' }, 'This city does not exist.'],
        ['partner/list', { region_slug: 'japan', city_slug: 'nowhere' }, 'This city does not exist.'],
        ['merchant/list', { city_slug: 'tokyo' }, 'Please fill in "region_slug".'],
        ['merchant/list', { cursor: 'not-a-cursor' }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: Buffer.from('{"l":"m","o":"p","k":-1,"i":1}').toString('base64url') }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: Buffer.from('{"l":"m","o":"n","k":"99999999999999999","i":1}').toString('base64url'), sort: 'newest' }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: Buffer.from('{"l":"m","o":"n","k":"1","i":1}').toString('base64url'), sort: 'popular' }, 'This list position is no longer valid. Reload the list.'],
        ['partner/list', { cursor: Buffer.from('{"l":"m","o":"p","k":1,"i":1}').toString('base64url') }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: Buffer.from('{"l":"m","o":"p","k":1,"i":1e10}').toString('base64url') }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: Buffer.from('["m"]').toString('base64url') }, 'This list position is no longer valid. Reload the list.'],
        ['merchant/list', { cursor: 'a+b/c=' }, 'Invalid value for "cursor".'],
      ];
      for (const [path, payload, msg] of cases) {
        const res = await api.call(path, payload);
        expect([res.httpStatus, res.status, res.msg], `${path} ${JSON.stringify(payload)}`).toEqual([200, 0, msg]);
      }
      // A forged cursor that decodes well is just a position: it answers a page, never an error.
      const forged = Buffer.from('{"l":"m","o":"n","k":"-9007199254740991","i":1}').toString('base64url');
      expect((await api.call('merchant/list', { cursor: forged, sort: 'newest' })).status).toBe(1);
    });

    it('reads a city page from the partial city index, without sorting (PostgreSQL plan)', async () => {
      if (t.database.kind !== 'postgres') return;
      const rollback = new Error('rollback');
      // Realistic proportions: thousands of listings elsewhere, so the planner's choice means something. All of it
      // is rolled back.
      await t.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`insert into merchants (owner_uuid, name, merchant_type, region_id, city_id, address, price_level, description, search_key, status, created_at)
            select ${listOwner.uuid}, 'Bulk ' || g, 1, ${refs.japan}, ${refs.tokyo}, 'Street', 2, 'Bulk', 'bulk ' || g, 'published', now() - g * interval '1 minute'
            from generate_series(1, 5000) g`.execute(trx);
          await sql`analyze merchants`.execute(trx);
          const plan = await sql<{ 'QUERY PLAN': string }>`explain select * from merchants
            where merchants.status = 'published' and merchants.visible and merchants.city_id = ${refs.seoul}
              and (merchants.created_at, merchants.id) < (timestamptz 'epoch' + ${String(Date.now() * 1000)}::bigint * interval '1 microsecond', ${2_000_000})
            order by merchants.created_at desc, merchants.id desc limit 21`.execute(trx);
          const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(text).toContain('merchants_city_new');
          expect(text).toMatch(/Index Cond: .*city_id.*ROW\(created_at, id\) < ROW/s);
          expect(text).not.toMatch(/\bSort\b/);
          const popular = await sql<{ 'QUERY PLAN': string }>`explain select * from merchants
            where merchants.status = 'published' and merchants.visible and merchants.city_id = ${refs.seoul}
              and (merchants.favorite_count, merchants.id) < (${3}, ${2_000_000})
            order by merchants.favorite_count desc, merchants.id desc limit 21`.execute(trx);
          const popularText = popular.rows.map((r) => r['QUERY PLAN']).join('\n');
          expect(popularText).toContain('merchants_city_popular');
          expect(popularText).not.toMatch(/\bSort\b/);
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
    });
  });

  describe('keyset pagination', () => {
    it('shows every listing that existed when paging started exactly once while rows are inserted', async () => {
      const bulkOwner = await createUser(t, api, 'BulkOwner', 4);
      const osaka = { region_slug: 'japan', city_slug: 'osaka' };
      // Ties on purpose: several rows share one created_at (to the microsecond) and one favorite_count.
      const tie = '2026-03-01T12:00:00.123456Z';
      for (let i = 0; i < 23; i++) {
        await insertMerchantRow(t, bulkOwner.uuid, refs.osaka, { created_at: i % 3 === 0 ? tie : new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), favorite_count: i % 4 });
        await insertPartnerRow(t, bulkOwner.uuid, refs.osaka, { created_at: i % 3 === 0 ? tie : new Date(Date.UTC(2026, 0, 1 + i)).toISOString(), favorite_count: i % 4 });
      }
      for (const [path, table] of [['merchant/list', 'merchants'], ['partner/list', 'partners']] as const) {
        for (const sort of ['newest', 'popular', 'recommended']) {
          const existing = (
            await t.database.db.selectFrom(table).select('id').where('city_id', '=', refs.osaka).where('status', '=', 'published').where('visible', '=', true).execute()
          ).map((r) => r.id);
          const seen: number[] = [];
          let cursor: string | undefined;
          let pages = 0;
          do {
            const res = await api.call(path, { ...osaka, sort, limit: 4, ...(cursor ? { cursor } : {}) });
            expect(res.status, res.msg).toBe(1);
            const page = res.data as Page<{ id: number }>;
            seen.push(...page.list.map((r) => r.id));
            cursor = page.next_cursor ?? undefined;
            // Between pages: a brand-new row, an old-dated one, and popular and unpopular ones land on every side.
            const insert = table === 'merchants' ? insertMerchantRow : insertPartnerRow;
            await insert(t, bulkOwner.uuid, refs.osaka, {});
            await insert(t, bulkOwner.uuid, refs.osaka, { created_at: tie, favorite_count: 2 });
            await insert(t, bulkOwner.uuid, refs.osaka, { created_at: '2025-06-01T00:00:00Z', favorite_count: 99 });
            pages++;
          } while (cursor && pages < 100);
          for (const id of existing) expect(seen.filter((s) => s === id), `${path} ${sort} id ${id}`).toHaveLength(1);
          expect(new Set(seen).size, `${path} ${sort} repeats`).toBe(seen.length);
        }
      }
    });

    it('pages the owner lists by id with a status filter', async () => {
      const pager = await createUser(t, api, 'Pager', 4);
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) ids.push(await insertMerchantRow(t, pager.uuid, refs.tokyo, { status: i === 3 ? 'hidden' : 'published', visible: i !== 5 }));
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const res = await api.call('user/merchants', { token: pager.token, limit: 3, ...(cursor ? { cursor } : {}) });
        expect(res.status, res.msg).toBe(1);
        const page = res.data as Page<{ id: number; status: string; visible: boolean }>;
        seen.push(...page.list.map((r) => r.id));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual([...ids].reverse());
      const hidden = await api.call('user/merchants', { token: pager.token, status: 'hidden' });
      expect((hidden.data as Page<{ id: number; status: string }>).list).toEqual([expect.objectContaining({ id: ids[3], status: 'hidden', visible: true })]);
      const bad = await api.call('user/merchants', { token: pager.token, cursor: Buffer.from('{"l":"m","o":"n","k":"1","i":1}').toString('base64url') });
      expect(bad.msg).toBe('This list position is no longer valid. Reload the list.');
      const other = await api.call('user/partners', { token: pager.token });
      expect(other.data).toEqual({ list: [], next_cursor: null });
    });
  });

  // --- The owner's content ---------------------------------------------------------------------------------------

  describe('content management', () => {
    it('updates every field, keeps chosen photos in order, adds new ones and replaces the cover', async () => {
      const created = await createMerchant(owner, { name: 'Before edit' }, 3);
      const [p0, p1, p2] = created.gallery;
      const res = await api.upload(
        'user/merchant_update',
        { token: owner.token, ...merchantPayload(refs.osaka, { id: created.id, name: 'After edit', tags: [], price_level: 4, visible: false, keep_photo_ids: [p2.id, p0.id] }) },
        { cover: file(await jpegWithExif(50, 50, '#fff')), photo0: file(cover) },
      );
      expect(res.status, res.msg).toBe(1);
      const updated = res.data as MerchantDetail;
      expect(updated).toMatchObject({ name: 'After edit', city_slug: 'osaka', tags: [], price_level: 4, visible: false, status: 'published' });
      expect(updated.gallery.map((g) => g.id).slice(0, 2)).toEqual([p2.id, p0.id]);
      expect(updated.gallery).toHaveLength(3);
      expect(updated.cover!.image).not.toBe(created.cover!.image);
      expect(existsSync(diskPathOf(t, created.cover!.image))).toBe(false);
      expect(existsSync(diskPathOf(t, p1.image))).toBe(false);
      expect(existsSync(diskPathOf(t, p0.image))).toBe(true);
      const row = await t.database.db.selectFrom('merchants').select(['search_key', 'region_id']).where('id', '=', created.id).executeTakeFirstOrThrow();
      expect(row.search_key).toContain('after edit');
      // Absent keep_photo_ids keeps every photo.
      const again = await api.upload('user/merchant_update', { token: owner.token, ...merchantPayload(refs.osaka, { id: created.id, name: 'Again' }) }, {});
      expect((again.data as MerchantDetail).gallery).toHaveLength(3);
    });

    it('refuses more than 12 photos, foreign photo ids, and leaves everything as it was', async () => {
      const created = await createMerchant(owner, { name: 'Full' }, 11);
      const foreign = await createMerchant(other, { name: 'Foreign' }, 1);
      const counts = await listingCounts(t);
      const files = storedFiles(t).length;
      const tooMany = await api.upload('user/merchant_update', { token: owner.token, ...merchantPayload(refs.tokyo, { id: created.id }) }, await photos(2));
      expect([tooMany.status, tooMany.msg]).toEqual([0, 'A listing can have at most 12 photos.']);
      const wrongPhoto = await api.upload('user/merchant_update', { token: owner.token, ...merchantPayload(refs.tokyo, { id: created.id, keep_photo_ids: [foreign.gallery[0].id] }) }, {});
      expect([wrongPhoto.status, wrongPhoto.msg]).toEqual([0, 'One of the photos to keep does not belong to this listing.']);
      const partner = await createPartner(owner, { nickname: 'Photo keeper' }, 1);
      const counts2 = await listingCounts(t);
      const none = await api.upload('user/partner_update', { token: owner.token, ...partnerPayload(refs.tokyo, { id: partner.id, keep_photo_ids: [] }) }, {});
      expect([none.status, none.msg]).toEqual([0, 'Add at least one photo.']);
      expect(await listingCounts(t)).toEqual(counts2);
      expect(counts2.partners).toBe(counts.partners + 1);
      expect(storedFiles(t).length).toBe(files + 2);
    });

    it('edits a partner: the first kept photo becomes the cover', async () => {
      const created = await createPartner(owner, { nickname: 'Editable' }, 3);
      const res = await api.upload(
        'user/partner_update',
        { token: owner.token, ...partnerPayload(refs.tokyo, { id: created.id, nickname: 'Edited', age: 40, keep_photo_ids: [created.photos[2].id] }) },
        await photos(1),
      );
      expect(res.status, res.msg).toBe(1);
      const updated = res.data as PartnerDetail;
      expect(updated).toMatchObject({ nickname: 'Edited', age: 40 });
      expect(updated.photos).toHaveLength(2);
      expect(updated.photos[0].id).toBe(created.photos[2].id);
      expect(updated.cover).toEqual({ image: created.photos[2].image, thumb: created.photos[2].thumb });
      expect(existsSync(diskPathOf(t, created.photos[0].image))).toBe(false);
    });

    it('toggles and sets visibility, and deletes with favourites, photos, files and the count', async () => {
      const venue = await createMerchant(owner, { name: 'To delete' }, 2);
      const guide = await createPartner(owner, { nickname: 'To delete too' }, 2);
      expect((await api.call('user/merchant_toggleVisiable', { token: owner.token, id: venue.id })).data).toEqual({ visible: false });
      expect((await api.call('merchant/detail', { id: venue.id })).msg).toBe(NOT_FOUND);
      expect((await api.call('user/merchant_toggleVisiable', { token: owner.token, id: venue.id })).data).toEqual({ visible: true });
      expect((await api.call('user/partner_toggleVisiable', { token: owner.token, id: guide.id })).data).toEqual({ visible: false });
      expect((await api.call('partner/setVisiable', { token: owner.token, id: guide.id, visible: false })).data).toEqual({ visible: false });
      expect((await api.call('partner/setVisiable', { token: owner.token, id: guide.id, visible: true })).data).toEqual({ visible: true });

      await t.database.db.insertInto('favorites').values([
        { user_uuid: other.uuid, source: 'merchant', listing_id: venue.id },
        { user_uuid: other.uuid, source: 'partner', listing_id: guide.id },
      ]).execute();
      const before = await userCounts(owner.uuid);
      expect((await api.call('user/merchant_delete', { token: owner.token, id: venue.id })).status).toBe(1);
      expect((await api.call('user/partner_delete', { token: owner.token, id: guide.id })).status).toBe(1);
      const after = await userCounts(owner.uuid);
      expect([after.merchant_count, after.partner_count]).toEqual([before.merchant_count - 1, before.partner_count - 1]);
      const leftovers = await t.database.db
        .selectFrom('favorites')
        .select('listing_id')
        .where((eb) => eb.or([eb.and([eb('source', '=', 'merchant'), eb('listing_id', '=', venue.id)]), eb.and([eb('source', '=', 'partner'), eb('listing_id', '=', guide.id)])]))
        .execute();
      expect(leftovers).toEqual([]);
      const photoRows = await t.database.db
        .selectFrom('photos')
        .select('id')
        .where((eb) => eb.or([eb.and([eb('owner_kind', '=', 'merchant'), eb('owner_id', '=', venue.id)]), eb.and([eb('owner_kind', '=', 'partner'), eb('owner_id', '=', guide.id)])]))
        .execute();
      expect(photoRows).toEqual([]);
      for (const url of [venue.cover!.image, venue.cover!.thumb, ...venue.gallery.map((g) => g.image), ...guide.photos.map((p) => p.thumb)]) {
        expect(existsSync(diskPathOf(t, url)), url).toBe(false);
      }
      expect((await api.call('user/merchant_delete', { token: owner.token, id: venue.id })).msg).toBe(NOT_FOUND);
    });

    it('keeps image files that another listing still shows (demo listings share pictures)', async () => {
      const first = await createMerchant(owner, { name: 'Shares a picture' }, 1);
      const twin = await insertMerchantRow(t, other.uuid, refs.tokyo, { name: 'Twin' });
      await t.database.db.updateTable('merchants').set({ cover: JSON.stringify({ ...first.cover, width: 64, height: 48 }) }).where('id', '=', twin).execute();
      await t.database.db
        .insertInto('photos')
        .values({ owner_kind: 'merchant', owner_id: twin, position: 0, image: first.gallery[0].image, thumb: first.gallery[0].thumb, width: 1, height: 1 })
        .execute();
      expect((await api.call('user/merchant_delete', { token: owner.token, id: first.id })).status).toBe(1);
      for (const url of [first.cover!.image, first.cover!.thumb, first.gallery[0].image, first.gallery[0].thumb]) {
        expect(existsSync(diskPathOf(t, url)), url).toBe(true);
      }
      expect((await api.call('user/merchant_delete', { token: other.token, id: twin })).status).toBe(1);
      for (const url of [first.cover!.image, first.gallery[0].thumb]) expect(existsSync(diskPathOf(t, url)), url).toBe(false);
    });

    it('never lets a member read, edit, toggle or delete another member\'s listing, by any id', async () => {
      const hiddenVenue = await createMerchant(owner, { name: 'Secret venue', visible: false }, 1);
      const hiddenGuide = await createPartner(owner, { nickname: 'Secret guide', visible: false });
      const maxMerchant = (await t.database.db.selectFrom('merchants').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m as number;
      const maxPartner = (await t.database.db.selectFrom('partners').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m as number;
      const snapshot = async () => ({
        counts: await listingCounts(t),
        merchants: await t.database.db.selectFrom('merchants').selectAll().where('owner_uuid', '!=', member.uuid).orderBy('id').execute(),
        partners: await t.database.db.selectFrom('partners').selectAll().where('owner_uuid', '!=', member.uuid).orderBy('id').execute(),
        files: storedFiles(t).length,
      });
      const before = await snapshot();
      const intruder = member;
      // Every id from 1 on (guessing), the hidden ones, and the next ids that do not exist yet.
      const probe = (max: number, hidden: number) => [...new Set([...Array.from({ length: 25 }, (_, i) => i + 1), hidden, max, max + 1, max + 2])];
      for (const id of probe(maxMerchant, hiddenVenue.id)) {
        const answers = [
          await api.call('user/merchant_detail', { token: intruder.token, id }),
          await api.call('user/merchant_delete', { token: intruder.token, id }),
          await api.call('user/merchant_toggleVisiable', { token: intruder.token, id }),
          await api.upload('user/merchant_update', { token: intruder.token, ...merchantPayload(refs.tokyo, { id, name: 'Hijacked' }) }, {}),
        ];
        for (const res of answers) expect([res.status, res.msg, res.data], `merchant ${id}`).toEqual([0, NOT_FOUND, null]);
      }
      for (const id of probe(maxPartner, hiddenGuide.id)) {
        const answers = [
          await api.call('user/partner_detail', { token: intruder.token, id }),
          await api.call('user/partner_delete', { token: intruder.token, id }),
          await api.call('user/partner_toggleVisiable', { token: intruder.token, id }),
          await api.call('partner/setVisiable', { token: intruder.token, id, visible: true }),
          await api.upload('user/partner_update', { token: intruder.token, ...partnerPayload(refs.tokyo, { id, nickname: 'Hijacked' }) }, await photos(1)),
        ];
        for (const res of answers) expect([res.status, res.msg, res.data], `partner ${id}`).toEqual([0, NOT_FOUND, null]);
      }
      expect((await api.call('merchant/detail', { token: intruder.token, id: hiddenVenue.id })).msg).toBe(NOT_FOUND);
      expect((await api.call('partner/detail', { token: intruder.token, id: hiddenGuide.id })).msg).toBe(NOT_FOUND);
      expect(await snapshot()).toEqual(before);
    });
  });

  // --- Moderation ------------------------------------------------------------------------------------------------

  describe('moderation', () => {
    it('lets admins change the status, and nobody else; hiding needs a reason', async () => {
      const venue = await createMerchant(owner, { name: 'Moderated later' }, 1);
      const guide = await createPartner(owner, { nickname: 'Moderated guide' });
      for (const user of [owner, member]) {
        expect((await api.call('merchant/update', { token: user.token, id: venue.id, status: 'hidden' })).msg).toBe('Only administrators can do this.');
      }
      const unexplained = await api.call('partner/update', { token: admin.token, id: guide.id, status: 'hidden' });
      expect([unexplained.status, unexplained.data]).toEqual([0, expect.objectContaining({ field: 'note' })]);
      const hidden = await api.call('partner/update', { token: admin.token, id: guide.id, status: 'hidden', note: 'Fake photos' });
      expect(hidden.data).toMatchObject({ status: 'hidden', moderation_note: 'Fake photos' });
      expect((await api.call('partner/detail', { id: guide.id })).msg).toBe(NOT_FOUND);
      // The owner's edit does not undo moderation.
      const edited = await api.upload('user/partner_update', { token: owner.token, ...partnerPayload(refs.tokyo, { id: guide.id }) }, {});
      expect((edited.data as PartnerDetail).status).toBe('hidden');
      const restored = await api.call('partner/update', { token: admin.token, id: guide.id, status: 'published' });
      expect(restored.data).toMatchObject({ status: 'published', moderation_note: null });
      expect((await api.call('merchant/update', { token: admin.token, id: 2_000_000_000, status: 'hidden', note: 'x' })).msg).toBe(NOT_FOUND);
      expect(existsSync(diskPathOf(t, venue.gallery[0].image))).toBe(true);
    });

    it('deleting a venue also deletes its visit reports\' photos and unlinks its partners', async () => {
      const venue = await createMerchant(other, { name: 'Venue with reports' });
      const guide = await createPartner(owner, { nickname: 'Works there', merchant_id: venue.id });
      const report = await t.database.db
        .insertInto('visit_reports')
        .values({ merchant_id: venue.id, author_uuid: owner.uuid, rating: 4, title: 'Nice', content: 'Good evening', visit_date: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db.insertInto('photos').values({ owner_kind: 'visit_report', owner_id: report.id, position: 0, image: '/uploads/listing/2026/01/00000000-0000-4000-8000-000000000000.webp', thumb: '/uploads/listing/2026/01/00000000-0000-4000-8000-000000000000.thumb.webp', width: 1, height: 1 }).execute();
      expect((await api.call('user/merchant_delete', { token: other.token, id: venue.id })).status).toBe(1);
      expect(await t.database.db.selectFrom('visit_reports').select('id').where('id', '=', report.id).execute()).toEqual([]);
      expect(await t.database.db.selectFrom('photos').select('id').where('owner_kind', '=', 'visit_report').where('owner_id', '=', report.id).execute()).toEqual([]);
      expect((await t.database.db.selectFrom('partners').select('merchant_id').where('id', '=', guide.id).executeTakeFirstOrThrow()).merchant_id).toBeNull();
    });
  });

  // --- Search ------------------------------------------------------------------------------------------------------

  describe('city/search', () => {
    it('finds places and public listings by keyword, narrowed to a region', async () => {
      const searcher = await createUser(t, api, 'Searcher', 4);
      await insertMerchantRow(t, searcher.uuid, refs.tokyo, { name: 'Zephyr Kissa Tokyo' });
      await insertMerchantRow(t, searcher.uuid, refs.seoul, { name: 'Zephyr Bar Seoul' });
      await insertMerchantRow(t, searcher.uuid, refs.tokyo, { name: 'Zephyr Hidden', visible: false });
      await insertPartnerRow(t, searcher.uuid, refs.tokyo, { nickname: 'Zephyrine' });
      const res = await api.call('city/search', { keyword: 'ＺＥＰＨＹＲ' });
      expect(res.status, res.msg).toBe(1);
      const data = res.data as { regions: unknown[]; cities: unknown[]; merchants: MerchantSummary[]; partners: PartnerSummary[] };
      expect(data.merchants.map((m) => m.name).sort()).toEqual(['Zephyr Bar Seoul', 'Zephyr Kissa Tokyo']);
      expect(data.partners.map((p) => p.nickname)).toEqual(['Zephyrine']);
      const narrowed = await api.call('city/search', { keyword: 'zephyr', region_slug: 'japan' });
      expect((narrowed.data as typeof data).merchants.map((m) => m.name)).toEqual(['Zephyr Kissa Tokyo']);
      const places = await api.call('city/search', { keyword: '東京' }, { 'accept-language': 'ja' });
      expect((places.data as { cities: { slug: string; name: string }[] }).cities[0]).toMatchObject({ slug: 'tokyo', name: '東京' });
      const unknown = await api.call('city/search', { keyword: 'x', region_slug: 'atlantis' });
      expect([unknown.status, unknown.msg]).toEqual([0, 'This region does not exist.']);
      expect((await api.call('city/search', { keyword: '' })).msg).toBe('Please fill in "keyword".');
    });
  });

  it('answers in the request language', async () => {
    const res = await api.call('merchant/detail', { id: 2_000_000_000 }, { 'accept-language': 'ja-JP' });
    expect(res.msg).toBe('この掲載情報は存在しないか、現在は公開されていません。');
  });
});
