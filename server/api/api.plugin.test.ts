import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { PAYLOAD_DEPTH_MAX } from '@/contract/constants';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { computeSign, sealData, serverKeys } from './envelope';

describe.each(DATABASE_KINDS)('request envelope over HTTP on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  // People's accounts: the system contact's account (created by the chat migration) is not one.
  const users = async () =>
    Number((await t.database.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('uuid', '<>', SYSTEM_CHAT_UUID).executeTakeFirstOrThrow()).n);
  const registration = (name: string) => ({ account: name, email: `${name}@example.test`, password: 'long-enough-1' });

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('accepts a well-formed envelope and encrypts the answer', async () => {
    const fields = api.seal(registration('okay'));
    const res = await fetch(`${t.baseUrl}/api/account/registerByPassword`, { method: 'POST', body: new URLSearchParams(fields) });
    const body = (await res.json()) as { status: number; data: unknown };
    expect(body.status).toBe(1);
    expect(typeof body.data).toBe('string');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await users()).toBe(1);
  });

  it('refuses a tampered sign, writing nothing', async () => {
    const fields = api.seal(registration('tampered'));
    const sign = fields.sign.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    const res = await api.postFields('account/registerByPassword', { ...fields, sign });
    expect([res.httpStatus, res.status, res.msg]).toEqual([200, 0, 'The request signature is invalid.']);
    const swapped = await api.postFields('account/registerByPassword', { ...fields, data: api.seal(registration('other')).data });
    expect(swapped.msg).toBe('The request signature is invalid.');
    expect(await users()).toBe(1);
  });

  it('refuses a timestamp more than 300 s away, writing nothing', async () => {
    // Well past the window: the exact 300/301 s boundary is pinned by the unit test with a fixed clock, and over
    // HTTP a second may tick between sealing and checking.
    for (const skew of [-310, 310, -3600]) {
      const fields = api.seal(registration(`clock${Math.abs(skew)}`), { timestamp: Math.floor(Date.now() / 1000) + skew });
      const res = await api.postFields('account/registerByPassword', fields);
      expect([res.status, res.msg]).toEqual([0, 'The request time is too far from the server time. Check the date and time on your device.']);
    }
    expect(await users()).toBe(1);
  });

  it('refuses a replayed sign, writing nothing the second time', async () => {
    const fields = api.seal(registration('replayed'));
    expect((await api.postFields('account/registerByPassword', fields)).status).toBe(1);
    const before = await users();
    const again = await api.postFields('account/registerByPassword', fields);
    expect([again.status, again.msg]).toEqual([0, 'This request was already received.']);
    const loginFields = api.seal({ account: 'replayed', password: 'long-enough-1' });
    expect((await api.postFields('account/loginByPassword', loginFields)).status).toBe(1);
    const tokens = await t.database.db.selectFrom('user_tokens').select('id').execute();
    expect((await api.postFields('account/loginByPassword', loginFields)).msg).toBe('This request was already received.');
    expect(await t.database.db.selectFrom('user_tokens').select('id').execute()).toHaveLength(tokens.length);
    expect(await users()).toBe(before);
  });

  it('refuses undecryptable data even when correctly signed, writing nothing', async () => {
    const keys = serverKeys(t.config.aesKey, t.config.signKey);
    const timestamp = Math.floor(Date.now() / 1000);
    const wrongKey = sealData(JSON.stringify({ oauth_id: api.guestId, oauth_type: 'pwa', ...registration('wrongkey') }), Buffer.alloc(32, 7));
    for (const data of [wrongKey, 'bm90IGVuY3J5cHRlZA==', '%%%not-base64%%%', sealData('"a string"', keys.aes), sealData('[1,2]', keys.aes)]) {
      const res = await api.postFields('account/registerByPassword', {
        client: 'pwa', timestamp: String(timestamp), data, sign: computeSign('pwa', timestamp, data, keys.sign),
      });
      expect([res.status, res.msg], data).toEqual([0, 'The request data could not be decrypted.']);
    }
    expect(await users()).toBe(2);
  });

  it('refuses a schema-invalid payload with the field named, writing nothing', async () => {
    const res = await api.call('account/registerByPassword', { account: 'valid_name', email: 'nope', password: 'long-enough-1' });
    expect([res.status, res.msg]).toEqual([0, 'Enter a valid e-mail address.']);
    expect(res.data).toEqual({ field: 'email', code: 'zod.string.email' });
    const noGuest = await api.postFields('account/registerByPassword', (() => {
      const keys = serverKeys(t.config.aesKey, t.config.signKey);
      const ts = Math.floor(Date.now() / 1000);
      const data = sealData(JSON.stringify({ oauth_type: 'pwa', ...registration('noguest') }), keys.aes);
      return { client: 'pwa', timestamp: String(ts), data, sign: computeSign('pwa', ts, data, keys.sign) };
    })());
    expect(noGuest.status).toBe(0);
    expect(await users()).toBe(2);
  });

  it('refuses, naming the field, a value zod cannot measure (a length that is no number), writing nothing', async () => {
    // zod's length checks compare such a `length` with their bound, and JavaScript throws: it was a 500.
    const unmeasurable = { length: { toString: 'x', valueOf: 'y' } };
    const asToken = await api.call('account/loginByPassword', { account: 'someone', password: 'long-enough-1', token: unmeasurable });
    expect([asToken.httpStatus, asToken.status, asToken.msg]).toEqual([200, 0, 'Invalid value for "token".']);
    expect(asToken.data).toEqual({ field: 'token', code: 'zod.invalid' });
    const asField = await api.call('account/registerByPassword', { ...registration('unmeasurable'), password: unmeasurable });
    expect([asField.httpStatus, asField.status, asField.msg]).toEqual([200, 0, 'Invalid value for "password".']);
    expect(asField.data).toEqual({ field: 'password', code: 'zod.invalid' });
    expect(await users()).toBe(2);
  });

  it('answers 400 for a body that is no envelope, and refuses plain debug requests unless API_DEBUG=1', async () => {
    const empty = await api.postFields('account/registerByPassword', {});
    expect([empty.httpStatus, empty.status, empty.msg]).toEqual([400, 0, 'The request could not be read.']);
    const json = await api.post('account/registerByPassword', JSON.stringify(registration('json')), { 'content-type': 'application/json' });
    expect([json.httpStatus, json.status, json.msg, json.data]).toEqual([400, 0, 'The request could not be read.', null]);
    const bodies: [string, BodyInit][] = [
      ['text/plain', 'account=x&password=y'],
      ['application/octet-stream', new Uint8Array([0, 255, 1, 254, 0x80])],
      ['application/xml', '<a>1</a>'],
      ['image/png', new Uint8Array(2048)],
      ['', 'account=x'],
      ['multipart/form-data', 'no boundary'],
    ];
    for (const [type, body] of bodies) {
      const res = await api.post('account/registerByPassword', body, { 'content-type': type, 'accept-language': 'de-DE' });
      expect([res.httpStatus, res.status, res.data], type).toEqual([400, 0, null]);
      expect(res.msg, type).not.toBe('The request could not be read.');
      expect(res.msg, type).toMatch(/\S/);
    }
    const plain = await api.postFields('account/registerByPassword', { ...registration('plain'), oauth_id: api.guestId, oauth_type: 'pwa', debug: '1' });
    expect([plain.status, plain.msg]).toEqual([0, 'This server does not accept unencrypted requests.']);
    expect(await users()).toBe(2);
  });

  it('unknown API paths answer 404 with a JSON envelope', async () => {
    const res = await api.call('account/nothingHere');
    expect([res.httpStatus, res.status]).toEqual([404, 0]);
  });
});

