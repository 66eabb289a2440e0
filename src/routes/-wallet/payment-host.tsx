import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type ActorRefFrom } from 'xstate';
import { getPayTypeWithId } from '@/contract/calls/payment';
import { type OrderType, PaymentType } from '@/contract/feature-enums';
import { isPopupPaymentType, providePayment, type PaymentData, type PaymentSnapshot } from '@/machines/wallet/payment.machine';
import { checkPaymentChoice, orderPaymentOptions } from '@/machines/wallet/payment-choice';
import { selectCardBusy, selectCardChoice, selectCardError, selectIsAddingCard } from '@/machines/wallet/card-setup.machine';
import '@/ui/app/form-messages';
import { translateCode } from '@/ui/app/messages';
import { requestErrorText } from '@/ui/directory/directory-names';
import { PaymentDialog } from '@/ui/wallet/payment-dialog';
import { cardName } from '@/ui/wallet/saved-cards';
import { PAYMENT_TYPE_LABELS } from '@/ui/wallet/wallet-names';
import { paymentErrorText } from './payment-texts';
import { formatMoney } from '@/ui/wallet/wallet-format';
import { useAppSystem } from '../-app/app-context';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { useLoad } from '../-directory/use-load';
import { CardStep, useCardSetup } from './card-step';

/** What a page asks the payment dialog to pay: the item, and its name as the payer reads it. */
export interface PaymentRequest {
  type: OrderType;
  item_id: number;
  /** Translated: "550 coins", "Monthly membership". */
  item: string;
}

/** What the page learns of a paid order. */
export interface PaidOrder {
  orderId: string;
  type: OrderType;
  item_id: number;
  amount: number;
  currency: string;
  paymentType: PaymentType;
  /** How it was paid, translated: the card ("Visa ending in 4242") or the method's name. */
  method: string;
}

type PaymentActor = ActorRefFrom<ReturnType<typeof providePayment<Window>>>;

/** The snapshot of the current attempt's actor; null before the first attempt. */
function useRunSnapshot(run: PaymentActor | null): PaymentSnapshot | null {
  const [snapshot, setSnapshot] = useState<PaymentSnapshot | null>(null);
  useEffect(() => {
    if (!run) return;
    setSnapshot(run.getSnapshot() as PaymentSnapshot);
    const subscription = run.subscribe((next) => setSnapshot(next as PaymentSnapshot));
    return () => subscription.unsubscribe();
  }, [run]);
  return run ? snapshot : null;
}

/** The browser's window for the popup and "other" payments; null when the browser blocked it. */
const browserWindow = {
  openWindow: (url: string) => window.open(url, '_blank'),
  closeWindow: (handle: Window) => {
    if (!handle.closed) handle.close();
  },
};

export interface PaymentDialogHostProps {
  request: PaymentRequest;
  lang: string;
  onClose(): void;
  onPaid(order: PaidOrder): void;
  /** The dialog is fading out (its owner removes it after PAYMENT_DIALOG_CLOSE_MS). */
  closing?: boolean;
}

/** Spec section 9: the payment dialog's close transition (wallet.css --duration-close). */
export const PAYMENT_DIALOG_CLOSE_MS = 200;

/**
 * The payment dialog bound to its machines: the item's options (home/getPayTypeWithId), the card step
 * (cardSetup), and one `payment` actor per attempt, created when the payer presses Pay with the choice made then
 * (the machine's input). Its notifications go to the toast area; its success closes the dialog and tells the page.
 * The dialog is tracked open or closed in the dialog stack (spec section 2: auth, search, payment, photo).
 */
