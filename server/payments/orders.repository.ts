import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { OrderType } from '@/contract/feature-enums';
import type { EconomyConfig } from '@/contract/economy';
import type { Notice, NoticeKey, NoticeOutbox } from '../chat/notices';
import type { Database, OrderRow } from '../db/schema';
import { ledgerAccount, transfer } from '../wallet/ledger.repository';
import { failpoint } from '../failpoints/failpoints';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewOrder {
  userUuid: string;
  idempotencyKey: string;
  type: number;
  itemId: number;
  amount: number;
  currency: string;
  paymentType: number;
  provider: OrderRow['provider'];
  /**
   * Paid in a test mode (the provider's testMode): its coins are test funds (ledger.repository.ts). A sandbox order
   * always is, whatever this says; a Stripe order is when its key is a test key.
   */
  testMode?: boolean;
}

/** The same idempotency key was used for another order. */
export class OrderConflict extends Error {}

/** Creates an order, or returns the one this (user, key) already created. */
export async function createOrder(db: Kysely<Database>, input: NewOrder): Promise<{ order: OrderRow; created: boolean }> {
  const inserted = await db
    .insertInto('orders')
    .values({
      order_id: randomUUID(),
      user_uuid: input.userUuid,
      idempotency_key: input.idempotencyKey,
      type: input.type,
      item_id: input.itemId,
      amount: input.amount,
      currency: input.currency,
      payment_type: input.paymentType,
      provider: input.provider,
      test_mode: input.provider === 'sandbox' || input.testMode === true,
    })
    .onConflict((oc) => oc.columns(['user_uuid', 'idempotency_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { order: inserted, created: true };
  const existing = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_uuid', '=', input.userUuid)
    .where('idempotency_key', '=', input.idempotencyKey)
    .executeTakeFirstOrThrow();
  if (existing.type !== input.type || existing.item_id !== input.itemId || existing.payment_type !== input.paymentType) throw new OrderConflict();
  return { order: existing, created: false };
}

/** The caller's own order; undefined for an unknown order or another user's. */
export async function findOwnOrder(db: Db, userUuid: string, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_id', '=', orderId).where('user_uuid', '=', userUuid).executeTakeFirst();
}

/**
 * What a paid order grants, in the transaction that marks it paid: coins through the ledger, or membership days.
 * Coins of a test-mode order go to the test twins (platform:sales:test → the buyer's coins:test), so wherever they are
 * spent they stay test funds and are never paid out (issue 29).
 */
async function fulfil(trx: Transaction<Database>, economy: EconomyConfig, order: OrderRow): Promise<Notice> {
  if (order.type === OrderType.recharge) {
    const pack = economy.coin_packs.find((p) => p.item_id === order.item_id);
    if (!pack) throw new Error(`order ${order.order_id}: no coin pack ${order.item_id}`);
    await transfer(trx, {
      key: `order:${order.order_id}`,
      kind: 'coins',
      memo: { ref: order.order_id },
      entries: [
        { account: ledgerAccount.platform(order.test_mode ? 'sales:test' : 'sales'), userUuid: null, amount: -pack.coins },
        { account: (order.test_mode ? ledgerAccount.coinsTest : ledgerAccount.coins)(order.user_uuid), userUuid: order.user_uuid, amount: pack.coins },
      ],
    });
    return paymentNotice(order, 'notice.coinsPaid', { coins: pack.coins });
  }
  const plan = economy.membership_plans.find((p) => p.item_id === order.item_id);
  if (!plan) throw new Error(`order ${order.order_id}: no membership plan ${order.item_id}`);
  // A plan bought while one runs starts when it ends: paid days are never lost.
  const { start } = await trx
    .selectFrom('memberships')
    .select(sql<Date>`greatest(now(), coalesce(max(ends_at), now()))`.as('start'))
    .where('user_uuid', '=', order.user_uuid)
    .executeTakeFirstOrThrow();
  const { ends_at: endsAt } = await trx
    .insertInto('memberships')
    .values({
      user_uuid: order.user_uuid,
      plan_item: plan.item_id,
      starts_at: start,
      ends_at: sql<Date>`${start}::timestamptz + ${`${plan.days} days`}::interval`,
      order_id: order.order_id,
    })
    .returning('ends_at')
    .executeTakeFirstOrThrow();
  return paymentNotice(order, plan.code === 'annual' ? 'notice.annualPaid' : 'notice.monthlyPaid', { until: { date: new Date(endsAt).toISOString() } });
}

/** "Payment received": what the order bought and what it cost, and that it was test money when it was. */
function paymentNotice(order: OrderRow, key: NoticeKey, values: Notice['values']): Notice {
  return {
    key,
    values: { amount: { cents: Number(order.amount), currency: order.currency }, ...values },
    ...(order.test_mode ? { also: ['notice.testMode' as const] } : {}),
  };
}

/** An order's end: paid, failed (declined, refused) or expired (its hosted payment page closed unpaid). */
export type SettleOutcome = 'paid' | 'failed' | 'expired';

/**
 * Moves a pending order to paid (granting what it bought), failed or expired, once. Returns the order as it is
 * afterwards and whether this call moved it; an order already settled is left as it is. Marked paid, the buyer's
 * "payment received" notice goes into `notices` in the same transaction (once per order: a redelivered webhook or a
 * repeated charge finds it settled); the caller publishes it after the outermost transaction committed. `null`: no
 * notice (the demo seed's history).
 */
export async function settleOrder(
  db: Db,
  economy: EconomyConfig,
  orderId: string,
  outcome: SettleOutcome,
  providerRef: string | null,
  notices: NoticeOutbox | null,
): Promise<{ order: OrderRow; changed: boolean } | null> {
  const run = async (trx: Transaction<Database>) => {
    const moved = await trx
      .updateTable('orders')
      .set({ status: outcome, paid_at: outcome === 'paid' ? sql<Date>`now()` : null, provider_ref: providerRef })
      .where('order_id', '=', orderId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (moved) {
      if (outcome === 'paid') {
        const notice = await fulfil(trx, economy, moved);
        await notices?.send(trx, moved.user_uuid, `order-paid-${moved.order_id}`, notice);
        failpoint('order.paid');
      }
      return { order: moved, changed: true };
    }
    const order = await trx.selectFrom('orders').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    return order ? { order, changed: false } : null;
  };
  return db.isTransaction ? run(db as Transaction<Database>) : (db as Kysely<Database>).transaction().execute(run);
}

/** Records a provider event once; false when it was recorded before (a redelivery). */
export async function recordPaymentEvent(trx: Db, provider: string, eventId: string, type: string, orderId: string | null): Promise<boolean> {
  const inserted = await trx
    .insertInto('payment_events')
    .values({ provider, event_id: eventId, type, order_id: orderId })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
