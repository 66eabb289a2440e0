import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, emptyPayload, type ApiCall } from '@/contract/call';
import { loginByPassword, newPwd, updateAvatar } from '@/contract/calls/account';
import { config as homeConfig } from '@/contract/calls/home';
import { me } from '@/contract/calls/user';
import { ENVELOPE_MAX_SKEW_S, REQUEST_TIMEOUT_MS } from '@/contract/constants';
import { ApiError, createApiClient, MAX_RETRY_WAIT_MS, type ApiClientOptions } from './api-client';
import type { EnvelopeKeys } from './envelope';
import { createAppStorage } from './storage';

/**
 * The fake fetch below is the SERVER half of DESIGN section 4 written independently with node:crypto (OpenSSL):
 * it parses the real serialized body (urlencoded or multipart) through the platform's Request, verifies the
 * HMAC sign, the clock skew and replays, decrypts with AES-256-CBC and encrypts its answer with a fresh iv. A
 * client whose wire format drifted from the design fails here.
 */

const KEYS: EnvelopeKeys = { aesKey: randomBytes(32).toString('hex'), signKey: randomBytes(32).toString('hex') };
const NOW_MS = 1_764_000_000_123;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function serverEncrypt(json: unknown): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(KEYS.aesKey, 'hex'), iv);
  return Buffer.concat([iv, cipher.update(JSON.stringify(json), 'utf8'), cipher.final()]).toString('base64');
}

function serverDecrypt(data: string): unknown {
  const all = Buffer.from(data, 'base64');
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(KEYS.aesKey, 'hex'), all.subarray(0, 16));
  return JSON.parse(Buffer.concat([decipher.update(all.subarray(16)), decipher.final()]).toString('utf8'));
}

function serverSign(client: string, timestamp: string, data: string): string {
  return createHmac('sha256', Buffer.from(KEYS.signKey, 'hex')).update(`${client}\n${timestamp}\n${data}`).digest('hex');
}

interface SeenRequest {
  url: string;
  path: string;
  headers: Headers;
  contentType: string;
  /** Every text field of the form, as sent. */
  fields: Record<string, string>;
  files: Record<string, File>;
  /** The decrypted payload (encrypted mode) or the plain fields (debug mode). */
  payload: Record<string, unknown>;
  signal: AbortSignal | undefined;
}

type Reply =
  | { envelope: { status: number; msg: string; data: unknown }; encrypt?: boolean }
  | { httpStatus: number; body?: string; headers?: Record<string, string> }
  | { hang: true }
  | { networkError: true };

function createFakeServer(opts: {
  keys: EnvelopeKeys | null;
  reply: (req: SeenRequest, index: number) => Reply;
  nowMs?: () => number;
}) {
  const requests: SeenRequest[] = [];
  const seenSigns = new Set<string>();
  const nowMs = opts.nowMs ?? (() => NOW_MS);

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    // Serialize and parse the body as a real server would receive it.
    const request = new Request(new URL(String(input), 'http://app.test'), {
      method: init?.method,
      headers: init?.headers,
      body: init?.body,
    });
    const form = await request.formData();
    const fields: Record<string, string> = {};
    const files: Record<string, File> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else files[name] = value;
    }

    let payload: Record<string, unknown> = fields;
    let rejection: string | null = null;
    if (opts.keys) {
      const { client, timestamp, data, sign } = fields;
      const expected = serverSign(client, timestamp, data);
      if (!/^[0-9a-f]{64}$/.test(sign) || !timingSafeEqual(Buffer.from(sign), Buffer.from(expected))) {
        rejection = 'bad sign';
      } else if (Math.abs(Number(timestamp) - Math.floor(nowMs() / 1000)) > ENVELOPE_MAX_SKEW_S) {
        rejection = 'stale timestamp';
      } else if (seenSigns.has(sign)) {
        rejection = 'replayed sign';
      } else {
        seenSigns.add(sign);
        payload = serverDecrypt(data) as Record<string, unknown>;
      }
    }

    const seen: SeenRequest = {
      url: String(input),
      path: new URL(String(input), 'http://app.test').pathname,
      headers: new Headers(init?.headers),
      contentType: request.headers.get('content-type') ?? '',
      fields,
      files,
      payload,
      signal,
    };
    requests.push(seen);
    if (rejection) return Response.json({ status: 0, msg: rejection, data: null });

    const reply = opts.reply(seen, requests.length - 1);
    if ('networkError' in reply) throw new TypeError('fetch failed');
    if ('hang' in reply) {
      return new Promise<Response>((_, reject) => {
        const abort = () => reject(signal?.reason ?? new DOMException('aborted', 'AbortError'));
        if (signal?.aborted) abort();
        signal?.addEventListener('abort', abort, { once: true });
      });
    }
    if ('httpStatus' in reply) {
      return new Response(reply.body ?? '', { status: reply.httpStatus, headers: reply.headers });
    }
    const { status, msg, data } = reply.envelope;
    const encrypt = reply.encrypt ?? opts.keys !== null;
    return Response.json({ status, msg, data: encrypt && data !== null ? serverEncrypt(data) : data });
  });

  return { fetch, requests };
}

