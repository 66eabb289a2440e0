import { assign, emit, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ApiCall, PayloadOf, ResponseOf } from '@/contract/call';
import {
  checkOrderStatus,
  checkPayment,
  offSessionPay,
  otherPay,
  uPay,
  type OrderCheck,
  type OrderResponse,
} from '@/contract/calls/payment';
import {
  NOTIFICATION_MS,
  PAYMENT_FAILURE_DELAY_MS,
  PAYMENT_POLL_MS,
  PAYMENT_TIMEOUT_MS,
} from '@/contract/constants';
import { POPUP_PAYMENT_TYPES, type PaymentOptionConfig } from '@/contract/economy';
import { PaymentType, type OrderStatus, type OrderType } from '@/contract/feature-enums';
import { toRequestError, type RequestError } from '@/machines/app/request.machine';
import type { ToastKind, ToastParams } from '@/machines/app/toast.machine';
import { checkPaymentChoice } from './payment-choice';
import { errorReason, PAYMENT_ERROR, REQUEST_FAILED, type PaymentError } from './payment-errors';

/**
 * One payment (spec section 4 "Payment flow", section 8 payment errors; DESIGN sections 5 and 6).
 *
 * - `payment.start` in `idle` checks the choice (checkPaymentChoice: the type is offered and the amount in its
 *   range); a refused choice stays in `idle` with the error. Otherwise a new attempt begins with a fresh
 *   idempotency key and `creating` invokes `createOrder` with the call of the payment type: payment/uPay for the
 *   popup types (alipay, unionpay, usdt), stripe/otherPay for "other", stripe/offSessionPay for a card.
 * - The order must name its `order_id`, and for popup and "other" also its `pay_url` (else the spec's "missing"
 *   texts). Then `paying` invokes `paymentWindow`, which opens the window (on /payment.html when the provider wants
 *   a form POST) and closes it when `paying` is left, however it is left; a card payment opens none. A blocked
 *   popup fails at once with 'Can not open payment window'.
 * - `paying.polling` checks the order every PAYMENT_POLL_MS, the first check PAYMENT_POLL_MS after the order
 *   exists (payment/checkOrderStatus, or user/checkPayment for a card). `success: true` succeeds: the success
 *   notification, `payment.succeeded` (the app's success callback), then the window closes, in that order. A
 *   failed, expired or refunded order (none can still be paid), or a check the server refuses, is declined:
 *   'Payment failed.' shows after PAYMENT_FAILURE_DELAY_MS, when the window closes. A check that fails on the way
 *   (network, timeout, HTTP status) is transient: polling goes on.
 * - PAYMENT_TIMEOUT_MS after polling began it gives up with 'payment procedure time out.'.
 * - `payment.cancel` is honoured only in progress (`creating`, `paying.polling`): it stops the call, closes the
 *   window and ends `cancelled`. Anywhere else it is refused: the machine emits `payment.cancelRefused` with the
 *   spec's 'Payment is not in progress, should not cancel' and changes nothing (the error in context stays that of
 *   the payment, not of a stray click).
 * - `failed` (tag 'failed'), `timedOut` (tags 'failed', 'timedOut') and `cancelled` emit one notification each
 *   (`payment.notify`, which the app shows as a NOTIFICATION_MS toast) and `payment.failed` / `payment.cancelled`
 *   (the app's failure and cancel callbacks). `payment.start` there begins a new attempt with a new key;
 *   `payment.retry` after a failed order call repeats that call with the same key, so the server cannot create the
 *   order twice.
 *
 * Server calls are the `createOrder` and `checkOrder` promise actors (providePaymentCalls gives the real ones) and
 * the window is the `paymentWindow` callback actor (paymentWindow({ openWindow, closeWindow })); the defaults
 * reject and report a blocked window. The context holds codes and ids, never translated text (STYLE rule 9).
 */

export type PopupPaymentType = (typeof POPUP_PAYMENT_TYPES)[number];

interface OrderData {
  type: OrderType;
  item_id: number;
  /** Cents; the server refuses an amount other than the item's price. */
  amount: number;
}

/** Spec section 3 "Payment config" data: the order, the payment type and, for a card, exactly one card id. */
export type PaymentData = OrderData &
  (
    | { payment_type: PopupPaymentType | typeof PaymentType.other }
    /** A saved card, by its id in the saved-card list. `save_card: false`: entered for this payment only, forgotten once charged. */
    | { payment_type: typeof PaymentType.creditCard; user_payment_method_id: number; payment_method_id?: undefined; save_card?: boolean }
    /** A card just set up, by the provider's payment method id. */
    | { payment_type: typeof PaymentType.creditCard; payment_method_id: string; user_payment_method_id?: undefined; save_card?: boolean }
  );

