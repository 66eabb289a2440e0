import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, testConfig, type TestApp } from '../../tests/support/test-app';
import { injectRuntimeConfig } from './spa.plugin';

describe('serving the built SPA', () => {
  let t: TestApp;
  const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;

  beforeAll(async () => {
    const base = testConfig();
    const dist = path.join(base.dataDir, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en" dir="ltr"><head><title>t</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
    // Vite's build manifest: the catalog chunks of two locales (the others are missing on purpose).
    mkdirSync(path.join(dist, '.vite'), { recursive: true });
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'locales/ar/messages.po': { file: 'assets/messages-ar1.js' },
        'locales/ja/messages.po': { file: 'assets/messages-ja1.js' },
      }),
    );
    writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ version: 'v-test-1', builtAt: '2026-11-23T00:00:00.000Z' }));
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    // A stand-in for the server build's router (the real one: page-status.test.ts): a few pages, the rest unknown.
    mkdirSync(path.join(dist, 'ssr'), { recursive: true });
    writeFileSync(
      path.join(dist, 'ssr', 'entry-server.js'),
      `export function matchPage(pathname) {
         const known = /^\\/(?:(?:en|ja|ar|de|zh-hant)\\/?(?:member\\/setup|merchant\\/\\d+)?)?$/.test(pathname);
         return { route: known ? '/$lang/a-page' : null, refused: false, params: {} };
       }`,
    );
    t = await startTestApp('pglite', { dataDir: base.dataDir, distDir: dist });
  });
  afterAll(async () => t?.close());

  it('sends security headers on every response', async () => {
    const res = await fetch(`${t.baseUrl}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('serves index.html for client routes with the runtime config injected and no caching', async () => {
    for (const route of ['/', '/en', '/ja/member/setup', '/zh-hant/merchant/12']) {
      const res = await fetch(`${t.baseUrl}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(html)![1];
      expect(JSON.parse(json)).toEqual({ aesKey: t.config.aesKey, signKey: t.config.signKey, debug: false, version: 'v-test-1' });
    }
  });

  it("starts each page in its language: <html lang dir> and a preload of the locale's catalog", async () => {
    const page = async (route: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${t.baseUrl}${route}`, { headers });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('vary') ?? '', route).toMatch(/cookie/i);
      const html = await res.text();
      return {
        html: /<html[^>]*>/.exec(html)![0],
        preloads: [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
      };
    };
    expect(await page('/ar/merchant/12')).toEqual({ html: '<html lang="ar" dir="rtl">', preloads: ['/assets/messages-ar1.js'] });
    expect(await page('/ja')).toEqual({ html: '<html lang="ja" dir="ltr">', preloads: ['/assets/messages-ja1.js'] });
    // No locale in the path: the language cookie, else Accept-Language, as the client decides.
    expect(await page('/', { cookie: 'a=1; locale=ar', 'accept-language': 'ja' })).toEqual({ html: '<html lang="ar" dir="rtl">', preloads: ['/assets/messages-ar1.js'] });
    expect(await page('/', { 'accept-language': 'ja-JP,ja;q=0.9' })).toEqual({ html: '<html lang="ja" dir="ltr">', preloads: ['/assets/messages-ja1.js'] });
    expect(await page('/', { cookie: 'locale=%E0%A4%A', 'accept-language': 'xx' })).toEqual({ html: '<html lang="en" dir="ltr">', preloads: [] });
    // A locale whose catalog the manifest does not name gets no preload, and nothing breaks.
    expect(await page('/de')).toEqual({ html: '<html lang="de" dir="ltr">', preloads: [] });
  });

  it('serves the same runtime config as JSON for the dev server, without the server secret', async () => {
    const res = await fetch(`${t.baseUrl}/runtime-config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ aesKey: t.config.aesKey, signKey: t.config.signKey, debug: false, version: 'v-test-1' });
    expect(text).not.toContain(t.config.serverSecret);
  });

  it('redirects any path containing /dev to the 404 page of its locale (spec section 2)', async () => {
    for (const [route, target] of [['/en/dev/x', '/en/404'], ['/ja/devtools', '/ja/404'], ['/dev', '/en/404'], ['/xx/dev', '/en/404']]) {
      const res = await fetch(`${t.baseUrl}${route}`, { redirect: 'manual' });
      expect(res.status, route).toBe(302);
      expect(res.headers.get('location'), route).toBe(target);
    }
  });

  it('answers 404 with the app (which shows its 404 page) for paths no route matches', async () => {
    for (const route of ['/en/nope', '/xx', '/en/merchant', '/en/member/setup/extra']) {
      const res = await fetch(`${t.baseUrl}${route}`);
      expect(res.status, route).toBe(404);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year as immutable, and compresses them', async () => {
    const res = await fetch(`${t.baseUrl}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(bigScript);
    const other = await fetch(`${t.baseUrl}/manifest.webmanifest`);
    expect(other.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the build version at /build.json', async () => {
    const res = await fetch(`${t.baseUrl}/build.json`);
    expect(await res.json()).toEqual({ version: 'v-test-1', builtAt: '2026-11-23T00:00:00.000Z' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps the injected config inert even if it contained markup', () => {
    const html = injectRuntimeConfig('<head></head>', { aesKey: '</script><script>alert(1)</script>', signKey: 's', debug: false, version: 'v' });
    expect(html).not.toContain('</script><script>');
  });
});
