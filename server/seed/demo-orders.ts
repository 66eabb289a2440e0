import type { Kysely } from 'kysely';
import { CURRENCY } from '@/contract/constants';
import { type EconomyConfig, itemAmount } from '@/contract/economy';
import { type OrderType, PaymentType } from '@/contract/feature-enums';
import type { Database, OrderRow } from '../db/schema';
import { createOrder, settleOrder } from '../payments/orders.repository';
import { createRandom } from './prng';

/**
 * A fixed idempotency key (UUID-shaped, as orders, unlocks and withdrawals store them) per demo action: a second
 * start finds the first one's row under it and writes nothing.
 */
export function demoKey(name: string): string {
  return createRandom(`demo-key/${name}`).uuid();
}

/**
 * A demo purchase paid by card, the way a real one is: the order priced from the economy configuration is created
 * and then settled paid, which grants what it bought (coins through the ledger, membership days) in the transaction
 * that marks it paid. It is a sandbox order whatever the configured provider, so its coins are test funds that can
 * never be paid out (issue 29). Idempotent by `key`: an order already paid is left as it is. Undefined when the configured
 * economy has no such item (an ECONOMY_JSON without it); `paidNow` is false when an earlier run paid it.
 */
export async function payDemoOrder(
  db: Kysely<Database>,
  economy: EconomyConfig,
  input: { userUuid: string; type: OrderType; itemId: number; key: string },
): Promise<{ order: OrderRow; paidNow: boolean } | undefined> {
  const amount = itemAmount(economy, input.type, input.itemId);
  if (amount === undefined) return undefined;
  const { order } = await createOrder(db, {
    userUuid: input.userUuid,
    idempotencyKey: input.key,
    type: input.type,
    itemId: input.itemId,
    amount,
    currency: CURRENCY,
    paymentType: PaymentType.creditCard,
    provider: 'sandbox',
  });
  if (order.status !== 'pending') return { order, paidNow: false };
  const settled = await settleOrder(db, economy, order.order_id, 'paid', `ch_sandbox_${order.order_id}`, null);
  if (!settled) throw new Error(`demo order ${order.order_id} vanished`);
  return { order: settled.order, paidNow: settled.changed };
}
