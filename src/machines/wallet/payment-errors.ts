import type { RequestError } from '@/machines/app/request.machine';

/**
 * The payment and card errors of spec section 8, exactly as the spec writes them. They are codes: the machines
 * store them and the ui maps each to a translated message (STYLE rule 9), so the texts must never change.
 */
export const PAYMENT_ERROR = {
  /** A popup or "other" order answered without `order_id` or `pay_url`. */
  orderFieldsMissing: 'Order number or payment callback url is missing',
  /** A card order answered without `order_id`. */
  orderIdMissing: 'Order number is missing',
  /** Polled for more than PAYMENT_TIMEOUT_MS without an answer. */
  timeout: 'payment procedure time out.',
  /** The provider declined, or the order failed or expired. */
  failed: 'Payment dialog confirm error: Payment failed.',
  /** The browser refused to open the payment window. */
  windowBlocked: 'Payment dialog confirm error: Can not open payment window',
  /** The chosen payment type is not among the item's options. */
  paymentTypeNotFound: 'Payment dialog checkAmount error: Can not find payment type',
  /** `payment.cancel` outside creating / waiting. */
  notInProgress: 'Payment is not in progress, should not cancel',
} as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR)[keyof typeof PAYMENT_ERROR];

/** The form code of an amount outside the chosen option's range (spec section 5), with the bounds. */
export const AMOUNT_RANGE_ERROR = 'payment.errors.amountRange';

/** A call failed (the order, a check, a card call, the card provider): its RequestError says how. */
export const REQUEST_FAILED = 'request.failed';

export const CARD_ERROR = {
  /** `setup.start` before the card element reported ready. */
  elementNotReady: 'Stripe Elements is not ready',
  /** The setup key answer had no client secret. */
  clientSecretNotReady: 'Stripe Client Secret is not ready',
  /** The setup intent was still not 'succeeded' after CARD_SETUP_MAX_RETRIES polls. */
  setupNotSucceeded: 'setupIntent not succeeded after 10 retries',
  /** `card.select`, `card.delete` or `card.makeDefault` with an id not in the list. */
  invalidCardId: 'Invalid card id',
} as const;
export type CardErrorCode = (typeof CARD_ERROR)[keyof typeof CARD_ERROR];

/** The bounds of AMOUNT_RANGE_ERROR in cents; null where the option has none. */
export interface AmountRange {
  min: number | null;
  max: number | null;
}

/** What the payment machine holds in `error` (and reports in `payment.failed`). */
export type PaymentError =
  | { code: PaymentErrorCode }
  | { code: typeof AMOUNT_RANGE_ERROR; params: AmountRange }
  | { code: typeof REQUEST_FAILED; request: RequestError };

/** What the card setup machine holds in `error`. */
export type CardError = { code: CardErrorCode } | { code: typeof REQUEST_FAILED; request: RequestError };

/**
 * The reason a failure notification names: the spec's text, or for a failed call the server's msg when the server
 * refused (its msg is the call's error text, spec section 8) and the error's code otherwise.
 */
export function errorReason(error: PaymentError | CardError): string {
  if (error.code !== REQUEST_FAILED) return error.code;
  const { request } = error as Extract<PaymentError, { code: typeof REQUEST_FAILED }>;
  return request.code === 'server' ? request.msg : request.code;
}
