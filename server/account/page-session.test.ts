import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as account from '@/contract/calls/account';
import * as chat from '@/contract/calls/chat';
import * as home from '@/contract/calls/home';
import * as user from '@/contract/calls/user';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createChatToken } from './chat-token';
import { cookieValue, PAGE_SESSION_COOKIE, pageSessionCookie, readPageSession } from './page-session';
import { signGrant, verifyGrant } from './signed-grant';

/**
 * Issue 30 item 8: the page session cookie lets the server paint a member's signed-in pages with their content. It
 * must never be more than that: HttpOnly, SameSite=Lax, worth nothing once its session ends, never another grant.
 */
describe('signed grants', () => {
  const secret = randomBytes(32).toString('hex');
  const grant = { user: '0b6a3c52-5f0e-4d8e-9a51-2a4f0a1f6c11', session: '42' };
  const now = Date.UTC(2026, 10, 29);

  it('are accepted for their own purpose only, until they expire', () => {
    const token = signGrant(secret, 'page', grant, 3600, now);
    expect(verifyGrant(secret, 'page', token, now)).toEqual(grant);
    expect(verifyGrant(secret, 'chat', token, now)).toBeNull();
    expect(verifyGrant(secret, 'page', token, now + 3601_000)).toBeNull();
    expect(verifyGrant(randomBytes(32).toString('hex'), 'page', token, now)).toBeNull();
    expect(verifyGrant(secret, 'page', `${token}.x`, now)).toBeNull();
    // The chat socket's token is a grant of another purpose: never a page session.
    expect(verifyGrant(secret, 'page', createChatToken(secret, grant, now), now)).toBeNull();
  });

  it('make an HttpOnly, SameSite=Lax cookie for the whole site, Secure over HTTPS', () => {
    const cookie = pageSessionCookie(secret, { tokenId: '42', user: { uuid: grant.user } as never }, true, now);
    expect(cookie).toMatch(/^venuely_page=[\w-]+\.[\w-]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookieValue(`a=1; ${cookie.split(';')[0]}; b=2`, PAGE_SESSION_COOKIE)).toBe(cookie.split(';')[0].slice('venuely_page='.length));
    expect(cookieValue('venuely_pagex=1', PAGE_SESSION_COOKIE)).toBeNull();
  });
});

describe('the page session cookie', () => {
  let t: TestApp;
  const api = () => createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);

  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  async function register(name: string): Promise<{ token: string; uuid: string }> {
    const res = await api().call('account/registerByPassword', { account: name, email: `${name.toLowerCase()}@example.test`, password: 'page-pass-2026' });
    expect(res.status, res.msg).toBe(1);
    const { uuid } = await t.database.db.selectFrom('users').select('uuid').where('username', '=', name).executeTakeFirstOrThrow();
    return { token: (res.data as { token: string }).token, uuid };
  }

  const cookieFrom = (headers: Headers) => headers.get('set-cookie') ?? '';

  it('comes with user/me, names the live session, and is cleared by logging out, after which it is worth nothing', async () => {
    const mia = await register('PageMia');
    const me = await api().call('user/me', { token: mia.token });
    expect(me.status).toBe(1);
    const setCookie = cookieFrom(me.headers);
    expect(setCookie).toMatch(/^venuely_page=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const header = setCookie.split(';')[0];
    const live = await readPageSession(t.database.db, t.config.serverSecret, header);
    expect(live.stale).toBe(false);
    expect(live.session?.user.uuid).toBe(mia.uuid);

    const out = await api().call('account/loginOut', { token: mia.token });
    expect(out.status).toBe(1);
    expect(cookieFrom(out.headers)).toMatch(/^venuely_page=; Path=\/; Max-Age=0; HttpOnly; SameSite=Lax$/);
    expect(await readPageSession(t.database.db, t.config.serverSecret, header)).toEqual({ session: null, stale: true });
  });

  it("is refused when forged, of another session's user, or a chat token", async () => {
    const ann = await register('PageAnn');
    const bob = await register('PageBob');
    const header = cookieFrom((await api().call('user/me', { token: ann.token })).headers).split(';')[0];
    const { session: annSession } = await readPageSession(t.database.db, t.config.serverSecret, header);
    const value = header.slice('venuely_page='.length);
    const read = (cookie: string) => readPageSession(t.database.db, t.config.serverSecret, `venuely_page=${cookie}`);
    // Ann's session id with Bob's uuid, signed with the wrong key, or a body changed under its signature.
    expect(await read(signGrant(randomBytes(32).toString('hex'), 'page', { user: ann.uuid, session: annSession!.tokenId }, 3600))).toEqual({ session: null, stale: true });
    expect(await read(signGrant(t.config.serverSecret, 'page', { user: bob.uuid, session: annSession!.tokenId }, 3600))).toEqual({ session: null, stale: true });
    expect(await read(`${Buffer.from(JSON.stringify({ u: bob.uuid, s: annSession!.tokenId, e: 2e9 })).toString('base64url')}.${value.split('.')[1]}`)).toEqual({ session: null, stale: true });
    expect(await read(createChatToken(t.config.serverSecret, { user: ann.uuid, session: annSession!.tokenId }))).toEqual({ session: null, stale: true });
    expect(await read('x'.repeat(4000))).toEqual({ session: null, stale: true });
    // No cookie at all is not stale: nothing to clear.
    expect(await readPageSession(t.database.db, t.config.serverSecret, 'venuely_member=1')).toEqual({ session: null, stale: false });
  });

  it('runs page reads only as the member: never a call that writes', async () => {
    const cy = await register('PageCy');
    const header = cookieFrom((await api().call('user/me', { token: cy.token })).headers).split(';')[0];
    const { session } = await readPageSession(t.database.db, t.config.serverSecret, header);
    const request = undefined as never;
    expect((await t.app.apiAsMember(user.me, {}, 'en', request, session!)).uuid).toBe(cy.uuid);
    expect(await t.app.apiAsMember(chat.getContactList, {}, 'en', request, session!)).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ username: expect.any(String) }) }),
    ]);
    await expect(t.app.apiAsMember(home.economy, {}, 'en', request, session!)).resolves.toBeTruthy();
    await expect(t.app.apiAsMember(account.setting, { nickname: 'Hijacked' }, 'en', request, session!)).rejects.toThrow(/not a page read/);
    await expect(t.app.apiAsMember(account.loginOut, {}, 'en', request, session!)).rejects.toThrow(/not a page read/);
  });
});
