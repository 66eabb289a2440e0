import { type Kysely, sql } from 'kysely';

/** Accounts, session and one-time tokens, guests, memberships, the points ledger and the mail outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('uuid', 'uuid', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_key', 'text', (c) => c.notNull().unique())
    .addColumn('email_validation', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumb', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('member'))
    .addColumn('kyc_status', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('kyc_created_at', 'timestamptz')
    .addColumn('merchant_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('partner_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('users_role_check', sql`role in ('member', 'admin')`)
    .addCheckConstraint('users_kyc_status_check', sql`kyc_status between 0 and 3`)
    .execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('purpose', 'smallint', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client', 'text')
    .execute();
  await db.schema.createIndex('user_tokens_user_purpose').on('user_tokens').columns(['user_uuid', 'purpose']).execute();

  await db.schema
    .createTable('guests')
    .addColumn('oauth_id', 'uuid', (c) => c.primaryKey())
    .addColumn('oauth_type', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('user_uuid', 'uuid', (c) => c.references('users.uuid').onDelete('set null'))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('plan_item', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('memberships_user_ends').on('memberships').columns(['user_uuid', 'ends_at']).execute();

  // Double-entry ledger (DESIGN section 6): a transfer's entries sum to zero; balances are sums per account.
  await db.schema
    .createTable('ledger_transfers')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('memo', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transfer_id', 'bigint', (c) => c.notNull().references('ledger_transfers.id'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('user_uuid', 'uuid', (c) => c.references('users.uuid'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account']).execute();
  await db.schema.createIndex('ledger_entries_user').on('ledger_entries').columns(['user_uuid', 'account']).execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['mail_outbox', 'ledger_entries', 'ledger_transfers', 'memberships', 'guests', 'user_tokens', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
