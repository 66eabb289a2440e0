import { type Kysely, sql } from 'kysely';

/**
 * Saved cards and card setups (issue 12; spec section 3 "Saved card"). A setup is started by stripe/getPaymentInfo
 * and confirmed by the provider's card element; a confirmed setup saves the card. At most MAX_SAVED_CARDS cards per
 * user (checked where a card is saved, under the user's lock); a banned card stays listed, flagged, and cannot pay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('card_setups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('client_secret_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requires_payment_method'))
    .addColumn('payment_method_id', 'text')
    .addColumn('ready_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payment_cards')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_pm_id', 'text', (c) => c.notNull().unique())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_ban', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index payment_cards_user on payment_cards (user_uuid, id) where deleted_at is null`.execute(db);
  await sql`create unique index payment_cards_one_default on payment_cards (user_uuid) where is_default and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_cards').ifExists().execute();
  await db.schema.dropTable('card_setups').ifExists().execute();
}