const ok = (data: unknown): Reply => ({ envelope: { status: 1, msg: 'ok', data } });

const USER = {
  uuid: '0b6a3c52-5f0e-4d8e-9a51-2a4f0a1f6c11',
  is_login: true,
  nickname: 'Demo',
  username: 'demo',
  email: 'demo@example.com',
  email_validation: true,
  is_kyc: false,
  kyc_status: 0,
  kyc_created_date: null,
  is_payed: false,
  vip_txt: '',
  vip_end_date: null,
  image: '',
  thumb: '',
  fun_score: 0,
  merchant_count: 0,
  partner_count: 0,
  withdrawal_rate: 1,
  withdrawable_fun_score: 0,
  withdrawable_amount: 0,
  held_fun_score: 0,
  version: 1,
  membership: 1,
  role: 'member',
};

function setup(
  reply: (req: SeenRequest, index: number) => Reply,
  overrides: Partial<ApiClientOptions> & { serverNow?: () => number } = {},
) {
  const keys = overrides.keys === undefined ? KEYS : overrides.keys;
  const server = createFakeServer({ keys, reply, nowMs: overrides.serverNow });
  const storage = createAppStorage(null);
  const onTokenExpired = vi.fn();
  const client = createApiClient({
    keys,
    clientId: () => 'pwa',
    locale: () => 'ja-JP',
    getToken: () => null,
    getGuestId: () => storage.getGuestId(),
    fetch: server.fetch as typeof fetch,
    now: () => NOW_MS,
    onTokenExpired,
    ...overrides,
  });
  return { client, server, storage, onTokenExpired };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('api client, encrypted mode (DESIGN section 4)', () => {
  it('posts exactly client, timestamp, data and sign, form-urlencoded, and opens the encrypted answer', async () => {
    const { client, server, storage } = setup(() => ok({ token: 'tok_abcdefghijklmnopqrstuvwxyz' }));
    const result = await client.call(loginByPassword, { account: 'demo', password: 'demo-password' });

    expect(result).toEqual({ token: 'tok_abcdefghijklmnopqrstuvwxyz' });
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req.url).toBe('/api/account/loginByPassword');
    expect(server.fetch.mock.calls[0][1]?.method).toBe('POST');
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.keys(req.fields).sort()).toEqual(['client', 'data', 'sign', 'timestamp']);
    expect(req.fields.client).toBe('pwa');
    expect(req.fields.timestamp).toBe(String(Math.floor(NOW_MS / 1000)));
    expect(req.fields.sign).toMatch(/^[0-9a-f]{64}$/);
    // The whole payload, session fields included, is inside the encryption.
    expect(req.payload).toEqual({
      account: 'demo',
      password: 'demo-password',
      oauth_id: storage.getGuestId(),
      oauth_type: 'pwa',
    });
  });

  it('sends the Accept and Accept-Language headers, reading the locale per call', async () => {
    let locale = 'ja-JP';
    const { client, server } = setup(() => ok({ chat_token: '', via: 'pwa', im_url: [] }), {
      locale: () => locale,
    });
    await client.call(homeConfig, {});
    locale = 'zh-Hant';
    await client.call(homeConfig, {});
    expect(server.requests[0].headers.get('Accept')).toBe('application/json');
    expect(server.requests[0].headers.get('Accept-Language')).toBe('ja-JP');
    expect(server.requests[1].headers.get('Accept-Language')).toBe('zh-Hant');
  });

  it('adds the token when logged in, except to calls that take no session', async () => {
    const token = 'session_token_abcdefghijklmnopqrstuvwxyz';
    const { client, server } = setup(
      (req) => (req.path === '/api/user/me' ? ok(USER) : ok(null)),
      { getToken: () => token, clientId: () => 'web' },
    );
    await expect(client.call(me, {})).resolves.toEqual(USER);
    expect(server.requests[0].fields.client).toBe('web');
    expect(server.requests[0].payload).toMatchObject({ oauth_type: 'pwa', token });

    // newPwd takes no session: the session token is not sent with it.
    await client.call(newPwd, { reset_token: 'reset_token_abcdefghijklmnop', password: 'new-password' });
    expect(server.requests[1].payload.reset_token).toBe('reset_token_abcdefghijklmnop');
    expect(server.requests[1].payload).not.toHaveProperty('token');
  });

  it('keeps the guest id stable across calls: one UUID v4, created once', async () => {
    const { client, server, storage } = setup(() => ok(null));
    await client.call(newPwd, { reset_token: 'reset_token_abcdefghijklmnop', password: 'new-password' });
    await client.call(newPwd, { reset_token: 'reset_token_abcdefghijklmnop', password: 'new-password' });
    const [a, b] = server.requests.map((r) => r.payload.oauth_id);
    expect(a).toMatch(UUID_V4);
    expect(b).toBe(a);
    expect(storage.getGuestId()).toBe(a);
  });

  it('sends multipart/form-data with the image as a part outside the encryption', async () => {
    const { client, server } = setup(() => ok({ image: '/u/a.webp', thumb: '/u/a.thumb.webp' }), {
      getToken: () => 'session_token_abcdefghijklmnopqrstuvwxyz',
    });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    const image = new File([bytes], 'avatar.png', { type: 'image/png' });

    const result = await client.call(updateAvatar, {}, { files: { image } });

    expect(result).toEqual({ image: '/u/a.webp', thumb: '/u/a.thumb.webp' });
    const [req] = server.requests;
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(Object.keys(req.fields).sort()).toEqual(['client', 'data', 'sign', 'timestamp']);
    expect(Object.keys(req.files)).toEqual(['image']);
    expect(req.files.image.name).toBe('avatar.png');
    expect(req.files.image.type).toBe('image/png');
    expect(new Uint8Array(await req.files.image.arrayBuffer())).toEqual(bytes);
    expect(Object.keys(req.payload).sort()).toEqual(['oauth_id', 'oauth_type', 'token']);
  });

  it('refuses a file field the call does not declare', async () => {
    const { client, server } = setup(() => ok(null));
    await expect(
      client.call(loginByPassword, { account: 'a', password: 'b' }, { files: { image: new Blob(['x']) } }),
    ).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });

  it('status 0 rejects with the server msg', async () => {
    const { client, onTokenExpired } = setup(() => ({
      envelope: { status: 0, msg: 'Wrong account or password', data: null },
    }));
    const error = await rejection(client.call(loginByPassword, { account: 'demo', password: 'nope' }));
    expect(error.kind).toBe('server');
    expect(error.code).toBe('server');
    expect(error.status).toBe(0);
    expect(error.message).toBe('Wrong account or password');
    expect(onTokenExpired).not.toHaveBeenCalled();
  });

  it('status 0 keeps the (decrypted) error data as details', async () => {
    const { client } = setup(() => ({
      envelope: { status: 0, msg: 'Password is too short', data: { field: 'password', code: 'zod.string.min' } },
    }));
    const error = await rejection(client.call(loginByPassword, { account: 'demo', password: 'x' }));
    expect(error.details).toEqual({ field: 'password', code: 'zod.string.min' });
  });

  it('status 422 calls onTokenExpired once and rejects with kind tokenExpired and the (decrypted) localized text', async () => {
    // DESIGN section 4: msg is exactly `token expired`; the text to show is data.message, sealed like any data.
    const { client, server, onTokenExpired } = setup(() => ({
      envelope: { status: 422, msg: 'token expired', data: { message: 'セッションの有効期限が切れました。' } },
    }));
    const error = await rejection(client.call(me, {}));
    expect(error.kind).toBe('tokenExpired');
    expect(error.status).toBe(422);
    expect(error.message).toBe('セッションの有効期限が切れました。');
    expect(onTokenExpired).toHaveBeenCalledTimes(1);
    expect(onTokenExpired).toHaveBeenCalledWith('セッションの有効期限が切れました。');
    expect(server.requests).toHaveLength(1);
  });

  it('status 422 without a readable text keeps its msg; a plain (unsealed) text is read too', async () => {
    for (const [data, encrypt, message] of [
      [null, true, 'token expired'],
      [{ message: 42 }, true, 'token expired'],
      [{ message: 'Sitzung abgelaufen' }, false, 'Sitzung abgelaufen'],
    ] as const) {
      const { client, onTokenExpired } = setup(() => ({ envelope: { status: 422, msg: 'token expired', data }, encrypt }));
      const error = await rejection(client.call(me, {}));
      expect([error.kind, error.message]).toEqual(['tokenExpired', message]);
      expect(onTokenExpired).toHaveBeenCalledWith(message);
    }
  });

  it('a response that does not match the call schema is response.invalid', async () => {
    const { client } = setup(() => ok({ token: 42 }));
    const error = await rejection(client.call(loginByPassword, { account: 'demo', password: 'x' }));
    expect(error.kind).toBe('response');
    expect(error.code).toBe('response.invalid');
  });

  it('returns the schema output (transforms applied)', async () => {
    const upper = defineCall({
      path: 'test/upper',
      mutates: false,
      auth: 'none',
      payload: emptyPayload,
      response: z.object({ name: z.string().transform((s) => s.toUpperCase()) }),
    });
    const { client } = setup(() => ok({ name: 'tokyo' }));
    await expect(client.call(upper, {})).resolves.toEqual({ name: 'TOKYO' });
  });

  it('plain data where encrypted data is expected is response.undecryptable; a non-envelope is response.malformed', async () => {
    const plain = setup(() => ({ envelope: { status: 1, msg: 'ok', data: { token: 'x' } }, encrypt: false }));
    expect((await rejection(plain.client.call(loginByPassword, { account: 'a', password: 'b' }))).code).toBe(
      'response.undecryptable',
    );
    const html = setup(() => ({ httpStatus: 200, body: '<!doctype html><title>app</title>' }));
    expect((await rejection(html.client.call(loginByPassword, { account: 'a', password: 'b' }))).code).toBe(
      'response.malformed',
    );
  });

  it('pauses before sealing a call and between opening its answer and checking it (the app yields the main thread there)', async () => {
    const steps: string[] = [];
    const checked = defineCall({
      path: 'test/checked',
      mutates: false,
      auth: 'none',
      payload: emptyPayload,
      response: z.object({ name: z.string() }).refine(() => {
        steps.push('check');
        return true;
      }),
    });
    const pauses: Array<() => void> = [];
    const pause = () =>
      new Promise<void>((resolve) => {
        steps.push('pause');
        pauses.push(resolve);
      });
    const { client, server } = setup(() => ok({ name: 'tokyo' }), { pause });
    const answer = client.call(checked, {});
    await vi.waitFor(() => expect(pauses).toHaveLength(1));
    // Nothing is sealed or sent while the first pause lasts.
    expect(server.fetch).not.toHaveBeenCalled();
    pauses[0]();
    await vi.waitFor(() => expect(pauses).toHaveLength(2));
    // The answer is in and opened; its check waits for the second pause.
    expect(server.requests).toHaveLength(1);
    expect(steps).toEqual(['pause', 'pause']);
    pauses[1]();
    await expect(answer).resolves.toEqual({ name: 'tokyo' });
    expect(steps).toEqual(['pause', 'pause', 'check']);
  });

  it('a call canceled during its first pause is not sent', async () => {
    let release = () => {};
    const { client, server } = setup(() => ok(null), { pause: () => new Promise<void>((resolve) => (release = resolve)) });
    const controller = new AbortController();
    const answer = client.call(me, {}, { signal: controller.signal });
    controller.abort();
    release();
    expect((await rejection(answer)).kind).toBe('canceled');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('a server check of a stale clock answers status 0 (the client stamps whole seconds of its clock)', async () => {
    const { client } = setup(() => ok(null), { serverNow: () => NOW_MS + (ENVELOPE_MAX_SKEW_S + 5) * 1000 });
    const error = await rejection(client.call(newPwd, { reset_token: 'reset_token_abcdefghijklmnop', password: 'x' }));
    expect(error.message).toBe('stale timestamp');
  });
});

describe('api client, debug mode', () => {
  it('sends plain form fields with debug=1 and reads plain JSON data', async () => {
    const { client, server, storage } = setup(() => ok({ token: 'tok_plain' }), { keys: null });
    const result = await client.call(loginByPassword, { account: 'demo', password: 'demo-password' });
    expect(result).toEqual({ token: 'tok_plain' });
    const [req] = server.requests;
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req.fields).toEqual({
      account: 'demo',
      password: 'demo-password',
      oauth_id: storage.getGuestId(),
      oauth_type: 'pwa',
      debug: '1',
      client: 'pwa',
    });
  });

  it('encodes numbers, booleans and objects as form strings and leaves out null and undefined', async () => {
    const mixed = defineCall({
      path: 'test/mixed',
      mutates: true,
      auth: 'optional',
      payload: z.object({}).passthrough(),
      response: z.null(),
    });
    const { client, server } = setup(() => ok(null), { keys: null, getToken: () => 'session_tok' });
    await client.call(mixed as ApiCall, { page: 2, on: true, off: false, tags: [1, 2], none: null, gone: undefined });
    expect(server.requests[0].fields).toMatchObject({
      page: '2',
      on: '1',
      off: '0',
      tags: '[1,2]',
      token: 'session_tok',
      debug: '1',
    });
    expect(server.requests[0].fields).not.toHaveProperty('none');
    expect(server.requests[0].fields).not.toHaveProperty('gone');
  });

  it('sends multipart with plain fields and the file', async () => {
    const { client, server } = setup(() => ok({ image: 'i', thumb: 't' }), { keys: null });
    await client.call(updateAvatar, {}, { files: { image: new Blob(['abc'], { type: 'image/png' }) } });
    const [req] = server.requests;
    expect(req.contentType).toMatch(/^multipart\/form-data/);
    expect(req.fields.debug).toBe('1');
    expect(await req.files.image.text()).toBe('abc');
  });
});

