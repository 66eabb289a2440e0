import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../config';
import { createRawClient } from '../../tests/support/raw-client';
import { RELAXED_RATE_LIMITS, startTestApp, type TestApp } from '../../tests/support/test-app';

describe('rate limits on login, register, reset and e-mail code', () => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  const tokens: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('pglite', {
      rateLimits: {
        ...RELAXED_RATE_LIMITS,
        loginPerAccount: { max: 3, windowMs: 60_000 },
        loginPerIp: { max: 6, windowMs: 60_000 },
        registerPerIp: { max: 2, windowMs: 60_000 },
        resetPerAccount: { max: 2, windowMs: 60_000 },
        emailCodePerAccount: { max: 2, windowMs: 60_000 },
      },
    });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('the defaults limit every sensitive call', () => {
    for (const rule of Object.values(DEFAULT_RATE_LIMITS)) {
      expect(rule.max).toBeGreaterThan(0);
      expect(rule.max).toBeLessThanOrEqual(30);
    }
  });

  it('per IP on register: 429 with Retry-After and a clear message, nothing written', async () => {
    for (const name of ['rl_one', 'rl_two']) {
      const res = await api.call('account/registerByPassword', { account: name, email: `${name}@example.test`, password: 'long-enough-1' });
      expect(res.status).toBe(1);
      tokens.push((res.data as { token: string }).token);
    }
    const limited = await api.call('account/registerByPassword', { account: 'rl_three', email: 'rl_three@example.test', password: 'long-enough-1' });
    expect(limited.httpStatus).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.status).toBe(0);
    // The wait left of the 60 s window, said as Intl.RelativeTimeFormat does (issue 30 item 12): never "1 seconds".
    expect(limited.msg).toMatch(/^Too many attempts\. Please try again in ([2-9]|[1-5]\d) seconds\.$|^Too many attempts\. Please try again in 1 (second|minute)\.$/);
    const row = await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'rl_three').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('per account on login: a fourth try at one account is refused, another account still works', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await api.call('account/loginByPassword', { account: 'rl_one', password: 'wrong-password' })).httpStatus).toBe(200);
    }
    const blocked = await api.call('account/loginByPassword', { account: 'RL_ONE', password: 'long-enough-1' });
    expect(blocked.httpStatus).toBe(429);
    const other = await api.call('account/loginByPassword', { account: 'rl_two', password: 'long-enough-1' });
    expect(other.status).toBe(1);
  });

  it('per IP on login across accounts', async () => {
    // 4 login calls so far from this IP; the limit is 6.
    await api.call('account/loginByPassword', { account: 'someone_a', password: 'x' });
    await api.call('account/loginByPassword', { account: 'someone_b', password: 'x' });
    expect((await api.call('account/loginByPassword', { account: 'someone_c', password: 'x' })).httpStatus).toBe(429);
  });

  it('per address on password reset, and per user on e-mail codes', async () => {
    for (let i = 0; i < 2; i++) expect((await api.call('account/sendResetPwdEmail', { email: 'rl_two@example.test' })).status).toBe(1);
    expect((await api.call('account/sendResetPwdEmail', { email: 'RL_TWO@example.test' })).httpStatus).toBe(429);
    const mails = await t.database.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'reset-password').execute();
    expect(mails).toHaveLength(2);
    const [token] = tokens;
    for (let i = 0; i < 2; i++) expect((await api.call('account/sendEmailCode', { token })).status).toBe(1);
    expect((await api.call('account/sendEmailCode', { token })).httpStatus).toBe(429);
    expect((await api.call('account/sendEmailCode', { token: tokens[1] })).status).toBe(1);
  });

  it('limits the account probes (checkUsername, isUseEmail) per guest id and per IP', async () => {
    const probes = await startTestApp('pglite', {
      rateLimits: { ...RELAXED_RATE_LIMITS, accountProbePerGuest: { max: 3, windowMs: 60_000 }, accountProbePerIp: { max: 5, windowMs: 60_000 } },
    });
    try {
      const guest = createRawClient(probes.baseUrl, probes.config.aesKey, probes.config.signKey);
      expect((await guest.call('account/checkUsername', { username: 'probe_a' })).data).toEqual({ available: true });
      expect((await guest.call('account/isUseEmail', { email: 'a@example.test' })).data).toEqual({ used: false });
      expect((await guest.call('account/checkUsername', { username: 'probe_b' })).status).toBe(1);
      const limited = await guest.call('account/isUseEmail', { email: 'b@example.test' });
      expect(limited.httpStatus).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.data).toBeNull();
      // A new guest id from the same IP gets the rest of the IP's allowance (5, of which the first guest's 4
      // requests, the refused one included, used 4), then the IP limit holds.
      const another = createRawClient(probes.baseUrl, probes.config.aesKey, probes.config.signKey);
      expect((await another.call('account/checkUsername', { username: 'probe_c' })).status).toBe(1);
      expect((await another.call('account/checkUsername', { username: 'probe_d' })).httpStatus).toBe(429);
    } finally {
      await probes.close();
    }
  });

  it('answers the rate-limit message in the request language', async () => {
    const res = await api.call('account/sendResetPwdEmail', { email: 'rl_two@example.test' }, { 'accept-language': 'fr-FR' });
    expect(res.httpStatus).toBe(429);
    expect(res.msg).not.toMatch(/^Too many/);
  });
});
