import { z } from 'zod';
import { OrderType, PaymentType } from './feature-enums';

// Money is integer US cents; coins and points are integers. The server always prices an order itself.

/**
 * The shape of the economy configuration (DESIGN section 6): the server's configuration, served to the client by
 * `home/economy`. The client never prices anything from constants of its own.
 */
const cents = z.number().int().min(0).max(100_000_000);
export const economyConfig = z
  .object({
    /** Order type 5 (upgrade): plans by item id; `code` selects the `vip.<code>` text of `vip_txt`. */
    membership_plans: z
      .array(z.object({ item_id: z.number().int().positive(), code: z.enum(['monthly', 'annual']), days: z.number().int().min(1).max(3660), amount: cents }))
      .min(1),
    /** Order type 6 (recharge, "buyFunCoin"): coins credited to `fun_score`, spendable, never withdrawable. */
    coin_packs: z.array(z.object({ item_id: z.number().int().positive(), coins: z.number().int().min(1), amount: cents })).min(1),
    /** Payment options in the spec's display order; bounds in cents, inclusive; null is never checked. */
    payment_options: z
      .array(
        z.object({
          payment_type: z.literal(Object.values(PaymentType)),
          pay_type_id: z.number().int().positive(),
          min_money: cents.nullable(),
          max_money: cents.nullable(),
        }),
      )
      .min(1),
    /** A partner's unlock price in points. */
    unlock_price: z.object({ min: z.number().int().min(1), max: z.number().int().max(1_000_000), default: z.number().int() }),
    /** The owner's share of an unlock, in percent; the rest is the platform's fee. */
    owner_share_percent: z.number().int().min(0).max(100),
    /** Cents paid out per withdrawable point. */
    withdrawal_rate: z.number().int().min(1).max(10_000),
    /** The smallest withdrawal, in points. */
    withdrawal_min_points: z.number().int().min(1),
    /** How long an admin usually takes to review a withdrawal, in hours: what the withdraw page promises. */
    withdrawal_review_hours: z.number().int().min(1).max(24 * 30),
  })
  .refine((e) => e.unlock_price.min <= e.unlock_price.default && e.unlock_price.default <= e.unlock_price.max, {
    message: 'unlock_price needs min <= default <= max',
    path: ['unlock_price'],
  })
  .refine((e) => new Set(e.membership_plans.map((p) => p.item_id)).size === e.membership_plans.length, {
    message: 'membership plan item ids must be unique',
    path: ['membership_plans'],
  })
  .refine((e) => new Set(e.coin_packs.map((p) => p.item_id)).size === e.coin_packs.length, {
    message: 'coin pack item ids must be unique',
    path: ['coin_packs'],
  });
export type EconomyConfig = z.infer<typeof economyConfig>;
export type MembershipPlan = EconomyConfig['membership_plans'][number];
export type CoinPack = EconomyConfig['coin_packs'][number];
export type PaymentOptionConfig = EconomyConfig['payment_options'][number];

/**
 * DESIGN section 6's defaults. Only the server's configuration reads these (server/config.ts), as the values used
 * when ECONOMY_JSON does not override them; the client takes every value from `home/economy`.
 */
export const DEFAULT_ECONOMY: EconomyConfig = {
  membership_plans: [
    { item_id: 1, code: 'monthly', days: 30, amount: 999 },
    { item_id: 2, code: 'annual', days: 365, amount: 8_999 },
  ],
  coin_packs: [
    { item_id: 101, coins: 100, amount: 99 },
    { item_id: 102, coins: 550, amount: 499 },
    { item_id: 103, coins: 1_200, amount: 999 },
  ],
  payment_options: [
    { payment_type: PaymentType.creditCard, pay_type_id: 1, min_money: null, max_money: null },
    { payment_type: PaymentType.usdt, pay_type_id: 2, min_money: 1_000, max_money: 1_000_000 },
    { payment_type: PaymentType.aliPay, pay_type_id: 3, min_money: 100, max_money: 500_000 },
    { payment_type: PaymentType.unionPay, pay_type_id: 4, min_money: 100, max_money: 500_000 },
    { payment_type: PaymentType.other, pay_type_id: 5, min_money: null, max_money: null },
  ],
  unlock_price: { min: 10, max: 1_000, default: 50 },
  owner_share_percent: 80,
  withdrawal_rate: 1,
  withdrawal_min_points: 1_000,
  withdrawal_review_hours: 48,
};

/** Payment types paid in a popup window opened on `pay_url` (payment/uPay). */
export const POPUP_PAYMENT_TYPES = [PaymentType.aliPay, PaymentType.unionPay, PaymentType.usdt] as const;

/** The widest unlock price any configuration may set: the contract's bound; the configured range is the server's. */
export const UNLOCK_PRICE_LIMIT = 1_000_000;

/** The price in cents of an item of an order type, or undefined when there is no such item. */
export function itemAmount(economy: EconomyConfig, type: OrderType, itemId: number): number | undefined {
  const items: readonly { item_id: number; amount: number }[] =
    type === OrderType.upgrade ? economy.membership_plans : economy.coin_packs;
  return items.find((item) => item.item_id === itemId)?.amount;
}

/** Whether an option accepts an amount (spec section 5): credit card and other are never range-checked. */
export function isAmountInRange(
  option: Pick<PaymentOptionConfig, 'payment_type' | 'min_money' | 'max_money'>,
  amount: number,
): boolean {
  if (option.payment_type === PaymentType.creditCard || option.payment_type === PaymentType.other) return true;
  if (option.min_money !== null && amount < option.min_money) return false;
  if (option.max_money !== null && amount > option.max_money) return false;
  return true;
}