describe('debug mode (API_DEBUG=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { apiDebug: true });
  });
  afterAll(async () => t?.close());

  it('accepts plain form fields with debug=1 and answers plain JSON', async () => {
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const reg = await api.postFields('account/registerByPassword', {
      account: 'debugger', email: 'debugger@example.test', password: 'long-enough-1', oauth_id: api.guestId, oauth_type: 'pwa', debug: '1',
    });
    expect(reg.status).toBe(1);
    const res = await fetch(`${t.baseUrl}/api/user/me`, {
      method: 'POST',
      body: new URLSearchParams({ oauth_id: api.guestId, oauth_type: 'pwa', debug: '1', token: (reg.data as { token: string }).token }),
    });
    const body = (await res.json()) as { status: number; data: { username: string } };
    expect(body.status).toBe(1);
    expect(body.data.username).toBe('debugger');
  });
});

describe.each(DATABASE_KINDS)('issue 29: deep payloads and dead tokens, encrypted and plain, on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  // People's accounts only: the system contact's account (created by the chat migration) is not one.
  const count = async (table: 'users' | 'page_views' | 'guests') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .$if(table === 'users', (q) => q.where(sql.ref('uuid'), '<>', SYSTEM_CHAT_UUID))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const registration = (name: string) => `"account":"${name}","email":"${name}@example.test","password":"long-enough-1"`;
  /** A value `levels` objects deep, as JSON text: JSON.stringify itself overflows the stack on 5 000 levels. */
  const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  /** Seals payload JSON text (the session fields are added in front) as the client would seal the object. */
  const sealText = (fields: string) => {
    const keys = serverKeys(t.config.aesKey, t.config.signKey);
    const ts = Math.floor(Date.now() / 1000);
    const data = sealData(`{"oauth_id":"${api.guestId}","oauth_type":"pwa",${fields}}`, keys.aes);
    return { client: 'pwa', timestamp: String(ts), data, sign: computeSign('pwa', ts, data, keys.sign) };
  };
  const tooDeep = (field: string) => `"${field}" is nested too deeply: at most ${PAYLOAD_DEPTH_MAX} levels of lists and objects are accepted.`;

  beforeAll(async () => {
    // API_DEBUG=1 serves both: the encrypted envelope and the plain debug form.
    t = await startTestApp(kind, { apiDebug: true });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('refuses 5 000 levels in an encrypted payload with status 0 naming the field, writing nothing (was HTTP 500)', async () => {
    const cases: [string, string][] = [
      ['extra', `${registration('deep1')},"extra":${deepObject(5_000)}`],
      ['password', `"account":"deep2","email":"deep2@example.test","password":${deepArray(5_000)}`],
      ['token', `${registration('deep3')},"token":${deepArray(5_000)}`],
      ['oauth_id', `${registration('deep4')},"oauth_id":${deepObject(5_000)}`],
    ];
    for (const [field, text] of cases) {
      const res = await api.postFields('account/registerByPassword', sealText(text));
      expect([res.httpStatus, res.status, res.msg], field).toEqual([200, 0, tooDeep(field)]);
      expect(res.data, field).toEqual({ field, code: 'zod.depth' });
    }
    // Any call, whatever it needs later (a session, an admin): the depth is refused first, with nothing read.
    const admin = await api.postFields('admin/withdrawals', sealText(`"token":"x","cursor":${deepObject(5_000)}`));
    expect([admin.httpStatus, admin.status, admin.data]).toEqual([200, 0, { field: 'cursor', code: 'zod.depth' }]);
    expect(await count('users')).toBe(0);
    expect(await count('guests')).toBe(0);
  });

  it('accepts a payload exactly PAYLOAD_DEPTH_MAX deep and refuses one level more', async () => {
    // The payload object is level 1, so its field may hold PAYLOAD_DEPTH_MAX - 1 levels.
    const over = await api.postFields('account/registerByPassword', sealText(`${registration('deeper')},"extra":${deepArray(PAYLOAD_DEPTH_MAX)}`));
    expect([over.status, over.data]).toEqual([0, { field: 'extra', code: 'zod.depth' }]);
    expect(await count('users')).toBe(0);
    const within = await api.postFields('account/registerByPassword', sealText(`${registration('deepest')},"extra":${deepArray(PAYLOAD_DEPTH_MAX - 1)}`));
    expect([within.status, within.msg]).toEqual([1, 'ok']);
    expect(await count('users')).toBe(1);
  });

  it('refuses 5 000 levels in a plain debug form, in a JSON field or as bracketed names, writing nothing', async () => {
    const session = { oauth_id: api.guestId, oauth_type: 'pwa', debug: '1' };
    const views = await api.postFields('track', { ...session, views: deepArray(5_000) });
    expect([views.httpStatus, views.status, views.msg]).toEqual([200, 0, tooDeep('views')]);
    expect(views.data).toEqual({ field: 'views', code: 'zod.depth' });
    const viewsAtLimit = await api.postFields('track', { ...session, views: deepArray(PAYLOAD_DEPTH_MAX) });
    expect(viewsAtLimit.data).toEqual({ field: 'views', code: 'zod.depth' });
    expect(await count('page_views')).toBe(0);
    // The form parser makes no objects of bracketed names (qs would): `password[a][a]…` is a name of its own, so the
    // password is missing, and nothing nests.
    const bracketed = new URLSearchParams({ ...session, account: 'brackets', email: 'brackets@example.test' });
    bracketed.append(`password${'[a]'.repeat(5_000)}`, 'long-enough-1');
    const form = await api.post('account/registerByPassword', bracketed);
    expect([form.httpStatus, form.status, (form.data as { field?: string } | null)?.field]).toEqual([200, 0, 'password']);
    expect(await count('users')).toBe(1);
  });

  it('answers an expired or revoked token with status 422, msg `token expired` and the localized text as data', async () => {
    const reg = await api.call('account/registerByPassword', { account: 'expiring', email: 'expiring@example.test', password: 'long-enough-1' });
    const token = (reg.data as { token: string }).token;
    expect((await api.call('account/loginOut', { token })).status).toBe(1);
    const ja = { message: 'セッションの有効期限が切れました。もう一度ログインしてください。' };
    // Encrypted: the data is sealed (the raw client opens it), in the request's language.
    const sealed = await api.call('user/me', { token }, { 'accept-language': 'ja-JP' });
    expect([sealed.httpStatus, sealed.status, sealed.msg, sealed.data]).toEqual([200, 422, 'token expired', ja]);
    const unknown = await api.call('user/me', { token: 'x'.repeat(43) });
    expect([unknown.status, unknown.msg, unknown.data]).toEqual([422, 'token expired', { message: 'Your session has expired. Please log in again.' }]);
    // Plain debug form: the same body, data in plain JSON.
    const res = await fetch(`${t.baseUrl}/api/user/me`, {
      method: 'POST',
      headers: { 'accept-language': 'ja-JP' },
      body: new URLSearchParams({ oauth_id: api.guestId, oauth_type: 'pwa', debug: '1', token }),
    });
    expect([res.status, await res.json()]).toEqual([200, { status: 422, msg: 'token expired', data: ja }]);
  });
});
