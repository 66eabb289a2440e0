import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import {
  AMOUNT_RANGE_ERROR,
  CARD_ERROR,
  PAYMENT_ERROR,
  REQUEST_FAILED,
  type CardError,
  type PaymentError,
} from '@/machines/wallet/payment-errors';
import type { RequestError } from '@/machines/app/request.machine';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';
import { formatMoney } from '@/ui/wallet/wallet-format';
import '@/ui/wallet/wallet-messages';

/**
 * What a payer reads for the payment and card errors of spec section 8. The machines keep the spec's texts as codes
 * (they are developer texts, in English); the payer gets a translated sentence that says what to do.
 */
const PAYMENT_TEXTS: Record<string, MessageDescriptor> = {
  [PAYMENT_ERROR.failed]: msg`The payment was declined. You have not been charged.`,
  [PAYMENT_ERROR.windowBlocked]: msg`Your browser blocked the payment window. Allow pop-ups for this site and try again.`,
  [PAYMENT_ERROR.timeout]: msg`The payment took too long and was stopped. Please try again.`,
  [PAYMENT_ERROR.orderFieldsMissing]: msg`The payment could not be started. Please try again.`,
  [PAYMENT_ERROR.orderIdMissing]: msg`The payment could not be started. Please try again.`,
  [PAYMENT_ERROR.paymentTypeNotFound]: msg`This payment method is not available for this purchase.`,
  [PAYMENT_ERROR.notInProgress]: msg`No payment is in progress.`,
  [CARD_ERROR.elementNotReady]: msg`The card form is still loading. Try again in a moment.`,
  [CARD_ERROR.clientSecretNotReady]: msg`The card could not be prepared. Please try again.`,
  [CARD_ERROR.setupNotSucceeded]: msg`Your bank did not confirm the card in time. Please try again.`,
  [CARD_ERROR.invalidCardId]: msg`This card is no longer available. Choose another one.`,
};

/** The card provider's refusals (CardProviderError codes of the card elements). */
const PROVIDER_TEXTS: Record<string, MessageDescriptor> = {
  'card.incomplete': msg`Check the card details marked below.`,
  'card.declined': msg`The card was declined. Try another card.`,
  'card.notTestCard': msg`This is test mode: use one of the test cards shown with the card fields.`,
  'card.expired': msg`This card has expired. Check the expiry date or use another card.`,
  'card.limit': msg`You already have 5 saved cards. Delete one to add another.`,
  'card.unavailable': msg`The card service is not available right now. Please try again.`,
};

/** A failed call's text: the server's own msg (already in the user's language) or the code's. */
export function requestText(i18n: I18n, request: RequestError): string {
  if ((request.code === 'server' || request.code === 'tokenExpired') && request.msg) return request.msg;
  if (request.code === 'unknown' && Object.hasOwn(PROVIDER_TEXTS, request.msg)) return i18n._(PROVIDER_TEXTS[request.msg]);
  return translateCode(i18n, request.code);
}

export function paymentErrorText(i18n: I18n, error: PaymentError | CardError): string {
  if (error.code === REQUEST_FAILED) return requestText(i18n, (error as { request: RequestError }).request);
  if (error.code === AMOUNT_RANGE_ERROR) {
    const { min, max } = (error as Extract<PaymentError, { code: typeof AMOUNT_RANGE_ERROR }>).params;
    return translateCode(i18n, AMOUNT_RANGE_ERROR, { min: formatMoney(i18n, min ?? 0), max: formatMoney(i18n, max ?? 0) });
  }
  const text = PAYMENT_TEXTS[error.code];
  return text ? i18n._(text) : translateCode(i18n, error.code);
}
