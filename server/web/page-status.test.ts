import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, testConfig, type TestApp } from '../../tests/support/test-app';
import { createUser, insertMerchantRow, insertPartnerRow, placeRefs } from '../directory/listing.fixtures';
import { ERROR_PAGE_ROUTES, LISTING_ROUTES, type PageMatcher, PLACE_ROUTES } from './page-status';
import { withTitle } from './spa.plugin';

/**
 * The status of every page is the status of what it shows (issue 30 item 9), decided by the app's own router: the
 * route tree of src/entry-server.tsx, loaded here from source (the production server loads the same module from
 * dist/ssr), with the routes' own `params.parse` checks, plus the database for places and listings.
 */

/** The real matcher, handed to the server build's stand-in below (the server imports dist/ssr natively). */
const MATCHER_KEY = '__venuelyPageMatcher';
let matcher: PageMatcher;

beforeAll(async () => {
  const build = await import('../../src/entry-server');
  matcher = { matchPage: build.matchPage };
  (globalThis as Record<string, unknown>)[MATCHER_KEY] = matcher;
}, 120_000);

describe("the app's router, as the server asks it", () => {
  it("knows the routes the server treats apart: error pages, places and listings (a renamed route fails here)", () => {
    const routeOf = (pathname: string) => matcher.matchPage(pathname).route;
    expect(Object.keys(ERROR_PAGE_ROUTES).sort()).toEqual([routeOf('/en/401'), routeOf('/en/403'), routeOf('/en/404')].sort());
    expect([routeOf('/en/japan'), routeOf('/en/japan/tokyo'), routeOf('/en/japan/tokyo/partner')]).toEqual(PLACE_ROUTES);
    expect([routeOf('/en/merchant/1'), routeOf('/en/merchant/1/visit-report'), routeOf('/en/partner/1')]).toEqual(Object.keys(LISTING_ROUTES));
  });

  it("refuses the params its routes refuse, and leaves places and listings' existence to the server", () => {
    const refused = (pathname: string) => matcher.matchPage(pathname).refused;
    for (const pathname of ['/en/merchant/abc', '/en/partner/0', '/en/info/xyz', '/en/verify/kyc/step9', '/en/message/bad', '/xx/search', '/en/collection/hotel'])
      expect(refused(pathname), pathname).toBe(true);
    for (const pathname of ['/en/merchant/12', '/en/info/terms', '/en/verify/kyc/step2', '/en/atlantis', `/en/message/${randomUUID()}`])
      expect(refused(pathname), pathname).toBe(false);
    expect(matcher.matchPage('/en/japan/tokyo/partner').params).toMatchObject({ lang: 'en', region: 'japan', city: 'tokyo', source: 'partner' });
    // Decoded as the browser's router decodes the address bar.
    expect(matcher.matchPage('/ja/japan/%E6%9D%B1%E4%BA%AC').params).toMatchObject({ city: '東京' });
  });

  it("matches as the browser does: a page's path in any case, a language, place or id as written", () => {
    expect(matcher.matchPage('/en/search').route).toBe('/$lang/search');
    expect(matcher.matchPage('/en/Search').route).toBe('/$lang/search');
    expect(matcher.matchPage('/EN/search').refused).toBe(true);
    expect(matcher.matchPage('/en/Japan')).toMatchObject({ route: '/$lang/$region/', params: { region: 'Japan' } });
  });

  it("names the signed-in pages painted as a skeleton, with their routes and catalog (issue 30 item 8)", () => {
    const paths = (pathname: string) => matcher.matchPage(pathname).skeleton?.calls?.map(({ call, embed }) => `${call.path}${embed ? ' (embedded)' : ''}`);
    expect(matcher.matchPage('/en/member/point')).toMatchObject({
      skeleton: { catalog: 'wallet' },
      routes: ['__root__', '/$lang', '/$lang/_default', '/$lang/_default/_auth', '/$lang/_default/_auth/member/point/'],
    });
    // The member's reads the filled page is rendered from; only the economy, the same for everyone, travels in it.
    expect(paths('/en/member/point')).toEqual(['user/me', 'home/economy (embedded)', 'home/config']);
    expect(matcher.matchPage('/ar/message').skeleton?.catalog).toBe('chat');
    expect(paths('/ar/message')).toEqual(['user/me', 'chat/getContactList']);
    expect(matcher.matchPage('/en/member').skeleton?.catalog).toBe('forms');
    expect(paths('/en/member')).toEqual(['user/me']);
    // A conversation is painted as its skeleton: no member reads.
    expect(matcher.matchPage(`/en/message/${randomUUID()}`).skeleton).toMatchObject({ catalog: 'chat', calls: [] });
    for (const pathname of ['/en', '/en/member/point/log', '/en/nowhere']) expect(matcher.matchPage(pathname).skeleton, pathname).toBeNull();
  });

  it("paints a signed-in page's frame and skeleton, in the page's language, with nothing of a member in it", async () => {
    const { renderShell } = await import('../../src/entry-server');
    const wallet = await renderShell('/en/member/point', 'en');
    expect(wallet).toContain('<nav class="tab-bar" aria-label="Main">');
    expect(wallet).toContain('<h1 class="page-header-title">Wallet</h1>');
    expect(wallet).toContain('class="record-skeletons" aria-busy="true"');
    const messages = await renderShell('/ar/message', 'ar');
    expect(messages).toContain('<h1 class="page-header-title">الرسائل</h1>');
    expect(messages).toContain('class="chat-contacts" aria-busy="true"');
    expect(await renderShell('/ja/member', 'ja')).toContain('class="profile-card" aria-busy="true"');
    const conversation = await renderShell(`/ar/message/${randomUUID()}`, 'ar');
    expect(conversation).toContain('class="chat-messages"');
    expect(conversation).toMatch(/<ol class="chat-messages"[^>]*aria-busy="true"/);
    expect(conversation).toContain('href="/ar/message"');
    // The conversation's frame has no tab bar.
    expect(conversation).not.toContain('class="tab-bar"');
    await expect(renderShell('/en/search', 'en')).rejects.toThrow('has no signed-in page');
  });

  it('escapes the title it writes into the page', () => {
    expect(withTitle('<head><title>Venuely</title></head>', 'A & <b> · Venuely')).toBe('<head><title>A &amp; &lt;b> · Venuely</title></head>');
  });
});

