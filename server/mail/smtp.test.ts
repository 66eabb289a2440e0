import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { startSmtp } from '../../tests/support/smtp-listener';

async function waitFor<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting for mail');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('mail through a real SMTP listener', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp('pglite', { smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The tables with a row whose text (any column, as the row's text form) contains the secret. */
  async function tablesHolding(secret: string): Promise<string[]> {
    const tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.database.db)
    ).rows.map((r) => r.name);
    const found: string[] = [];
    for (const name of tables) {
      const hit = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)} x where position(${secret} in x::text) > 0`.execute(t.database.db);
      if (hit.rows[0].n > 0) found.push(name);
    }
    return found;
  }

  it('verifies an e-mail address end to end with the code from the received mail', async () => {
    const reg = await api.call('account/registerByPassword', { account: 'mailer', email: 'mailer@example.test', password: 'long-enough-1' });
    const token = (reg.data as { token: string }).token;
    expect((await api.call('account/sendEmailCode', { token }, { 'accept-language': 'ja-JP' })).status).toBe(1);
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to === 'mailer@example.test'));
    expect(mail.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const code = /\b(\d{6})\b/.exec(mail.text)![1];
    expect((await api.call('account/validationEmail', { token, code })).status).toBe(1);
    const me = (await api.call('user/me', { token })).data as { email_validation: boolean };
    expect(me.email_validation).toBe(true);
    const row = await t.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'mailer@example.test').executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.error).toBeNull();
    expect(await tablesHolding(code)).toEqual([]);
  });

  it('resets a password end to end with the link from the received mail', async () => {
    await api.call('account/registerByPassword', { account: 'forgetful', email: 'forgetful@example.test', password: 'old-password-1' });
    expect((await api.call('account/sendResetPwdEmail', { email: 'forgetful@example.test' }, { 'accept-language': 'ar' })).status).toBe(1);
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to === 'forgetful@example.test'));
    expect(mail.text).toMatch(/[\u0600-\u06ff]/);
    const link = new URL(/(http:\/\/venuely\.test\/ar\/reset-pwd\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]);
    // With SMTP the secret lives only in the recipient's mailbox: no table holds the link's token.
    expect(await tablesHolding(link.searchParams.get('token')!)).toEqual([]);
    const reset = await api.call('account/newPwd', { reset_token: link.searchParams.get('token'), password: 'brand-new-password' });
    expect(reset.status).toBe(1);
    expect((await api.call('account/loginByPassword', { account: 'forgetful', password: 'brand-new-password' })).status).toBe(1);
    expect((await api.call('account/loginByPassword', { account: 'forgetful', password: 'old-password-1' })).status).toBe(0);
  });

  it('keeps the mail in the outbox with the error when SMTP is unreachable, and still answers', async () => {
    const down = await startTestApp('pglite', { smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000' });
    try {
      const client = createRawClient(down.baseUrl, down.config.aesKey, down.config.signKey);
      await client.call('account/registerByPassword', { account: 'offline', email: 'offline@example.test', password: 'long-enough-1' });
      expect((await client.call('account/sendResetPwdEmail', { email: 'offline@example.test' })).status).toBe(1);
      const row = await down.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
      expect(row.sent_at).toBeNull();
      expect(row.error).toBeTruthy();
    } finally {
      await down.close();
    }
  });
});