describe('api client, retries (DESIGN section 4)', () => {
  it('retries a non-mutating call once on 503, sealing the retry anew', async () => {
    let clock = NOW_MS;
    const { client, server } = setup((_, i) => (i === 0 ? { httpStatus: 503 } : ok(USER)), {
      now: () => (clock += 1500),
    });
    await expect(client.call(me, {})).resolves.toEqual(USER);
    expect(server.requests).toHaveLength(2);
    const [a, b] = server.requests;
    expect(b.fields.sign).not.toBe(a.fields.sign);
    expect(b.fields.data).not.toBe(a.fields.data);
    expect(Number(b.fields.timestamp)).toBeGreaterThan(Number(a.fields.timestamp));
    expect(b.payload).toEqual(a.payload);
  });

  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a non-mutating call once on HTTP %i', async (status) => {
    const { client, server } = setup(() => ({ httpStatus: status }));
    const error = await rejection(client.call(me, {}));
    expect(server.requests).toHaveLength(2);
    expect(error.kind).toBe('http');
    expect(error.httpStatus).toBe(status);
    expect(error.code).toBe(`http.${status}`);
  });

  it('each retry carries a sign the server has not seen, even within the same second', async () => {
    const { client, server } = setup((_, i) => (i === 0 ? { httpStatus: 502 } : ok(USER)));
    await expect(client.call(me, {})).resolves.toEqual(USER);
    expect(server.requests[0].fields.timestamp).toBe(server.requests[1].fields.timestamp);
    expect(server.requests[1].fields.sign).not.toBe(server.requests[0].fields.sign);
  });

  it.each([400, 401, 403, 404, 413])('does not retry HTTP %i', async (status) => {
    const { client, server } = setup(() => ({ httpStatus: status, body: 'nope' }));
    const error = await rejection(client.call(me, {}));
    expect(server.requests).toHaveLength(1);
    expect(error.kind).toBe('http');
    expect(error.httpStatus).toBe(status);
  });

  it('never retries a mutating call', async () => {
    for (const status of [408, 429, 500, 503]) {
      const { client, server } = setup(() => ({ httpStatus: status }));
      const error = await rejection(client.call(loginByPassword, { account: 'demo', password: 'x' }));
      expect(server.requests).toHaveLength(1);
      expect(error.httpStatus).toBe(status);
    }
  });

  it('does not retry status 0 or 422 answers', async () => {
    const { client, server } = setup(() => ({ envelope: { status: 0, msg: 'no', data: null } }));
    await rejection(client.call(me, {}));
    expect(server.requests).toHaveLength(1);
  });

  it('waits Retry-After before the retry on 429', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server } = setup((_, i) =>
      i === 0 ? { httpStatus: 429, headers: { 'Retry-After': '2' } } : ok(USER),
    );
    const done = client.call(me, {});
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toEqual(USER);
    expect(server.requests).toHaveLength(2);
  });

  it('fails at once with retryAfter when Retry-After is longer than it will wait', async () => {
    const seconds = MAX_RETRY_WAIT_MS / 1000 + 55;
    const { client, server } = setup(() => ({ httpStatus: 429, headers: { 'Retry-After': String(seconds) } }));
    const error = await rejection(client.call(me, {}));
    expect(server.requests).toHaveLength(1);
    expect(error).toMatchObject({ kind: 'http', httpStatus: 429, retryAfter: seconds, code: 'http.429' });
  });

  it('an HTTP error carrying an envelope keeps its msg', async () => {
    const { client } = setup(() => ({
      httpStatus: 413,
      body: JSON.stringify({ status: 0, msg: 'File too large', data: null }),
    }));
    const error = await rejection(client.call(updateAvatar, {}, { files: { image: new Blob(['x']) } }));
    expect(error).toMatchObject({ kind: 'http', httpStatus: 413, message: 'File too large' });
  });
});

