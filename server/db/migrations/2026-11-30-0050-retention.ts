import { type Kysely, sql } from 'kysely';

/**
 * Retention (issue 33 item 3): one scheduled job deletes what is kept no longer (server/retention/). Each run that
 * did the work is a row here, so a process starting up skips the job when another ran it within the interval, and an
 * operator sees when it ran, on which process, and what it deleted (a run that died midway has no finished_at).
 * Two indexes let the job find its rows without reading whole tables: guests by when they were last seen, and page
 * views by guest (a guest that still has page views is never deleted). Building them holds writes to those tables
 * (a migration runs in a transaction, where CONCURRENTLY cannot); on a large page_views, build them beforehand with
 * `create index concurrently` under these names, and this finds them there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('retention_runs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .addColumn('deleted', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('retention_runs_started').on('retention_runs').column('started_at').execute();
  await db.schema.createIndex('guests_last_seen').ifNotExists().on('guests').column('last_seen_at').execute();
  await db.schema.createIndex('page_views_oauth').ifNotExists().on('page_views').column('oauth_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('page_views_oauth').ifExists().execute();
  await db.schema.dropIndex('guests_last_seen').ifExists().execute();
  await db.schema.dropTable('retention_runs').ifExists().execute();
}
