import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createRawClient } from '../../tests/support/raw-client';

type RawClient = ReturnType<typeof createRawClient>;
import { createChatToken, verifyChatToken } from './chat-token';

/**
 * Issue 10 item 1: chat tokens grant identity, so they are signed with the server-only secret. The envelope's sign
 * key ships to every browser; a token minted with it, in any format, must be refused.
 */
describe('chat tokens', () => {
  const uuid = '0b6a3c52-5f0e-4d8e-9a51-2a4f0a1f6c11';
  const serverSecret = randomBytes(32).toString('hex');
  const publicSignKey = randomBytes(32).toString('hex');
  const now = Date.UTC(2026, 10, 25);

  const grant = { user: uuid, session: '42' };

  it('accepts a token of the server secret until it expires, naming the user and the session that obtained it', () => {
    const token = createChatToken(serverSecret, grant, now);
    expect(verifyChatToken(serverSecret, token, now)).toEqual(grant);
    expect(verifyChatToken(serverSecret, token, now + 23 * 3600_000)).toEqual(grant);
    expect(verifyChatToken(serverSecret, token, now + 24 * 3600_000 + 1000)).toBeNull();
    expect(verifyChatToken(serverSecret, `${token}x`, now)).toBeNull();
  });

  it('refuses tokens minted with the public envelope key, in any format', () => {
    const body = Buffer.from(JSON.stringify({ u: uuid, e: Math.floor(now / 1000) + 3600 })).toString('base64url');
    const key = Buffer.from(publicSignKey, 'hex');
    const forged = [
      createChatToken(publicSignKey, grant, now),
      `${body}.${createHmac('sha256', key).update(`chat:${body}`).digest('base64url')}`,
      `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`,
      `${body}.${createHmac('sha256', key).update(`chat:${body}`).digest('hex')}`,
      `${body}.${createHmac('sha256', publicSignKey).update(`chat:${body}`).digest('base64url')}`,
      `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${body}.${createHmac('sha256', key).update(body).digest('base64url')}`,
      uuid,
      body,
      `${body}.`,
      '',
    ];
    for (const token of forged) expect(verifyChatToken(serverSecret, token, now), token).toBeNull();
  });
});

describe('home/config chat token', () => {
  let t: TestApp;
  let api: RawClient;
  beforeAll(async () => {
    t = await startTestApp('pglite', { imUrls: ['wss://im.venuely.test/im'] });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(() => t.close());

  it('gives members a token of the server secret for the configured sockets, and guests none', async () => {
    expect((await api.call('home/config')).data).toEqual({ chat_token: '', via: 'pwa', im_url: ['wss://im.venuely.test/im'], stripe_publishable_key: null, payments_test_mode: true });
    const reg = await api.call('account/registerByPassword', { account: 'Kai', email: 'kai@venuely.test', password: 'correct horse 1' });
    const token = (reg.data as { token: string }).token;
    const config = (await api.call('home/config', { token })).data as { chat_token: string; im_url: string[] };
    expect(config.im_url).toEqual(['wss://im.venuely.test/im']);
    const me = (await api.call('user/me', { token })).data as { uuid: string };
    expect(verifyChatToken(t.config.serverSecret, config.chat_token)).toEqual({ user: me.uuid, session: expect.stringMatching(/^[1-9][0-9]*$/) });
    // The envelope's sign key, which every browser has, does not verify it.
    expect(verifyChatToken(t.config.signKey, config.chat_token)).toBeNull();
  });

  it('never puts the server secret into what the client receives', async () => {
    const body = JSON.stringify((await api.call('home/config')).data);
    expect(body).not.toContain(t.config.serverSecret);
  });
});

describe('home/config with a local chat socket', () => {
  let t: TestApp;
  let api: RawClient;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(() => t.close());

  it('advertises this process socket once the chat server is mounted', async () => {
    const config = (await api.call('home/config')).data as { im_url: string[] };
    expect(config.im_url).toEqual([expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\/im$/)]);
  });
});
