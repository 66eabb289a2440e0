import type { ActorLogic, AnyEventObject, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { OrderCheck, OrderResponse } from '@/contract/calls/payment';
import { PAYMENT_FAILURE_DELAY_MS, PAYMENT_POLL_MS, PAYMENT_TIMEOUT_MS } from '@/contract/constants';
import { DEFAULT_ECONOMY } from '@/contract/economy';
import { OrderType, PaymentType } from '@/contract/feature-enums';
import { afterEventOf, doneEvent, errorEvent, networkFailure, serverRefusal } from '@/machines/app/form.model';
import { paymentMachine, type PaymentInput, type PaymentSnapshot } from './payment.machine';

/**
 * The payment machine's test models (STYLE rule 19), shared by payment.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines with `invoke` and `after`, which this one has by design (STYLE rules 7 and
 * 8), so these are TestModels of the machine as it is (as in chat-socket.model.ts). The model's world is the order
 * and check calls' answers (completion events, which a test executes by settling its fake), the window's report
 * (`window.blocked`) and the three named delays (which a test passes on the fake clock), plus the dialog's
 * `payment.start`, `payment.cancel` and `payment.retry`. Each is offered only where it can happen: an answer only
 * while its call runs, a delay only in the state that waits for it, `window.blocked` only as the window opens.
 *
 * There is one model per input: a popup payment (alipay), a saved-card payment, and a choice the amount check
 * refuses. A vertex is the state value, which ids are known and the error code, plus the event and the state it
 * came from, so every transition ends a path of its own, the refused cancels included. The idempotency key is
 * random and left out; the tests check it separately.
 */

export const PAYMENT_MODEL_ORDER_ID = '3f1c8a52-6d0e-4b7a-9c21-5e8f0a7b2d64';
export const PAYMENT_MODEL_PAY_URL = 'https://pay.example.test/alipay/checkout?o=3f1c8a52';

const base = { type: OrderType.upgrade, item_id: 1, amount: 999 } as const;
const options = DEFAULT_ECONOMY.payment_options;

export const PAYMENT_MODEL_INPUTS = {
  popup: { data: { ...base, payment_type: PaymentType.aliPay }, options },
  card: { data: { ...base, payment_type: PaymentType.creditCard, user_payment_method_id: 12 }, options },
  // $0.50 by alipay, whose range starts at $1: refused before any call.
  refused: { data: { ...base, amount: 50, payment_type: PaymentType.aliPay }, options },
} as const satisfies Record<string, PaymentInput>;
export type PaymentModelVariant = keyof typeof PAYMENT_MODEL_INPUTS;
export const PAYMENT_MODEL_VARIANTS = Object.keys(PAYMENT_MODEL_INPUTS) as PaymentModelVariant[];

export const CREATE_DONE = doneEvent('createOrder');
export const CREATE_ERROR = errorEvent('createOrder');
export const CHECK_DONE = doneEvent('checkOrder');
export const CHECK_ERROR = errorEvent('checkOrder');
export const PAYMENT_POLL_EVENT = afterEventOf(paymentMachine, 'payment.paying.polling.waiting');
export const PAYMENT_TIMEOUT_EVENT = afterEventOf(paymentMachine, 'payment.paying.polling');
export const PAYMENT_FAILURE_DELAY_EVENT = afterEventOf(paymentMachine, 'payment.paying.declined');

const order = (fields: Partial<OrderResponse>): OrderResponse => ({ order_id: PAYMENT_MODEL_ORDER_ID, ...fields });
const check = (fields: OrderCheck): OrderCheck => fields;

export const paymentTestEvents = {
  start: { type: 'payment.start' },
  cancel: { type: 'payment.cancel' },
  retry: { type: 'payment.retry' },
  blocked: { type: 'window.blocked' },
  popupOrder: { type: CREATE_DONE, output: order({ pay_url: PAYMENT_MODEL_PAY_URL }) },
  popupOrderWithoutUrl: { type: CREATE_DONE, output: order({}) },
  cardOrder: { type: CREATE_DONE, output: order({}) },
  cardOrderWithoutId: { type: CREATE_DONE, output: order({ order_id: '' }) },
  createOffline: { type: CREATE_ERROR, error: networkFailure('payment/uPay') },
  pending: { type: CHECK_DONE, output: check({ success: false, status: 'pending' }) },
  paid: { type: CHECK_DONE, output: check({ success: true, status: 'paid' }) },
  declined: { type: CHECK_DONE, output: check({ success: false, status: 'failed' }) },
  checkOffline: { type: CHECK_ERROR, error: networkFailure('payment/checkOrderStatus') },
  checkRefused: { type: CHECK_ERROR, error: serverRefusal('Order not found') },
  poll: { type: PAYMENT_POLL_EVENT },
  timeout: { type: PAYMENT_TIMEOUT_EVENT },
  failureDelay: { type: PAYMENT_FAILURE_DELAY_EVENT },
} as const satisfies Record<string, AnyEventObject>;

const ev = paymentTestEvents;

/** The order answers each variant can get: a card order has no window address to miss. */
const ORDER_ANSWERS: Record<PaymentModelVariant, readonly AnyEventObject[]> = {
  popup: [ev.popupOrder, ev.popupOrderWithoutUrl],
  card: [ev.cardOrder, ev.cardOrderWithoutId],
  refused: [],
};

export function paymentModelEvents(variant: PaymentModelVariant): AnyEventObject[] {
  const answers = ORDER_ANSWERS[variant];
  return Object.values(ev).filter((event) => event.type !== CREATE_DONE || answers.includes(event));
}

const inState = (snapshot: PaymentSnapshot, state: string) => snapshot.matches(state as never);

/** Whether `event` can happen in `snapshot`'s state (see the header). */
function canHappen(snapshot: PaymentSnapshot, event: AnyEventObject): boolean {
  switch (event.type) {
    case CREATE_DONE:
    case CREATE_ERROR:
      return inState(snapshot, 'creating');
    case CHECK_DONE:
    case CHECK_ERROR:
      return inState(snapshot, 'paying.polling.checking');
    // The window actor reports a block only as it opens, before any check: in `waiting`, with a window.
    case 'window.blocked':
      return inState(snapshot, 'paying.polling.waiting') && snapshot.context.windowUrl !== null;
    case PAYMENT_POLL_EVENT:
      return inState(snapshot, 'paying.polling.waiting');
    case PAYMENT_TIMEOUT_EVENT:
      return inState(snapshot, 'paying.polling');
    case PAYMENT_FAILURE_DELAY_EVENT:
      return inState(snapshot, 'paying.declined');
    case 'payment.retry':
      return snapshot.can(event as never);
    default:
      return true;
  }
}

/** The facts of a state the tests compare: value, known ids, the error code. */
export function paymentModelFacts(snapshot: PaymentSnapshot) {
  const { orderId, windowUrl, error } = snapshot.context;
  return { value: snapshot.value, orderId, windowUrl, error: error?.code ?? null };
}

export function paymentModelKey(snapshot: PaymentSnapshot, event?: EventObject, previous?: PaymentSnapshot): string {
  const via = event && previous ? ` via ${describePaymentEvent(event)} from ${JSON.stringify(previous.value)}` : '';
  return JSON.stringify(paymentModelFacts(snapshot)) + via;
}

export function createPaymentTestModel(variant: PaymentModelVariant = 'popup') {
  // The model also sends completions and delayed events, which the machine's own event type does not list.
  const logic = paymentMachine as unknown as ActorLogic<PaymentSnapshot, AnyEventObject, PaymentInput>;
  return new TestModel<PaymentSnapshot, AnyEventObject, PaymentInput>(logic, {
    input: PAYMENT_MODEL_INPUTS[variant],
    events: paymentModelEvents(variant),
    filterEvents: canHappen,
    serializeState: paymentModelKey,
  });
}

/** Every variant's shortest paths, labelled with the variant. */
export function paymentTestPaths() {
  return PAYMENT_MODEL_VARIANTS.flatMap((variant) =>
    createPaymentTestModel(variant)
      .getShortestPaths()
      .map((path) => ({ label: variant, variant, path })),
  );
}

/** A short description of a payment model event. */
export function describePaymentEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case 'payment.start':
      return 'start the payment';
    case 'payment.cancel':
      return 'cancel';
    case 'payment.retry':
      return 'retry the order call';
    case 'window.blocked':
      return 'the browser blocks the payment window';
    case CREATE_DONE: {
      const answer = e.output as OrderResponse;
      return `the order is created (${answer.order_id ? 'order id' : 'no order id'}${answer.pay_url ? ', pay_url' : ''})`;
    }
    case CREATE_ERROR:
      return 'the order call fails: network';
    case CHECK_DONE: {
      const answer = e.output as OrderCheck;
      return `the check answers ${answer.success ? 'paid' : answer.status}`;
    }
    case CHECK_ERROR:
      return `the check fails: ${(e.error as { code: string }).code}`;
    case PAYMENT_POLL_EVENT:
      return `${PAYMENT_POLL_MS} ms (poll)`;
    case PAYMENT_TIMEOUT_EVENT:
      return `${PAYMENT_TIMEOUT_MS} ms since polling began (timeout)`;
    case PAYMENT_FAILURE_DELAY_EVENT:
      return `${PAYMENT_FAILURE_DELAY_MS} ms (failure shown)`;
    default:
      return e.type;
  }
}
