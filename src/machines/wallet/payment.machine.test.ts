import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { ApiCall } from '@/contract/call';
import type { OrderCheck, OrderResponse } from '@/contract/calls/payment';
import {
  NOTIFICATION_MS,
  PAYMENT_FAILURE_DELAY_MS,
  PAYMENT_POLL_MS,
  PAYMENT_TIMEOUT_MS,
} from '@/contract/constants';
import { DEFAULT_ECONOMY, type PaymentOptionConfig } from '@/contract/economy';
import { OrderType, PaymentType } from '@/contract/feature-enums';
import { networkFailure, pendingActor, serverRefusal } from '@/machines/app/form.model';
import { checkPaymentChoice } from './payment-choice';
import { AMOUNT_RANGE_ERROR, errorReason, PAYMENT_ERROR, REQUEST_FAILED } from './payment-errors';
import {
  createOrderInput,
  isTransientCheckError,
  paymentCalls,
  paymentMachine,
  paymentWindow,
  paymentWindowUrl,
  PAYMENT_FORM_PAGE,
  selectPaymentCanRetry,
  selectPaymentCancelled,
  selectPaymentError,
  selectPaymentFailed,
  selectPaymentInProgress,
  selectPaymentOrderId,
  selectPaymentSucceeded,
  selectPaymentTimedOut,
  type CheckOrderInput,
  type CreateOrderInput,
  type PaymentCallClient,
  type PaymentData,
  type PaymentEmitted,
  type PaymentInput,
  type PaymentSnapshot,
} from './payment.machine';
import {
  CHECK_DONE,
  CHECK_ERROR,
  CREATE_DONE,
  CREATE_ERROR,
  describePaymentEvent,
  PAYMENT_FAILURE_DELAY_EVENT,
  PAYMENT_MODEL_INPUTS,
  PAYMENT_MODEL_ORDER_ID,
  PAYMENT_MODEL_PAY_URL,
  PAYMENT_POLL_EVENT,
  PAYMENT_TIMEOUT_EVENT,
  paymentModelFacts,
  paymentModelEvents,
  paymentTestPaths,
} from './payment.model';

const ORDER_ID = PAYMENT_MODEL_ORDER_ID;
const PAY_URL = PAYMENT_MODEL_PAY_URL;
const OPTIONS = DEFAULT_ECONOMY.payment_options;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const BASE = { type: OrderType.upgrade, item_id: 1, amount: 999 } as const;
const popup: PaymentInput = PAYMENT_MODEL_INPUTS.popup;
const card: PaymentInput = PAYMENT_MODEL_INPUTS.card;

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
const flush = () => pass(0);

interface FakeWindow {
  url: string;
  closed: boolean;
}

/**
 * The payment machine with fake calls and the real `paymentWindow` over a fake host; `log` records, in order,
 * what the machine emits and the window opening and closing.
 */
function start(input: PaymentInput = popup, options: { blockWindow?: boolean } = {}) {
  const create = pendingActor<OrderResponse, CreateOrderInput>();
  const check = pendingActor<OrderCheck, CheckOrderInput>();
  const log: string[] = [];
  const windows: FakeWindow[] = [];
  const host = {
    blockNext: options.blockWindow ?? false,
    openWindow: (url: string): FakeWindow | null => {
      log.push(`open ${url}`);
      if (host.blockNext) return null;
      const opened = { url, closed: false };
      windows.push(opened);
      return opened;
    },
    closeWindow: (handle: FakeWindow) => {
      handle.closed = true;
      log.push(`close ${handle.url}`);
    },
  };
  const machine = paymentMachine.provide({
    actors: { createOrder: create.logic, checkOrder: check.logic, paymentWindow: paymentWindow(host) },
  });
  const actor = createActor(machine, { input }).start();
  const emitted: PaymentEmitted[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
    log.push(event.type === 'payment.notify' ? `notify ${event.message}` : event.type);
  });
  const snap = () => actor.getSnapshot();
  const openWindows = () => windows.filter((w) => !w.closed);
  return { actor, create, check, log, windows, host, emitted, snap, openWindows };
}

type Run = ReturnType<typeof start>;

/** Starts, and lets the order call answer with `order`: the machine is then paying (or failed). */
async function startPaying(input: PaymentInput = popup, order: OrderResponse = { order_id: ORDER_ID, pay_url: PAY_URL }, options: { blockWindow?: boolean } = {}) {
  const run = start(input, options);
  run.actor.send({ type: 'payment.start' });
  run.create.last().resolve(order);
  await flush();
  return run;
}

/** Lets the poll delay pass and the check answer `answer`. */
async function pollAnswer(run: Run, answer: OrderCheck | Error) {
  await pass(PAYMENT_POLL_MS);
  expect(run.snap().matches({ paying: { polling: 'checking' } })).toBe(true);
  if (answer instanceof Error) run.check.last().reject(answer);
  else run.check.last().resolve(answer);
  await flush();
}

