import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginByPassword, loginOut, registerByPassword, updateAvatar } from '@/contract/calls/account';
import { me } from '@/contract/calls/user';
import { ApiError, createApiClient } from '@/services/api-client';
import { startTestApp, type TestApp } from '../support/test-app';

/** The real client (crypto-js envelope) against the real server (node:crypto): the two halves must agree. */
describe.each([false, true])('client ↔ server, debug mode %s', (debug) => {
  let t: TestApp;
  let token: string | null = null;
  const expired: string[] = [];
  const guestId = randomUUID();

  beforeAll(async () => {
    t = await startTestApp('pglite', { apiDebug: debug });
  });
  afterAll(async () => t?.close());

  const client = () =>
    createApiClient({
      baseUrl: `${t.baseUrl}/api`,
      keys: debug ? null : { aesKey: t.config.aesKey, signKey: t.config.signKey },
      clientId: () => 'web',
      locale: () => 'ko-KR',
      getToken: () => token,
      getGuestId: () => guestId,
      onTokenExpired: (msg) => expired.push(msg),
    });

  it('registers, reads the user, uploads an avatar, logs out; a dead token raises token expiry once', async () => {
    const api = client();
    token = (await api.call(registerByPassword, { account: 'roundtrip', email: 'roundtrip@example.test', password: 'long-enough-1' })).token;
    const user = await api.call(me, {});
    expect(user).toMatchObject({ username: 'roundtrip', is_login: true, membership: 1 });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } }).png().toBuffer();
    const avatar = await api.call(updateAvatar, {}, { files: { image: new Blob([new Uint8Array(png)], { type: 'image/png' }) } });
    expect(avatar.image).toMatch(/^\/uploads\/avatar\//);
    await api.call(loginOut, {});
    const error = await api.call(me, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('tokenExpired');
    expect(expired).toHaveLength(1);
    // The server's msg is `token expired` (DESIGN section 4); the client shows the text beside it, in Korean here.
    expect((error as ApiError).message).toMatch(/[\uac00-\ud7af]/);
    expect(expired[0]).toBe((error as ApiError).message);
    // An upload with the dead token is refused before its file is read, with the same text.
    const upload = await api.call(updateAvatar, {}, { files: { image: new Blob([new Uint8Array(png)], { type: 'image/png' }) } }).catch((e: unknown) => e);
    expect([(upload as ApiError).kind, (upload as ApiError).message]).toEqual(['tokenExpired', (error as ApiError).message]);
    token = null;
  });

  it('carries the server message of a refusal, in the requested language', async () => {
    const error = await client().call(loginByPassword, { account: 'roundtrip', password: 'wrong-password' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('server');
    expect((error as ApiError).message).toMatch(/[\uac00-\ud7af]/);
  });
});
