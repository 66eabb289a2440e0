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
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), bigScript);
    writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ version: 'v-test-1', builtAt: '2026-11-23T00:00:00.000Z' }));
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(dist, 'routes.json'), JSON.stringify(['/', '/$lang', '/$lang/', '/$lang/member/setup', '/$lang/merchant/$id']));
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

  it('answers 404 with the app (which shows its 404 page) for paths no route matches', async () => {
    for (const route of ['/en/nope', '/xx', '/en/dev/x', '/en/merchant', '/en/member/setup/extra']) {
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
