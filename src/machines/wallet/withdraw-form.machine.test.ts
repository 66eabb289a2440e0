import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Withdrawal } from '@/contract/calls/wallet';
import { formEventExecs, pendingActor, unreachedStates, unusedEvents } from '../app/form.model';
import { validateWithdraw, withdrawFormMachine, WITHDRAW_TOO_MANY, type WithdrawField, type WithdrawFormInput, type WithdrawPayload } from './withdraw-form.machine';
import {
  createWithdrawFormTestModel,
  INSUFFICIENT_MSG,
  KYC_REQUIRED_MSG,
  MODEL_BAD_ADDRESS,
  MODEL_TRC20_ADDRESS,
  modelWithdrawal,
  WITHDRAW_MODEL_INPUT,
  withdrawModelEvents,
} from './withdraw-form.model';
import { sameAsModel } from '../app/model-replay';

const input = { idempotencyKey: '5f0c6f4e-8d0c-4a8e-9b7e-3f1f0b0a9c11', minPoints: 1_000, maxPoints: 4_000 };

const values = (overrides: Partial<Record<WithdrawField, string>> = {}): Record<WithdrawField, string> => ({
  method: 'bank_card',
  points: '1500',
  account_name: 'Vera Lind',
  bank_name: 'Nordbank',
  card_number: '1234 5678 9012 3456',
  network: 'TRC20',
  address: '',
  alipay_account: '',
  ...overrides,
});