export interface PaymentInput {
  data: PaymentData;
  /** The item's payment options (home/getPayTypeWithId), which the choice must be among. */
  options: readonly PaymentOptionConfig[];
}

interface OrderPayload extends OrderData {
  idempotency_key: string;
}

/** What `createOrder` receives: the call to make, named after its contract entry, and its payload. */
export type CreateOrderInput =
  | { call: 'uPay'; payload: OrderPayload & { payment_type: PopupPaymentType } }
  | { call: 'otherPay'; payload: OrderPayload }
  | {
      call: 'offSessionPay';
      payload: OrderPayload & ({ user_payment_method_id: number } | { payment_method_id: string });
    };

/** What `checkOrder` receives. */
export interface CheckOrderInput {
  call: 'checkOrderStatus' | 'checkPayment';
  payload: { order_id: string };
}

/** What `paymentWindow` receives: the address to open, or null for a card payment (no window). */
export interface PaymentWindowInput {
  url: string | null;
}

/** What the window actor reports. */
export type PaymentWindowEvent = { type: 'window.blocked' };

export type PaymentEvent =
  | { type: 'payment.start' }
  | { type: 'payment.cancel' }
  /** After a failed order call: the same call again, with the same idempotency key. */
  | { type: 'payment.retry' }
  | PaymentWindowEvent;

/** The notification keys (spec section 8), each shown NOTIFICATION_MS. */
export type PaymentNotice =
  | 'notify.payment.success'
  | 'notify.payment.failure'
  | 'notify.payment.cancel'
  | 'notify.payment.timeout';

/** What the machine emits; the app listens with `actor.on(type, ...)`. */
export type PaymentEmitted =
  /** Shape of `toast.show` (toast.machine.ts) without its type: the app forwards it to the toast area. */
  | { type: 'payment.notify'; kind: ToastKind; message: PaymentNotice; params: ToastParams; durationMs: number }
  /** The spec's success callback. */
  | { type: 'payment.succeeded'; orderId: string }
  /** The spec's onFailure: every failure, the timeout included. */
  | { type: 'payment.failed'; orderId: string | null; error: PaymentError }
  | { type: 'payment.cancelled'; orderId: string | null }
  /** A `payment.cancel` outside progress, refused. */
  | { type: 'payment.cancelRefused'; code: typeof PAYMENT_ERROR.notInProgress };

export interface PaymentContext {
  data: PaymentData;
  options: readonly PaymentOptionConfig[];
  /** The current attempt's key; null before the first attempt. */
  idempotencyKey: string | null;
  orderId: string | null;
  /** Where the payment window opens; null for a card payment and before the order exists. */
  windowUrl: string | null;
  error: PaymentError | null;
}

export type PaymentTag = 'inProgress' | 'failed' | 'timedOut' | 'cancelled' | 'succeeded';

/** The page that POSTs `post_data` to the provider when an order asks for a form POST (spec section 7). */
export const PAYMENT_FORM_PAGE = '/payment.html';

/** Order statuses that can no longer end paid. */
const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['failed', 'expired', 'refunded'];

export function isPopupPaymentType(type: PaymentType): type is PopupPaymentType {
  return (POPUP_PAYMENT_TYPES as readonly PaymentType[]).includes(type);
}

/** Spec section 7: with `post_data`, /payment.html with its fields and POST_URL as query string; else `pay_url`. */
export function paymentWindowUrl(order: Pick<OrderResponse, 'pay_url' | 'post_data'>): string | null {
  if (!order.pay_url) return null;
  if (!order.post_data || Object.keys(order.post_data).length === 0) return order.pay_url;
  const query = new URLSearchParams({ ...order.post_data, POST_URL: order.pay_url });
  return `${PAYMENT_FORM_PAGE}?${query.toString()}`;
}