const notice = (message: string, kind: string, params: Record<string, string> = {}): PaymentEmitted =>
  ({ type: 'payment.notify', kind, message, params, durationMs: NOTIFICATION_MS }) as PaymentEmitted;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('checkPaymentChoice', () => {
  it('accepts an offered type with an amount in its range, bounds included', () => {
    expect(checkPaymentChoice(OPTIONS, PaymentType.aliPay, 100)).toBeNull();
    expect(checkPaymentChoice(OPTIONS, PaymentType.aliPay, 500_000)).toBeNull();
    expect(checkPaymentChoice(OPTIONS, PaymentType.usdt, 1_000)).toBeNull();
  });

  it("refuses a type that is not offered with the spec's text", () => {
    const withoutOther = OPTIONS.filter((o) => o.payment_type !== PaymentType.other);
    expect(checkPaymentChoice(withoutOther, PaymentType.other, 999)).toEqual({
      code: 'Payment dialog checkAmount error: Can not find payment type',
    });
    expect(checkPaymentChoice([], PaymentType.creditCard, 999)).toEqual({ code: PAYMENT_ERROR.paymentTypeNotFound });
  });

  it('refuses an amount outside the range with payment.errors.amountRange and the bounds', () => {
    expect(checkPaymentChoice(OPTIONS, PaymentType.aliPay, 99)).toEqual({
      code: 'payment.errors.amountRange',
      params: { min: 100, max: 500_000 },
    });
    expect(checkPaymentChoice(OPTIONS, PaymentType.usdt, 1_000_001)).toEqual({
      code: AMOUNT_RANGE_ERROR,
      params: { min: 1_000, max: 1_000_000 },
    });
    const openEnded: PaymentOptionConfig[] = [{ payment_type: PaymentType.unionPay, pay_type_id: 4, min_money: 500, max_money: null }];
    expect(checkPaymentChoice(openEnded, PaymentType.unionPay, 499)).toEqual({
      code: AMOUNT_RANGE_ERROR,
      params: { min: 500, max: null },
    });
    expect(checkPaymentChoice(openEnded, PaymentType.unionPay, 10_000_000)).toBeNull();
  });

  it('never range-checks credit card and other, whatever their bounds say', () => {
    const strict: PaymentOptionConfig[] = [
      { payment_type: PaymentType.creditCard, pay_type_id: 1, min_money: 10_000, max_money: 20_000 },
      { payment_type: PaymentType.other, pay_type_id: 5, min_money: 10_000, max_money: 20_000 },
    ];
    expect(checkPaymentChoice(strict, PaymentType.creditCard, 1)).toBeNull();
    expect(checkPaymentChoice(strict, PaymentType.other, 99_999_999)).toBeNull();
  });
});

