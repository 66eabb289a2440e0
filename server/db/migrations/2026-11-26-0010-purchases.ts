import { type Kysely, sql } from 'kysely';

/**
 * Purchase tracking records (spec section 3 "Purchase tracking record"; issue 12 item 5): one per paid order, sent
 * by the client after a successful payment and checked against the order (the caller's own, paid, same amount and
 * currency). The order id is the key, so a record sent twice is stored once. Values written out here, not imported
 * (STYLE rule 24).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('purchase_records')
    .addColumn('transaction_id', 'uuid', (c) => c.primaryKey().references('orders.order_id'))
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid'))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('plan', 'text')
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('fun_amount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('purchase_records_value_check', sql`value >= 0`)
    .addCheckConstraint('purchase_records_method_check', sql`payment_method in ('other', 'alipay', 'unionpay', 'usdt', 'stripe')`)
    .addCheckConstraint('purchase_records_fun_check', sql`fun_amount >= 0`)
    .execute();
  await db.schema.createIndex('purchase_records_user').on('purchase_records').columns(['user_uuid', 'recorded_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('purchase_records').ifExists().execute();
}
