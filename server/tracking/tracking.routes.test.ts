import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACK_BATCH_MAX, TRACK_PATH_MAX } from '@/contract/calls/track';
import { sectionOfPath } from '@/contract/tracking';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { TRACK_LIMIT_PER_GUEST, VIEWED_AT_MAX_FUTURE_MS, VIEWED_AT_MAX_PAST_MS } from './tracking.routes';

describe.each(DATABASE_KINDS)('tracking API on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  const countViews = async () =>
    Number((await t.database.db.selectFrom('page_views').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  /** A valid view of `path`, labelled with the shared mapping. */
  const view = (path: string, at = Date.now()) => ({ section: sectionOfPath(path), path, at });

  it('stores a guest batch with the guest id, the client and no user', async () => {
    const at = Date.now() - 5_000;
    const views = [view('/ja/merchant/12', at), view('/ja/merchant/12/visit-report', at + 1), view('/', at + 2)];
    const res = await api.call('track', { views });
    expect([res.status, res.msg, res.data]).toEqual([1, 'ok', null]);

    const rows = await t.database.db.selectFrom('page_views').selectAll().where('oauth_id', '=', api.guestId).orderBy('id').execute();
    expect(rows.map((r) => [r.section, r.path, r.user_uuid, r.client])).toEqual([
      ['merchant', '/ja/merchant/12', null, 'pwa'],
      ['deep_report', '/ja/merchant/12/visit-report', null, 'pwa'],
      ['homepage', '/', null, 'pwa'],
    ]);
    expect(rows.map((r) => r.viewed_at.getTime())).toEqual([at, at + 1, at + 2]);
    for (const row of rows) expect(Math.abs(row.received_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('stores a logged-in batch with the user and the guest id', async () => {
    const reg = await api.call('account/registerByPassword', { account: 'tracker', email: 'tracker@example.test', password: 'long-enough-1' });
    expect(reg.status, reg.msg).toBe(1);
    const { token } = reg.data as { token: string };
    const user = await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'tracker').executeTakeFirstOrThrow();

    const res = await api.call('track', { token, views: [view('/zh-hant/member/setup'), view('/en/tokyo/shinjuku')] });
    expect(res.status, res.msg).toBe(1);
    const rows = await t.database.db.selectFrom('page_views').selectAll().where('user_uuid', '=', user.uuid).orderBy('id').execute();
    expect(rows.map((r) => [r.section, r.path, r.oauth_id])).toEqual([
      ['mine', '/zh-hant/member/setup', api.guestId],
      ['search', '/en/tokyo/shinjuku', api.guestId],
    ]);
  });

  it('answers 422 for a token that is no longer valid, and writes nothing', async () => {
    const before = await countViews();
    const res = await api.call('track', { token: 'x'.repeat(43), views: [view('/en')] });
    expect(res.status).toBe(422);
    expect(await countViews()).toBe(before);
  });

  it('refuses a whole batch when one view is invalid, and writes nothing', async () => {
    const good = () => [view('/en/partner/3'), view('/en/search'), view('/en/message/7')];
    const cases: [string, unknown[], string][] = [
      ['unknown section', [...good(), { section: 'checkout', path: '/en', at: Date.now() }], 'views.3.section'],
      ['mismatched section', [...good(), { section: 'merchant', path: '/en/partner/3', at: Date.now() }], 'views.3.section'],
      ['path too long', [...good(), view(`/en/${'p'.repeat(TRACK_PATH_MAX)}`)], 'views.3.path'],
      ['path with a query', [...good(), { section: 'search', path: '/en/search?q=1', at: Date.now() }], 'views.3.path'],
      ['at not a number', [...good(), { section: 'homepage', path: '/en', at: 'soon' }], 'views.3.at'],
      ['at before 2020', [...good(), { section: 'homepage', path: '/en', at: 86_400_000 }], 'views.3.at'],
      ['51 views', Array.from({ length: TRACK_BATCH_MAX + 1 }, () => view('/en')), 'views'],
      ['no views', [], 'views'],
      ['views not a list', 'everything' as unknown as unknown[], 'views'],
    ];
    const before = await countViews();
    for (const [name, views, field] of cases) {
      const res = await api.call('track', { views });
      expect(res.status, name).toBe(0);
      expect(res.httpStatus, name).toBe(200);
      expect((res.data as { field: string }).field, name).toBe(field);
      expect(res.msg, name).toMatch(/^(Invalid value for|"views\.3\.\w+" must)/);
    }
    expect(await countViews()).toBe(before);
  });

  it('clamps timestamps to one day back and five minutes ahead of the server clock', async () => {
    const client = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const now = Date.now();
    const res = await client.call('track', {
      views: [view('/en', now - 30 * 86_400_000), view('/en/search', now + 365 * 86_400_000), view('/en/member', now - 60_000)],
    });
    expect(res.status, res.msg).toBe(1);
    const rows = await t.database.db.selectFrom('page_views').selectAll().where('oauth_id', '=', client.guestId).orderBy('id').execute();
    const [past, future, recent] = rows;
    expect(past.viewed_at.getTime()).toBe(past.received_at.getTime() - VIEWED_AT_MAX_PAST_MS);
    expect(future.viewed_at.getTime()).toBe(future.received_at.getTime() + VIEWED_AT_MAX_FUTURE_MS);
    expect(recent.viewed_at.getTime()).toBe(now - 60_000);
  });

  it('the table itself refuses an unknown section or an unclamped time', async () => {
    const row = { oauth_id: api.guestId, user_uuid: null, path: '/en', client: 'web' };
    await expect(
      t.database.db.insertInto('page_views').values({ ...row, section: 'nope' as 'homepage', viewed_at: new Date() }).execute(),
    ).rejects.toThrow(/page_views_section_check/);
    await expect(
      t.database.db.insertInto('page_views').values({ ...row, section: 'homepage', viewed_at: new Date(Date.now() + 3_600_000) }).execute(),
    ).rejects.toThrow(/page_views_viewed_at_check/);
  });

  it('limits batches per guest id: 429 with Retry-After, nothing written, other guests unaffected', async () => {
    const busy = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    for (let i = 0; i < TRACK_LIMIT_PER_GUEST.max; i++) {
      expect((await busy.call('track', { views: [view('/en')] })).status).toBe(1);
    }
    const before = await countViews();
    const limited = await busy.call('track', { views: [view('/en')] });
    expect(limited.httpStatus).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.status).toBe(0);
    expect(await countViews()).toBe(before);
    expect((await api.call('track', { views: [view('/en')] })).status).toBe(1);
  });
});
