import { hostname } from 'node:os';
import { type Kysely, sql } from 'kysely';
import { TokenPurpose, TrackSection } from '@/contract/feature-enums';
import { SESSION_IDLE_MS } from '../account/token.repository';
import type { Database } from '../db/schema';
import { HOT_DAYS } from '../search/search-history.repository';

/**
 * Retention (issue 33 item 3): one job deletes what is kept no longer, per table, in bounded batches, on one process
 * of the deployment at a time. It replaces the clean-ups that ran on write paths (the mail outbox's expired secrets
 * on each send, the city search log on a city search). README "Retention" has the table of what is kept, how long and
 * why; docs/decisions.md "Issue 33 item 3: retention" the reasons.
 */

/** Days each table keeps a row once it is no longer in use (what "no longer in use" means is per table, below). */
export interface RetentionDays {
  /** After a session or one-time token ended: revoked, used, expired, or (a session) idle past its 30 days. */
  user_tokens: number;
  /** After a guest id was last seen; its search history goes with it. Longer than page_views: see checkRetentionDays. */
  guests: number;
  /** After the view. */
  page_views: number;
  /** After a card setup was started: finished by then, or abandoned. */
  card_setups: number;
  /** After a mail was written, for mails that hold no secret (sent over SMTP: redacted). Secrets go when they expire. */
  mail_outbox: number;
  /** After the search; "hot" counts the last HOT_DAYS days. */
  city_searches: number;
}

export interface RetentionConfig {
  /** Whether this process schedules the job (RETENTION=0 turns it off; tests build apps without it). */
  enabled: boolean;
  /** How often the job runs across the deployment (RETENTION_INTERVAL_MINUTES). */
  intervalMs: number;
  /** Rows per DELETE: a batch holds its row locks only for its own statement. */
  batchSize: number;
  days: RetentionDays;
}

export const DEFAULT_RETENTION: RetentionConfig = {
  enabled: true,
  intervalMs: 60 * 60_000,
  batchSize: 1_000,
  days: { user_tokens: 30, guests: 180, page_views: 90, card_setups: 7, mail_outbox: 90, city_searches: HOT_DAYS + 1 },
};

/** How long the job's own record of runs is kept. */
export const RETENTION_RUNS_KEPT_DAYS = 90;

/**
 * What a configuration of days must keep, or null when it does: a guest outlives its page views (a guest with page
 * views left is never deleted, so a shorter guest period would only leave them), and the city search log keeps
 * every search "hot" still counts.
 */
export function checkRetentionDays(days: RetentionDays): string | null {
  if (days.guests <= days.page_views) return `guests (${days.guests}) must be more days than page_views (${days.page_views})`;
  if (days.city_searches <= HOT_DAYS) return `city_searches (${days.city_searches}) must be more than the ${HOT_DAYS} days "hot" cities count`;
  return null;
}

/** Tables the job deletes from; search_history is the guests' own, deleted with them. */
export const RETENTION_TABLES = ['user_tokens', 'mail_outbox', 'card_setups', 'city_searches', 'page_views', 'guests', 'search_history', 'retention_runs'] as const;
export type RetentionTable = (typeof RETENTION_TABLES)[number];
export type RetentionCounts = Record<RetentionTable, number>;

export type RetentionResult =
  /** `complete` is false when the signal stopped it between two batches (the app closing). */
  | { ran: true; runId: string; deleted: RetentionCounts; complete: boolean }
  /** `running`: another run holds the lock (in this process or another); `recent`: one finished within the interval. */
  | { ran: false; reason: 'running' | 'recent' };

/**
 * The job's advisory lock, in PostgreSQL's two-int4 key space (which no single-bigint lock, such as the search
 * history's or Kysely's migration lock, can meet): 'venu' and 33 (the issue).
 */
export const RETENTION_LOCK_KEY = [0x76656e75, 33] as const;

/** This process in retention_runs, for an operator reading which process ran it. */
const PROCESS = `${hostname()}:${process.pid}`;

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** Runs of this process, per database: PGlite is one session, where advisory locks are re-entrant. */
const runningHere = new WeakSet<Kysely<Database>>();