describe("a member's signed-in pages, filled by the server (issue 30 item 8)", () => {
  let t: TestApp;
  let answers: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const registered = await api.call('account/registerByPassword', { account: 'PaintedMia', email: 'painted-mia@example.test', password: 'paint-pass-2026' });
    const token = (registered.data as { token: string }).token;
    // The answers as the page looks them up, as the member's own calls get them.
    answers = {};
    for (const path of ['user/me', 'home/economy', 'home/config', 'chat/getContactList']) {
      const res = await api.call(path, { token }, { 'accept-language': 'ar' });
      expect(res.status, `${path}: ${res.msg}`).toBe(1);
      answers[`${path} {}`] = res.data;
    }
  });
  afterAll(async () => t?.close());

  it("paints the member's account, balance and conversations in the page's language, with no placeholder left", async () => {
    const { renderShell } = await import('../../src/entry-server');
    const account = await renderShell('/en/member', 'en', answers);
    expect(account).toContain('PaintedMia');
    expect(account).toContain('>Sign out<');
    const wallet = await renderShell('/en/member/point', 'en', answers);
    expect(wallet).toContain('<h1 class="page-header-title">Wallet</h1>');
    expect(wallet).toContain('Your points');
    // In Arabic, from the wallet's own catalog (loaded once, by the page's entry in SIGNED_IN_PAGES).
    expect(await renderShell('/ar/member/point', 'ar', answers)).toContain('نقاطك');
    // The sandbox's payments are test ones: the page says so from its first paint (no shift when the app knows it).
    expect(wallet).toContain('Test mode');
    const messages = await renderShell('/ar/message', 'ar', answers);
    expect(messages).toContain('<h1 class="page-header-title">الرسائل</h1>');
    // The system contact's welcome, in the member's language, is the first conversation.
    expect(messages).toMatch(/class="chat-contacts"(?! aria-busy)/);
    expect(messages).toContain('href="/ar/message/');
    for (const page of [account, wallet, messages]) expect(page).not.toContain('aria-busy="true"');
  });
});

