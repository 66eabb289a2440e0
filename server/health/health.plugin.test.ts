import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../../tests/support/databases';
import { startRedisServer } from '../../tests/support/redis-server';
import { testConfig } from '../../tests/support/test-app';
import { READY_CHECK_TIMEOUT_MS } from './health.plugin';

/**
 * /healthz and /readyz (DESIGN section 9, issue 32 item 4) on the real app: what a load balancer's probe reads when
 * everything answers, when the database or Redis does not, when a check hangs, and while the process drains.
 */
describe('health and readiness', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // One migrated database for the suite; the test that closes its database gets one of its own.
  let shared: DatabaseHandle;
  beforeAll(async () => {
    shared = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await shared.close();
  });

  async function app(overrides: Parameters<typeof testConfig>[0] = {}, own = false) {
    const database = own ? await openTestDatabase('pglite') : shared;
    const built = await buildApp(testConfig(overrides), { database, logger: false });
    cleanups.push(async () => {
      await built.close();
      if (own) await database.close().catch(() => undefined);
    });
    return { app: built, database };
  }

  const probe = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>(), cache: res.headers['cache-control'] };
  };

  it('answers alive and ready, not cached, when the database answers', async () => {
    const { app: server } = await app();
    expect(await probe(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await probe(server, '/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', storage: 'ok' } }, cache: 'no-store' });
  });

  it('is not ready while the database cannot be reached, and still alive', async () => {
    const { app: server, database } = await app({}, true);
    await database.close();
    expect(await probe(server, '/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'unreachable' } } });
    expect((await probe(server, '/healthz')).status).toBe(200);
  });

  it('follows Redis: ready while it answers, 503 naming it while it is down', async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const { app: server } = await app({ redisUrl: redis.url });
    await expect.poll(async () => (await probe(server, '/readyz')).body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' } });
    await redis.stop();
    const down = await probe(server, '/readyz');
    expect(down).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'ok' } } });
    expect(['unreachable', 'timeout']).toContain((down.body.checks as Record<string, string>).redis);
  });

  it('counts a dependency that hangs as a timeout, and says no more than the check’s state', async () => {
    const { app: server } = await app();
    let mail: 'hangs' | 'refuses' = 'hangs';
    server.health.addCheck('mail', () =>
      mail === 'hangs' ? new Promise(() => undefined) : Promise.reject(new Error('connect ECONNREFUSED s3.internal:9000 key=AKIA-SECRET')),
    );
    const started = Date.now();
    const res = await probe(server, '/readyz');
    expect(Date.now() - started).toBeGreaterThanOrEqual(READY_CHECK_TIMEOUT_MS - 50);
    expect(res).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'ok', storage: 'ok', mail: 'timeout' } } });

    mail = 'refuses';
    const refused = await server.inject({ method: 'GET', url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', storage: 'ok', mail: 'unreachable' } });
    expect(refused.body).not.toContain('AKIA');
  });

  it('draining: not ready at once, still alive, the drain hooks run once, the app still serves', async () => {
    const { app: server } = await app();
    let drained = 0;
    server.health.onDrain(() => {
      drained += 1;
    });
    expect(server.health.draining).toBe(false);
    await Promise.all([server.health.drain(), server.health.drain()]);
    expect(server.health.draining).toBe(true);
    expect(drained).toBe(1);
    expect(await probe(server, '/readyz')).toEqual({ status: 503, body: { status: 'draining' }, cache: 'no-store' });
    expect((await probe(server, '/healthz')).status).toBe(200);
    expect((await server.inject({ method: 'GET', url: '/build.json' })).statusCode).toBe(200);
  });
});
