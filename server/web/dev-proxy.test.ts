import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, loadConfigFromFile, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * `npm run dev` (issue 31 item 14): the proxy table of vite.config.ts, read as Vite reads it for `vite` with API_PORT
 * set, in a Vite dev server on a loopback port in front of a loopback stub of the app server. Each request must reach
 * the stub as it was sent (method, path and query, body, headers) and its answer come back; a client route must not.
 * The dev server's root is an empty folder: only its proxy is under test (the app's plugins would generate routes).
 */

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage['headers'];
}

const root = fileURLToPath(new URL('../..', import.meta.url));
let backend: Server;
let vite: ViteDevServer;
let emptyRoot: string;
let devUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  backend = createHttpServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', body, headers: request.headers });
      response.writeHead(207, { 'content-type': 'text/plain', 'x-stub': 'app-server' });
      response.end(`app server: ${request.method} ${request.url}`);
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const apiPort = (backend.address() as AddressInfo).port;

  const saved = process.env.API_PORT;
  process.env.API_PORT = String(apiPort);
  let proxy;
  try {
    const loaded = await loadConfigFromFile({ command: 'serve', mode: 'development' }, join(root, 'vite.config.ts'), root, 'silent');
    proxy = loaded?.config.server?.proxy;
  } finally {
    if (saved === undefined) delete process.env.API_PORT;
    else process.env.API_PORT = saved;
  }
  expect(proxy).toBeDefined();

  emptyRoot = await mkdtemp(join(tmpdir(), 'dev-proxy-'));
  vite = await createServer({
    configFile: false,
    root: emptyRoot,
    logLevel: 'silent',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false, watch: null, proxy },
  });
  await vite.listen();
  devUrl = `http://127.0.0.1:${(vite.httpServer?.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await vite?.close();
  await new Promise((resolve) => backend?.close(resolve));
  if (emptyRoot) await rm(emptyRoot, { recursive: true, force: true });
});

beforeEach(() => {
  seen.length = 0;
});

async function through(path: string, init?: RequestInit) {
  const response = await fetch(`${devUrl}${path}`, { ...init, redirect: 'manual' });
  return { status: response.status, stub: response.headers.get('x-stub'), text: await response.text() };
}

describe('npm run dev proxies the app server’s paths', () => {
  it('the sandbox payment page: opened by its pay_url and posted back', async () => {
    const page = await through('/payment.html?order=ORD123&sig=abc');
    expect(page).toEqual({ status: 207, stub: 'app-server', text: 'app server: GET /payment.html?order=ORD123&sig=abc' });

    const form = 'order=ORD123&sig=abc&outcome=paid';
    const posted = await through('/payment.html', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
    expect(posted.stub).toBe('app-server');
    expect(seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: '/payment.html?order=ORD123&sig=abc', body: '' },
      { method: 'POST', url: '/payment.html', body: form },
    ]);
    expect(seen[1].headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('the sandbox card API: confirm and retrieve a setup intent', async () => {
    const confirm = JSON.stringify({ client_secret: 'seti_1_secret_2', card_number: '4242424242424242' });
    const confirmed = await through('/sandbox/v1/setup_intents/seti_1/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: confirm });
    expect(confirmed).toEqual({ status: 207, stub: 'app-server', text: 'app server: POST /sandbox/v1/setup_intents/seti_1/confirm' });
    const retrieved = await through('/sandbox/v1/setup_intents/seti_1?client_secret=seti_1_secret_2');
    expect(retrieved.stub).toBe('app-server');
    expect(seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/sandbox/v1/setup_intents/seti_1/confirm', body: confirm },
      { method: 'GET', url: '/sandbox/v1/setup_intents/seti_1?client_secret=seti_1_secret_2', body: '' },
    ]);
  });

  it('the webhooks, with their signature headers and the body byte for byte', async () => {
    const event = '{"type":"order.paid","order":"ORD123"}';
    const sandbox = await through('/webhooks/sandbox', { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-signature': 'sig-1' }, body: event });
    const stripe = await through('/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, body: event });
    expect([sandbox.stub, stripe.stub]).toEqual(['app-server', 'app-server']);
    expect(seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'POST', url: '/webhooks/sandbox', body: event },
      { method: 'POST', url: '/webhooks/stripe', body: event },
    ]);
    expect(seen[0].headers['x-sandbox-signature']).toBe('sig-1');
    expect(seen[1].headers['stripe-signature']).toBe('t=1,v1=abc');
  });

  it('still the API; and not a client route, nor a path that only begins like a proxied one', async () => {
    expect((await through('/api/home/config', { method: 'POST', body: 'a=1' })).stub).toBe('app-server');
    for (const path of ['/en/member/wallet', '/sandboxed', '/webhooksx']) {
      const answer = await through(path);
      expect(answer.stub, path).toBeNull();
    }
    expect(seen.map((s) => s.url)).toEqual(['/api/home/config']);
  });
});
