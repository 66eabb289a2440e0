import { type Kysely, sql } from 'kysely';

/**
 * Page views (spec section 2, POST /api/track). One row per view; guests are counted by their guest id, members
 * also by their user. The sections and limits are written out here, not imported: a migration must keep meaning
 * what it meant when it ran (STYLE rule 24).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('oauth_id', 'uuid', (c) => c.notNull())
    .addColumn('user_uuid', 'uuid', (c) => c.references('users.uuid').onDelete('set null'))
    .addColumn('section', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('client', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'page_views_section_check',
      sql`section in ('merchant', 'partner', 'deep_report', 'search', 'message', 'favorite', 'mine', 'homepage')`,
    )
    .addCheckConstraint('page_views_path_check', sql`char_length(path) between 1 and 300 and left(path, 1) = '/'`)
    .addCheckConstraint('page_views_client_check', sql`client in ('pwa', 'web')`)
    // The client's clock is clamped to [received − 1 day, received + 5 min] before insert; this keeps it so.
    .addCheckConstraint(
      'page_views_viewed_at_check',
      sql`viewed_at between received_at - interval '1 day' and received_at + interval '5 minutes'`,
    )
    .execute();
  // Reports read a time range per section; the user index also serves the foreign key's "set null" on delete.
  await db.schema.createIndex('page_views_section_viewed').on('page_views').columns(['section', 'viewed_at']).execute();
  await db.schema.createIndex('page_views_user').on('page_views').columns(['user_uuid']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_views').ifExists().execute();
}
