import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

/**
 * Checkpoints of the embedded database (PGlite), which never takes one on its own while it runs.
 *
 * PGlite is PostgreSQL in single-user mode: it has no checkpointer process, so no checkpoint comes every
 * `checkpoint_timeout`, and the checkpoint PostgreSQL asks for once `max_wal_size` of WAL has been written is asked only
 * under a postmaster. Until the process closes the database (its shutdown checkpoint), every byte of WAL since the
 * start stays in `pg_wal`: measured, 44 segments (704 MB) after 14 minutes of chat at 1 000 messages a second, with the
 * checkpoint position where it was at the start. That WAL fills `DATA_DIR`, goes into every backup (PGlite's dump is
 * the whole data directory), and after a crash is all replayed before the server answers.
 *
 * So the server takes them: every `checkEveryMs` it reads how much WAL was written since the last checkpoint's redo
 * point, and takes a checkpoint when that is `maxWalBytes` or more, or when anything was written and the last one is
 * `maxAgeMs` old (PostgreSQL's own default interval, 5 minutes). A checkpoint lets PostgreSQL recycle or remove the
 * segments before its redo point. It runs through the database's one connection like any statement, so never inside a
 * transaction, and PGlite's other statements wait for it: 43 ms for one after 270 MB of WAL, measured here.
 */

export interface CheckpointPolicy {
  /** How often the WAL written since the last checkpoint is looked at. */
  checkEveryMs: number;
  /** A checkpoint once this much WAL was written since the last one. */
  maxWalBytes: number;
  /** A checkpoint once the last one is this old, if more than a checkpoint's own record was written since. */
  maxAgeMs: number;
}

export const CHECKPOINT_POLICY: CheckpointPolicy = { checkEveryMs: 30_000, maxWalBytes: 64 * 1024 * 1024, maxAgeMs: 5 * 60_000 };

/** WAL since the redo point below which nothing but checkpoints' own records was written (one is about 200 bytes). */
const IDLE_WAL_BYTES = 64 * 1024;

export interface CheckpointStats {
  /** Checkpoints taken by this job since the database was opened. */
  taken: number;
  /** Their time in all, in seconds. */
  seconds: number;
}

/** Bytes of WAL written since the redo point of the last checkpoint. */
export async function walSinceCheckpoint(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint::text as bytes from pg_control_checkpoint()`.execute(db);
  return Number(rows[0].bytes);
}

export class PgliteCheckpoints {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private lastAt: number;
  private readonly counts: CheckpointStats = { taken: 0, seconds: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: CheckpointPolicy = CHECKPOINT_POLICY,
    private readonly onError: (error: Error) => void = () => undefined,
    private readonly now: () => number = Date.now,
  ) {
    // The database was opened just now: its last checkpoint is the one it took on the way up.
    this.lastAt = now();
  }

  /** Looks every `checkEveryMs`; the timer keeps no process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.runOnce()
        .catch((error: Error) => this.onError(error))
        .finally(() => (this.running = null));
    }, this.policy.checkEveryMs);
    this.timer.unref();
  }

  /** Takes a checkpoint if one is due: 'taken' or 'not due'. */
  async runOnce(): Promise<'taken' | 'not due'> {
    const wal = await walSinceCheckpoint(this.db);
    const due = wal >= this.policy.maxWalBytes || (wal > IDLE_WAL_BYTES && this.now() - this.lastAt >= this.policy.maxAgeMs);
    if (!due) return 'not due';
    const started = performance.now();
    await sql`checkpoint`.execute(this.db);
    this.counts.taken += 1;
    this.counts.seconds += (performance.now() - started) / 1000;
    this.lastAt = this.now();
    return 'taken';
  }

  stats(): CheckpointStats {
    return { ...this.counts };
  }

  /** Stops looking, and waits for a checkpoint in progress: the database may be closed after this. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