describe('payment machine: starting', () => {
  it('starts idle, not in progress, with no error or order', () => {
    const { snap, create } = start();
    expect(snap().value).toBe('idle');
    expect(selectPaymentInProgress(snap())).toBe(false);
    expect(selectPaymentError(snap())).toBeNull();
    expect(selectPaymentOrderId(snap())).toBeNull();
    expect(create.calls).toHaveLength(0);
  });

  it('refuses a choice out of range: stays idle with the error, calls nothing, notifies nothing', () => {
    const { actor, snap, create, emitted } = start(PAYMENT_MODEL_INPUTS.refused);
    actor.send({ type: 'payment.start' });
    expect(snap().value).toBe('idle');
    expect(selectPaymentError(snap())).toEqual({ code: AMOUNT_RANGE_ERROR, params: { min: 100, max: 500_000 } });
    expect(create.calls).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it('refuses a payment type that is not among the options', () => {
    const input: PaymentInput = { data: { ...BASE, payment_type: PaymentType.usdt }, options: OPTIONS.filter((o) => o.payment_type !== PaymentType.usdt) };
    const { actor, snap, create } = start(input);
    actor.send({ type: 'payment.start' });
    expect(selectPaymentError(snap())).toEqual({ code: PAYMENT_ERROR.paymentTypeNotFound });
    expect(create.calls).toHaveLength(0);
  });

  it('creates the order with a fresh UUID idempotency key: in progress, cancellable', () => {
    const { actor, snap, create } = start();
    actor.send({ type: 'payment.start' });
    expect(snap().value).toBe('creating');
    expect(selectPaymentInProgress(snap())).toBe(true);
    expect(create.calls).toHaveLength(1);
    const key = snap().context.idempotencyKey!;
    expect(key).toMatch(UUID);
    expect(create.last().input).toEqual({
      call: 'uPay',
      payload: { type: OrderType.upgrade, item_id: 1, amount: 999, idempotency_key: key, payment_type: PaymentType.aliPay },
    });
  });

  it.each([
    [PaymentType.aliPay, 'uPay'],
    [PaymentType.unionPay, 'uPay'],
    [PaymentType.usdt, 'uPay'],
    [PaymentType.other, 'otherPay'],
  ] as const)('payment type %i creates the order with %s', (paymentType, call) => {
    const input = createOrderInput({ ...BASE, payment_type: paymentType }, 'k');
    expect(input.call).toBe(call);
    expect(input.payload).toEqual({
      type: OrderType.upgrade,
      item_id: 1,
      amount: 999,
      idempotency_key: 'k',
      ...(call === 'uPay' ? { payment_type: paymentType } : {}),
    });
  });

  it('a card payment creates the order with offSessionPay and exactly one card id', () => {
    const saved: PaymentData = { ...BASE, payment_type: PaymentType.creditCard, user_payment_method_id: 12 };
    const fresh: PaymentData = { ...BASE, payment_type: PaymentType.creditCard, payment_method_id: 'pm_123abc' };
    expect(createOrderInput(saved, 'k')).toEqual({
      call: 'offSessionPay',
      payload: { type: OrderType.upgrade, item_id: 1, amount: 999, idempotency_key: 'k', user_payment_method_id: 12 },
    });
    expect(createOrderInput(fresh, 'k')).toEqual({
      call: 'offSessionPay',
      payload: { type: OrderType.upgrade, item_id: 1, amount: 999, idempotency_key: 'k', payment_method_id: 'pm_123abc' },
    });
    // A card entered for this payment only asks the server to forget it once charged.
    expect(createOrderInput({ ...saved, save_card: false }, 'k').payload).toMatchObject({ user_payment_method_id: 12, save_card: false });
    expect(createOrderInput({ ...saved, save_card: true }, 'k').payload).not.toHaveProperty('save_card');
  });

  it('paymentCalls makes the named contract calls with the payload and the abort signal', async () => {
    const made: { path: string; payload: unknown; signal: AbortSignal | undefined }[] = [];
    const client: PaymentCallClient = {
      call: (call: ApiCall, payload: unknown, opts?: { signal?: AbortSignal }) => {
        made.push({ path: call.path, payload, signal: opts?.signal });
        return Promise.resolve(call.path.includes('check') ? { success: false, status: 'pending' } : { order_id: ORDER_ID, pay_url: PAY_URL }) as never;
      },
    };
    const calls = paymentCalls(client);
    const datas: PaymentData[] = [popup.data, { ...BASE, payment_type: PaymentType.other }, card.data];
    for (const data of datas) createActor(calls.createOrder, { input: createOrderInput(data, 'key-1') }).start();
    for (const call of ['checkOrderStatus', 'checkPayment'] as const) {
      createActor(calls.checkOrder, { input: { call, payload: { order_id: ORDER_ID } } }).start();
    }
    await flush();
    expect(made.map((m) => m.path)).toEqual([
      'payment/uPay',
      'stripe/otherPay',
      'stripe/offSessionPay',
      'payment/checkOrderStatus',
      'user/checkPayment',
    ]);
    expect(made[2].payload).toEqual(createOrderInput(card.data, 'key-1').payload);
    expect(made.every((m) => m.signal instanceof AbortSignal)).toBe(true);
  });

  it('without provided actors the order call fails (safe default)', async () => {
    const actor = createActor(paymentMachine, { input: popup }).start();
    actor.send({ type: 'payment.start' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: REQUEST_FAILED, request: { msg: 'createOrder not provided' } });
  });
});

describe('payment machine: the order and the window', () => {
  it('opens the window on pay_url once the order exists, and polls', async () => {
    const { snap, log, openWindows, check } = await startPaying();
    expect(snap().matches({ paying: { polling: 'waiting' } })).toBe(true);
    expect(selectPaymentOrderId(snap())).toBe(ORDER_ID);
    expect(selectPaymentInProgress(snap())).toBe(true);
    expect(log).toEqual([`open ${PAY_URL}`]);
    expect(openWindows()).toHaveLength(1);
    expect(check.calls).toHaveLength(0);
  });

  it('opens /payment.html with post_data and POST_URL when the provider wants a form POST', async () => {
    const post = { merchant: 'm-1', sign: 'a b&c' };
    const { log } = await startPaying(popup, { order_id: ORDER_ID, pay_url: PAY_URL, post_data: post });
    const url = new URL(log[0].slice('open '.length), 'https://app.test');
    expect(url.pathname).toBe(PAYMENT_FORM_PAGE);
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...post, POST_URL: PAY_URL });
    expect(paymentWindowUrl({ pay_url: PAY_URL, post_data: {} })).toBe(PAY_URL);
    expect(paymentWindowUrl({ post_data: post })).toBeNull();
  });

  it('a card payment opens no window and checks with user/checkPayment', async () => {
    const run = await startPaying(card, { order_id: ORDER_ID });
    expect(run.create.last().input.call).toBe('offSessionPay');
    expect(run.snap().matches({ paying: { polling: 'waiting' } })).toBe(true);
    expect(run.log).toEqual([]);
    await pass(PAYMENT_POLL_MS);
    expect(run.check.last().input).toEqual({ call: 'checkPayment', payload: { order_id: ORDER_ID } });
  });

  it('a popup order is checked with payment/checkOrderStatus', async () => {
    const run = await startPaying();
    await pass(PAYMENT_POLL_MS);
    expect(run.check.last().input).toEqual({ call: 'checkOrderStatus', payload: { order_id: ORDER_ID } });
  });

  it.each([
    ['no pay_url', { order_id: ORDER_ID }],
    ['no order_id', { order_id: '', pay_url: PAY_URL }],
  ])('a popup order with %s fails: Order number or payment callback url is missing', async (_, order) => {
    const { snap, emitted, log } = await startPaying(popup, order);
    expect(snap().value).toBe('failed');
    expect(selectPaymentFailed(snap())).toBe(true);
    expect(selectPaymentError(snap())).toEqual({ code: 'Order number or payment callback url is missing' });
    expect(log.filter((line) => line.startsWith('open'))).toEqual([]);
    expect(emitted).toEqual([
      notice('notify.payment.failure', 'error', { reason: PAYMENT_ERROR.orderFieldsMissing }),
      { type: 'payment.failed', orderId: order.order_id || null, error: { code: PAYMENT_ERROR.orderFieldsMissing } },
    ]);
  });

  it('a card order without order_id fails: Order number is missing', async () => {
    const { snap, emitted } = await startPaying(card, { order_id: '' });
    expect(snap().value).toBe('failed');
    expect(selectPaymentError(snap())).toEqual({ code: 'Order number is missing' });
    expect(emitted.at(-1)).toEqual({ type: 'payment.failed', orderId: null, error: { code: PAYMENT_ERROR.orderIdMissing } });
  });

  it('a blocked popup fails at once with Can not open payment window, and polls nothing', async () => {
    const { snap, emitted, check, log } = await startPaying(popup, undefined, { blockWindow: true });
    expect(snap().value).toBe('failed');
    expect(selectPaymentError(snap())).toEqual({ code: 'Payment dialog confirm error: Can not open payment window' });
    expect(selectPaymentOrderId(snap())).toBe(ORDER_ID);
    expect(emitted).toEqual([
      notice('notify.payment.failure', 'error', { reason: PAYMENT_ERROR.windowBlocked }),
      { type: 'payment.failed', orderId: ORDER_ID, error: { code: PAYMENT_ERROR.windowBlocked } },
    ]);
    expect(vi.getTimerCount()).toBe(0);
    await pass(PAYMENT_TIMEOUT_MS);
    expect(check.calls).toHaveLength(0);
    expect(log).toEqual([`open ${PAY_URL}`, 'notify notify.payment.failure', 'payment.failed']);
  });

  it('without a provided window actor a popup counts as blocked (safe default)', async () => {
    const create = pendingActor<OrderResponse, CreateOrderInput>();
    const actor = createActor(paymentMachine.provide({ actors: { createOrder: create.logic } }), { input: popup }).start();
    actor.send({ type: 'payment.start' });
    create.last().resolve({ order_id: ORDER_ID, pay_url: PAY_URL });
    await flush();
    expect(actor.getSnapshot().context.error).toEqual({ code: PAYMENT_ERROR.windowBlocked });
  });

  it('a failed order call fails with the call error; retry repeats it with the same key', async () => {
    const { actor, snap, create, emitted } = start();
    actor.send({ type: 'payment.start' });
    const key = create.last().input.payload.idempotency_key;
    create.last().reject(serverRefusal('The amount does not match the price'));
    await flush();
    expect(snap().value).toBe('failed');
    expect(selectPaymentError(snap())).toMatchObject({ code: REQUEST_FAILED, request: { code: 'server', msg: 'The amount does not match the price' } });
    expect(emitted[0]).toEqual(notice('notify.payment.failure', 'error', { reason: 'The amount does not match the price' }));
    expect(selectPaymentCanRetry(snap())).toBe(true);
    actor.send({ type: 'payment.retry' });
    expect(snap().value).toBe('creating');
    expect(selectPaymentError(snap())).toBeNull();
    expect(create.calls).toHaveLength(2);
    expect(create.last().input).toEqual(create.calls[0].input);
    expect(create.last().input.payload.idempotency_key).toBe(key);
  });

  it('a new attempt after a failure gets a new key; retry is not offered after a payment failed', async () => {
    const run = await startPaying();
    const first = run.create.last().input.payload.idempotency_key;
    await pollAnswer(run, { success: false, status: 'failed' });
    await pass(PAYMENT_FAILURE_DELAY_MS);
    expect(run.snap().value).toBe('failed');
    expect(selectPaymentCanRetry(run.snap())).toBe(false);
    run.actor.send({ type: 'payment.retry' });
    expect(run.snap().value).toBe('failed');
    run.actor.send({ type: 'payment.start' });
    expect(run.snap().value).toBe('creating');
    const second = run.create.last().input.payload.idempotency_key;
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    expect(selectPaymentOrderId(run.snap())).toBeNull();
    expect(selectPaymentError(run.snap())).toBeNull();
  });
});