function start(formInput: WithdrawFormInput = input) {
  const submit = pendingActor<Withdrawal, WithdrawPayload>();
  const notifySuccess = vi.fn();
  const actor = createActor(withdrawFormMachine.provide({ actors: { submit: submit.logic }, actions: { notifySuccess } }), { input: formInput }).start();
  const fill = (all: Record<WithdrawField, string>) => {
    for (const [field, value] of Object.entries(all)) actor.send({ type: 'field.change', field: field as WithdrawField, value });
  };
  return { actor, submit, notifySuccess, fill };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('withdraw form', () => {
  it('validates only the chosen method’s account fields, with the contract’s keys', () => {
    expect(validateWithdraw(values({ account_name: '', card_number: '12' }), input)).toEqual({
      account_name: { code: 'zod.string.required', extra: { min: 1 } },
      card_number: { code: 'errors.withdraw.cardNumber' },
    });
    // USDT ignores the bank fields and checks the address against the network.
    expect(validateWithdraw(values({ method: 'usdt', account_name: '', address: '0x1234' }), input)).toEqual({
      address: { code: 'errors.withdraw.address' },
    });
    expect(validateWithdraw(values({ method: 'usdt', address: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC' }), input)).toEqual({});
  });

  it('holds the points between the configured minimum and what the member can withdraw', () => {
    expect(validateWithdraw(values({ points: '999' }), input)).toEqual({ points: { code: 'zod.number.min', extra: { min: 1_000 } } });
    expect(validateWithdraw(values({ points: '4001' }), input)).toEqual({ points: { code: WITHDRAW_TOO_MANY, extra: { max: 4_000 } } });
    expect(validateWithdraw(values({ points: '' }), input).points).toBeDefined();
    expect(validateWithdraw(values({ points: '1000.5' }), input).points).toBeDefined();
    expect(validateWithdraw(values({ points: '4000' }), input)).toEqual({});
  });

  it('sends the method’s payload with the form’s idempotency key; the same key after a failure', async () => {
    const { actor, submit, notifySuccess, fill } = start();
    fill(values());
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.last().input).toEqual({
      method: 'bank_card',
      points: 1_500,
      account_name: 'Vera Lind',
      bank_name: 'Nordbank',
      card_number: '1234567890123456',
      idempotency_key: input.idempotencyKey,
    });
    submit.last().reject(new Error('Verify your identity first.'));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverError).toBe('Verify your identity first.');
    actor.send({ type: 'form.submit' });
    expect(submit.last().input.idempotency_key).toBe(input.idempotencyKey);
    submit.last().resolve({ id: 1, points: 1_500, amount: 1_500, method: 'bank_card', account_mask: '3456', status: 'pending', reject_reason: null, created_at: '2026-11-25T00:00:00.000Z', processed_at: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('refuses to send an invalid form and shows every error', () => {
    const { actor, submit, fill } = start();
    fill(values({ method: 'alipay', account_name: '', alipay_account: '', points: '10' }));
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toEqual({
      account_name: { code: 'zod.string.required', extra: { min: 1 } },
      alipay_account: { code: 'zod.string.required', extra: { min: 1 } },
      points: { code: 'zod.number.min', extra: { min: 1_000 } },
    });
  });
});

/**
 * What each field must show after a submit the form refused itself, written out here rather than derived from
 * validateWithdraw: the model's values and the model input's limits (1 000 to 4 000 points).
 */
const LOCAL_ERRORS: Partial<Record<WithdrawField, Record<string, { code: string; extra?: object } | undefined>>> = {
  points: {
    '': { code: 'zod.number.invalid' },
    '999': { code: 'zod.number.min', extra: { min: 1_000 } },
    '5000': { code: WITHDRAW_TOO_MANY, extra: { max: 4_000 } },
    '1500': undefined,
  },
  account_name: { '': { code: 'zod.string.required', extra: { min: 1 } }, 'Vera Lind': undefined },
  bank_name: { '': { code: 'zod.string.required', extra: { min: 1 } }, Nordbank: undefined },
  card_number: { '': { code: 'errors.withdraw.cardNumber' }, '1234 5678 9012 3456': undefined },
  address: {
    '': { code: 'zod.string.required', extra: { min: 1 } },
    [MODEL_BAD_ADDRESS]: { code: 'errors.withdraw.address' },
    [MODEL_TRC20_ADDRESS]: undefined,
  },
};

/** The payload user/apply_withdraw must receive per method, for the model's valid values. */
const EXPECTED_PAYLOAD = {
  bank_card: {
    method: 'bank_card',
    points: 1_500,
    account_name: 'Vera Lind',
    bank_name: 'Nordbank',
    card_number: '1234567890123456',
    idempotency_key: WITHDRAW_MODEL_INPUT.idempotencyKey,
  },
  usdt: {
    method: 'usdt',
    points: 1_500,
    network: 'TRC20',
    address: MODEL_TRC20_ADDRESS,
    idempotency_key: WITHDRAW_MODEL_INPUT.idempotencyKey,
  },
} as const;


describe('withdraw form: model-based paths', () => {
  const paths = createWithdrawFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start(WITHDRAW_MODEL_INPUT);
      const same = sameAsModel(actor);
      // Every call of this form's life carries its one key: a retry can never place a second hold.
      const sameKeyThroughout = () => {
        for (const call of submit.calls) expect(call.input.idempotency_key).toBe(WITHDRAW_MODEL_INPUT.idempotencyKey);
      };
      await path.test({
        states: {
          editing: (model) => {
            const { context } = same(model);
            expect(actor.getSnapshot().hasTag('busy')).toBe(false);
            expect(submit.outstanding()).toEqual([]);
            expect(notifySuccess).not.toHaveBeenCalled();
            sameKeyThroughout();
            if (context.serverError === null) {
              // A refusal of the form's own: each error shown is the one its value earns (a focused field shows none).
              for (const [field, error] of Object.entries(context.errors)) {
                const expected = LOCAL_ERRORS[field as WithdrawField];
                expect(expected, `no error expected on ${field}`).toBeDefined();
                expect(error).toEqual(expected?.[context.values[field as WithdrawField]]);
              }
            } else if (context.serverError === KYC_REQUIRED_MSG) {
              expect(context.errors).toEqual({});
            } else {
              // Not enough withdrawable points: the server's msg, and the points field marked.
              expect(context.serverError).toBe(INSUFFICIENT_MSG);
              expect(context.errors).toEqual({ points: { code: 'zod.number.max' } });
            }
          },
          submitting: (model) => {
            const { context } = same(model);
            expect(actor.getSnapshot().hasTag('busy')).toBe(true);
            expect(submit.outstanding()).toHaveLength(1);
            // Only a valid form is sent, with the chosen method's own fields and the points as a number.
            expect(submit.last().input).toEqual(EXPECTED_PAYLOAD[context.values.method as keyof typeof EXPECTED_PAYLOAD]);
            expect(context).toMatchObject({ errors: {}, serverError: null, result: null });
            sameKeyThroughout();
          },
          done: (model) => {
            const { context } = same(model);
            const answer = modelWithdrawal(context.values.method as 'bank_card' | 'usdt');
            expect(context.result).toEqual(answer);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
            expect(notifySuccess.mock.calls[0]?.[1]).toEqual({ result: answer });
            expect(submit.outstanding()).toEqual([]);
            sameKeyThroughout();
          },
        },
        events: formEventExecs(withdrawModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush: async () => {
            await vi.advanceTimersByTimeAsync(0);
          },
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(withdrawFormMachine, paths)).toEqual([]);
    expect(unusedEvents(withdrawModelEvents, paths)).toEqual([]);
  });

  it('covers both methods, both refusals and each limit of the points', () => {
    const seen = paths.flatMap((path) => path.steps.map((step) => step.state.context));
    expect(new Set(seen.filter((c) => c.result !== null).map((c) => c.result?.method))).toEqual(new Set(['bank_card', 'usdt']));
    expect(new Set(seen.map((c) => c.serverError))).toEqual(new Set([null, KYC_REQUIRED_MSG, INSUFFICIENT_MSG]));
    const pointsCodes = new Set(seen.map((c) => c.errors.points?.code));
    for (const code of ['zod.number.invalid', 'zod.number.min', WITHDRAW_TOO_MANY, 'zod.number.max']) expect(pointsCodes).toContain(code);
  });
});
