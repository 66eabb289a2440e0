import { OrderType, PaymentType } from './enums';

/**
 * The economy defaults of DESIGN section 6. Money is integer US cents, coins and points are integers. The server
 * may override these by configuration and always prices an order itself; the client uses them to render the upgrade
 * and recharge pages and to range-check payment options before asking.
 */

export interface MembershipPlan {
  readonly item_id: number;
  /** Selects the `vip.<code>` text of `vip_txt`. */
  readonly code: 'monthly' | 'annual';
  readonly days: number;
  /** Price in cents. */
  readonly amount: number;
}

/** Order type 5 (upgrade). */
export const MEMBERSHIP_PLANS = [
  { item_id: 1, code: 'monthly', days: 30, amount: 999 },
  { item_id: 2, code: 'annual', days: 365, amount: 8_999 },
] as const satisfies readonly MembershipPlan[];

export interface CoinPack {
  readonly item_id: number;
  /** Coins credited to `fun_score`; spendable, never withdrawable. */
  readonly coins: number;
  /** Price in cents. */
  readonly amount: number;
}

/** Order type 6 (recharge, "buyFunCoin"). */
export const COIN_PACKS = [
  { item_id: 101, coins: 100, amount: 99 },
  { item_id: 102, coins: 550, amount: 499 },
  { item_id: 103, coins: 1_200, amount: 999 },
] as const satisfies readonly CoinPack[];

/** A payment option as the server offers it (spec section 3 "Payment option"); null bounds are never checked. */
export interface PaymentOptionConfig {
  readonly payment_type: PaymentType;
  /** The server's id of the option row; opaque to the client. */
  readonly pay_type_id: number;
  /** Bounds in cents, inclusive. */
  readonly min_money: number | null;
  readonly max_money: number | null;
}

/** In the spec's display order: credit card first, other last (the client moves disabled ones after "other"). */
export const PAYMENT_OPTIONS = [
  { payment_type: PaymentType.creditCard, pay_type_id: 1, min_money: null, max_money: null },
  { payment_type: PaymentType.usdt, pay_type_id: 2, min_money: 1_000, max_money: 1_000_000 },
  { payment_type: PaymentType.aliPay, pay_type_id: 3, min_money: 100, max_money: 500_000 },
  { payment_type: PaymentType.unionPay, pay_type_id: 4, min_money: 100, max_money: 500_000 },
  { payment_type: PaymentType.other, pay_type_id: 5, min_money: null, max_money: null },
] as const satisfies readonly PaymentOptionConfig[];

/** Payment types paid in a popup window opened on `pay_url` (payment/uPay). */
export const POPUP_PAYMENT_TYPES = [PaymentType.aliPay, PaymentType.unionPay, PaymentType.usdt] as const;

/** A partner's unlock price in points (DESIGN section 5). */
export const UNLOCK_PRICE_MIN = 10;
export const UNLOCK_PRICE_MAX = 1_000;
export const UNLOCK_PRICE_DEFAULT = 50;

/** The price in cents of an item of an order type, or undefined when there is no such item. */
export function itemAmount(type: OrderType, itemId: number): number | undefined {
  const items: readonly { item_id: number; amount: number }[] =
    type === OrderType.upgrade ? MEMBERSHIP_PLANS : COIN_PACKS;
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