export function PaymentDialogHost({ request, lang, onClose, onPaid, closing }: PaymentDialogHostProps) {
  const { i18n, t } = useLingui();
  const { api, toast, dialogStack, inspect } = useAppSystem();
  const testMode = usePaymentsTestMode();
  const options = useLoad((signal) => api.call(getPayTypeWithId, { type: request.type, item_id: request.item_id }, { signal }));
  const { actor: cards, element } = useCardSetup(api, inspect);
  const [selected, setSelected] = useState<PaymentType | null>(null);
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | undefined>();
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [run, setRun] = useState<PaymentActor | null>(null);
  // A new card is paid with in one step (as in Stripe Checkout): Pay sets it up, then charges it. Keeping it for
  // later is the payer's choice, off by default.
  const [keepCard, setKeepCard] = useState(false);
  const [payAfterSetup, setPayAfterSetup] = useState<{ keep: boolean } | null>(null);
  const latest = useRef({ onPaid, onClose });
  latest.current = { onPaid, onClose };

  useEffect(() => {
    dialogStack.send({ type: 'trackedDialog.set', dialog: 'payment', open: true });
    return () => dialogStack.send({ type: 'trackedDialog.set', dialog: 'payment', open: false });
  }, [dialogStack]);

  const amount = options.data?.amount ?? 0;
  const ordered = useMemo(() => (options.data ? orderPaymentOptions(options.data.options, options.data.amount) : []), [options.data]);
  // The first usable option is chosen for the payer (the card, when offered).
  const current = selected ?? ordered.find((view) => !view.disabled)?.option.payment_type ?? null;

  const addingCard = useSelector(cards, selectIsAddingCard);
  const cardBusy = useSelector(cards, selectCardBusy);
  const cardChoice = useSelector(cards, selectCardChoice);
  const canGoBack = useSelector(cards, (s) => s.can({ type: 'card.back' }));
  const cardError = useSelector(cards, selectCardError);

  const runSnapshot = useRunSnapshot(run);
  // Paying until the failure is shown (spec section 4: the failure appears after 1.5 s, with the window still open).
  const inProgress = runSnapshot !== null && (runSnapshot.hasTag('inProgress') || runSnapshot.matches({ paying: 'declined' }));
  const runError = runSnapshot?.context.error ?? null;

  // The actor of an attempt lives until the next attempt or the dialog closes.
  useEffect(() => () => run?.stop(), [run]);

  const termsNeeded = current !== null && (isPopupPaymentType(current) || (current === PaymentType.creditCard && addingCard));

  const select = (type: PaymentType) => {
    setSelected(type);
    setTermsError(undefined);
    const refusal = options.data ? checkPaymentChoice(options.data.options, type, options.data.amount) : null;
    setChoiceError(refusal ? paymentErrorText(i18n, refusal) : undefined);
  };

  const pay = () => {
    if (!options.data || current === null) return;
    if (termsNeeded && !terms) {
      setTermsError(translateCode(i18n, 'zod.boolean.checkbox'));
      return;
    }
    if (current === PaymentType.creditCard && addingCard) {
      setPayAfterSetup({ keep: keepCard });
      cards.send({ type: 'setup.start' });
      return;
    }
    startPayment(current, null);
  };

  // The new card is set up and selected: it is charged now (kept or not, as the payer chose); a refused setup shows
  // its error on the card and charges nothing.
  useEffect(() => {
    if (!payAfterSetup) return;
    if (cardError) setPayAfterSetup(null);
    else if (!addingCard && !cardBusy && cardChoice) {
      setPayAfterSetup(null);
      startPayment(PaymentType.creditCard, payAfterSetup.keep);
    }
  });

  /** The payment method as the receipt names it: the card charged, else the method. */
  function methodLabel(type: PaymentType): string {
    const id = cardChoice && 'user_payment_method_id' in cardChoice ? cardChoice.user_payment_method_id : undefined;
    const card = type === PaymentType.creditCard && id !== undefined ? cards.getSnapshot().context.cards.find((c) => c.id === id) : undefined;
    if (!card) return i18n._(PAYMENT_TYPE_LABELS[type]);
    return cardName(i18n, card.card);
  }

  function startPayment(current: PaymentType, keep: boolean | null) {
    if (!options.data) return;
    let data: PaymentData;
    const order = { type: request.type, item_id: request.item_id, amount: options.data.amount };
    if (current === PaymentType.creditCard) {
      if (!cardChoice) return;
      data = { ...order, payment_type: PaymentType.creditCard, ...cardChoice, ...(keep === false ? { save_card: false } : {}) } as PaymentData;
    } else {
      data = { ...order, payment_type: current } as PaymentData;
    }
    // Each attempt is 'payment' in the inspector (STYLE rule 10's systemId), the card step 'cardSetup'.
    const actor = createActor(providePayment(api, browserWindow), { input: { data, options: options.data.options }, systemId: 'payment', inspect });
    const paidType = current;
    const method = methodLabel(current);
    // A failure says why (issue 31 item 13): the dialog's own sentence, which also says nothing was charged.
    let failureToastMs: number | undefined;
    actor.on('payment.notify', (event) => {
      // The receipt says the payment succeeded: not a toast as well (issue 31 item 5).
      if (event.message === 'notify.payment.success') return;
      // A failure's toast says why: it comes with payment.failed, just after (below).
      if (event.message === 'notify.payment.failure') {
        failureToastMs = event.durationMs;
        return;
      }
      toast.send({ type: 'toast.show', kind: event.kind, message: event.message, params: event.params, durationMs: event.durationMs });
    });
    actor.on('payment.failed', (event) => {
      if (failureToastMs === undefined) return;
      toast.send({ type: 'toast.show', kind: 'error', message: 'notify.payment.failureReason', params: { reason: paymentErrorText(i18n, event.error) }, durationMs: failureToastMs });
      failureToastMs = undefined;
    });
    actor.on('payment.succeeded', (event) => {
      latest.current.onPaid({ orderId: event.orderId, type: request.type, item_id: request.item_id, amount: order.amount, currency: options.data?.currency ?? 'USD', paymentType: paidType, method });
    });
    // A card entered for this payment only is gone once charged, paid or not: the list is read again for a retry.
    if (keep === false) actor.on('payment.failed', () => cards.send({ type: 'card.reload' }));
    actor.start();
    actor.send({ type: 'payment.start' });
    setRun(actor);
  }

  const close = () => {
    if (run?.getSnapshot().hasTag('inProgress')) run.send({ type: 'payment.cancel' });
    onClose();
  };

  const phase = options.status === 'loading' ? 'loading' : options.status === 'error' ? 'loadFailed' : inProgress ? 'paying' : 'choosing';
  const price = formatMoney(i18n, amount);
  const payLabel = t`Pay ${price}`;
  const payDisabled = current === null || inProgress || cardBusy || payAfterSetup !== null || (current === PaymentType.creditCard && !addingCard && cardChoice === null);
  const waitingText =
    current === PaymentType.creditCard
      ? t`Charging your card…`
      : t`Complete the payment in the window that opened. This dialog updates by itself.`;

  return (
    <PaymentDialog
      open
      item={request.item}
      amount={amount}
      phase={phase}
      loadError={options.error ? requestErrorText(i18n, options.error) : undefined}
      onRetryLoad={options.retry}
      options={ordered}
      selected={current}
      onSelect={select}
      error={choiceError ?? (runError ? paymentErrorText(i18n, runError) : undefined)}
      termsShown={termsNeeded}
      termsAccepted={terms}
      termsError={termsError}
      onTermsChange={(accepted) => {
        setTerms(accepted);
        if (accepted) setTermsError(undefined);
      }}
      termsHref={`/${lang}/info/terms`}
      cardStep={<CardStep actor={cards} element={element} locked={inProgress} />}
      saveCard={current === PaymentType.creditCard && addingCard ? { checked: keepCard, onChange: setKeepCard } : undefined}
      onBack={current === PaymentType.creditCard && canGoBack ? () => cards.send({ type: 'card.back' }) : undefined}
      payLabel={payLabel}
      payDisabled={payDisabled}
      onPay={pay}
      waitingText={waitingText}
      onCancel={() => run?.send({ type: 'payment.cancel' })}
      onClose={close}
      closing={closing}
      testMode={testMode}
    />
  );
}
