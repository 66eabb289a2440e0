import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { testConfig } from '../../tests/support/test-app';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { DEFAULT_RETENTION } from './retention.job';

const DAY = 86_400_000;
/** Short enough for a test to see several runs; the first look comes within 0.8–1.2 of it. */
const INTERVAL_MS = 300;
const SCHEDULED: Partial<AppConfig> = { retention: { ...DEFAULT_RETENTION, enabled: true, intervalMs: INTERVAL_MS } };

describe.each(DATABASE_KINDS)('the retention schedule on %s (issue 33 item 3)', (kind) => {
  let database: DatabaseHandle;
  let app: FastifyInstance | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.deleteFrom('page_views').execute();
    await database.db.deleteFrom('retention_runs').execute();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The real app over the suite's database (which it leaves open when it closes), ready: its onReady hooks ran. */
  const start = async (overrides: Partial<AppConfig> = {}) => {
    const config = testConfig(overrides);
    dataDir = config.dataDir;
    app = await buildApp(config, { database, logger: false });
    await app.ready();
    return app;
  };
  const oldViews = async (n: number) => {
    const at = new Date(Date.now() - 100 * DAY);
    await database.db
      .insertInto('page_views')
      .values(Array.from({ length: n }, () => ({ oauth_id: randomUUID(), section: 'homepage' as const, path: '/en', viewed_at: at, received_at: at, client: 'pwa' })))
      .execute();
  };
  const count = async (table: 'page_views' | 'retention_runs') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const finishedRuns = async () => (await database.db.selectFrom('retention_runs').select('id').where('finished_at', 'is not', null).execute()).length;

  it('runs the job on its own once the app is ready, and no more once the app has closed', async () => {
    const running = await start(SCHEDULED);
    await oldViews(3);
    await expect.poll(() => count('page_views'), { timeout: 15_000, interval: 50 }).toBe(0);
    // The run that deleted them counts them once it has ended (its record first, then the metric).
    const deleted = async () => (await running.metrics.retentionDeleted.get()).values.find((v) => v.labels.table === 'page_views')?.value;
    await expect.poll(deleted, { timeout: 15_000, interval: 50 }).toBe(3);
    const runs = await finishedRuns();
    expect(runs).toBeGreaterThanOrEqual(1);
    // Every look finds it due (the interval is shorter than the wait): it goes on running.
    await expect.poll(finishedRuns, { timeout: 15_000, interval: 50 }).toBeGreaterThan(runs);

    await running.close();
    const after = await count('retention_runs');
    await oldViews(2);
    await sleep(INTERVAL_MS * 5);
    expect(await count('page_views')).toBe(2);
    expect(await count('retention_runs')).toBe(after);
  });

  it('stops looking when the process starts draining', async () => {
    const running = await start(SCHEDULED);
    await expect.poll(finishedRuns, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
    // Draining waits for a run in progress to stop; none starts after it.
    await running.health.drain();
    const runs = await count('retention_runs');
    await oldViews(2);
    await sleep(INTERVAL_MS * 5);
    expect(await count('page_views')).toBe(2);
    expect(await count('retention_runs')).toBe(runs);
  });

  it('is off in the apps the other suites build', async () => {
    const running = await start();
    expect(running.config.retention.enabled).toBe(false);
    await oldViews(2);
    await sleep(INTERVAL_MS * 5);
    expect(await count('page_views')).toBe(2);
    expect(await count('retention_runs')).toBe(0);
  });
});
