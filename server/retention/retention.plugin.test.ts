import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { DEFAULT_RETENTION } from './retention.job';

const DAY = 86_400_000;
/** Short enough for a test to see several runs; the first look comes within 0.8–1.2 of it. */
const INTERVAL_MS = 300;

describe.each(DATABASE_KINDS)('the retention schedule on %s (issue 33 item 3)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const oldViews = async (app: TestApp, n: number) => {
    const at = new Date(Date.now() - 100 * DAY);
    await app.database.db
      .insertInto('page_views')
      .values(Array.from({ length: n }, () => ({ oauth_id: randomUUID(), section: 'homepage' as const, path: '/en', viewed_at: at, received_at: at, client: 'pwa' })))
      .execute();
  };
  const count = async (app: TestApp, table: 'page_views' | 'retention_runs') =>
    Number((await app.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('runs the job on its own once the app is ready, and no more once the app has closed', async () => {
    const app = await startTestApp(kind, { retention: { ...DEFAULT_RETENTION, enabled: true, intervalMs: INTERVAL_MS } });
    await oldViews(app, 3);
    await expect.poll(() => count(app, 'page_views'), { timeout: 15_000, interval: 50 }).toBe(0);
    const runs = await app.database.db.selectFrom('retention_runs').selectAll().where('finished_at', 'is not', null).execute();
    expect(runs.length).toBeGreaterThanOrEqual(1);
    // Every look finds it due (the interval is shorter than the wait): it goes on running.
    await expect.poll(() => count(app, 'retention_runs'), { timeout: 15_000, interval: 50 }).toBeGreaterThan(runs.length);
    const deleted = await app.app.metrics.retentionDeleted.get();
    expect(deleted.values.find((v) => v.labels.table === 'page_views')?.value).toBe(3);

    await app.app.close();
    const after = await count(app, 'retention_runs');
    await oldViews(app, 2);
    await sleep(INTERVAL_MS * 5);
    expect(await count(app, 'page_views')).toBe(2);
    expect(await count(app, 'retention_runs')).toBe(after);
    // The app is closed; the database handed to it is the test's to close.
    await app.database.close();
    rmSync(app.config.dataDir, { recursive: true, force: true });
  });

  it('stops looking when the process starts draining', async () => {
    t = await startTestApp(kind, { retention: { ...DEFAULT_RETENTION, enabled: true, intervalMs: INTERVAL_MS } });
    await t.app.health.drain();
    // A run that had started before the drain may still finish; none starts after it.
    await sleep(INTERVAL_MS * 2);
    const runs = await count(t, 'retention_runs');
    await oldViews(t, 2);
    await sleep(INTERVAL_MS * 5);
    expect(await count(t, 'page_views')).toBe(2);
    expect(await count(t, 'retention_runs')).toBe(runs);
  });

  it('is off in the apps the other suites build', async () => {
    t = await startTestApp(kind);
    expect(t.config.retention.enabled).toBe(false);
    await oldViews(t, 2);
    await sleep(1_000);
    expect(await count(t, 'page_views')).toBe(2);
    expect(await count(t, 'retention_runs')).toBe(0);
  });
});
