import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminListing, AuditEntry } from '@/contract/calls/admin';
import { ALL_CALLS } from '@/contract/catalog';
import type { ListingSource } from '@/contract/shapes';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertMerchantRow, insertPartnerRow, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';

interface Page<T> {
  list: T[];
  next_cursor: string | null;
}

const NOT_FOUND = 'This listing does not exist or is no longer available.';

/**
 * Issue 13 item 4, listing moderation: an admin hides a merchant or a partner with a note, and it disappears from the
 * lists, search, favourites ("collections") and its page for every member and guest, while its owner and admins still
 * open it and the owner reads the note; unhiding brings it back everywhere. Each change is one audit row.
 */
describe.each(DATABASE_KINDS)('listing moderation on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let admin: TestUser;
  let owner: TestUser;
  let fan: TestUser;
  const ids: Record<ListingSource, number> = { merchant: 0, partner: 0 };

  const detailPath = (source: ListingSource) => `${source}/detail`;

  /** Where a member (or a guest, without a token) can find the listing today. */
  async function whereSeen(source: ListingSource, token?: string): Promise<string[]> {
    const seen: string[] = [];
    const auth = token ? { token } : {};
    const list = await api.call(`${source}/list`, { ...auth, region_slug: 'japan', city_slug: 'tokyo', limit: 50 });
    expect(list.status, list.msg).toBe(1);
    if ((list.data as Page<{ id: number }>).list.some((l) => l.id === ids[source])) seen.push('list');
    const search = await api.call('city/search', { ...auth, keyword: 'Quetzal' });
    expect(search.status, search.msg).toBe(1);
    const hits = (search.data as Record<'merchants' | 'partners', { id: number }[]>)[source === 'merchant' ? 'merchants' : 'partners'];
    if (hits.some((l) => l.id === ids[source])) seen.push('search');
    if (token) {
      const favorites = await api.call('favorite/list', { token, source });
      expect(favorites.status, favorites.msg).toBe(1);
      if ((favorites.data as Page<{ item: { id: number } }>).list.some((f) => f.item.id === ids[source])) seen.push('favorites');
    }
    const detail = await api.call(detailPath(source), { ...auth, id: ids[source] });
    if (detail.status === 1) seen.push('detail');
    else expect(detail.msg).toBe(NOT_FOUND);
    return seen;
  }

  const auditOf = async (source: ListingSource) =>
    (await api.call('admin/auditLog', { token: admin.token, target_type: source, target_id: String(ids[source]) })).data as Page<AuditEntry>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const refs = await placeRefs(t);
    admin = await createUser(t, api, 'Moderator', 1, 'admin');
    owner = await createUser(t, api, 'Owner', 4);
    fan = await createUser(t, api, 'Fan', 1);
    ids.merchant = await insertMerchantRow(t, owner.uuid, refs.tokyo, { name: 'Quetzal Lounge' });
    ids.partner = await insertPartnerRow(t, owner.uuid, refs.tokyo, { nickname: 'Quetzal Guide' });
    for (const source of ['merchant', 'partner'] as const) {
      const added = await api.call('favorite/add', { token: fan.token, source, id: ids[source] });
      expect(added.status, added.msg).toBe(1);
    }
  });
  afterAll(async () => t?.close());

  it.each(['merchant', 'partner'] as const)('hides a %s from everyone but its owner and admins, and unhides it', async (source) => {
    expect(await whereSeen(source, fan.token)).toEqual(['list', 'search', 'favorites', 'detail']);
    expect(await whereSeen(source)).toEqual(['list', 'search', 'detail']);

    const hidden = await api.call('admin/listingHide', { token: admin.token, source, id: ids[source], note: 'Photos of another venue' });
    expect(hidden.status, hidden.msg).toBe(1);
    expect(hidden.data as AdminListing).toMatchObject({
      source,
      id: ids[source],
      name: source === 'merchant' ? 'Quetzal Lounge' : 'Quetzal Guide',
      owner: { uuid: owner.uuid, username: 'Owner' },
      status: 'hidden',
      visible: true,
      moderation_note: 'Photos of another venue',
    });

    expect(await whereSeen(source, fan.token)).toEqual([]);
    expect(await whereSeen(source)).toEqual([]);
    // The owner still opens it and reads why; so do admins.
    const own = await api.call(detailPath(source), { token: owner.token, id: ids[source] });
    expect(own.status, own.msg).toBe(1);
    const ownList = await api.call(`user/${source}s`, { token: owner.token, status: 'hidden' });
    expect((ownList.data as Page<{ id: number; status: string; moderation_note: string | null }>).list).toEqual([
      expect.objectContaining({ id: ids[source], status: 'hidden', moderation_note: 'Photos of another venue' }),
    ]);
    expect((await api.call(detailPath(source), { token: admin.token, id: ids[source] })).status).toBe(1);
    // The owner's edit of the visible switch does not undo moderation.
    expect((await api.call(`user/${source}_toggleVisiable`, { token: owner.token, id: ids[source] })).status).toBe(1);
    expect((await api.call(`user/${source}_toggleVisiable`, { token: owner.token, id: ids[source] })).status).toBe(1);
    expect(await whereSeen(source, fan.token)).toEqual([]);

    const queue = await api.call('admin/listings', { token: admin.token, source });
    expect((queue.data as Page<AdminListing>).list.map((l) => [l.id, l.status])).toEqual([[ids[source], 'hidden']]);

    const twice = await api.call('admin/listingHide', { token: admin.token, source, id: ids[source], note: 'Again' });
    expect([twice.status, twice.msg]).toEqual([0, 'This listing is already hidden.']);

    const shown = await api.call('admin/listingUnhide', { token: admin.token, source, id: ids[source] });
    expect(shown.data).toMatchObject({ status: 'published', moderation_note: null });
    expect(await whereSeen(source, fan.token)).toEqual(['list', 'search', 'favorites', 'detail']);
    expect(await whereSeen(source)).toEqual(['list', 'search', 'detail']);
    const again = await api.call('admin/listingUnhide', { token: admin.token, source, id: ids[source] });
    expect([again.status, again.msg]).toEqual([0, 'This listing is not hidden.']);
    expect(((await api.call('admin/listings', { token: admin.token, source })).data as Page<AdminListing>).list).toEqual([]);

    // One audit row per change, none for the refusals.
    const audit = await auditOf(source);
    expect(audit.list.map((e) => [e.action, e.admin.uuid, e.details.from, e.details.to])).toEqual([
      ['listing.unhide', admin.uuid, 'hidden', 'published'],
      ['listing.hide', admin.uuid, 'published', 'hidden'],
    ]);
    expect(audit.list[1].details).toMatchObject({ note: 'Photos of another venue', owner: owner.uuid });
  });

  it('refuses members, unknown listings and a missing note, writing nothing', async () => {
    const before = (await api.call('admin/auditLog', { token: admin.token })).data;
    for (const token of [owner.token, fan.token]) {
      const res = await api.call('admin/listingHide', { token, source: 'merchant', id: ids.merchant, note: 'Mine now' });
      expect([res.status, res.msg]).toEqual([0, 'Only administrators can do this.']);
    }
    const unknown = await api.call('admin/listingHide', { token: admin.token, source: 'partner', id: 2_000_000_000, note: 'Gone' });
    expect([unknown.status, unknown.msg]).toEqual([0, NOT_FOUND]);
    const noNote = await api.call('admin/listingHide', { token: admin.token, source: 'merchant', id: ids.merchant });
    expect(noNote.data).toMatchObject({ field: 'note' });
    const badSource = await api.call('admin/listingUnhide', { token: admin.token, source: 'user', id: ids.merchant });
    expect(badSource.data).toMatchObject({ field: 'source' });
    expect((await api.call('admin/auditLog', { token: admin.token })).data).toEqual(before);
    expect(await whereSeen('merchant', fan.token)).toEqual(['list', 'search', 'favorites', 'detail']);
  });

  it('records the spec\'s moderation call (merchant/update) in the audit log too', async () => {
    const hidden = await api.call('merchant/update', { token: admin.token, id: ids.merchant, status: 'hidden', note: 'Under review' });
    expect(hidden.status, hidden.msg).toBe(1);
    expect(await whereSeen('merchant', fan.token)).toEqual([]);
    const status = (await auditOf('merchant')).list[0];
    expect(status).toMatchObject({ action: 'listing.status', details: { from: 'published', to: 'hidden', note: 'Under review' } });
    // A listing hidden by merchant/update is unhidden by the console like any other.
    expect((await api.call('admin/listingUnhide', { token: admin.token, source: 'merchant', id: ids.merchant })).status).toBe(1);
    expect(await whereSeen('merchant', fan.token)).toEqual(['list', 'search', 'favorites', 'detail']);
  });

  /**
   * Issue 31 item 12: admins hide, they never delete. Every admin call of the catalog is sent a payload aimed at the
   * listings (whatever fields it reads), and the spec's moderators' deletes are not served at all; the rows remain,
   * and after a hide the owner's reads answer the status and the reason while the public read answers "not found".
   */
  it('deletes a listing by no admin call: the owner reads it hidden with the reason, the public gets not found', async () => {
    const refs = await placeRefs(t);
    const kept: Record<ListingSource, number> = {
      merchant: await insertMerchantRow(t, owner.uuid, refs.tokyo, { name: 'Kept Lounge' }),
      partner: await insertPartnerRow(t, owner.uuid, refs.tokyo, { nickname: 'Kept Guide' }),
    };
    const rowsLeft = async () => ({
      merchant: (await t.database.db.selectFrom('merchants').select('id').where('id', '=', kept.merchant).execute()).length,
      partner: (await t.database.db.selectFrom('partners').select('id').where('id', '=', kept.partner).execute()).length,
    });
    const adminCalls = ALL_CALLS.filter((c) => c.role === 'admin').map((c) => c.path);
    expect(adminCalls.filter((path) => /delete|remove|destroy|purge/i.test(path))).toEqual([]);
    for (const source of ['merchant', 'partner'] as const) {
      for (const path of adminCalls) {
        // No `uuid`: admin/userSignOut would end the owner's session, which this test reads with.
        await api.call(path, { token: admin.token, source, id: kept[source], status: 'hidden', note: 'Sweep', reason: 'Sweep', decision: 'reject' });
      }
      for (const path of [`${source}/delete`, `${source}/remove`]) {
        const res = await api.call(path, { token: admin.token, id: kept[source], reason: 'Gone' });
        expect(res.httpStatus, path).toBe(404);
      }
    }
    expect(await rowsLeft()).toEqual({ merchant: 1, partner: 1 });

    for (const source of ['merchant', 'partner'] as const) {
      // The sweep may have left it hidden or published; end on one hide with the reason the owner must read.
      if ((await api.call(detailPath(source), { id: kept[source] })).status !== 1) {
        expect((await api.call('admin/listingUnhide', { token: admin.token, source, id: kept[source] })).status).toBe(1);
      }
      const hidden = await api.call('admin/listingHide', { token: admin.token, source, id: kept[source], note: 'Prices are missing' });
      expect(hidden.status, hidden.msg).toBe(1);

      const ownList = await api.call(`user/${source}s`, { token: owner.token });
      expect((ownList.data as Page<{ id: number; status: string; moderation_note: string | null }>).list).toContainEqual(
        expect.objectContaining({ id: kept[source], status: 'hidden', moderation_note: 'Prices are missing' }),
      );
      const ownDetail = await api.call(`user/${source}_detail`, { token: owner.token, id: kept[source] });
      expect(ownDetail.status, ownDetail.msg).toBe(1);
      expect(ownDetail.data).toMatchObject({ id: kept[source], status: 'hidden', moderation_note: 'Prices are missing' });

      for (const token of [undefined, fan.token]) {
        const res = await api.call(detailPath(source), { ...(token ? { token } : {}), id: kept[source] });
        expect([res.status, res.msg, res.data]).toEqual([0, NOT_FOUND, null]);
      }
      // The public answer never carries the reason.
      const publicDetail = await api.call(detailPath(source), { token: owner.token, id: kept[source] });
      expect(publicDetail.data).not.toHaveProperty('moderation_note');
    }
    expect(await rowsLeft()).toEqual({ merchant: 1, partner: 1 });
  });
});
