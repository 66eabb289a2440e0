import { describe, expect, it } from 'vitest';
import { DEFAULT_ECONOMY } from '@/contract/economy';
import { PaymentType } from '@/contract/feature-enums';
import { orderPaymentOptions } from './payment-choice';

const options = DEFAULT_ECONOMY.payment_options;
const typesOf = (amount: number) => orderPaymentOptions(options, amount).map((v) => [v.option.payment_type, v.disabled]);

describe('orderPaymentOptions (spec section 9: credit card, enabled options, other, disabled options)', () => {
  it('puts the card first, then the options whose range holds the amount, then other, then the rest disabled', () => {
    // $4.99: usdt needs at least $10.
    expect(typesOf(499)).toEqual([
      [PaymentType.creditCard, false],
      [PaymentType.aliPay, false],
      [PaymentType.unionPay, false],
      [PaymentType.other, false],
      [PaymentType.usdt, true],
    ]);
  });

  it('keeps the server order among the enabled options', () => {
    // $89.99: every option holds it.
    expect(typesOf(8_999)).toEqual([
      [PaymentType.creditCard, false],
      [PaymentType.usdt, false],
      [PaymentType.aliPay, false],
      [PaymentType.unionPay, false],
      [PaymentType.other, false],
    ]);
  });

  it('never disables the card or "other", whatever the amount', () => {
    const huge = orderPaymentOptions(options, 9_000_000);
    expect(huge.filter((v) => !v.disabled).map((v) => v.option.payment_type)).toEqual([PaymentType.creditCard, PaymentType.other]);
    expect(huge.slice(2).every((v) => v.disabled)).toBe(true);
  });
});
