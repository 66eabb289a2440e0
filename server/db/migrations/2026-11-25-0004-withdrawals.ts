import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals (DESIGN sections 5 and 6; issue 12): an application holds its points in the ledger (earned → hold)
 * until an admin pays it (hold → platform payouts) or rejects it (hold → earned). One row per (user, idempotency
 * key), so a repeated application is the same application. The payout account is kept as given (the admin pays it)
 * and shown to its owner masked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('idempotency_key', 'uuid', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('account', 'jsonb', (c) => c.notNull())
    .addColumn('account_mask', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('processed_at', 'timestamptz')
    .addCheckConstraint('withdrawals_points_check', sql`points > 0 and amount >= 0`)
    .addCheckConstraint('withdrawals_method_check', sql`method in ('bank_card', 'usdt', 'alipay')`)
    .addCheckConstraint('withdrawals_status_check', sql`status in ('pending', 'paid', 'rejected')`)
    .addUniqueConstraint('withdrawals_idempotency', ['user_uuid', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_uuid', 'id']).execute();
  await sql`create index withdrawals_pending on withdrawals (id) where status = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('withdrawals').ifExists().execute();
}
