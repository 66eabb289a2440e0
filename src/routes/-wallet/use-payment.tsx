import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import { purchase, type PURCHASE_METHODS } from '@/contract/calls/track';
import type { EconomyConfig } from '@/contract/economy';
import { OrderType, PAYMENT_METHOD_NAMES } from '@/contract/feature-enums';
import { MESSAGES } from '@/ui/app/messages';
import { ReceiptDialog, type Receipt } from '@/ui/wallet/receipt-dialog';
import '@/ui/wallet/wallet-messages';
import { useAppSystem } from '../-app/app-context';
import { PAYMENT_DIALOG_CLOSE_MS, PaymentDialogHost, type PaidOrder, type PaymentRequest } from './payment-host';

type PurchaseMethod = (typeof PURCHASE_METHODS)[number];

/**
 * The payment dialog for a page: `pay(request)` opens it; `dialog` is what the page renders. After a successful
 * payment the user is read again (new balance, plan), the purchase tracking record is sent, the page's `onPaid`
 * runs, and the receipt (issue 31 item 5) says what was paid and offers the transactions and the localized home page
 * (spec section 2's success dialog).
 */
export function usePayment(lang: string, economy: EconomyConfig | null, onPaid?: (order: PaidOrder) => void): { pay(request: PaymentRequest): void; dialog: ReactNode } {
  const { api, session } = useAppSystem();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const [request, setRequest] = useState<PaymentRequest | null>(null);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [closing, setClosing] = useState(false);
  // Closed by the payer: it fades out, then leaves (a payment that succeeded gives way to the receipt at once).
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = () => {
    setClosing(true);
    closeTimer.current = setTimeout(() => {
      setRequest(null);
      setClosing(false);
    }, PAYMENT_DIALOG_CLOSE_MS);
  };
  const open = (next: PaymentRequest) => {
    clearTimeout(closeTimer.current);
    setClosing(false);
    setRequest(next);
  };

  const paid = (order: PaidOrder) => {
    const item = request?.item ?? '';
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
    setReceipt({
      item,
      amount: order.amount,
      currency: order.currency,
      method: order.method,
      paidAt: new Date(),
      orderId: order.orderId,
      outcome: i18n._(MESSAGES[order.type === OrderType.upgrade ? 'payment.success.plan' : 'payment.success.coins']),
    });
  };

  const dialog = (
    <>
      {request ? <PaymentDialogHost request={request} lang={lang} onClose={close} onPaid={paid} closing={closing} /> : null}
      <ReceiptDialog
        receipt={receipt}
        transactionsHref={`/${lang}/member/transaction`}
        onClose={() => setReceipt(null)}
        onHome={() => {
          setReceipt(null);
          void navigate({ to: '/$lang', params: { lang } });
        }}
      />
    </>
  );
  return { pay: open, dialog };
}
