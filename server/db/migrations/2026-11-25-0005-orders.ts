import { type Kysely, sql } from 'kysely';

/**
 * Orders and provider events (DESIGN sections 5, 6 and 8; issue 12). An order is priced by the server and created
 * once per (user, idempotency key). It moves from pending to paid, failed or expired exactly once: the move and
 * what it grants (coins through the ledger, a membership) commit together. Provider events (webhooks) are stored by
 * (provider, event id), so an event delivered again is recognised and changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('idempotency_key', 'uuid', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'smallint', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addCheckConstraint('orders_type_check', sql`type in (5, 6)`)
    .addCheckConstraint('orders_amount_check', sql`amount > 0`)
    .addCheckConstraint('orders_status_check', sql`status in ('pending', 'paid', 'failed', 'expired', 'refunded')`)
    .addUniqueConstraint('orders_idempotency', ['user_uuid', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_uuid', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'uuid', (c) => c.references('orders.order_id'))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('orders').ifExists().execute();
}
