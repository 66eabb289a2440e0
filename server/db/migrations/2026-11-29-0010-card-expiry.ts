import type { Kysely } from 'kysely';

/**
 * A saved card's expiry (issue 31 item 3: each saved card shows its brand, last four digits and expiry, as banking
 * apps do). The provider tells it with the card (Stripe's payment method `card.exp_month`/`exp_year`; the sandbox's
 * card element sends it with the number, and a setup that needs authentication keeps it until it completes). Cards
 * saved before this migration have none and show without it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_cards').addColumn('exp_month', 'smallint').execute();
  await db.schema.alterTable('payment_cards').addColumn('exp_year', 'smallint').execute();
  await db.schema.alterTable('card_setups').addColumn('exp_month', 'smallint').execute();
  await db.schema.alterTable('card_setups').addColumn('exp_year', 'smallint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('card_setups').dropColumn('exp_year').execute();
  await db.schema.alterTable('card_setups').dropColumn('exp_month').execute();
  await db.schema.alterTable('payment_cards').dropColumn('exp_year').execute();
  await db.schema.alterTable('payment_cards').dropColumn('exp_month').execute();
}
