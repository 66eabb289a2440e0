import { z } from 'zod';
import { defineCall, emptyPayload, nullResponse } from '../call';
import { CURRENCY, MAX_SAVED_CARDS } from '../constants';
import {
  type CoinPack,
  type MembershipPlan,
  type PaymentOptionConfig,
  POPUP_PAYMENT_TYPES,
} from '../economy';
import { OrderStatus, OrderType, PaymentType } from '../feature-enums';
import * as f from '../fields';
import { dateTime, entityId, idempotencyKey, intOneOf, pageQuery, pagedList, rowId } from '../shapes';

/**
 * Payments (spec section 7 "Payment", DESIGN sections 5, 6 and 8). Money is integer US cents. The spec does not
 * say which path is which flow; decided here:
 * - inline card payment (saved card, or a card just set up): stripe/offSessionPay, checked with user/checkPayment;
 * - popup payment (alipay, unionpay, usdt) opened on `pay_url`: payment/uPay, checked with payment/checkOrderStatus;
 * - "other" payment, also opened on `pay_url`: stripe/otherPay, checked with payment/checkOrderStatus;
 * - card setup (adding a card): stripe/getPaymentInfo gives the setup intent's client secret.
 * payment/upgradeMember and payment/buyFunCoin read the plans and coin packs (the upgrade and recharge pages); they
 * create nothing. Every order-creating call carries an idempotency key; the server prices the order itself and
 * refuses an `amount` that differs from the item's price.
 */

/** $100 000: far above every item, low enough that a typo cannot pass for a price. */
export const AMOUNT_MAX = 10_000_000;

export const orderType = intOneOf([OrderType.upgrade, OrderType.recharge]);
/** Orders are named by UUID. */
export const orderId = f.uuid;

/** What every order creation carries (spec section 3 "Payment config" data, plus the idempotency key). */
const orderPayload = z.object({
  type: orderType,
  item_id: entityId,
  amount: f.int(1, AMOUNT_MAX),
  idempotency_key: idempotencyKey,
});

/** Spec section 3 "Order response": popups get `pay_url`, and `post_data` when the provider wants a form POST. */
export const orderResponse = z.object({
  order_id: z.string(),
  pay_url: z.string().optional(),
  post_data: z.record(z.string(), z.string()).optional(),
});
export type OrderResponse = z.infer<typeof orderResponse>;

/** Spec section 3 "Check response", with the status so the client can tell pending from failed. */
export const orderCheck = z.object({ success: z.boolean(), status: z.enum(OrderStatus) });
export type OrderCheck = z.infer<typeof orderCheck>;

const orderCheckPayload = z.object({ order_id: orderId });

/** A payment method id of the card provider (Stripe `pm_…`, or the sandbox's). */
const providerPaymentMethodId = z
  .string({ message: 'zod.string.invalid' })
  .regex(/^[A-Za-z0-9_]{3,255}$/, { message: 'zod.string.invalid' });

/** Spec section 3 "Saved card". */
export const savedCard = z.object({
  id: rowId,
  is_default: z.boolean(),
  is_ban: z.boolean(),
  /** `exp_month` (1–12) and `exp_year` (full year) when the provider told them; absent for older cards. */
  card: z.object({
    brand: z.string(),
    last4: z.string().regex(/^\d{4}$/),
    exp_month: z.number().int().min(1).max(12).optional(),
    exp_year: z.number().int().min(2000).max(2100).optional(),
  }),
});
export type SavedCard = z.infer<typeof savedCard>;

/** Spec section 3 "Payment option"; the bounds in cents, null where never range-checked. */
export const paymentOption = z.object({
  payment_type: z.literal(Object.values(PaymentType)),
  pay_type_id: rowId,
  min_money: z.number().int().min(0).nullable(),
  max_money: z.number().int().min(0).nullable(),
}) satisfies z.ZodType<PaymentOptionConfig>;

export const membershipPlan = z.object({
  item_id: rowId,
  code: z.enum(['monthly', 'annual']),
  days: z.number().int().min(1),
  amount: z.number().int().min(1),
}) satisfies z.ZodType<MembershipPlan>;

export const coinPack = z.object({
  item_id: rowId,
  coins: z.number().int().min(1),
  amount: z.number().int().min(1),
}) satisfies z.ZodType<CoinPack>;

