import { type Kysely, sql } from 'kysely';

/**
 * The admin console (issue 13 item 4): who processed a withdrawal and with which request key, who closed a report
 * and why, and the audit log of every admin action. Values written out here, not imported (STYLE rule 24).
 *
 * - withdrawals: `processed_by` (the admin) and `processed_key` (the idempotency key of the pay or reject request,
 *   so a retried request answers its first result). A row is processed exactly when it is no longer pending, and
 *   carries a reject reason exactly when it was rejected.
 * - reports: `resolved_at`, `resolved_by`, `resolution_note`; a report has a closing time exactly when it is closed.
 * - merchants, partners: an index of (status, id) for the moderation lists.
 * - admin_audit: one row per admin action, written in the action's transaction; append-only like the ledger.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('withdrawals')
    .addColumn('processed_by', 'uuid', (c) => c.references('users.uuid'))
    .addColumn('processed_key', 'uuid')
    .execute();
  await sql`alter table withdrawals add constraint withdrawals_processed_check
    check ((status = 'pending') = (processed_at is null) and (status = 'rejected') = (reject_reason is not null))`.execute(db);
  // The queue of each status, newest first (the pending one also has withdrawals_pending).
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();

  await db.schema
    .alterTable('reports')
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'uuid', (c) => c.references('users.uuid'))
    .addColumn('resolution_note', 'text')
    .execute();
  // Nothing closed a report before this migration; a row closed by hand gets its creation time as closing time.
  await sql`update reports set resolved_at = created_at where status <> 'open'`.execute(db);
  await sql`alter table reports add constraint reports_resolved_check
    check ((status = 'open') = (resolved_at is null) and (status <> 'open' or resolved_by is null))`.execute(db);
  await db.schema.createIndex('reports_status').on('reports').columns(['status', 'id']).execute();

  // Moderation lists listings by status (hidden by default), newest id first; public reads have their own indexes.
  await db.schema.createIndex('merchants_moderation').on('merchants').columns(['status', 'id']).execute();
  await db.schema.createIndex('partners_moderation').on('partners').columns(['status', 'id']).execute();

  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('admin_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('admin_audit_action_check', sql`action ~ '^[a-z]+[.][a-z_]+$'`)
    .addCheckConstraint('admin_audit_target_check', sql`char_length(target_type) between 1 and 32 and char_length(target_id) between 1 and 64`)
    .addCheckConstraint('admin_audit_details_check', sql`jsonb_typeof(details) = 'object'`)
    .execute();
  await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'id']).execute();
  await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target_type', 'target_id', 'id']).execute();
  await sql`create function admin_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is append-only: % on % refused', tg_op, tg_table_name using errcode = 'restrict_violation';
    end $$`.execute(db);
  await sql`create trigger admin_audit_append_only before update or delete on admin_audit
    for each row execute function admin_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists admin_audit_append_only on admin_audit`.execute(db);
  await sql`drop function if exists admin_audit_append_only()`.execute(db);
  await db.schema.dropTable('admin_audit').ifExists().execute();
  await db.schema.dropIndex('partners_moderation').ifExists().execute();
  await db.schema.dropIndex('merchants_moderation').ifExists().execute();
  await db.schema.dropIndex('reports_status').ifExists().execute();
  await sql`alter table reports drop constraint if exists reports_resolved_check`.execute(db);
  await db.schema.alterTable('reports').dropColumn('resolution_note').dropColumn('resolved_by').dropColumn('resolved_at').execute();
  await db.schema.dropIndex('withdrawals_status').ifExists().execute();
  await sql`alter table withdrawals drop constraint if exists withdrawals_processed_check`.execute(db);
  await db.schema.alterTable('withdrawals').dropColumn('processed_key').dropColumn('processed_by').execute();
}