describe.each(DATABASE_KINDS)('pages answer with the status of what they show, on %s', (kind) => {
  let t: TestApp;
  let venue: number;
  let hiddenVenue: number;
  let profile: number;

  beforeAll(async () => {
    const base = testConfig();
    const dist = path.join(base.dataDir, 'dist');
    mkdirSync(path.join(dist, 'ssr'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Venuely</title></head><body><div id="root"></div></body></html>');
    // A stand-in for dist/ssr/entry-server.js: the real matcher (loaded above), a recognisable title, no first paint.
    writeFileSync(
      path.join(dist, 'ssr', 'entry-server.js'),
      `export const matchPage = (pathname) => globalThis.${MATCHER_KEY}.matchPage(pathname);
       export const pageTitle = async (status, locale) => 'Title ' + status + ' ' + locale + ' · Venuely';`,
    );
    t = await startTestApp(kind, { dataDir: base.dataDir, distDir: dist });
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const owner = await createUser(t, api, `StatusOwner${kind}`, 4);
    const { tokyo } = await placeRefs(t);
    venue = await insertMerchantRow(t, owner.uuid, tokyo);
    hiddenVenue = await insertMerchantRow(t, owner.uuid, tokyo, { visible: false });
    profile = await insertPartnerRow(t, owner.uuid, tokyo);
  });
  afterAll(async () => t?.close());

  const statusOf = async (pathname: string, headers: Record<string, string> = {}) => (await fetch(`${t.baseUrl}${pathname}`, { headers, redirect: 'manual' })).status;
  const expectStatus = async (status: number, pathnames: string[], headers: Record<string, string> = {}) => {
    for (const pathname of pathnames) expect(await statusOf(pathname, headers), pathname).toBe(status);
  };

  it('serves the pages that exist with 200', async () => {
    const uuid = randomUUID();
    await expectStatus(200, [
      '/',
      '/en',
      '/ja/',
      '/en/search',
      '/en/search?q=tokyo',
      '/en/login',
      '/en/member',
      '/ar/member/point/withdrawLog',
      '/en/info/terms',
      '/fr/info/about-us',
      '/en/verify/kyc/step1',
      '/en/message',
      `/en/message/${uuid}`,
      `/en/message/${uuid}-${randomUUID()}`,
      `/en/chat/${uuid}/${randomUUID()}`,
      '/en/collection/merchant',
      '/en/member/content/partner',
      '/en/member/merchant/5/modify',
      `/en/merchant/${venue}`,
      `/ja/merchant/${venue}/visit-report`,
      `/en/partner/${profile}`,
      '/en/japan',
      '/ja/japan/tokyo',
      '/en/japan/tokyo/',
      '/en/japan/osaka/merchant',
      '/ko/japan/osaka/partner',
    ]);
  });

  it('answers 404 for unknown ids, pages and languages, in every language (issue 30 item 9)', async () => {
    const unknown = ['/merchant/abc', '/partner/0', '/info/xyz', '/verify/kyc/step9', '/message/bad'];
    await expectStatus(404, unknown.flatMap((rest) => ['en', 'ja', 'ar', 'zh-hant', 'xx'].map((lang) => `/${lang}${rest}`)));
    await expectStatus(404, [
      '/xx',
      '/xx/search',
      '/xx/japan',
      '/en/nope',
      '/en/merchant/1/extra',
      '/en/merchant/01',
      '/en/merchant/2147483648',
      '/en/collection/hotel',
      '/en/member/content/hotel',
      '/en/member/partner/0/preview',
      '/en/chat/someone/else',
      '/en/japan/atlantis',
      '/en/south-korea/tokyo',
      '/en/japan/tokyo/hotel',
      '/en/japan/tokyo/merchant/extra',
      '/en/japan/%E6%9D%B1%E4%BA%AC',
      '/xx/japan/tokyo',
      // The place check is still the database's.
      '/en/atlantis',
    ]);
  });

  it('matches paths as the app does: /en/Search is the search page (200), /en/Japan no place (404)', async () => {
    await expectStatus(200, ['/en/Search', '/en/INFO/terms', `/en/Merchant/${venue}`]);
    await expectStatus(404, ['/EN/search', '/en/Japan', '/en/info/Terms', '/en/verify/kyc/Step1']);
  });

  it('answers 404 for a listing that does not exist, and for one not public unless a member may be its owner', async () => {
    await expectStatus(404, ['/en/merchant/987654321', '/en/partner/987654321', '/en/merchant/987654321/visit-report', `/en/merchant/${hiddenVenue}`]);
    await expectStatus(200, [`/en/merchant/${hiddenVenue}`], { cookie: 'venuely_member=1' });
    await expectStatus(404, ['/en/merchant/987654321', '/en/merchant/abc'], { cookie: 'venuely_member=1' });
  });

  it("serves the error pages with their own status and title", async () => {
    const page = async (pathname: string) => {
      const res = await fetch(`${t.baseUrl}${pathname}`);
      return { status: res.status, title: /<title>(.*?)<\/title>/.exec(await res.text())?.[1] };
    };
    expect(await page('/en/401')).toEqual({ status: 401, title: 'Title 401 en · Venuely' });
    expect(await page('/ja/403')).toEqual({ status: 403, title: 'Title 403 ja · Venuely' });
    expect(await page('/ar/404')).toEqual({ status: 404, title: 'Title 404 ar · Venuely' });
    expect(await page('/de/message/bad')).toEqual({ status: 404, title: 'Title 404 de · Venuely' });
    expect(await page('/en/info/terms')).toEqual({ status: 200, title: 'Venuely' });
    // A /dev path still redirects to the 404 page first (spec section 2).
    const dev = await fetch(`${t.baseUrl}/ja/dev/x`, { redirect: 'manual' });
    expect([dev.status, dev.headers.get('location')]).toEqual([302, '/ja/404']);
  });
});