/** The order call for the payment data (spec section 7 as decided in src/contract/calls/payment.ts). */
export function createOrderInput(data: PaymentData, idempotencyKey: string): CreateOrderInput {
  const order = { type: data.type, item_id: data.item_id, amount: data.amount, idempotency_key: idempotencyKey };
  if (data.payment_type === PaymentType.creditCard) {
    const card =
      data.user_payment_method_id !== undefined
        ? { user_payment_method_id: data.user_payment_method_id }
        : { payment_method_id: data.payment_method_id };
    return { call: 'offSessionPay', payload: { ...order, ...card, ...(data.save_card === false ? { save_card: false } : {}) } };
  }
  if (data.payment_type === PaymentType.other) return { call: 'otherPay', payload: order };
  return { call: 'uPay', payload: { ...order, payment_type: data.payment_type } };
}

/** A check failure worth polling through: the network, a timeout, an HTTP status; not a server refusal. */
export function isTransientCheckError(error: RequestError): boolean {
  return error.code === 'network' || error.code === 'timeout' || error.code.startsWith('http.');
}

const isCard = (context: PaymentContext) => context.data.payment_type === PaymentType.creditCard;

function notice(kind: ToastKind, message: PaymentNotice, params: ToastParams = {}): PaymentEmitted {
  return { type: 'payment.notify', kind, message, params, durationMs: NOTIFICATION_MS };
}

/** The answer of `createOrder`, as the completion event carries it. */
const orderOf = (event: { type: string }) => (event as { output?: OrderResponse }).output;
/** The answer of `checkOrder`. */
const checkOf = (event: { type: string }) => (event as { output?: OrderCheck }).output;
const errorOf = (event: { type: string }) => toRequestError((event as { error?: unknown }).error);

/** A reason a failure notification carries: the spec's text, or the failed call's msg or code. */
const failureParams = (error: PaymentError | null): ToastParams => (error ? { reason: errorReason(error) } : {});

