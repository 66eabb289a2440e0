import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenPurpose, TrackSection } from '@/contract/feature-enums';
import { createTestDatabaseUrl, DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { historyOwnerKey } from '../search/search-history.repository';
import { seedReferenceData } from '../seed/reference-data';
import { DEFAULT_RETENTION, RETENTION_LOCK_KEY, RETENTION_TABLES, type RetentionConfig, type RetentionCounts, runRetention } from './retention.job';

const DAY = 86_400_000;
/** Always due: these suites look at what a run deletes, not at when it runs. */
const ALWAYS: RetentionConfig = { ...DEFAULT_RETENTION, intervalMs: 0 };
const NONE = Object.fromEntries(RETENTION_TABLES.map((table) => [table, 0])) as RetentionCounts;

const hash = () => randomBytes(16).toString('hex');

async function count(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A page view of a guest at `at` (received then too: the table holds the two within a day of each other). */
const view = (oauthId: string, at: Date, section: TrackSection = 'homepage') => ({
  oauth_id: oauthId,
  section,
  path: '/en',
  viewed_at: at,
  received_at: at,
  client: 'pwa',
});

describe.each(DATABASE_KINDS)('retention job on %s (issue 33 item 3)', (kind) => {
  let database: DatabaseHandle;
  let db: Kysely<Database>;
  let user: string;
  // One reference time for the whole suite: what one test keeps stays young for the next.
  const NOW = new Date();
  const ago = (ms: number) => new Date(NOW.getTime() - ms);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
    await seedReferenceData(db);
    [user] = await insertTestUsers(db, 1);
  });
  afterAll(async () => database?.close());

  const run = async (config: RetentionConfig = ALWAYS) => {
    const result = await runRetention(db, NOW, config);
    if (!result.ran) throw new Error(`retention did not run: ${result.reason}`);
    expect(result.complete).toBe(true);
    return result.deleted;
  };

  it('deletes tokens 30 days after they ended and keeps live and recently ended ones', async () => {
    const token = (values: Partial<{ purpose: number; last_used_at: Date; expires_at: Date; used_at: Date; revoked_at: Date }>) =>
      db.insertInto('user_tokens').values({ user_uuid: user, purpose: TokenPurpose.Session, token_hash: hash(), ...values }).returning('id').executeTakeFirstOrThrow();
    const reset = TokenPurpose.ResetPassword;
    const gone = [
      await token({ revoked_at: ago(31 * DAY), last_used_at: ago(40 * DAY) }),
      // Idle for 30 days ends a session: this one ended 31 days ago.
      await token({ last_used_at: ago(61 * DAY) }),
      await token({ purpose: reset, used_at: ago(31 * DAY), expires_at: ago(31 * DAY - 60_000) }),
      await token({ purpose: reset, expires_at: ago(31 * DAY) }),
    ];
    const kept = [
      await token({ revoked_at: ago(29 * DAY), last_used_at: ago(29 * DAY) }),
      await token({ last_used_at: ago(DAY) }),
      await token({ last_used_at: ago(59 * DAY) }),
      await token({ purpose: reset, expires_at: ago(29 * DAY) }),
      await token({ purpose: TokenPurpose.VerifyEmail, expires_at: new Date(NOW.getTime() + 600_000), last_used_at: ago(400 * DAY) }),
    ];
    expect(await run()).toEqual({ ...NONE, user_tokens: gone.length });
    const left = (await db.selectFrom('user_tokens').select('id').execute()).map((row) => row.id);
    expect(left.sort()).toEqual(kept.map((row) => row.id).sort());
  });

  it('deletes page views after 90 days, in every section', async () => {
    await db.insertInto('page_views').values(TrackSection.map((section) => view(randomUUID(), ago(91 * DAY), section))).execute();
    const young = await db.insertInto('page_views').values(view(randomUUID(), ago(89 * DAY))).returning('id').executeTakeFirstOrThrow();
    expect(await run()).toEqual({ ...NONE, page_views: TrackSection.length });
    expect((await db.selectFrom('page_views').select('id').execute()).map((row) => row.id)).toEqual([young.id]);
  });

  it('deletes guests not seen for 180 days with their search history, and keeps a guest page views still name', async () => {
    const guest = async (lastSeen: Date) => {
      const id = randomUUID();
      await db.insertInto('guests').values({ oauth_id: id, oauth_type: 'pwa', client: 'pwa', user_uuid: user, first_seen_at: lastSeen, last_seen_at: lastSeen }).execute();
      return id;
    };
    const history = (owner: string, at: Date) =>
      db.insertInto('search_history').values({ owner_key: owner, keyword: 'osaka', keyword_key: 'osaka', city_id: null, created_at: at }).execute();
    const away = await guest(ago(181 * DAY));
    await history(historyOwnerKey(null, away), ago(200 * DAY));
    await history(historyOwnerKey(null, away), ago(190 * DAY));
    // Its only page view is older than page views are kept: the same run deletes the view, then the guest.
    const awayWithOldView = await guest(ago(181 * DAY));
    await db.insertInto('page_views').values(view(awayWithOldView, ago(182 * DAY))).execute();
    const recent = await guest(ago(179 * DAY));
    await history(historyOwnerKey(null, recent), ago(179 * DAY));
    // Not seen for long, yet a page view still names it (written some other way than by a request): kept.
    const named = await guest(ago(181 * DAY));
    await db.insertInto('page_views').values(view(named, ago(DAY))).execute();
    // A member's history is theirs, whatever its age.
    await history(historyOwnerKey({ user: { uuid: user } }, randomUUID()), ago(400 * DAY));

    expect(await run()).toEqual({ ...NONE, guests: 2, search_history: 2, page_views: 1 });
    const guests = (await db.selectFrom('guests').select('oauth_id').execute()).map((row) => row.oauth_id);
    expect(guests.sort()).toEqual([recent, named].sort());
    const owners = (await db.selectFrom('search_history').select('owner_key').execute()).map((row) => row.owner_key);
    expect(owners.sort()).toEqual([`g:${recent}`, `u:${user}`].sort());
    expect(await db.selectFrom('page_views').select('id').where('oauth_id', '=', named).execute()).toHaveLength(1);
  });

  it('finds a guest history by the guest id in any case', () => {
    const id = randomUUID();
    expect(historyOwnerKey(null, id.toUpperCase())).toBe(`g:${id}`);
  });

  it('deletes card setups after 7 days, finished or abandoned', async () => {
    const setup = (status: 'requires_payment_method' | 'processing' | 'succeeded' | 'failed', created: Date) =>
      db.insertInto('card_setups').values({ id: `seti_${hash()}`, user_uuid: user, client_secret_hash: hash(), status, created_at: created }).returning('id').executeTakeFirstOrThrow();
    await setup('succeeded', ago(8 * DAY));
    await setup('failed', ago(8 * DAY));
    await setup('requires_payment_method', ago(8 * DAY));
    const kept = [await setup('processing', ago(6 * DAY)), await setup('requires_payment_method', ago(60_000))];
    expect(await run()).toEqual({ ...NONE, card_setups: 3 });
    expect((await db.selectFrom('card_setups').select('id').execute()).map((row) => row.id).sort()).toEqual(kept.map((row) => row.id).sort());
  });

  it('deletes an outbox mail once its secret expired, and a redacted one after 90 days', async () => {
    const mail = (values: { secret_expires_at?: Date; created_at?: Date }) =>
      db.insertInto('mail_outbox').values({ kind: 'email-code', to_address: `${hash()}@x.test`, locale: 'en', subject: 's', body_text: 'b', ...values }).returning('id').executeTakeFirstOrThrow();
    await mail({ secret_expires_at: ago(60_000) });
    await mail({ created_at: ago(91 * DAY) });
    const kept = [await mail({ secret_expires_at: new Date(NOW.getTime() + 60_000) }), await mail({ created_at: ago(89 * DAY) })];
    expect(await run()).toEqual({ ...NONE, mail_outbox: 2 });
    expect((await db.selectFrom('mail_outbox').select('id').execute()).map((row) => row.id).sort()).toEqual(kept.map((row) => row.id).sort());
  });

  it('deletes city searches "hot" no longer counts, a day after they leave its 7 days', async () => {
    const city = await db.selectFrom('cities').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.insertInto('city_searches').values({ city_id: city.id, searched_at: ago(8 * DAY + 60_000) }).execute();
    const kept = await db.insertInto('city_searches').values({ city_id: city.id, searched_at: ago(7 * DAY + 60_000) }).returning('id').executeTakeFirstOrThrow();
    expect(await run()).toEqual({ ...NONE, city_searches: 1 });
    expect((await db.selectFrom('city_searches').select('id').execute()).map((row) => row.id)).toEqual([kept.id]);
  });

  it('records each run, and deletes its own records after 90 days', async () => {
    await db.insertInto('retention_runs').values({ process: 'old', started_at: ago(91 * DAY), finished_at: ago(91 * DAY) }).execute();
    const before = await count(db, 'retention_runs');
    const result = await runRetention(db, NOW, ALWAYS);
    expect(result).toMatchObject({ ran: true, complete: true, deleted: { ...NONE, retention_runs: 1 } });
    const runs = await db.selectFrom('retention_runs').selectAll().orderBy('id', 'desc').execute();
    expect(runs).toHaveLength(before);
    expect(runs.some((row) => row.process === 'old')).toBe(false);
    const mine = runs[0];
    expect(String(mine.id)).toBe(result.ran && result.runId);
    expect(mine.process).toMatch(/:\d+$/);
    expect(new Date(mine.started_at).getTime()).toBe(NOW.getTime());
    expect(new Date(mine.finished_at!).getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    const deleted = typeof mine.deleted === 'string' ? (JSON.parse(mine.deleted) as RetentionCounts) : mine.deleted;
    expect(deleted).toEqual({ ...NONE, retention_runs: 1 });
  });

  it('deletes a backlog larger than a batch, batch after batch', async () => {
    const batch: RetentionConfig = { ...ALWAYS, batchSize: 3 };
    await db.insertInto('page_views').values(Array.from({ length: 10 }, () => view(randomUUID(), ago(100 * DAY)))).execute();
    const guests = Array.from({ length: 7 }, () => randomUUID());
    await db
      .insertInto('guests')
      .values(guests.map((id) => ({ oauth_id: id, oauth_type: 'pwa', client: 'pwa', last_seen_at: ago(200 * DAY) })))
      .execute();
    await db
      .insertInto('user_tokens')
      .values(Array.from({ length: 5 }, () => ({ user_uuid: user, purpose: TokenPurpose.Session, token_hash: hash(), revoked_at: ago(40 * DAY) })))
      .execute();
    const [views, people, tokens] = [await count(db, 'page_views'), await count(db, 'guests'), await count(db, 'user_tokens')];
    // Each statement deletes at most 3 rows: 10, 7 and 5 take 4, 3 and 2 of them.
    expect(await run(batch)).toEqual({ ...NONE, page_views: 10, guests: 7, user_tokens: 5 });
    expect([await count(db, 'page_views'), await count(db, 'guests'), await count(db, 'user_tokens')]).toEqual([views - 10, people - 7, tokens - 5]);
  });
});

describe.each(DATABASE_KINDS)('one retention run at a time on %s', (kind) => {
  let database: DatabaseHandle;
  const NOW = new Date();
  const HOUR = 3_600_000;
  const hourly: RetentionConfig = { ...DEFAULT_RETENTION, intervalMs: HOUR };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('answers running to a second call while one runs in this process', async () => {
    const [first, second] = await Promise.all([runRetention(database.db, NOW, hourly), runRetention(database.db, NOW, hourly)]);
    expect(first.ran).toBe(true);
    expect(second).toEqual({ ran: false, reason: 'running' });
  });

  it('runs again only once the interval has passed since the last run started', async () => {
    expect(await runRetention(database.db, NOW, hourly)).toEqual({ ran: false, reason: 'recent' });
    expect(await runRetention(database.db, new Date(NOW.getTime() + HOUR - 1_000), hourly)).toEqual({ ran: false, reason: 'recent' });
    expect((await runRetention(database.db, new Date(NOW.getTime() + HOUR), hourly)).ran).toBe(true);
    expect(await count(database.db, 'retention_runs')).toBe(2);
  });

  it('stops between batches when told to, and leaves the run unfinished so the next one runs', async () => {
    // The last finished run started at NOW + 1 h; this one starts an hour later, and stops before its first batch.
    const at = new Date(NOW.getTime() + 2 * HOUR);
    await database.db.insertInto('page_views').values(Array.from({ length: 4 }, () => view(randomUUID(), new Date(at.getTime() - 100 * DAY)))).execute();
    const stop = new AbortController();
    stop.abort();
    const stopped = await runRetention(database.db, at, { ...hourly, batchSize: 2 }, { signal: stop.signal });
    expect(stopped).toMatchObject({ ran: true, complete: false, deleted: NONE });
    const row = await database.db.selectFrom('retention_runs').select('finished_at').where('id', '=', stopped.ran ? stopped.runId : '0').executeTakeFirstOrThrow();
    expect(row.finished_at).toBeNull();
    expect(await count(database.db, 'page_views')).toBe(4);
    // Started at the same time as the stopped one: it runs, since only a finished run counts as done.
    expect(await runRetention(database.db, at, { ...hourly, batchSize: 2 })).toMatchObject({ ran: true, complete: true, deleted: { ...NONE, page_views: 4 } });
    expect(await count(database.db, 'page_views')).toBe(0);
  });
});

describe('retention across processes on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  const NOW = new Date();
  const hourly: RetentionConfig = { ...DEFAULT_RETENTION, intervalMs: 3_600_000, batchSize: 100 };

  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl());
    // Two pools on one database, as two processes have.
    for (let i = 0; i < 2; i += 1) handles.push(await openDatabase({ databaseUrl: url, dataDir: ':memory:' }));
    await migrateToLatest(handles[0].db);
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  /** Holds the job's lock on a connection of its own, as another process running it does. */
  const holdLock = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [...RETENTION_LOCK_KEY]);
    expect(rows[0].locked).toBe(true);
    return client;
  };

  it('skips while another process holds the lock, and runs once that process is gone', async () => {
    const [db] = handles.map((handle) => handle.db);
    await db.insertInto('page_views').values(view(randomUUID(), new Date(NOW.getTime() - 100 * DAY))).execute();
    const other = await holdLock();
    expect(await runRetention(db, NOW, hourly)).toEqual({ ran: false, reason: 'running' });
    expect(await count(db, 'page_views')).toBe(1);
    // A process that dies holding it releases it with its connection.
    await other.end();
    expect(await runRetention(db, NOW, hourly)).toMatchObject({ ran: true, deleted: { ...NONE, page_views: 1 } });
    expect(await count(db, 'page_views')).toBe(0);
  });

  it('does the work once when two processes start it together', async () => {
    const later = new Date(NOW.getTime() + hourly.intervalMs);
    const old = new Date(later.getTime() - 100 * DAY);
    const [a, b] = handles.map((handle) => handle.db);
    await a.insertInto('page_views').values(Array.from({ length: 1_500 }, () => view(randomUUID(), old))).execute();
    await a.insertInto('page_views').values(Array.from({ length: 20 }, () => view(randomUUID(), later))).execute();
    await a
      .insertInto('guests')
      .values(Array.from({ length: 450 }, () => ({ oauth_id: randomUUID(), oauth_type: 'pwa', client: 'pwa', last_seen_at: new Date(later.getTime() - 200 * DAY) })))
      .execute();
    const runs = await count(a, 'retention_runs');

    const results = await Promise.all([runRetention(a, later, hourly), runRetention(b, later, hourly)]);
    const done = results.filter((result) => result.ran);
    expect(done).toHaveLength(1);
    // The other found the lock taken, or (had it come second) the run just finished.
    expect(results.find((result) => !result.ran)).toMatchObject({ ran: false, reason: expect.stringMatching(/^(running|recent)$/) });
    expect(done[0]).toMatchObject({ deleted: { ...NONE, page_views: 1_500, guests: 450 } });
    expect(await count(a, 'page_views')).toBe(20);
    expect(await count(a, 'guests')).toBe(0);
    expect(await count(a, 'retention_runs')).toBe(runs + 1);
  });
});