describe('api client, failures, timeout and cancellation', () => {
  it('a network failure rejects with kind network and is not retried', async () => {
    const { client, server } = setup(() => ({ networkError: true }));
    const error = await rejection(client.call(me, {}));
    expect(error.kind).toBe('network');
    expect(server.requests).toHaveLength(1);
  });

  it(`times out after ${REQUEST_TIMEOUT_MS} ms and aborts the request`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server } = setup(() => ({ hang: true }));
    const done = client.call(me, {});
    const settled = vi.fn();
    done.then(settled, settled);

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    expect(server.requests[0].signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await rejection(done);
    expect(error.kind).toBe('timeout');
    expect(server.requests[0].signal?.aborted).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it("a caller's abort rejects with kind canceled (an AbortError) and aborts the request", async () => {
    const { client, server } = setup(() => ({ hang: true }));
    const controller = new AbortController();
    const done = client.call(me, {}, { signal: controller.signal });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    const error = await rejection(done);
    expect(error.kind).toBe('canceled');
    expect(error.name).toBe('AbortError');
    expect(server.requests[0].signal?.aborted).toBe(true);
  });

  it('an already aborted signal sends nothing', async () => {
    const { client, server } = setup(() => ok(USER));
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(client.call(me, {}, { signal: controller.signal }));
    expect(error.kind).toBe('canceled');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('a caller abort during the Retry-After wait cancels without a second request', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server } = setup(() => ({ httpStatus: 503, headers: { 'Retry-After': '3' } }));
    const controller = new AbortController();
    const done = client.call(me, {}, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    const error = await rejection(done);
    expect(error.kind).toBe('canceled');
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.requests).toHaveLength(1);
  });

  it('uses baseUrl', async () => {
    const { client, server } = setup(() => ok(USER), { baseUrl: 'https://api.example.test/api/' });
    await client.call(me, {});
    expect(server.requests[0].url).toBe('https://api.example.test/api/user/me');
  });
});

/**
 * A fake XMLHttpRequest in front of the same fake server: it hands the real body to the server's fetch, reports
 * upload progress of the serialized body in two steps, and answers with the server's status, headers and text.
 */
function createFakeXhr(server: ReturnType<typeof createFakeServer>) {
  const made: FakeXhr[] = [];
  class FakeXhr {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    status = 0;
    responseText = '';
    aborted = false;
    upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private responseHeaders = '';
    private readonly controller = new AbortController();

    constructor() {
      made.push(this);
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.responseHeaders;
    }
    abort() {
      if (this.aborted) return;
      this.aborted = true;
      this.controller.abort();
      this.onabort?.();
    }
    send(body: FormData) {
      void (async () => {
        const total = (await new Request('http://app.test/', { method: 'POST', body }).arrayBuffer()).byteLength;
        let response: Response;
        try {
          response = await server.fetch(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal });
        } catch {
          if (!this.aborted) this.onerror?.();
          return;
        }
        if (this.aborted) return;
        this.upload.onprogress?.({ loaded: Math.floor(total / 2), total, lengthComputable: true });
        this.upload.onprogress?.({ loaded: total, total, lengthComputable: true });
        this.status = response.status;
        this.responseText = await response.text();
        this.responseHeaders = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n');
        this.onload?.();
      })();
    }
  }
  return { createXhr: () => new FakeXhr() as unknown as XMLHttpRequest, made };
}