export const paymentMachine = setup({
  types: {
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    input: {} as PaymentInput,
    emitted: {} as PaymentEmitted,
    tags: {} as PaymentTag,
  },
  delays: {
    PAYMENT_POLL: PAYMENT_POLL_MS,
    PAYMENT_TIMEOUT: PAYMENT_TIMEOUT_MS,
    PAYMENT_FAILURE_DELAY: PAYMENT_FAILURE_DELAY_MS,
  },
  actors: {
    // Safe defaults: the real calls come from providePaymentCalls, the real window from paymentWindow(...).
    createOrder: fromPromise<OrderResponse, CreateOrderInput>(() => Promise.reject(new Error('createOrder not provided'))),
    checkOrder: fromPromise<OrderCheck, CheckOrderInput>(() => Promise.reject(new Error('checkOrder not provided'))),
    paymentWindow: fromCallback<PaymentWindowEvent, PaymentWindowInput>(({ input, sendBack }) => {
      if (input.url !== null) sendBack({ type: 'window.blocked' } satisfies PaymentWindowEvent);
    }),
  },
  guards: {
    isValidChoice: ({ context }) =>
      checkPaymentChoice(context.options, context.data.payment_type, context.data.amount) === null,
    /** The order answer names what the payment type needs: an order id, and a window address unless a card. */
    hasOrderFields: ({ context, event }) => {
      const order = orderOf(event);
      if (!order?.order_id) return false;
      return isCard(context) || paymentWindowUrl(order) !== null;
    },
    isPaid: ({ event }) => checkOf(event)?.success === true,
    isOrderClosed: ({ event }) => {
      const check = checkOf(event);
      return check !== undefined && CLOSED_ORDER_STATUSES.includes(check.status);
    },
    isTransientError: ({ event }) => isTransientCheckError(errorOf(event)),
    /** The order call failed: the same attempt may try it again. */
    canRetryOrder: ({ context }) => context.orderId === null && context.error?.code === REQUEST_FAILED,
  },
  actions: {
    rejectChoice: assign({
      error: ({ context }) => checkPaymentChoice(context.options, context.data.payment_type, context.data.amount),
    }),
    /** A new attempt: a new idempotency key, made once and kept for a retry of the same order call. */
    beginAttempt: assign({
      idempotencyKey: () => globalThis.crypto.randomUUID(),
      orderId: null,
      windowUrl: null,
      error: null,
    }),
    clearError: assign({ error: null }),
    rememberOrder: assign(({ context, event }) => {
      const order = orderOf(event)!;
      return { orderId: order.order_id, windowUrl: isCard(context) ? null : paymentWindowUrl(order) };
    }),
    missingOrderFields: assign({
      orderId: ({ event }) => orderOf(event)?.order_id || null,
      error: ({ context }): PaymentError => ({
        code: isCard(context) ? PAYMENT_ERROR.orderIdMissing : PAYMENT_ERROR.orderFieldsMissing,
      }),
    }),
    requestFailed: assign({ error: ({ event }): PaymentError => ({ code: REQUEST_FAILED, request: errorOf(event) }) }),
    declined: assign({ error: { code: PAYMENT_ERROR.failed } satisfies PaymentError }),
    windowBlocked: assign({ error: { code: PAYMENT_ERROR.windowBlocked } satisfies PaymentError }),
    timedOut: assign({ error: { code: PAYMENT_ERROR.timeout } satisfies PaymentError }),
    notifySuccess: emit(notice('success', 'notify.payment.success')),
    notifyFailure: emit(({ context }) => notice('error', 'notify.payment.failure', failureParams(context.error))),
    notifyTimeout: emit(notice('error', 'notify.payment.timeout')),
    notifyCancel: emit(notice('info', 'notify.payment.cancel')),
    reportSuccess: emit(({ context }): PaymentEmitted => ({ type: 'payment.succeeded', orderId: context.orderId! })),
    reportFailure: emit(({ context }): PaymentEmitted => ({
      type: 'payment.failed',
      orderId: context.orderId,
      error: context.error ?? { code: PAYMENT_ERROR.failed },
    })),
    reportCancel: emit(({ context }): PaymentEmitted => ({ type: 'payment.cancelled', orderId: context.orderId })),
    refuseCancel: emit({ type: 'payment.cancelRefused', code: PAYMENT_ERROR.notInProgress } satisfies PaymentEmitted),
  },
}).createMachine({
  id: 'payment',
  context: ({ input }) => ({
    data: input.data,
    options: input.options,
    idempotencyKey: null,
    orderId: null,
    windowUrl: null,
    error: null,
  }),
  initial: 'idle',
  // Everywhere but in progress, where `creating` and `paying.polling` take it.
  on: {
    'payment.cancel': { actions: 'refuseCancel' },
  },
  states: {
    idle: {
      on: {
        'payment.start': [
          { guard: 'isValidChoice', target: 'creating', actions: 'beginAttempt' },
          { actions: 'rejectChoice' },
        ],
      },
    },
    creating: {
      tags: ['inProgress'],
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => createOrderInput(context.data, context.idempotencyKey!),
        onDone: [
          { guard: 'hasOrderFields', target: 'paying', actions: 'rememberOrder' },
          { target: 'failed', actions: 'missingOrderFields' },
        ],
        onError: { target: 'failed', actions: 'requestFailed' },
      },
      on: {
        // Leaving stops the call (its signal aborts); an order the server made anyway is never paid.
        'payment.cancel': { target: 'cancelled' },
      },
    },
    paying: {
      // The window is open exactly while here: closing it is the actor's cleanup, so every exit closes it.
      invoke: {
        id: 'paymentWindow',
        src: 'paymentWindow',
        input: ({ context }) => ({ url: context.windowUrl }),
      },
      on: {
        'window.blocked': { target: 'failed', actions: 'windowBlocked' },
      },
      initial: 'polling',
      states: {
        polling: {
          tags: ['inProgress'],
          after: { PAYMENT_TIMEOUT: { target: '#payment.timedOut', actions: 'timedOut' } },
          on: { 'payment.cancel': { target: '#payment.cancelled' } },
          initial: 'waiting',
          states: {
            waiting: {
              after: { PAYMENT_POLL: { target: 'checking' } },
            },
            checking: {
              invoke: {
                id: 'checkOrder',
                src: 'checkOrder',
                input: ({ context }): CheckOrderInput => ({
                  call: isCard(context) ? 'checkPayment' : 'checkOrderStatus',
                  payload: { order_id: context.orderId! },
                }),
                onDone: [
                  { guard: 'isPaid', target: '#payment.paying.confirmed' },
                  { guard: 'isOrderClosed', target: '#payment.paying.declined', actions: 'declined' },
                  { target: 'waiting' },
                ],
                onError: [
                  { guard: 'isTransientError', target: 'waiting' },
                  { target: '#payment.paying.declined', actions: 'requestFailed' },
                ],
              },
            },
          },
        },
        // The window stays open while the failure waits to be shown (spec section 4).
        declined: {
          after: { PAYMENT_FAILURE_DELAY: { target: '#payment.failed' } },
        },
        // Transient: notify and report while the window is still open, then close it (spec section 4's order).
        confirmed: {
          entry: ['notifySuccess', 'reportSuccess'],
          always: { target: '#payment.succeeded' },
        },
      },
    },
    failed: {
      tags: ['failed'],
      entry: ['notifyFailure', 'reportFailure'],
      on: {
        'payment.start': { guard: 'isValidChoice', target: 'creating', actions: 'beginAttempt' },
        'payment.retry': { guard: 'canRetryOrder', target: 'creating', actions: 'clearError' },
      },
    },
    timedOut: {
      tags: ['failed', 'timedOut'],
      entry: ['notifyTimeout', 'reportFailure'],
      on: {
        'payment.start': { guard: 'isValidChoice', target: 'creating', actions: 'beginAttempt' },
      },
    },
    cancelled: {
      tags: ['cancelled'],
      entry: ['notifyCancel', 'reportCancel'],
      on: {
        'payment.start': { guard: 'isValidChoice', target: 'creating', actions: 'beginAttempt' },
      },
    },
    // Not final, so that a late `payment.cancel` is still answered with the refusal.
    succeeded: {
      tags: ['succeeded'],
    },
  },
});

