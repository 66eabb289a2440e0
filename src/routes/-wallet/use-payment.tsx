import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { purchase, type PURCHASE_METHODS } from '@/contract/calls/track';
import type { EconomyConfig } from '@/contract/economy';
import { OrderType, PAYMENT_METHOD_NAMES } from '@/contract/feature-enums';
import { useAppSystem } from '../-app/app-context';
import { PaymentDialogHost, type PaidOrder, type PaymentRequest } from './payment-host';

type PurchaseMethod = (typeof PURCHASE_METHODS)[number];

/**
 * The payment dialog for a page: `pay(request)` opens it; `dialog` is what the page renders. After a successful
 * payment the user is read again (new balance, plan), the purchase tracking record is sent, the page's `onPaid`
 * runs, and the success dialog offers the localized home page (spec section 2).
 */
export function usePayment(lang: string, economy: EconomyConfig | null, onPaid?: (order: PaidOrder) => void): { pay(request: PaymentRequest): void; dialog: ReactNode } {
  const { api, session, openDialog } = useAppSystem();
  const navigate = useNavigate();
  const [request, setRequest] = useState<PaymentRequest | null>(null);

  const paid = (order: PaidOrder) => {
    setRequest(null);
    session.send({ type: 'session.userRefresh' });
    onPaid?.(order);
    const plan = order.type === OrderType.upgrade ? economy?.membership_plans.find((p) => p.item_id === order.item_id)?.code : undefined;
    const coins = order.type === OrderType.recharge ? (economy?.coin_packs.find((p) => p.item_id === order.item_id)?.coins ?? 0) : 0;
    // Statistics only: a lost record is not worth bothering the payer about.
    api
      .call(purchase, {
        transaction_id: order.orderId,
        value: order.amount,
        currency: 'USD',
        ...(plan ? { plan } : {}),
        payment_method: PAYMENT_METHOD_NAMES[order.paymentType] as PurchaseMethod,
        fun_amount: String(coins),
      })
      .catch(() => undefined);
    void openDialog({
      messageType: 'success',
      title: 'payment.success',
      message: order.type === OrderType.upgrade ? 'payment.success.plan' : 'payment.success.coins',
      confirmText: 'payment.success.home',
      showClose: true,
    }).then((result) => {
      if (result === 'confirm') void navigate({ to: '/$lang', params: { lang } });
    });
  };

  const dialog = request ? <PaymentDialogHost request={request} lang={lang} onClose={() => setRequest(null)} onPaid={paid} /> : null;
  return { pay: setRequest, dialog };
}
