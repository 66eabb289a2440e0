import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { Membership } from '@/contract/enums';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

describe.each(DATABASE_KINDS)('account API on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  const count = async (table: 'users' | 'user_tokens' | 'mail_outbox' | 'memberships') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  async function register(account: string, password = 'correct-horse-1', email = `${account.toLowerCase()}@example.test`) {
    const res = await api.call('account/registerByPassword', { account, email, password });
    expect(res.status, res.msg).toBe(1);
    return (res.data as { token: string }).token;
  }

  const lastMail = async (to: string) =>
    t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('registers, then reports the current user with every spec field and membership 1', async () => {
    const token = await register('Alice');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await api.call('user/me', { token });
    expect(me.status).toBe(1);
    expect(me.data).toMatchObject({
      is_login: true,
      username: 'Alice',
      nickname: 'Alice',
      email: 'alice@example.test',
      email_validation: false,
      is_kyc: false,
      kyc_status: 0,
      kyc_created_date: null,
      is_payed: false,
      vip_txt: '',
      image: '',
      fun_score: 0,
      merchant_count: 0,
      partner_count: 0,
      withdrawal_rate: 1,
      withdrawable_fun_score: 0,
      withdrawable_amount: 0,
      version: 1,
      membership: Membership.MEMBER,
      role: 'member',
    });
    const stored = await t.database.db.selectFrom('users').select('password_hash').where('username', '=', 'Alice').executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    const tokenRow = await t.database.db.selectFrom('user_tokens').select('token_hash').executeTakeFirstOrThrow();
    expect(tokenRow.token_hash).not.toContain(token);
  });

  it('refuses a taken user name (any case or width) or e-mail and writes nothing', async () => {
    const users = await count('users');
    for (const account of ['alice', 'ALICE', 'ａｌｉｃｅ']) {
      const res = await api.call('account/registerByPassword', { account, email: `${Math.random()}@example.test`, password: 'long-enough-1' });
      expect(res.status).toBe(0);
      expect(res.msg).toBe('This user name is already taken.');
    }
    const byEmail = await api.call('account/registerByPassword', { account: 'alice2', email: 'ALICE@example.test', password: 'long-enough-1' });
    expect(byEmail.msg).toBe('This e-mail address is already registered.');
    expect(await count('users')).toBe(users);
  });

  it('validates registration input with clear messages and writes nothing', async () => {
    const users = await count('users');
    const cases: [Record<string, unknown>, string][] = [
      [{ account: 'bob', email: 'not-an-email', password: 'long-enough-1' }, 'Enter a valid e-mail address.'],
      [{ account: 'bob', email: 'bob@example.test', password: 'short' }, '"password" must have at least 8 characters.'],
      [{ account: '', email: 'bob@example.test', password: 'long-enough-1' }, 'Please fill in "account".'],
      [{ account: 'bo b<script>', email: 'bob@example.test', password: 'long-enough-1' }, 'A user name may contain only letters, digits, dots, dashes and underscores.'],
      [{ account: 'x'.repeat(5000), email: 'bob@example.test', password: 'long-enough-1' }, '"account" must have at most 32 characters.'],
      [{ account: 42, email: ['a'], password: { $gt: '' } }, 'Please fill in "account".'],
    ];
    for (const [payload, msg] of cases) {
      const res = await api.call('account/registerByPassword', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 60)).toBe(0);
      expect(res.msg).toBe(msg);
      expect(res.httpStatus).toBe(200);
    }
    expect(await count('users')).toBe(users);
  });

  it('checks user name availability and e-mail use', async () => {
    expect((await api.call('account/checkUsername', { username: 'ALICE' })).data).toEqual({ available: false });
    expect((await api.call('account/checkUsername', { username: 'nobody_here' })).data).toEqual({ available: true });
    expect((await api.call('account/isUseEmail', { email: 'Alice@Example.test' })).data).toEqual({ used: true });
    expect((await api.call('account/isUseEmail', { email: 'free@example.test' })).data).toEqual({ used: false });
    // Spec section 5: one character is a user name; an empty one, one with a space or 33 characters is not.
    expect((await api.call('account/checkUsername', { username: 'a' })).data).toEqual({ available: true });
    for (const username of ['', '  ', 'a b', 'x'.repeat(33)]) {
      expect((await api.call('account/checkUsername', { username })).status, username).toBe(0);
    }
  });

  it('logs in by user name or e-mail, and refuses a wrong password or unknown account alike', async () => {
    for (const account of ['alice', 'ALICE@example.test']) {
      const res = await api.call('account/loginByPassword', { account, password: 'correct-horse-1' });
      expect(res.status, res.msg).toBe(1);
    }
    const wrong = await api.call('account/loginByPassword', { account: 'alice', password: 'wrong-password' });
    const unknown = await api.call('account/loginByPassword', { account: 'nobody', password: 'wrong-password' });
    expect([wrong.status, wrong.msg]).toEqual([0, 'Wrong account or password.']);
    expect([unknown.status, unknown.msg]).toEqual([0, 'Wrong account or password.']);
  });

  it('answers in the language of Accept-Language', async () => {
    const ja = await api.call('account/loginByPassword', { account: 'alice', password: 'nope-nope' }, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(ja.msg).not.toBe('Wrong account or password.');
    expect(ja.msg).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const ar = await api.call('account/loginByPassword', { account: 'alice', password: 'nope-nope' }, { 'accept-language': 'ar-SA' });
    expect(ar.msg).toMatch(/[\u0600-\u06ff]/);
  });

  it('user/me reads the session, the plan and the balances in one statement', async () => {
    const token = await register('Stella');
    // The first call notes the guest id (once an hour); the one measured below is a plain start of the app.
    expect((await api.call('user/me', { token })).status).toBe(1);
    const executor = t.database.db.getExecutor();
    const executed = vi.spyOn(executor, 'executeQuery');
    try {
      const me = await api.call('user/me', { token });
      expect(me.status).toBe(1);
      expect(me.data).toMatchObject({ username: 'Stella', is_payed: false, fun_score: 0 });
      expect(executed.mock.calls.map(([query]) => /^\/\* prepared:(\w+)/.exec(query.sql)?.[1] ?? query.sql.slice(0, 60))).toEqual(['find_session_standing']);
    } finally {
      executed.mockRestore();
    }
  });

  it('logout revokes the token: the next call with it gets 422', async () => {
    const token = await register('Carol');
    expect((await api.call('account/loginOut', { token })).status).toBe(1);
    const me = await api.call('user/me', { token });
    expect(me.status).toBe(422);
    // DESIGN section 4: msg `token expired`, the text to show beside it (issue 29).
    expect([me.msg, me.data]).toEqual(['token expired', { message: 'Your session has expired. Please log in again.' }]);
    expect((await api.call('account/loginOut', { token })).status).toBe(422);
    expect((await api.call('user/me', { token: 'x'.repeat(43) })).status).toBe(422);
  });

  it('a session idle for more than 30 days expires', async () => {
    const token = await register('Idle');
    const user = await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'Idle').executeTakeFirstOrThrow();
    await t.database.db.updateTable('user_tokens').set({ last_used_at: new Date(Date.now() - 31 * 86_400_000) }).where('user_uuid', '=', user.uuid).execute();
    expect((await api.call('user/me', { token })).status).toBe(422);
  });

  it('guests are refused calls that need a login, with a clear message', async () => {
    const me = await api.call('user/me');
    expect([me.status, me.msg]).toEqual([0, 'Please log in first.']);
  });

  it('password change keeps the current session, revokes the others, and needs the old password', async () => {
    const first = await register('Dave', 'first-password-1');
    const second = (await api.call('account/loginByPassword', { account: 'dave', password: 'first-password-1' })).data as { token: string };
    const wrong = await api.call('user/changePassword', { token: first, old_password: 'not-it-at-all', password: 'second-password-2' });
    expect([wrong.status, wrong.msg]).toEqual([0, 'The current password is incorrect.']);
    const same = await api.call('user/changePassword', { token: first, old_password: 'first-password-1', password: 'first-password-1' });
    expect(same.msg).toBe('The new password must be different from the current one.');
    const ok = await api.call('user/changePassword', { token: first, old_password: 'first-password-1', password: 'second-password-2' });
    expect(ok.status).toBe(1);
    expect((await api.call('user/me', { token: first })).status).toBe(1);
    expect((await api.call('user/me', { token: second.token })).status).toBe(422);
    expect((await api.call('account/loginByPassword', { account: 'dave', password: 'first-password-1' })).status).toBe(0);
    expect((await api.call('account/loginByPassword', { account: 'dave', password: 'second-password-2' })).status).toBe(1);
  });

  it('settings change the nickname and e-mail; a new e-mail must be verified again and must be free', async () => {
    const token = await register('Erin');
    await t.database.db.updateTable('users').set({ email_validation: true }).where('username', '=', 'Erin').execute();
    expect((await api.call('account/setting', { token, nickname: '  Erin 🌸 ' })).status).toBe(1);
    let me = (await api.call('user/me', { token })).data as { nickname: string; email_validation: boolean; version: number };
    expect(me).toMatchObject({ nickname: 'Erin 🌸', email_validation: true, version: 2 });
    const taken = await api.call('account/setting', { token, email: 'alice@example.test' });
    expect(taken.msg).toBe('This e-mail address is already registered.');
    expect((await api.call('account/setting', { token, email: 'erin.new@example.test' })).status).toBe(1);
    me = (await api.call('user/me', { token })).data as typeof me;
    expect(me).toMatchObject({ email: 'erin.new@example.test', email_validation: false, version: 3 });
    const empty = await api.call('account/setting', { token });
    expect([empty.status, empty.msg]).toEqual([0, 'There is nothing to change.']);
  });

  it('verifies the e-mail with a single-use 6-digit code, counting wrong attempts', async () => {
    const token = await register('Frank');
    const sent = await api.call('account/sendEmailCode', { token });
    expect(sent.data).toEqual({ email: 'frank@example.test', expires_in: 600 });
    const mail = await lastMail('frank@example.test');
    const code = /\b(\d{6})\b/.exec(mail.body_text)![1];
    expect(mail.subject).toContain(code);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await api.call('account/validationEmail', { token, code: wrongCode });
    expect([wrong.status, wrong.msg]).toEqual([0, 'The code is wrong or has expired. Request a new one.']);
    const malformed = await api.call('account/validationEmail', { token, code: '12ab' });
    expect(malformed.msg).toBe('Enter the 6-digit code from the e-mail.');
    expect((await api.call('account/validationEmail', { token, code })).status).toBe(1);
    expect(((await api.call('user/me', { token })).data as { email_validation: boolean }).email_validation).toBe(true);
    expect((await api.call('account/validationEmail', { token, code })).status).toBe(0);
    expect((await api.call('account/sendEmailCode', { token })).msg).toBe('Your e-mail address is already verified.');
  });

  it('an e-mail code stops working after 5 wrong attempts or after 10 minutes', async () => {
    const token = await register('Gina');
    await api.call('account/sendEmailCode', { token });
    const code = /\b(\d{6})\b/.exec((await lastMail('gina@example.test')).body_text)![1];
    const other = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await api.call('account/validationEmail', { token, code: other });
    expect((await api.call('account/validationEmail', { token, code })).status).toBe(0);
    await api.call('account/sendEmailCode', { token });
    const fresh = /\b(\d{6})\b/.exec((await lastMail('gina@example.test')).body_text)![1];
    await t.database.db.updateTable('user_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 4).execute();
    expect((await api.call('account/validationEmail', { token, code: fresh })).status).toBe(0);
  });

  it('resets a password with a single-use link in the request language, revoking every session', async () => {
    const token = await register('Hana', 'old-password-1');
    const unknown = await api.call('account/sendResetPwdEmail', { email: 'nobody@example.test' });
    expect(unknown).toMatchObject({ status: 1, data: { email: 'nobody@example.test' } });
    const mails = await count('mail_outbox');
    const res = await api.call('account/sendResetPwdEmail', { email: 'HANA@example.test' }, { 'accept-language': 'de-DE' });
    expect(res.status).toBe(1);
    expect(await count('mail_outbox')).toBe(mails + 1);
    const mail = await lastMail('hana@example.test');
    expect(mail.locale).toBe('de');
    expect(mail.body_text).toContain('Hallo Hana');
    const link = /http:\/\/venuely\.test\/de\/reset-pwd\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text);
    expect(link).not.toBeNull();
    const resetToken = link![1];
    expect((await api.call('account/newPwd', { reset_token: resetToken, password: 'short' })).status).toBe(0);
    expect((await api.call('account/newPwd', { reset_token: resetToken, password: 'new-password-2' })).status).toBe(1);
    expect((await api.call('user/me', { token })).status).toBe(422);
    const again = await api.call('account/newPwd', { reset_token: resetToken, password: 'third-password-3' });
    expect([again.status, again.msg]).toEqual([0, 'This reset link is invalid or has expired. Request a new one.']);
    expect((await api.call('account/loginByPassword', { account: 'hana', password: 'new-password-2' })).status).toBe(1);
  });

  it('a reset link expires after 30 minutes and only the newest link works', async () => {
    await register('Ivan', 'old-password-1');
    await api.call('account/sendResetPwdEmail', { email: 'ivan@example.test' });
    const first = /token=([A-Za-z0-9_-]+)/.exec((await lastMail('ivan@example.test')).body_text)![1];
    await api.call('account/sendResetPwdEmail', { email: 'ivan@example.test' });
    const second = /token=([A-Za-z0-9_-]+)/.exec((await lastMail('ivan@example.test')).body_text)![1];
    expect((await api.call('account/newPwd', { reset_token: first, password: 'new-password-2' })).status).toBe(0);
    await t.database.db.updateTable('user_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('purpose', '=', 3).execute();
    expect((await api.call('account/newPwd', { reset_token: second, password: 'new-password-2' })).status).toBe(0);
    expect((await api.call('account/loginByPassword', { account: 'ivan', password: 'old-password-1' })).status).toBe(1);
  });

  it('updates the avatar: re-encoded, metadata stripped, served back; bad files refused', async () => {
    const token = await register('Jin');
    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#0a7' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 40/1 0/1' } })
      .toBuffer();
    const res = await api.upload('account/updateAvatar', { token }, { image: { data: jpeg, name: 'me.jpg', type: 'image/jpeg' } });
    expect(res.status, res.msg).toBe(1);
    const { image, thumb } = res.data as { image: string; thumb: string };
    const served = await fetch(`${t.baseUrl}${image}`);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect((await fetch(`${t.baseUrl}${thumb}`)).status).toBe(200);
    expect(((await api.call('user/me', { token })).data as { image: string }).image).toBe(image);

    const text = await api.upload('account/updateAvatar', { token }, { image: { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'x.png', type: 'image/png' } });
    expect([text.status, text.msg]).toEqual([0, 'This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).']);
    const none = await api.call('account/updateAvatar', { token });
    expect(none.msg).toBe('Choose an image to upload.');
    const big = await api.upload('account/updateAvatar', { token }, { image: { data: Buffer.alloc(9 * 1024 * 1024, 1), name: 'big.jpg', type: 'image/jpeg' } });
    expect(big.httpStatus).toBe(413);
    expect(big.status).toBe(0);
    const stray = await api.upload('account/updateAvatar', { token }, { other: { data: jpeg, name: 'a.jpg', type: 'image/jpeg' } });
    expect(stray.status).toBe(0);
  });

  it("home/config advertises this process's chat socket, with a token for members only", async () => {
    const socket = `ws://127.0.0.1:${new URL(t.baseUrl).port}/im`;
    const guest = await api.call('home/config');
    expect(guest.data).toEqual({ chat_token: '', via: 'pwa', im_url: [socket], stripe_publishable_key: null, payments_test_mode: true });
    const token = await register('Kai');
    const member = (await api.call('home/config', { token })).data as { chat_token: string; im_url: string[] };
    expect(member.im_url).toEqual([socket]);
    expect(member.chat_token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('records the guest id', async () => {
    const row = await t.database.db.selectFrom('guests').selectAll().where('oauth_id', '=', api.guestId).executeTakeFirst();
    expect(row).toMatchObject({ oauth_type: 'pwa', client: 'pwa' });
  });
});