export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;

/** Creating the order or waiting for it to be paid: cancel is allowed. */
export const selectPaymentInProgress = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('inProgress');
/** Failed or timed out (shown after the failure delay). */
export const selectPaymentFailed = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('failed');
export const selectPaymentTimedOut = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('timedOut');
export const selectPaymentCancelled = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('cancelled');
export const selectPaymentSucceeded = (snapshot: PaymentSnapshot): boolean => snapshot.hasTag('succeeded');
/** The error code (PAYMENT_ERROR text, AMOUNT_RANGE_ERROR or REQUEST_FAILED) and its details. */
export const selectPaymentError = (snapshot: PaymentSnapshot): PaymentError | null => snapshot.context.error;
export const selectPaymentOrderId = (snapshot: PaymentSnapshot): string | null => snapshot.context.orderId;
export const selectPaymentCanRetry = (snapshot: PaymentSnapshot): boolean => snapshot.can({ type: 'payment.retry' });

/** The one api client method the payment calls need (src/services/api-client.ts's ApiClient has it). */
export interface PaymentCallClient {
  call<C extends ApiCall>(call: C, payload: PayloadOf<C>, opts?: { signal?: AbortSignal }): Promise<ResponseOf<C>>;
}

/** The real `createOrder` and `checkOrder`: each makes its named call through `client`, aborted on leaving. */
export function paymentCalls(client: PaymentCallClient) {
  return {
    createOrder: fromPromise<OrderResponse, CreateOrderInput>(({ input, signal }) => {
      switch (input.call) {
        case 'uPay':
          return client.call(uPay, input.payload, { signal });
        case 'otherPay':
          return client.call(otherPay, input.payload, { signal });
        case 'offSessionPay':
          return client.call(offSessionPay, input.payload, { signal });
      }
    }),
    checkOrder: fromPromise<OrderCheck, CheckOrderInput>(({ input, signal }) =>
      client.call(input.call === 'checkPayment' ? checkPayment : checkOrderStatus, input.payload, { signal }),
    ),
  };
}

/** How the app opens and closes the payment window (the browser's window.open / Window.close). */
export interface PaymentWindowHost<H> {
  /** The window's handle, or null when the browser blocked the popup. */
  openWindow: (url: string) => H | null;
  closeWindow: (handle: H) => void;
}

/**
 * The `paymentWindow` actor over `host`: opens the window when `paying` is entered (a card payment, url null,
 * opens none), reports `window.blocked` when the browser refused, and closes the window when `paying` is left.
 */
export function paymentWindow<H>(host: PaymentWindowHost<H>) {
  return fromCallback<PaymentWindowEvent, PaymentWindowInput>(({ input, sendBack }) => {
    if (input.url === null) return undefined;
    const handle = host.openWindow(input.url);
    if (handle === null) {
      sendBack({ type: 'window.blocked' } satisfies PaymentWindowEvent);
      return undefined;
    }
    return () => host.closeWindow(handle);
  });
}

/** The payment machine with the real calls and window, as the payment dialog creates it. */
export function providePayment<H>(client: PaymentCallClient, host: PaymentWindowHost<H>) {
  return paymentMachine.provide({ actors: { ...paymentCalls(client), paymentWindow: paymentWindow(host) } });
}
