import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertMerchantRow, insertPartnerRow, placeRefs, type TestUser } from './listing.fixtures';

/**
 * Issue 10 item 7: public answers carry only what the page shows. No owner uuid, no moderation note, no login name
 * or e-mail of anyone, in any list, detail, search, favourite or visit report a guest or another member reads.
 */

const FORBIDDEN_KEYS = ['owner_uuid', 'moderation_note', 'username', 'email', 'author_uuid', 'password_hash'];

/** Every key path of a forbidden name, and every string value that is one of the secrets, anywhere in the JSON. */
function leaks(value: unknown, secrets: string[], path = '$'): string[] {
  if (typeof value === 'string') return secrets.some((s) => value.includes(s)) ? [`${path} = ${value}`] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(FORBIDDEN_KEYS.includes(key) ? [`${path}.${key}`] : []),
    ...leaks(item, secrets, `${path}.${key}`),
  ]);
}

describe.each(DATABASE_KINDS)('privacy of public answers on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let owner: TestUser;
  let reader: TestUser;
  let writer: TestUser;
  let merchantId: number;
  let partnerId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    owner = await createUser(t, api, 'OwnerPrivate', 4);
    reader = await createUser(t, api, 'ReaderPrivate', 4);
    writer = await createUser(t, api, 'WriterPrivate', 1);
    const { tokyo } = await placeRefs(t);
    merchantId = await insertMerchantRow(t, owner.uuid, tokyo, { name: 'Quiet Lantern' });
    partnerId = await insertPartnerRow(t, owner.uuid, tokyo, { nickname: 'Quiet Guide' });
    await t.database.db.updateTable('merchants').set({ moderation_note: 'secret moderation note' }).where('id', '=', merchantId).execute();
    await t.database.db.updateTable('partners').set({ moderation_note: 'secret moderation note' }).where('id', '=', partnerId).execute();
    const report = await api.call('merchant/visitReportCreate', { token: writer.token, merchant_id: merchantId, rating: 4, title: 'Nice', content: 'A quiet evening with friends.', visit_date: '2026-01-15' });
    expect(report.status, report.msg).toBe(1);
    expect((await api.call('favorite/add', { token: reader.token, source: 'merchant', id: merchantId })).status).toBe(1);
    expect((await api.call('favorite/add', { token: reader.token, source: 'partner', id: partnerId })).status).toBe(1);
  });
  afterAll(async () => t?.close());

  it('guests and other members read no owner identity, moderation note or login name anywhere', async () => {
    const secrets = [owner.uuid, writer.uuid, 'OwnerPrivate', 'WriterPrivate', 'ownerprivate', 'writerprivate', 'secret moderation note'];
    const reads: [string, Record<string, unknown>][] = [
      ['merchant/detail', { id: merchantId }],
      ['partner/detail', { id: partnerId }],
      ['merchant/list', { region_slug: 'japan', city_slug: 'tokyo' }],
      ['partner/list', { region_slug: 'japan', city_slug: 'tokyo' }],
      ['city/search', { keyword: 'Quiet' }],
      ['merchant/visitReports', { merchant_id: merchantId }],
    ];
    for (const token of [undefined, reader.token]) {
      for (const [path, payload] of reads) {
        const res = await api.call(path, { ...payload, ...(token ? { token } : {}) });
        expect(res.status, `${path}: ${res.msg}`).toBe(1);
        expect(leaks(res.data, secrets), path).toEqual([]);
      }
    }
    for (const source of ['merchant', 'partner']) {
      const favorites = await api.call('favorite/list', { token: reader.token, source });
      expect(favorites.status, favorites.msg).toBe(1);
      expect(leaks(favorites.data, secrets), `favorite/list ${source}`).toEqual([]);
    }
    const detail = (await api.call('merchant/detail', { id: merchantId, token: reader.token })).data as { is_own: boolean };
    expect(detail.is_own).toBe(false);
  });

  it('the owner is told the listing is theirs, and reads the moderation note on their own pages', async () => {
    const detail = (await api.call('merchant/detail', { id: merchantId, token: owner.token })).data as Record<string, unknown>;
    expect(detail.is_own).toBe(true);
    expect(detail).not.toHaveProperty('moderation_note');
    const own = (await api.call('user/merchant_detail', { id: merchantId, token: owner.token })).data as Record<string, unknown>;
    expect(own).toMatchObject({ is_own: true, moderation_note: 'secret moderation note' });
    const ownPartner = (await api.call('user/partner_detail', { id: partnerId, token: owner.token })).data as Record<string, unknown>;
    expect(ownPartner).toMatchObject({ is_own: true, moderation_note: 'secret moderation note' });
  });

  it('a visit report shows a nickname the author chose, never the login name', async () => {
    const before = (await api.call('merchant/visitReports', { merchant_id: merchantId })).data as { list: { author: unknown }[] };
    expect(before.list[0].author).toEqual({ nickname: '', thumb: expect.any(String) });
    expect((await api.call('account/setting', { token: writer.token, nickname: 'Night Owl' })).status).toBe(1);
    const after = (await api.call('merchant/visitReports', { merchant_id: merchantId })).data as { list: { author: unknown }[] };
    expect(after.list[0].author).toEqual({ nickname: 'Night Owl', thumb: expect.any(String) });
  });
});