function setupUpload(reply: (req: SeenRequest, index: number) => Reply) {
  const server = createFakeServer({ keys: KEYS, reply });
  const xhr = createFakeXhr(server);
  const storage = createAppStorage(null);
  const client = createApiClient({
    keys: KEYS,
    clientId: () => 'pwa',
    locale: () => 'ja-JP',
    getToken: () => 'session_token_abcdefghijklmnopqrstuvwxyz',
    getGuestId: () => storage.getGuestId(),
    fetch: server.fetch as typeof fetch,
    now: () => NOW_MS,
    createXhr: xhr.createXhr,
  });
  return { client, server, xhr };
}

describe('api client, upload progress (XMLHttpRequest)', () => {
  const image = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 5, 6, 7, 8])], 'photo.png', { type: 'image/png' });

  it('sends files with progress through XMLHttpRequest: same envelope, headers and parts, progress up to the total', async () => {
    const { client, server, xhr } = setupUpload(() => ok({ image: '/u/a.webp', thumb: '/u/a.thumb.webp' }));
    const progress: [number, number][] = [];
    const result = await client.call(updateAvatar, {}, { files: { image: image() }, onUploadProgress: (loaded, total) => progress.push([loaded, total]) });

    expect(result).toEqual({ image: '/u/a.webp', thumb: '/u/a.thumb.webp' });
    expect(xhr.made).toHaveLength(1);
    expect(xhr.made[0].method).toBe('POST');
    expect(xhr.made[0].url).toBe('/api/account/updateAvatar');
    const [req] = server.requests;
    expect(req.headers.get('Accept')).toBe('application/json');
    expect(req.headers.get('Accept-Language')).toBe('ja-JP');
    expect(req.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(Object.keys(req.fields).sort()).toEqual(['client', 'data', 'sign', 'timestamp']);
    expect(req.files.image.name).toBe('photo.png');
    expect(req.payload).toMatchObject({ oauth_type: 'pwa', token: 'session_token_abcdefghijklmnopqrstuvwxyz' });
    expect(progress.length).toBe(2);
    const total = progress[0][1];
    expect(total).toBeGreaterThan(0);
    expect(progress.map(([loaded]) => loaded)).toEqual([Math.floor(total / 2), total]);
  });

  it('without files the progress option changes nothing: fetch sends the call', async () => {
    const { client, server, xhr } = setupUpload(() => ok(USER));
    await client.call(me, {}, { onUploadProgress: () => {} });
    expect(xhr.made).toHaveLength(0);
    expect(server.requests[0].contentType).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it('maps status 0, HTTP errors with Retry-After, and network failures as fetch does', async () => {
    const refused = setupUpload(() => ({ envelope: { status: 0, msg: 'Image too small', data: { field: 'image', code: 'image.missing' } } }));
    const error = await rejection(refused.client.call(updateAvatar, {}, { files: { image: image() }, onUploadProgress: () => {} }));
    expect(error).toMatchObject({ kind: 'server', message: 'Image too small', details: { field: 'image', code: 'image.missing' } });

    const tooLarge = setupUpload(() => ({ httpStatus: 413, headers: { 'Retry-After': '7' } }));
    const http = await rejection(tooLarge.client.call(updateAvatar, {}, { files: { image: image() }, onUploadProgress: () => {} }));
    expect(http).toMatchObject({ kind: 'http', code: 'http.413', httpStatus: 413, retryAfter: 7 });

    const offline = setupUpload(() => ({ networkError: true }));
    const network = await rejection(offline.client.call(updateAvatar, {}, { files: { image: image() }, onUploadProgress: () => {} }));
    expect(network.kind).toBe('network');
  });

  it("a caller's abort aborts the XMLHttpRequest and rejects as canceled", async () => {
    const { client, server, xhr } = setupUpload(() => ({ hang: true }));
    const controller = new AbortController();
    const done = client.call(updateAvatar, {}, { files: { image: image() }, signal: controller.signal, onUploadProgress: () => {} });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    controller.abort();
    const error = await rejection(done);
    expect(error.kind).toBe('canceled');
    expect(xhr.made[0].aborted).toBe(true);
  });

  it(`times out after ${REQUEST_TIMEOUT_MS} ms and aborts the XMLHttpRequest`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server, xhr } = setupUpload(() => ({ hang: true }));
    const done = client.call(updateAvatar, {}, { files: { image: image() }, onUploadProgress: () => {} });
    const settled = vi.fn();
    done.then(settled, settled);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(server.requests).toHaveLength(1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await rejection(done);
    expect(error.kind).toBe('timeout');
    expect(xhr.made[0].aborted).toBe(true);
  });
});