describe('payment machine: polling', () => {
  it('checks exactly every PAYMENT_POLL_MS while the order is pending', async () => {
    const run = await startPaying();
    await pass(PAYMENT_POLL_MS - 1);
    expect(run.check.calls).toHaveLength(0);
    await pass(1);
    expect(run.check.calls).toHaveLength(1);
    run.check.last().resolve({ success: false, status: 'pending' });
    await flush();
    expect(run.snap().matches({ paying: { polling: 'waiting' } })).toBe(true);
    await pass(PAYMENT_POLL_MS - 1);
    expect(run.check.calls).toHaveLength(1);
    await pass(1);
    expect(run.check.calls).toHaveLength(2);
  });

  it('success: notifies for NOTIFICATION_MS, reports success, then closes the window, in that order', async () => {
    const run = await startPaying();
    await pollAnswer(run, { success: true, status: 'paid' });
    expect(run.snap().value).toBe('succeeded');
    expect(selectPaymentSucceeded(run.snap())).toBe(true);
    expect(selectPaymentInProgress(run.snap())).toBe(false);
    expect(run.emitted).toEqual([
      notice('notify.payment.success', 'success'),
      { type: 'payment.succeeded', orderId: ORDER_ID },
    ]);
    expect(run.log).toEqual([`open ${PAY_URL}`, 'notify notify.payment.success', 'payment.succeeded', `close ${PAY_URL}`]);
    expect(run.openWindows()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each(['failed', 'expired'] as const)(
    'an order %s shows Payment failed after exactly PAYMENT_FAILURE_DELAY_MS, then closes the window',
    async (status) => {
      const run = await startPaying();
      await pollAnswer(run, { success: false, status });
      expect(run.snap().matches({ paying: 'declined' })).toBe(true);
      expect(selectPaymentInProgress(run.snap())).toBe(false);
      expect(selectPaymentFailed(run.snap())).toBe(false);
      await pass(PAYMENT_FAILURE_DELAY_MS - 1);
      expect(run.emitted).toEqual([]);
      expect(run.openWindows()).toHaveLength(1);
      await pass(1);
      expect(run.snap().value).toBe('failed');
      expect(selectPaymentFailed(run.snap())).toBe(true);
      expect(selectPaymentError(run.snap())).toEqual({ code: 'Payment dialog confirm error: Payment failed.' });
      expect(run.log.slice(1)).toEqual([`close ${PAY_URL}`, 'notify notify.payment.failure', 'payment.failed']);
      expect(run.emitted).toEqual([
        notice('notify.payment.failure', 'error', { reason: PAYMENT_ERROR.failed }),
        { type: 'payment.failed', orderId: ORDER_ID, error: { code: PAYMENT_ERROR.failed } },
      ]);
      // No more checks once declined.
      await pass(PAYMENT_POLL_MS * 3);
      expect(run.check.calls).toHaveLength(1);
    },
  );

  it('a check that fails on the network keeps polling', async () => {
    const run = await startPaying();
    await pollAnswer(run, networkFailure('payment/checkOrderStatus'));
    expect(run.snap().matches({ paying: { polling: 'waiting' } })).toBe(true);
    expect(selectPaymentError(run.snap())).toBeNull();
    await pollAnswer(run, { success: true, status: 'paid' });
    expect(run.snap().value).toBe('succeeded');
    expect(run.check.calls).toHaveLength(2);
  });

  it('a check the server refuses declines the payment with the call error', async () => {
    const run = await startPaying();
    await pollAnswer(run, serverRefusal('Order not found'));
    expect(run.snap().matches({ paying: 'declined' })).toBe(true);
    await pass(PAYMENT_FAILURE_DELAY_MS);
    expect(selectPaymentError(run.snap())).toMatchObject({ code: REQUEST_FAILED, request: { msg: 'Order not found' } });
  });

  it('times out exactly PAYMENT_TIMEOUT_MS after polling began: payment procedure time out.', async () => {
    const run = await startPaying();
    const answerPending = async () => {
      for (;;) {
        await pass(PAYMENT_POLL_MS);
        if (!run.snap().matches({ paying: { polling: 'checking' } })) return;
        run.check.last().resolve({ success: false, status: 'pending' });
      }
    };
    // 59 checks at 5 s, 10 s, …, 295 s; the timer of the 60th and the timeout fall due together, the timeout first.
    const checksBefore = PAYMENT_TIMEOUT_MS / PAYMENT_POLL_MS - 1;
    for (let i = 0; i < checksBefore; i += 1) {
      await pass(PAYMENT_POLL_MS);
      run.check.last().resolve({ success: false, status: 'pending' });
      await flush();
    }
    expect(run.check.calls).toHaveLength(checksBefore);
    await pass(PAYMENT_POLL_MS - 1);
    expect(run.snap().matches({ paying: { polling: 'waiting' } })).toBe(true);
    expect(run.emitted).toEqual([]);
    await pass(1);
    expect(run.snap().value).toBe('timedOut');
    expect(run.check.calls).toHaveLength(checksBefore);
    expect(selectPaymentFailed(run.snap())).toBe(true);
    expect(selectPaymentTimedOut(run.snap())).toBe(true);
    expect(selectPaymentError(run.snap())).toEqual({ code: 'payment procedure time out.' });
    expect(run.emitted).toEqual([
      notice('notify.payment.timeout', 'error'),
      { type: 'payment.failed', orderId: ORDER_ID, error: { code: PAYMENT_ERROR.timeout } },
    ]);
    expect(run.openWindows()).toEqual([]);
    await answerPending();
    expect(run.check.calls).toHaveLength(checksBefore);
  });

  it('the timeout also ends a check that hangs, and aborts it', async () => {
    const run = await startPaying();
    await pass(PAYMENT_POLL_MS);
    const hanging = run.check.last();
    await pass(PAYMENT_TIMEOUT_MS - PAYMENT_POLL_MS - 1);
    expect(run.snap().matches({ paying: { polling: 'checking' } })).toBe(true);
    await pass(1);
    expect(run.snap().value).toBe('timedOut');
    expect(hanging.signal.aborted).toBe(true);
  });
});

describe('payment machine: cancel', () => {
  it('cancels while the order is being created: the call is aborted, no window opens', async () => {
    const { actor, snap, create, emitted, log } = start();
    actor.send({ type: 'payment.start' });
    actor.send({ type: 'payment.cancel' });
    expect(snap().value).toBe('cancelled');
    expect(selectPaymentCancelled(snap())).toBe(true);
    expect(create.last().signal.aborted).toBe(true);
    create.last().resolve({ order_id: ORDER_ID, pay_url: PAY_URL });
    await flush();
    expect(snap().value).toBe('cancelled');
    expect(log.some((line) => line.startsWith('open'))).toBe(false);
    expect(emitted).toEqual([notice('notify.payment.cancel', 'info'), { type: 'payment.cancelled', orderId: null }]);
  });

  it.each(['waiting', 'checking'] as const)('cancels while %s: closes the window, stops polling', async (where) => {
    const run = await startPaying();
    if (where === 'checking') await pass(PAYMENT_POLL_MS);
    expect(run.snap().matches({ paying: { polling: where } })).toBe(true);
    run.actor.send({ type: 'payment.cancel' });
    expect(run.snap().value).toBe('cancelled');
    expect(run.openWindows()).toEqual([]);
    expect(run.log).toEqual([`open ${PAY_URL}`, `close ${PAY_URL}`, 'notify notify.payment.cancel', 'payment.cancelled']);
    expect(run.emitted.at(-1)).toEqual({ type: 'payment.cancelled', orderId: ORDER_ID });
    if (where === 'checking') expect(run.check.last().signal.aborted).toBe(true);
    await pass(PAYMENT_TIMEOUT_MS);
    expect(run.check.calls).toHaveLength(where === 'checking' ? 1 : 0);
    expect(run.emitted).toHaveLength(2);
  });

  const refused = { type: 'payment.cancelRefused', code: 'Payment is not in progress, should not cancel' };

  it('refuses a cancel when idle, changing nothing', () => {
    const { actor, snap, emitted } = start();
    const before = snap();
    actor.send({ type: 'payment.cancel' });
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual(before.context);
    expect(emitted).toEqual([refused]);
  });

  it('refuses a cancel while the failure waits to be shown, and after it', async () => {
    const run = await startPaying();
    await pollAnswer(run, { success: false, status: 'failed' });
    run.actor.send({ type: 'payment.cancel' });
    expect(run.snap().matches({ paying: 'declined' })).toBe(true);
    expect(run.emitted).toEqual([refused]);
    await pass(PAYMENT_FAILURE_DELAY_MS);
    run.actor.send({ type: 'payment.cancel' });
    expect(run.snap().value).toBe('failed');
    expect(selectPaymentError(run.snap())).toEqual({ code: PAYMENT_ERROR.failed });
    expect(run.emitted.map((e) => e.type)).toEqual(['payment.cancelRefused', 'payment.notify', 'payment.failed', 'payment.cancelRefused']);
  });

  it('refuses a cancel after success and after a cancel', async () => {
    const run = await startPaying();
    await pollAnswer(run, { success: true, status: 'paid' });
    run.actor.send({ type: 'payment.cancel' });
    expect(run.snap().value).toBe('succeeded');
    expect(run.emitted.at(-1)).toEqual(refused);
    const other = start();
    other.actor.send({ type: 'payment.start' });
    other.actor.send({ type: 'payment.cancel' });
    other.actor.send({ type: 'payment.cancel' });
    expect(other.emitted.map((e) => e.type)).toEqual(['payment.notify', 'payment.cancelled', 'payment.cancelRefused']);
  });
});

describe('payment machine: helpers', () => {
  it('only network, timeout and HTTP failures of a check are transient', () => {
    expect(isTransientCheckError({ code: 'network', msg: '' })).toBe(true);
    expect(isTransientCheckError({ code: 'timeout', msg: '' })).toBe(true);
    expect(isTransientCheckError({ code: 'http.503', msg: '', httpStatus: 503 })).toBe(true);
    expect(isTransientCheckError({ code: 'server', msg: 'Order not found' })).toBe(false);
    expect(isTransientCheckError({ code: 'tokenExpired', msg: '' })).toBe(false);
    expect(isTransientCheckError({ code: 'response.invalid', msg: '' })).toBe(false);
  });
});

/**
 * Model-based tests (STYLE rule 19). The models (payment.model.ts, printed by `npm run test:paths`) drive a real
 * payment machine whose calls are pending fakes the test settles and whose window is the real `paymentWindow`
 * over a fake host. A path's `window.blocked` is executed by the host refusing the window as the order arrives
 * (the step before), as a browser does. After every step the actor is where the model is, a window is open
 * exactly while paying with one, a call runs exactly in its state, the timers are those of the state, and the
 * machine emitted exactly what the step should emit.
 */
describe('payment: model-based paths', () => {
  const runs = paymentTestPaths();

  it('the paths reach every state and take every model event of every variant', () => {
    const reached = new Set<string>();
    for (const { path } of runs) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    // `confirmed` is transient (it notifies, then leaves at once): never a snapshot.
    const all = getStateNodes(paymentMachine.root)
      .filter((node) => node.id !== 'payment.paying.confirmed')
      .map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    for (const variant of ['popup', 'card'] as const) {
      const used = new Set(runs.filter((r) => r.variant === variant).flatMap((r) => r.path.steps.map((s) => JSON.stringify(s.event))));
      const unused = paymentModelEvents(variant)
        .filter((event) => !(variant === 'card' && event.type === 'window.blocked'))
        .filter((event) => !used.has(JSON.stringify(event)));
      expect(unused).toEqual([]);
    }
  });

  it('has the paths the issue asks for: success, decline, popup blocked, timeout, cancel in and out of progress', () => {
    // Some path takes `event` into `value` (a path that is the prefix of a longer one is left out).
    const ends = (variant: string, value: string, event: string) =>
      runs.some((r) => r.variant === variant && r.path.steps.some((s) => s.event.type === event && JSON.stringify(s.state.value) === JSON.stringify(value)));
    expect(ends('popup', 'succeeded', CHECK_DONE)).toBe(true);
    expect(ends('card', 'succeeded', CHECK_DONE)).toBe(true);
    expect(ends('popup', 'failed', PAYMENT_FAILURE_DELAY_EVENT)).toBe(true);
    expect(ends('popup', 'failed', 'window.blocked')).toBe(true);
    expect(ends('popup', 'timedOut', PAYMENT_TIMEOUT_EVENT)).toBe(true);
    expect(ends('popup', 'cancelled', 'payment.cancel')).toBe(true);
    expect(ends('popup', 'idle', 'payment.cancel')).toBe(true);
    expect(ends('popup', 'succeeded', 'payment.cancel')).toBe(true);
    expect(ends('refused', 'idle', 'payment.start')).toBe(true);
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(paymentMachine, { input: popup })).toThrow(/not supported/);
  });

  const nameOf = (run: (typeof runs)[number]) =>
    `${run.label}: ${run.path.steps.slice(1).map((step) => describePaymentEvent(step.event)).join(' → ') || 'start'} ⇒ ${JSON.stringify(run.path.state.value)}`;

  for (const run of runs) {
    it(nameOf(run), async () => {
      const { path, variant } = run;
      const input = PAYMENT_MODEL_INPUTS[variant];
      const fake = start(input);
      const { actor, create, check, snap, openWindows } = fake;
      let heard = 0;
      const news = () => {
        const fresh = fake.emitted.slice(heard);
        heard = fake.emitted.length;
        return fresh;
      };
      let pollingSince = 0;
      let lastKey: string | null = null;
      /** The order answers after which the host blocks the window (the next step is `window.blocked`). */
      const blockedNext = new Set(path.steps.flatMap((step, i) => (path.steps[i + 1]?.event.type === 'window.blocked' ? [step] : [])));
      /** Set when a blocked window ended a step early: the model catches up with the next step. */
      let aheadOfModel = false;

      /** What entering the current state from `before` emits. */
      const expectedNews = (before: PaymentSnapshot, event: AnyEventObject): PaymentEmitted[] => {
        const after = snap();
        const { orderId, error } = after.context;
        if (event.type === 'payment.cancel' && !before.hasTag('inProgress')) {
          return [{ type: 'payment.cancelRefused', code: PAYMENT_ERROR.notInProgress }];
        }
        if (JSON.stringify(before.value) === JSON.stringify(after.value)) return [];
        if (after.matches('succeeded')) return [notice('notify.payment.success', 'success'), { type: 'payment.succeeded', orderId: orderId! }];
        if (after.matches('cancelled')) return [notice('notify.payment.cancel', 'info'), { type: 'payment.cancelled', orderId }];
        if (after.matches('timedOut')) return [notice('notify.payment.timeout', 'error'), { type: 'payment.failed', orderId, error: error! }];
        if (after.matches('failed')) {
          return [notice('notify.payment.failure', 'error', { reason: errorReason(error!) }), { type: 'payment.failed', orderId, error: error! }];
        }
        return [];
      };

      const step = async (event: AnyEventObject, act: () => Promise<void> | void) => {
        const before = snap();
        await act();
        expect(news()).toEqual(expectedNews(before, event));
      };

      await path.test({
        states: {
          '*': (model) => {
            if (aheadOfModel) {
              aheadOfModel = false;
              expect(model.matches({ paying: { polling: 'waiting' } })).toBe(true);
              return;
            }
            const real = snap();
            expect(paymentModelFacts(real)).toEqual(paymentModelFacts(model));
            expect([...real.tags].sort()).toEqual([...model.tags].sort());
            const paying = real.matches('paying');
            const withWindow = paying && real.context.windowUrl !== null;
            expect(openWindows()).toHaveLength(withWindow ? 1 : 0);
            if (withWindow) expect(openWindows()[0].url).toBe(PAY_URL);
            expect(create.outstanding()).toHaveLength(real.matches('creating') ? 1 : 0);
            expect(check.outstanding()).toHaveLength(real.matches({ paying: { polling: 'checking' } }) ? 1 : 0);
            // waiting: the poll and the timeout; checking: the timeout; declined: the failure delay.
            const timers = real.matches({ paying: { polling: 'waiting' } }) ? 2 : real.matches('paying') ? 1 : 0;
            expect(vi.getTimerCount()).toBe(timers);
            if (real.matches('creating')) {
              const key = real.context.idempotencyKey!;
              expect(create.last().input).toEqual(createOrderInput(input.data, key));
            }
          },
        },
        events: {
          'payment.start': ({ event }) =>
            step(event, () => {
              const before = snap();
              const previous = before.context.idempotencyKey;
              actor.send(event as never);
              if (!before.can(event as never)) {
                // In progress or succeeded: a second start is ignored.
                expect(snap().value).toEqual(before.value);
                expect(snap().context).toEqual(before.context);
              } else if (snap().matches('creating')) {
                lastKey = snap().context.idempotencyKey;
                expect(lastKey).toMatch(UUID);
                expect(lastKey).not.toBe(previous);
              } else {
                expect(snap().context.error?.code).toBe(AMOUNT_RANGE_ERROR);
              }
            }),
          'payment.retry': ({ event }) =>
            step(event, () => {
              actor.send(event as never);
              expect(snap().context.idempotencyKey).toBe(lastKey);
              expect(create.calls.at(-1)!.input).toEqual(create.calls.at(-2)!.input);
            }),
          'payment.cancel': ({ event }) => step(event, () => actor.send(event as never)),
          // Executed by the host as the window opened (the step before): the machine is already there.
          'window.blocked': () => undefined,
          [CREATE_DONE]: ({ event }) =>
            step(event, async () => {
              fake.host.blockNext = blockedNext.has(path.steps.find((s) => s.event === event)!);
              create.settle(event);
              await flush();
              pollingSince = Date.now();
              if (fake.host.blockNext) {
                // The window opened and was refused at once: the machine is where the next step leads.
                expect(fake.log.at(-3)).toBe(`open ${PAY_URL}`);
                expect(snap().context.error?.code).toBe(PAYMENT_ERROR.windowBlocked);
                aheadOfModel = true;
              }
            }),
          [CREATE_ERROR]: ({ event }) =>
            step(event, async () => {
              create.settle(event);
              await flush();
            }),
          [CHECK_DONE]: ({ event }) =>
            step(event, async () => {
              check.settle(event);
              await flush();
            }),
          [CHECK_ERROR]: ({ event }) =>
            step(event, async () => {
              check.settle(event);
              await flush();
            }),
          [PAYMENT_POLL_EVENT]: ({ event }) =>
            step(event, async () => {
              const calls = check.calls.length;
              await pass(PAYMENT_POLL_MS - 1);
              expect(check.calls).toHaveLength(calls);
              await pass(1);
              expect(check.calls).toHaveLength(calls + 1);
              expect(check.last().input.payload).toEqual({ order_id: ORDER_ID });
            }),
          [PAYMENT_TIMEOUT_EVENT]: ({ event }) =>
            step(event, async () => {
              await pass(pollingSince + PAYMENT_TIMEOUT_MS - Date.now() - 1);
              expect(snap().matches({ paying: 'polling' })).toBe(true);
              await pass(1);
              expect(snap().value).toBe('timedOut');
            }),
          [PAYMENT_FAILURE_DELAY_EVENT]: ({ event }) =>
            step(event, async () => {
              await pass(PAYMENT_FAILURE_DELAY_MS - 1);
              expect(snap().matches({ paying: 'declined' })).toBe(true);
              await pass(1);
            }),
        },
      });
      actor.stop();
      expect(openWindows()).toEqual([]);
    });
  }
});
