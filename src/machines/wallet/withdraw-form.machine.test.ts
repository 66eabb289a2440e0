import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Withdrawal } from '@/contract/calls/wallet';
import { pendingActor } from '../app/form.model';
import { validateWithdraw, withdrawFormMachine, WITHDRAW_TOO_MANY, type WithdrawField, type WithdrawPayload } from './withdraw-form.machine';

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

function start() {
  const submit = pendingActor<Withdrawal, WithdrawPayload>();
  const notifySuccess = vi.fn();
  const actor = createActor(withdrawFormMachine.provide({ actors: { submit: submit.logic }, actions: { notifySuccess } }), { input }).start();
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
