import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PointsLogKind } from '@/contract/calls/wallet';
import { type OrderStatus, PaymentType, type WithdrawalMethod, type WithdrawalStatus } from '@/contract/feature-enums';

/** The wallet's labels, by the codes the contract uses (STYLE rule 9: the ui translates codes where it renders). */

export const POINTS_KIND_LABELS: Record<PointsLogKind, MessageDescriptor> = {
  recharge: msg`Coins bought`,
  unlock_spend: msg`Profile unlocked`,
  unlock_earn: msg`Earned from an unlock`,
  withdraw_hold: msg`Held for a withdrawal`,
  withdraw_release: msg`Withdrawal rejected, points returned`,
  adjustment: msg`Correction by Venuely`,
};

export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg({ message: 'Pending', context: 'withdrawal status' }),
  paid: msg({ message: 'Paid', context: 'withdrawal status' }),
  rejected: msg({ message: 'Rejected', context: 'withdrawal status' }),
};

export const WITHDRAWAL_METHOD_LABELS: Record<WithdrawalMethod, MessageDescriptor> = {
  bank_card: msg`Bank card`,
  usdt: msg`USDT`,
  alipay: msg`Alipay`,
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, MessageDescriptor> = {
  pending: msg({ message: 'Waiting for payment', context: 'order status' }),
  paid: msg({ message: 'Paid', context: 'order status' }),
  failed: msg({ message: 'Failed', context: 'order status' }),
  expired: msg({ message: 'Expired', context: 'order status' }),
  refunded: msg({ message: 'Refunded', context: 'order status' }),
};

/** Payment method names (spec section 3: other, alipay, unionpay, usdt, stripe), as a payer reads them. */
export const PAYMENT_TYPE_LABELS: Record<PaymentType, MessageDescriptor> = {
  [PaymentType.creditCard]: msg`Credit or debit card`,
  [PaymentType.aliPay]: msg`Alipay`,
  [PaymentType.unionPay]: msg`UnionPay`,
  [PaymentType.usdt]: msg`USDT`,
  [PaymentType.other]: msg`Other payment methods`,
};

export const PLAN_LABELS: Record<'monthly' | 'annual', MessageDescriptor> = {
  monthly: msg`Monthly membership`,
  annual: msg`Annual membership`,
};
