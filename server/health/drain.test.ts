import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openData, serverKeys } from '../api/envelope';
import { connectChat, isAck } from '../../tests/support/chat-client';
import { freePort } from '../../tests/support/free-port';
import { createRawClient } from '../../tests/support/raw-client';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';

const DRAIN_DELAY_MS = 2_000;

/** A POST whose body is sent in two halves: the request is in flight between them. */
function slowPost(baseUrl: string, path: string, body: string) {
  const url = new URL(path, baseUrl);
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let resolveResponse!: (value: { status: number; text: string }) => void;
  let rejectResponse!: (error: Error) => void;
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
    resolveResponse = resolve;
    rejectResponse = reject;
  });
  const request = http.request(
    { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': bytes.length, accept: 'application/json' } },
    (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, text }));
    },
  );
  request.on('error', rejectResponse);
  request.write(bytes.subarray(0, half));
  return { response, finish: () => request.end(bytes.subarray(half)) };
}

/** Whether a new TCP connection to the port is accepted. */
async function accepts(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGTERM on the real server process (DESIGN section 9, issue 32 item 4): the process turns not ready at once and
 * closes its chat sockets with 1001, keeps serving for the drain delay, then stops taking connections, finishes the
 * request in flight and exits 0.
 */
describe('draining on SIGTERM', () => {
  let server: ServerProcess | null = null;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-drain-'));
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('turns not ready, closes chat sockets with 1001, finishes the request in flight, then exits 0', async () => {
    const env = {
      DATA_DIR: dataDir,
      API_AES_KEY: randomBytes(32).toString('hex'),
      API_SIGN_KEY: randomBytes(32).toString('hex'),
      SERVER_SECRET: randomBytes(32).toString('hex'),
      DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: '15000',
      LOG_LEVEL: 'info',
    };
    const port = await freePort();
    server = await startServerProcess(port, env);
    const base = server.baseUrl;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const api = createRawClient(base, env.API_AES_KEY, env.API_SIGN_KEY);
    const registered = await api.call('account/registerByPassword', { account: 'drainer', email: 'drainer@example.test', password: 'long-enough-1' });
    expect(registered.status, registered.msg).toBe(1);
    const token = (registered.data as { token: string }).token;
    const config = (await api.call('home/config', { token })).data as { chat_token: string; im_url: string[] };
    const chat = await connectChat(config.im_url[0], config.chat_token);
    chat.send('chat/initUser', { resume: [] }, 'init');
    await chat.waitFor(isAck('init'));

    // A request in flight: its body is half sent when the signal comes.
    const inFlight = slowPost(base, '/api/user/me', new URLSearchParams(api.seal({ token })).toString());
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = Date.now();
    server.signal('SIGTERM');
    // At once: the socket is told the server is going away, and the balancer's probe reads 503.
    expect(await chat.closed).toEqual({ code: 1001, reason: 'server shutting down' });
    expect(Date.now() - signalled).toBeLessThan(DRAIN_DELAY_MS);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    // Alive, and still serving during the delay; a new chat socket is refused.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_DELAY_MS);
    await expect(connectChat(config.im_url[0], config.chat_token)).rejects.toThrow('Unexpected server response: 503');

    // After the delay the port takes no new connection, but the process waits for the request in flight.
    await expect.poll(() => accepts(port), { timeout: DRAIN_DELAY_MS + 5_000 }).toBe(false);
    expect(server.output()).not.toMatch(/"msg":"shut down"/);
    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(200);
    const envelope = JSON.parse(answer.text) as { status: number; data: string };
    expect(envelope.status).toBe(1);
    expect(JSON.parse(openData(envelope.data, serverKeys(env.API_AES_KEY, env.API_SIGN_KEY).aes))).toMatchObject({ username: 'drainer' });

    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/"msg":"draining"/);
    expect(server.output()).toMatch(/"msg":"shut down"/);
    server = null;
  });

  it('exits with code 1 once the shutdown timeout has passed, even with a request still open', async () => {
    const env = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'venuely-drain-timeout-')),
      API_AES_KEY: randomBytes(32).toString('hex'),
      API_SIGN_KEY: randomBytes(32).toString('hex'),
      SERVER_SECRET: randomBytes(32).toString('hex'),
      DRAIN_DELAY_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '1500',
    };
    server = await startServerProcess(await freePort(), env);
    const api = createRawClient(server.baseUrl, env.API_AES_KEY, env.API_SIGN_KEY);
    // A client that never finishes its body.
    const stuck = slowPost(server.baseUrl, '/api/home/config', new URLSearchParams(api.seal({})).toString());
    stuck.response.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalled = Date.now();
    server.signal('SIGTERM');
    expect(await server.exit).toEqual({ code: 1, signal: null });
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(5_000);
    expect(server.output()).toMatch(/shutdown timed out/);
    server = null;
    rmSync(env.DATA_DIR, { recursive: true, force: true });
  });
});
