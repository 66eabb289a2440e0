import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as user from '@/contract/calls/user';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, testConfig, type TestApp } from '../../tests/support/test-app';
import { createUser, insertMerchantRow, placeRefs } from '../directory/listing.fixtures';
import { assetsOf, deferAppScripts, firstPaintPage, injectFirstPaint, isSignedIn, signedInModules, visitorTimeZone } from './first-paint';

const firstPaintCalls = (url: string, options?: { place?: boolean }) => firstPaintPage(url, options)?.calls ?? null;

/** The page as Vite builds it: module entry and modulepreloads in the head, an empty #root. */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>t</title>' +
  '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/router-2.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
  '</head><body><div id="root"></div></body></html>';

describe('first paint: the pieces', () => {
  it('renders the home, search, place and venue pages without search params, and nothing else', () => {
    expect(firstPaintCalls('/en')?.map(({ call }) => call.path)).toEqual([
      'city/hot',
      'city/lang',
      'merchant/list',
      'merchant/list',
      'partner/list',
      'dict/multi',
    ]);
    expect(firstPaintCalls('/zh-hans/')).not.toBeNull();
    expect(firstPaintCalls('/en/search')).toEqual([]);
    expect(firstPaintCalls('/en/merchant/12')?.map(({ call, payload }) => [call.path, payload])).toEqual([
      ['merchant/detail', { id: 12 }],
      ['dict/multi', { types: ['merchant_type', 'merchant_tag', 'partner_tag', 'sex', 'body_type', 'language'] }],
      ['merchant/visitReports', { merchant_id: 12, limit: 3 }],
    ]);
    const place = (url: string) => firstPaintCalls(url, { place: true })?.map(({ call, payload }) => [call.path, payload]);
    expect(place('/en/japan/tokyo')?.[2]).toEqual(['merchant/list', { region_slug: 'japan', city_slug: 'tokyo', limit: 12 }]);
    expect(place('/en/japan/tokyo/partner')?.[2]).toEqual(['partner/list', { region_slug: 'japan', city_slug: 'tokyo', limit: 12 }]);
    expect(place('/en/japan')?.[2]).toEqual(['merchant/list', { region_slug: 'japan', limit: 12 }]);
    expect(place('/en/japan')?.slice(0, 2).map(([path]) => path)).toEqual(['city/lang', 'dict/multi']);
    for (const other of ['/', '/xx', '/en/login', '/en/japan/tokyo', '/en?q=1', '/en/search?q=tokyo', '/en/merchant/0', '/en/merchant/x', '/en/merchant/1/visit-report'])
      expect(firstPaintCalls(other), other).toBeNull();
    for (const other of ['/en/japan/tokyo?sort=newest', '/en/japan/tokyo/people', '/en/japan/tokyo/merchant/1', '/en/%E0%A4%A'])
      expect(firstPaintCalls(other, { place: true }), other).toBeNull();
  });

  it('knows a signed-in browser by its hint cookie only', () => {
    expect(isSignedIn(undefined)).toBe(false);
    expect(isSignedIn('lang=en; other=1')).toBe(false);
    expect(isSignedIn('lang=en; venuely_member=1')).toBe(true);
    expect(isSignedIn('venuely_member=1')).toBe(true);
  });

  it('puts the markup in #root and the answers beside it, where no answer can close the script tag', () => {
    const hostile = { 'merchant/list {}': { list: [{ name: '</script><script>alert(1)</script> & $& $1' }] } };
    const html = injectFirstPaint(INDEX, '<main>$& $1 page</main>', hostile);
    expect(html).toContain('<div id="root"><main>$& $1 page</main></div><script id="first-data" type="application/json">');
    const json = /<script id="first-data" type="application\/json">(.*?)<\/script>/.exec(html)![1];
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual(hostile);
    expect(() => injectFirstPaint('<html><body></body></html>', '<main/>', {})).toThrow(/#root/);
  });

  it("asks for the app's scripts after the page has loaded: one boot script naming the entry and its modules", () => {
    const html = deferAppScripts(INDEX);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain(
      '<script defer src="/first-paint-boot.js" data-entry="/assets/index-abc123.js" data-preload="/assets/react-1.js /assets/router-2.js"></script>',
    );
    expect(() => deferAppScripts('<html><head></head></html>')).toThrow(/entry/);
  });

  it("adds the page's own lazy modules: their stylesheets in the head (once), their scripts to the boot's preloads", () => {
    const manifest = {
      'index.html': { file: 'assets/index-abc123.js', css: ['assets/index-3.css'] },
      'src/routes/$lang/_default/merchant/$id/index.tsx?tsr-split=component': { file: 'assets/_id-1.js', imports: ['_detail.js', 'index.html'], css: ['assets/page-5.css'] },
      '_detail.js': { file: 'assets/detail-2.js', css: ['assets/detail-4.css', 'assets/index-3.css'] },
    };
    const venue = firstPaintPage('/en/merchant/7');
    const assets = assetsOf(manifest, venue!.modules);
    expect(assets).toEqual({
      scripts: ['/assets/detail-2.js', '/assets/index-abc123.js', '/assets/_id-1.js'],
      styles: ['/assets/detail-4.css', '/assets/index-3.css', '/assets/page-5.css'],
    });
    const html = deferAppScripts(INDEX, assets);
    expect(html).toContain('data-preload="/assets/react-1.js /assets/router-2.js /assets/detail-2.js /assets/_id-1.js"');
    expect(html.match(/index-3\.css/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/detail-4.css"><link rel="stylesheet" crossorigin href="/assets/page-5.css"></head>');
  });
});

describe("first paint: a signed-in page's skeleton", () => {
  it('puts the skeleton in #root with the catalog its page waits for, and no answers', () => {
    const html = injectFirstPaint(INDEX, '<main aria-busy="true"></main>', null, { catalog: 'wallet' });
    expect(html).toContain('<div id="root" data-catalog="wallet"><main aria-busy="true"></main></div>');
    expect(html).not.toContain('first-data');
  });

  it("reads the visitor's time zone from its cookie, an IANA name this runtime knows and nothing else", () => {
    expect(visitorTimeZone('a=1; venuely_tz=Asia%2FTokyo')).toBe('Asia/Tokyo');
    expect(visitorTimeZone('venuely_tz=America/Los_Angeles')).toBe('America/Los_Angeles');
    for (const hostile of ['Mars%2FOlympus', '%3Cscript%3E', '%E0%A4%A', 'x'.repeat(200), ''])
      expect(visitorTimeZone(`venuely_tz=${hostile}`), hostile).toBeUndefined();
    expect(visitorTimeZone(undefined)).toBeUndefined();
  });

  it("marks a member's filled page and carries only the answers given to embed", () => {
    const html = injectFirstPaint(INDEX, '<main>1,200 points</main>', { 'home/economy {}': { note: '</script>' } }, { catalog: 'wallet', member: true });
    expect(html).toContain('<div id="root" data-catalog="wallet" data-member><main>1,200 points</main></div>');
    expect(html).toContain('<script id="first-data" type="application/json">{"home/economy {}":{"note":"\\u003c/script>"}}</script>');
  });

  it('starts its scripts once the styles are in rather than after the window has loaded', () => {
    expect(deferAppScripts(INDEX, undefined, { atOnce: true })).toMatch(/<script defer src="\/first-paint-boot\.js" data-entry="[^"]+" data-preload="[^"]*" data-at-once><\/script>/);
    expect(deferAppScripts(INDEX)).not.toContain('data-at-once');
  });

  it("names every module the member's content waits for, so none is found one lazy import after another", () => {
    const manifest = {
      'src/routes/-app/server-shell-start.ts': { file: 'assets/start.js' },
      'src/routes/-app/app-library-steps.ts': { file: 'assets/steps.js', dynamicImports: ['src/contract/call.ts', 'src/contract/fields.ts'] },
      'src/contract/call.ts': { file: 'assets/call.js' },
      'src/contract/fields.ts': { file: 'assets/fields.js' },
      'src/routes/-app/app-system.ts': { file: 'assets/system.js' },
      'src/routes/-chat/chat-system.ts': { file: 'assets/chat.js' },
      'src/routes/$lang/_default/_auth.tsx?tsr-split=component': { file: 'assets/auth.js' },
      'src/routes/$lang/_default/_auth/member/point/index.tsx?tsr-split=component': { file: 'assets/point.js' },
      'locales/ar/wallet.po': { file: 'assets/wallet-ar.js' },
      'locales/en/wallet.po': { file: 'assets/wallet-en.js' },
    };
    const routes = ['__root__', '/$lang', '/$lang/_default', '/$lang/_default/_auth', '/$lang/_default/_auth/member/point/'];
    expect(signedInModules(manifest, routes, 'ar', 'wallet')).toEqual([
      'src/routes/-app/server-shell-start.ts',
      'src/routes/-app/app-library-steps.ts',
      'src/contract/call.ts',
      'src/contract/fields.ts',
      'src/routes/-app/app-system.ts',
      'src/routes/-chat/chat-system.ts',
      'src/routes/$lang/_default/_auth.tsx?tsr-split=component',
      'src/routes/$lang/_default/_auth/member/point/index.tsx?tsr-split=component',
      'locales/ar/wallet.po',
    ]);
  });
});

describe("first paint: a guest's home from the server", () => {
  let t: TestApp;
  let calls: { url: string; locale: string; answers: Record<string, unknown> }[];
  let venue: number;

  beforeAll(async () => {
    const base = testConfig();
    const dist = path.join(base.dataDir, 'dist');
    mkdirSync(path.join(dist, 'ssr'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    // A stand-in for the server build (dist/ssr/entry-server.js): a router that knows the home, the login page and the
    // venues (the real one: page-status.test.ts), and a render that records what it was asked and fails for French.
    writeFileSync(
      path.join(dist, 'ssr', 'entry-server.js'),
      `export function matchPage(pathname) {
         const [, lang, page, id] = /^\\/(?:([a-z-]+)\\/?(?:(login)|merchant\\/(\\d+))?)?$/.exec(pathname) ?? [];
         if (pathname !== '/' && !lang) return { route: null, refused: false, params: {} };
         if (id) return { route: '/$lang/merchant/$id/', refused: false, params: { lang, id } };
         return { route: page ? '/$lang/login' : '/$lang/', refused: false, params: { lang } };
       }
       export const calls = [];
       export async function render(url, locale, answers) {
         calls.push({ url, locale, answers });
         if (locale === 'fr') throw new Error('render failed');
         return '<main lang="' + locale + '">' + Object.keys(answers).length + ' answers</main>';
       }`,
    );
    t = await startTestApp('pglite', { dataDir: base.dataDir, distDir: dist });
    calls = ((await import(path.join(dist, 'ssr', 'entry-server.js'))) as { calls: typeof calls }).calls;
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const owner = await createUser(t, api, 'FirstPaintOwner', 2);
    const { tokyo } = await placeRefs(t);
    venue = await insertMerchantRow(t, owner.uuid, tokyo, { name: 'Server-rendered café' });
  });
  afterAll(async () => t?.close());

  it('renders /{lang} with the answers a guest gets from the API, embedded beside the markup', async () => {
    const res = await fetch(`${t.baseUrl}/ja`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"><main lang="ja">6 answers</main></div>');
    expect(html).toContain('data-entry="/assets/index-abc123.js"');
    const embedded = JSON.parse(/<script id="first-data" type="application\/json">(.*?)<\/script>/.exec(html)![1]) as Record<string, unknown>;
    expect(calls.at(-1)).toMatchObject({ url: '/ja', locale: 'ja' });
    expect(embedded).toEqual(calls.at(-1)!.answers);
    // The same answer a guest's call gets, under the key the client looks it up by.
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const newest = await api.call('merchant/list', { sort: 'newest', limit: 8 });
    expect(embedded['merchant/list {"limit":8,"sort":"newest"}']).toEqual(newest.data);
    expect((newest.data as { list: { id: number }[] }).list.map((m) => m.id)).toContain(venue);
    const geography = await api.call('city/lang', {}, { 'accept-language': 'ja' });
    expect(embedded['city/lang {}']).toEqual(geography.data);
  });

  it('serves a signed-in browser, other pages and unknown paths the plain app', async () => {
    const before = calls.length;
    const member = await fetch(`${t.baseUrl}/en`, { headers: { cookie: 'venuely_member=1' } });
    expect(member.status).toBe(200);
    const login = await fetch(`${t.baseUrl}/en/login`);
    const unknown = await fetch(`${t.baseUrl}/en/nowhere`);
    expect(unknown.status).toBe(404);
    for (const res of [member, login, unknown]) {
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html).not.toContain('first-data');
    }
    expect(calls.length).toBe(before);
  });

  it('falls back to the plain app when the render fails, never an error page', async () => {
    const res = await fetch(`${t.baseUrl}/fr`);
    expect(res.status).toBe(200);
    // The render was asked (and failed): the page is the plain app.
    expect(calls.at(-1)).toMatchObject({ url: '/fr', locale: 'fr' });
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('first-data');
  });

  it("serves a venue that does not exist with 404 and the plain app, which shows its not-found page, and logs no fault", async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      const before = calls.length;
      const res = await fetch(`${t.baseUrl}/en/merchant/987654321`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('first-data');
      // Not rendered: the server knew there is no such venue before asking the API.
      expect(calls.length).toBe(before);
      expect(warn).not.toHaveBeenCalled();
      // A real fault (the render itself failing) still warns.
      const failed = await fetch(`${t.baseUrl}/fr`);
      expect(failed.status).toBe(200);
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('runs public calls only: a call that needs a session is refused in process', async () => {
    await expect(t.app.apiAsGuest(user.me, {}, 'en', undefined as never)).rejects.toThrow(/not a public call/);
  });
});
