import { isAmountInRange, type PaymentOptionConfig } from '@/contract/economy';
import { PaymentType } from '@/contract/feature-enums';
import { AMOUNT_RANGE_ERROR, PAYMENT_ERROR, type PaymentError } from './payment-errors';

/** An option as the item's payment options list it (home/getPayTypeWithId). */
export type PaymentOptionLike = Pick<PaymentOptionConfig, 'payment_type' | 'min_money' | 'max_money'>;

/**
 * Whether `paymentType` may pay `amount` (cents) among the item's `options` (spec sections 5 and 8): null when it
 * may; else the spec's "Can not find payment type" when the type is not offered, or AMOUNT_RANGE_ERROR with the
 * option's bounds when the amount is outside them. Credit card and "other" are never range-checked
 * (isAmountInRange). The payment machine checks this before creating an order; the dialog calls it on selection.
 */
export function checkPaymentChoice(
  options: readonly PaymentOptionLike[],
  paymentType: PaymentType,
  amount: number,
): PaymentError | null {
  const option = options.find((o) => o.payment_type === paymentType);
  if (!option) return { code: PAYMENT_ERROR.paymentTypeNotFound };
  if (!isAmountInRange(option, amount)) {
    return { code: AMOUNT_RANGE_ERROR, params: { min: option.min_money, max: option.max_money } };
  }
  return null;
}

/** An option as the payment dialog lists it: usable or not for this amount. */
export interface PaymentOptionView<O extends PaymentOptionLike = PaymentOptionLike> {
  option: O;
  /** The amount is outside the option's range (spec section 5): shown, but not selectable. */
  disabled: boolean;
}

/**
 * The dialog's order of the options (spec section 9): credit card, the enabled options, "other", then the disabled
 * ones; within each group the server's order.
 */
export function orderPaymentOptions<O extends PaymentOptionLike>(options: readonly O[], amount: number): PaymentOptionView<O>[] {
  const views = options.map((option) => ({ option, disabled: checkPaymentChoice(options, option.payment_type, amount) !== null }));
  const rank = (view: PaymentOptionView<O>) => {
    if (view.disabled) return 3;
    if (view.option.payment_type === PaymentType.creditCard) return 0;
    if (view.option.payment_type === PaymentType.other) return 2;
    return 1;
  };
  return views.map((view, index) => ({ view, index })).sort((a, b) => rank(a.view) - rank(b.view) || a.index - b.index).map(({ view }) => view);
}
