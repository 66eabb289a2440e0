import { type Kysely, sql } from 'kysely';

/**
 * The Stripe provider (issue 12 item 3). Each user who sets up a card gets one Stripe Customer, created once and
 * kept here: SetupIntents attach cards to it and off-session PaymentIntents charge them through it, so a card
 * belongs to the user whose Customer it is attached to.
 *
 * Saved cards are the active provider's: the one-default rule now holds per (user, provider), so cards saved on
 * the sandbox (a deployment that later configured Stripe) never block the first Stripe card from becoming the
 * default.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stripe_customers')
    .addColumn('user_uuid', 'uuid', (c) => c.primaryKey().references('users.uuid'))
    .addColumn('customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`drop index payment_cards_one_default`.execute(db);
  await sql`create unique index payment_cards_one_default on payment_cards (user_uuid, provider) where is_default and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists payment_cards_one_default`.execute(db);
  await sql`create unique index payment_cards_one_default on payment_cards (user_uuid) where is_default and deleted_at is null`.execute(db);
  await db.schema.dropTable('stripe_customers').ifExists().execute();
}
