import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './database';
import { type CheckpointPolicy, PgliteCheckpoints, walSinceCheckpoint } from './pglite-checkpoints';

const MB = 1024 * 1024;
/** A policy whose timer never fires within a test: the test looks itself, with runOnce. */
const BY_HAND: CheckpointPolicy = { checkEveryMs: 3_600_000, maxWalBytes: 8 * MB, maxAgeMs: 3_600_000 };

/** The embedded database's checkpoints (server/db/pglite-checkpoints.ts), on PGlite in a data directory as the server opens it. */
describe('checkpoints of the embedded database', () => {
  let dataDir: string;
  let database: DatabaseHandle | null = null;

  const open = async (policy: CheckpointPolicy) => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-checkpoints-'));
    database = await openDatabase({ databaseUrl: null, dataDir, checkpointPolicy: policy });
    await sql`create table filler (id bigserial primary key, body text not null)`.execute(database.db);
    return database;
  };
  afterEach(async () => {
    await database?.close();
    database = null;
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** About 4–5 MB of WAL: 4 000 rows of 1 000 bytes. */
  const writeBatch = (db: DatabaseHandle['db']) =>
    sql`insert into filler (body) select repeat(md5(g::text), 31) from generate_series(1, 4000) g`.execute(db);
  const walSegments = () => readdirSync(path.join(dataDir, 'pgdata', 'pg_wal')).filter((name) => /^[0-9A-F]{24}$/.test(name)).length;

  it('PGlite keeps all its WAL until a checkpoint; the job takes one past the bound, and pg_wal then stops growing', async () => {
    const { db } = await open(BY_HAND);
    const job = new PgliteCheckpoints(db, BY_HAND);
    // Without the job: 50 MB and more of WAL and not one checkpoint, far past PostgreSQL's own trigger for this much.
    for (let i = 0; i < 12; i += 1) await writeBatch(db);
    expect(await walSinceCheckpoint(db)).toBeGreaterThan(40 * MB);
    const segmentsBefore = walSegments();
    expect(segmentsBefore).toBeGreaterThanOrEqual(4);

    expect(await job.runOnce()).toBe('taken');
    expect(await walSinceCheckpoint(db)).toBeLessThan(MB);

    // With the job looking after every batch, as its timer does: the WAL waiting for a checkpoint stays under the
    // bound plus one batch, and the segments before each redo point are reused, so pg_wal holds no more files.
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await writeBatch(db);
      outcomes.push(await job.runOnce());
      expect(await walSinceCheckpoint(db)).toBeLessThan(BY_HAND.maxWalBytes);
    }
    expect(outcomes.filter((outcome) => outcome === 'taken').length).toBeGreaterThanOrEqual(4);
    expect(walSegments()).toBeLessThanOrEqual(segmentsBefore);
    expect(job.stats().taken).toBe(1 + outcomes.filter((outcome) => outcome === 'taken').length);
    // Nothing written is lost to a checkpoint.
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from filler`.execute(db);
    expect(rows[0].n).toBe(String(24 * 4000));
  });

  it('takes one when the last is older than maxAgeMs and something was written since, never for nothing', async () => {
    const { db } = await open(BY_HAND);
    let now = 1_000_000;
    const job = new PgliteCheckpoints(db, BY_HAND, undefined, () => now);
    await writeBatch(db);
    // Under the bound and not old yet.
    expect(await job.runOnce()).toBe('not due');
    now += BY_HAND.maxAgeMs;
    expect(await job.runOnce()).toBe('taken');
    // Nothing written since (but the checkpoint's own record): not another, however old.
    now += 10 * BY_HAND.maxAgeMs;
    expect(await job.runOnce()).toBe('not due');
    expect(job.stats().taken).toBe(1);
  });

  it("the database's own job looks on its timer, and closing the database waits for it", async () => {
    const database = await open({ checkEveryMs: 50, maxWalBytes: 2 * MB, maxAgeMs: 3_600_000 });
    expect(database.checkpoints?.().taken).toBe(0);
    await writeBatch(database.db);
    await expect.poll(() => database.checkpoints?.().taken, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await walSinceCheckpoint(database.db)).toBeLessThan(2 * MB);
    expect(database.checkpoints?.().seconds).toBeGreaterThan(0);
  });
});
