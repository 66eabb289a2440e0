import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/db/database';
import { createTestDatabaseUrl } from '../support/databases';
import { freePort } from '../support/free-port';
import { createRawClient } from '../support/raw-client';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/**
 * Issue 32: a deployment's first start, or an upgrade, may start every process at once on a database none has
 * migrated yet (an orchestrator starts all replicas together). Kysely's migrator takes PostgreSQL's advisory lock,
 * so one process migrates while the others wait and then find nothing to do, and the reference data is written with
 * upserts; all three come up and serve, each migration is applied once, and the reference data is there once.
 */
describe('three processes started at once on an empty PostgreSQL database', () => {
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('all come up, the database is migrated once and every process serves', async () => {
    const database = await createTestDatabaseUrl();
    cleanups.push(() => database.drop());
    const env = {
      DATABASE_URL: database.url,
      API_AES_KEY: randomBytes(32).toString('hex'),
      API_SIGN_KEY: randomBytes(32).toString('hex'),
      SERVER_SECRET: randomBytes(32).toString('hex'),
    };
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers: ServerProcess[] = await Promise.all(
      ports.map((port) => {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-first-'));
        cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
        return startServerProcess(port, { ...env, DATA_DIR: dataDir });
      }),
    );
    cleanups.push(() => Promise.all(servers.map((server) => server.stop())));
    for (const server of servers) {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status, server.output()).toBe(200);
    }

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());
    const applied = (await db.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name);
    expect(applied).toEqual(Object.keys(MIGRATIONS).sort());
    const regions = (await db.query<{ n: string; distinct: string }>('select count(*) as n, count(distinct slug) as distinct from regions')).rows[0];
    expect(Number(regions.n)).toBeGreaterThan(0);
    expect(regions.n).toBe(regions.distinct);

    // A member registered on one process logs in on the second and is known to the third.
    const [a, b, c] = servers.map((server) => createRawClient(server.baseUrl, env.API_AES_KEY, env.API_SIGN_KEY));
    expect((await a.call('account/registerByPassword', { account: 'firststart', email: 'firststart@example.test', password: 'long-enough-1' })).status).toBe(1);
    const login = await b.call('account/loginByPassword', { account: 'firststart', password: 'long-enough-1' });
    expect(login.status, login.msg).toBe(1);
    const me = await c.call('user/me', { token: (login.data as { token: string }).token });
    expect(me.status, me.msg).toBe(1);
  }, 120_000);
});