/**
 * Deletes, table by table, every row older than its retention (`now` is the time the cutoffs count back from), and
 * returns how many per table. At most one run at a time across all processes: the first to take PostgreSQL's advisory
 * lock runs and holds it on its one connection over all batches, the others answer `running` at once; a run that
 * starts within `intervalMs` of the last finished one answers `recent`, so several processes firing together, or a
 * process starting up, do the work once. The lock is the session's, so a process that dies releases it with its
 * connection. Each batch is one DELETE of at most `batchSize` rows (`skip locked`: rows a request is writing wait for
 * the next run), so a large backlog never holds many locks for long; the signal stops it between batches.
 */
export async function runRetention(
  db: Kysely<Database>,
  now: Date,
  config: RetentionConfig,
  options: { signal?: AbortSignal } = {},
): Promise<RetentionResult> {
  if (runningHere.has(db)) return { ran: false, reason: 'running' };
  runningHere.add(db);
  try {
    return await db.connection().execute(async (conn) => {
      const lock = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${sql.lit(RETENTION_LOCK_KEY[0])}, ${sql.lit(RETENTION_LOCK_KEY[1])}) as locked`.execute(conn);
      if (!lock.rows[0].locked) return { ran: false, reason: 'running' } as const;
      try {
        return await runLocked(conn, now, config, options.signal);
      } finally {
        // Only a broken connection fails here, and its session's end releases the lock too.
        await sql`select pg_advisory_unlock(${sql.lit(RETENTION_LOCK_KEY[0])}, ${sql.lit(RETENTION_LOCK_KEY[1])})`.execute(conn);
      }
    });
  } finally {
    runningHere.delete(db);
  }
}

async function runLocked(conn: Kysely<Database>, now: Date, config: RetentionConfig, signal: AbortSignal | undefined): Promise<RetentionResult> {
  // Read under the lock: a run that finished while this one waited for its turn is seen.
  const last = await conn
    .selectFrom('retention_runs')
    .select('started_at')
    .where('finished_at', 'is not', null)
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && now.getTime() - new Date(last.started_at).getTime() < config.intervalMs) return { ran: false, reason: 'recent' };

  const startedMs = performance.now();
  const run = await conn.insertInto('retention_runs').values({ process: PROCESS, started_at: now }).returning('id').executeTakeFirstOrThrow();
  const deleted = Object.fromEntries(RETENTION_TABLES.map((table) => [table, 0])) as RetentionCounts;
  const { days, batchSize } = config;
  const size = Math.max(1, Math.floor(batchSize));
  const stopped = () => signal?.aborted === true;

  /** Runs one batch after another until a batch deletes fewer than `size` rows (or the signal stops it). */
  const inBatches = async (batch: () => Promise<number>) => {
    while (!stopped()) {
      if ((await batch()) < size) return;
    }
  };
  /** inBatches for one DELETE statement of `table`, counting what each batch deleted. */
  const deleteBatches = (table: RetentionTable, batch: () => Promise<{ numDeletedRows: bigint }>) =>
    inBatches(async () => {
      const n = Number((await batch()).numDeletedRows);
      deleted[table] += n;
      return n;
    });

  try {
    // Sessions and one-time tokens, some time after they ended: kept a while to answer "was this my session?".
    const tokensCutoff = daysBefore(now, days.user_tokens);
    const idleCutoff = new Date(tokensCutoff.getTime() - SESSION_IDLE_MS);
    await deleteBatches('user_tokens', () =>
      conn
        .deleteFrom('user_tokens')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('user_tokens')
            .select('id')
            .where((w) =>
              w.or([
                w('revoked_at', '<', tokensCutoff),
                w('used_at', '<', tokensCutoff),
                w('expires_at', '<', tokensCutoff),
                w.and([w('purpose', '=', TokenPurpose.Session), w('last_used_at', '<', idleCutoff)]),
              ]),
            )
            .limit(size)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst(),
    );

    // A mail that holds a link or code (no SMTP: the row is the delivery) goes as soon as the secret has expired
    // (issue 10 item 3); the rest of the outbox is a log of what was sent, secrets redacted.
    const mailCutoff = daysBefore(now, days.mail_outbox);
    await deleteBatches('mail_outbox', () =>
      conn
        .deleteFrom('mail_outbox')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('mail_outbox')
            .select('id')
            .where((w) => w.or([w('secret_expires_at', '<=', now), w.and([w('secret_expires_at', 'is', null), w('created_at', '<', mailCutoff)])]))
            .limit(size)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst(),
    );

    // A card setup's result lives on in payment_cards; the setup itself is of no use once finished or abandoned.
    const setupsCutoff = daysBefore(now, days.card_setups);
    await deleteBatches('card_setups', () =>
      conn
        .deleteFrom('card_setups')
        .where('id', 'in', (eb) => eb.selectFrom('card_setups').select('id').where('created_at', '<', setupsCutoff).limit(size).forUpdate().skipLocked())
        .executeTakeFirst(),
    );

    const searchesCutoff = daysBefore(now, days.city_searches);
    await deleteBatches('city_searches', () =>
      conn
        .deleteFrom('city_searches')
        .where('id', 'in', (eb) => eb.selectFrom('city_searches').select('id').where('searched_at', '<', searchesCutoff).limit(size).forUpdate().skipLocked())
        .executeTakeFirst(),
    );

    // Nothing reads page views back (no count shown anywhere is made of them), so nothing is rolled up first. Every
    // section is named so the (section, viewed_at) index finds the old rows.
    const viewsCutoff = daysBefore(now, days.page_views);
    await deleteBatches('page_views', () =>
      conn
        .deleteFrom('page_views')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('page_views')
            .select('id')
            .where('section', 'in', [...TrackSection])
            .where('viewed_at', '<', viewsCutoff)
            .limit(size)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst(),
    );

    // A guest id not seen for the period goes with its search history ('g:<id>'), in one statement. One that page
    // views still name is kept: every request records its guest before it writes a view, and guests are kept longer
    // than page views, so after the step above that is only ever a view written some other way (an import). The
    // guest row is locked first: a request recording the guest meanwhile waits, then inserts it afresh.
    const guestsCutoff = daysBefore(now, days.guests);
    await inBatches(async () => {
      const { rows } = await sql<{ guests: number; history: number }>`
        with doomed as (
          select g.oauth_id from guests g
          where g.last_seen_at < ${guestsCutoff}
            and not exists (select 1 from page_views p where p.oauth_id = g.oauth_id)
          limit ${size}
          for update of g skip locked
        ), history as (
          delete from search_history h using doomed d where h.owner_key = 'g:' || d.oauth_id::text returning 1
        ), gone as (
          delete from guests g using doomed d where g.oauth_id = d.oauth_id returning 1
        )
        select (select count(*) from gone)::int as guests, (select count(*) from history)::int as history
      `.execute(conn);
      deleted.guests += rows[0].guests;
      deleted.search_history += rows[0].history;
      return rows[0].guests;
    });

    const runsCutoff = daysBefore(now, RETENTION_RUNS_KEPT_DAYS);
    await deleteBatches('retention_runs', () =>
      conn
        .deleteFrom('retention_runs')
        .where('id', 'in', (eb) => eb.selectFrom('retention_runs').select('id').where('started_at', '<', runsCutoff).limit(size).forUpdate().skipLocked())
        .executeTakeFirst(),
    );
  } catch (error) {
    // The run stays unfinished (the next one is due at once) and shows what it got through.
    await conn.updateTable('retention_runs').set({ deleted: JSON.stringify(deleted) }).where('id', '=', run.id).execute().catch(() => undefined);
    throw error;
  }

  const complete = !stopped();
  await conn
    .updateTable('retention_runs')
    .set({ finished_at: complete ? new Date(now.getTime() + (performance.now() - startedMs)) : null, deleted: JSON.stringify(deleted) })
    .where('id', '=', run.id)
    .execute();
  return { ran: true, runId: String(run.id), deleted, complete };
}