/** A row of the transaction list (DESIGN section 5 "Order"). */
export const orderRecord = z.object({
  order_id: z.string(),
  type: z.literal([OrderType.upgrade, OrderType.recharge]),
  item_id: rowId,
  amount: z.number().int().min(0),
  currency: z.string(),
  payment_type: z.literal(Object.values(PaymentType)),
  status: z.enum(OrderStatus),
  created_at: dateTime,
  paid_at: dateTime.nullable(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

/** Starts a card setup (spec section 3 "Card setup key response"). Creates a setup intent, so it mutates. */
export const getPaymentInfo = defineCall({
  path: 'stripe/getPaymentInfo',
  mutates: true,
  auth: 'required',
  payload: emptyPayload,
  response: z.object({ client_secret: z.string(), publishable_key: z.string() }),
});

/**
 * Inline card payment: charges a saved card (`user_payment_method_id`, a saved card's id) or a card just set up
 * (`payment_method_id`, the provider's id); exactly one of the two. `save_card: false` forgets the card once it is
 * charged (a card entered for this payment only, as Stripe Checkout's unticked "save my card"); absent, it stays saved.
 */
export const offSessionPay = defineCall({
  path: 'stripe/offSessionPay',
  mutates: true,
  auth: 'required',
  payload: orderPayload
    .extend({
      user_payment_method_id: entityId.optional(),
      payment_method_id: providerPaymentMethodId.optional(),
      save_card: f.bool.optional(),
    })
    .refine((p) => (p.user_payment_method_id === undefined) !== (p.payment_method_id === undefined), {
      message: 'errors.payment.method',
    }),
  response: orderResponse,
});

/** "Other" payment (payment type 0): answers the `pay_url` to open. */
export const otherPay = defineCall({
  path: 'stripe/otherPay',
  mutates: true,
  auth: 'required',
  payload: orderPayload,
  response: orderResponse,
});

/** Popup payment with one of POPUP_PAYMENT_TYPES; the server refuses an amount outside the option's range. */
export const uPay = defineCall({
  path: 'payment/uPay',
  mutates: true,
  auth: 'required',
  payload: orderPayload.extend({ payment_type: intOneOf(POPUP_PAYMENT_TYPES) }),
  response: orderResponse,
});

/** Polled every PAYMENT_POLL_MS for card orders. */
export const checkPayment = defineCall({
  path: 'user/checkPayment',
  mutates: false,
  auth: 'required',
  payload: orderCheckPayload,
  response: orderCheck,
});

/** Polled every PAYMENT_POLL_MS for popup and "other" orders. */
export const checkOrderStatus = defineCall({
  path: 'payment/checkOrderStatus',
  mutates: false,
  auth: 'required',
  payload: orderCheckPayload,
  response: orderCheck,
});

export const getPaymentMethods = defineCall({
  path: 'user/getPaymentMethods',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: z.array(savedCard).max(MAX_SAVED_CARDS),
});

/** `payment_method_id` is a saved card's id here (spec section 7). */
const savedCardPayload = z.object({ payment_method_id: entityId });

export const bindDefaultPayment = defineCall({
  path: 'user/bindDefaultPayment',
  mutates: true,
  auth: 'required',
  payload: savedCardPayload,
  response: nullResponse,
});

export const delPaymentMethod = defineCall({
  path: 'user/delPaymentMethod',
  mutates: true,
  auth: 'required',
  payload: savedCardPayload,
  response: nullResponse,
});

/** The payment options for one item, and its price (DESIGN section 6). */
export const getPayTypeWithId = defineCall({
  path: 'home/getPayTypeWithId',
  mutates: false,
  auth: 'required',
  payload: z.object({ type: orderType, item_id: entityId }),
  response: z.object({
    type: z.literal([OrderType.upgrade, OrderType.recharge]),
    item_id: rowId,
    amount: z.number().int().min(1),
    currency: z.literal(CURRENCY),
    options: z.array(paymentOption),
  }),
});

/** The upgrade page: the plans and the caller's current plan. Creates nothing. */
export const upgradeMember = defineCall({
  path: 'payment/upgradeMember',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: z.object({
    plans: z.array(membershipPlan),
    is_payed: z.boolean(),
    vip_txt: z.string(),
    vip_end_date: z.string().nullable(),
  }),
});

/** The recharge page: the coin packs and the caller's spendable points. Creates nothing. */
export const buyFunCoin = defineCall({
  path: 'payment/buyFunCoin',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: z.object({ packs: z.array(coinPack), fun_score: z.number().int().min(0) }),
});

/** The transaction list, newest first. */
export const orderHistory = defineCall({
  path: 'payment/orderHistory',
  mutates: false,
  auth: 'required',
  payload: pageQuery.extend({ type: orderType.optional() }),
  response: pagedList(orderRecord),
});
