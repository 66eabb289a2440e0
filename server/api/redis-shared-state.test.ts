import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { startRedisServer, type RedisServer } from '../../tests/support/redis-server';
import { RELAXED_RATE_LIMITS, startTestApp, type TestApp } from '../../tests/support/test-app';

/**
 * Issue 10 item 5: with REDIS_URL, the replay window and the rate limits are shared by every process. Two servers
 * (as two processes behind a load balancer would be) share one real redis-server on loopback.
 */
describe('shared replay window and rate limits across two servers', () => {
  let redis: RedisServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedisServer();
    const shared = {
      redisUrl: redis.url,
      rateLimits: { ...RELAXED_RATE_LIMITS, accountProbePerIp: { max: 3, windowMs: 60_000 } },
    };
    a = await startTestApp('pglite', shared);
    // The same keys on both: one deployment.
    b = await startTestApp('pglite', { ...shared, aesKey: a.config.aesKey, signKey: a.config.signKey, serverSecret: a.config.serverSecret });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('refuses on the second server a request the first one accepted, and writes nothing', async () => {
    const client = createRawClient(a.baseUrl, a.config.aesKey, a.config.signKey);
    const sealed = client.seal({ account: 'replayed', email: 'replayed@example.test', password: 'long-enough-1' });
    const first = await client.postFields('account/registerByPassword', sealed);
    expect(first.status, first.msg).toBe(1);
    const toB = createRawClient(b.baseUrl, b.config.aesKey, b.config.signKey);
    const replayed = await toB.postFields('account/registerByPassword', sealed);
    expect([replayed.httpStatus, replayed.status, replayed.msg]).toEqual([200, 0, 'This request was already received.']);
    const rows = await b.database.db.selectFrom('users').select('uuid').where('username', '=', 'replayed').execute();
    expect(rows).toHaveLength(0);
  });

  it('holds a limit of 3 across both servers', async () => {
    const onA = createRawClient(a.baseUrl, a.config.aesKey, a.config.signKey);
    const onB = createRawClient(b.baseUrl, b.config.aesKey, b.config.signKey);
    expect((await onA.call('account/checkUsername', { username: 'free_one' })).status).toBe(1);
    expect((await onB.call('account/checkUsername', { username: 'free_two' })).status).toBe(1);
    expect((await onA.call('account/checkUsername', { username: 'free_three' })).status).toBe(1);
    const limitedB = await onB.call('account/checkUsername', { username: 'free_four' });
    expect(limitedB.httpStatus).toBe(429);
    expect(Number(limitedB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await onA.call('account/checkUsername', { username: 'free_five' })).httpStatus).toBe(429);
  });

  it('while Redis is down the replay check fails closed: 503, nothing written', async () => {
    await redis.stop();
    const client = createRawClient(a.baseUrl, a.config.aesKey, a.config.signKey);
    const res = await client.call('account/registerByPassword', { account: 'during_outage', email: 'outage@example.test', password: 'long-enough-1' });
    expect([res.httpStatus, res.status]).toEqual([503, 0]);
    const rows = await a.database.db.selectFrom('users').select('uuid').where('username', '=', 'during_outage').execute();
    expect(rows).toHaveLength(0);
  });
});
