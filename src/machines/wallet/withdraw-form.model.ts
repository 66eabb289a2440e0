import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import type { Withdrawal } from '@/contract/calls/wallet';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { withdrawFormMachine, type WithdrawField, type WithdrawFormInput, type WithdrawMethod } from './withdraw-form.machine';

/**
 * The withdrawal form's test model (STYLE rule 19), shared by withdraw-form.machine.test.ts and `npm run
 * test:paths`. Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * The member may withdraw 1 000 to 4 000 points. The model keeps the bank card or chooses USDT (Alipay is the bank
 * card's shape with other fields; the unit tests cover it), fills in that method's account (the bank card's three
 * fields in order; a malformed or a valid TRC20 address), types too few, too many or a valid number of points,
 * submits, and user/apply_withdraw answers the withdrawal or refuses it: identity not verified (no field), or not
 * enough withdrawable points (named on the points field).
 *
 * Besides typing after focus (form.model.ts), the model's order keeps the paths about the form rather than the
 * order of typing: the method is chosen on an untouched form, each account field is typed once, in order, the
 * points only once the account is complete, and the form is submitted untouched or with the account complete.
 * It focuses only the points, the field the refusals and the limits are about.
 */

type WithdrawSnapshot = SnapshotFrom<typeof withdrawFormMachine>;

export const WITHDRAW_MODEL_INPUT: WithdrawFormInput = {
  idempotencyKey: '0b7d3c52-6a0e-4f5e-9f11-2c4d7a9e8b13',
  minPoints: 1_000,
  maxPoints: 4_000,
};

export const WITHDRAW_SUBMIT_DONE = doneEvent('submit');
export const WITHDRAW_SUBMIT_ERROR = errorEvent('submit');

/** A valid TRC20 address (T and 33 base58 characters) and one of another network's shape. */
export const MODEL_TRC20_ADDRESS = 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC';
export const MODEL_BAD_ADDRESS = '0x1234';

/** The account fields the model fills in per method, in the order it types them (the network keeps TRC20). */
export const MODEL_ACCOUNT_FIELDS: Partial<Record<WithdrawMethod, readonly WithdrawField[]>> = {
  bank_card: ['account_name', 'bank_name', 'card_number'],
  usdt: ['address'],
};

/** The answer of user/apply_withdraw for 1 500 points to `method`: pending until an admin acts. */
export function modelWithdrawal(method: 'bank_card' | 'usdt'): Withdrawal {
  return {
    id: 7,
    points: 1_500,
    amount: 1_500,
    method,
    account_mask: method === 'bank_card' ? '3456' : 'tDeC',
    status: 'pending',
    reject_reason: null,
    created_at: '2026-11-25T09:30:00.000Z',
    processed_at: null,
  };
}

export const KYC_REQUIRED_MSG = 'Verify your identity before you withdraw.';
export const INSUFFICIENT_MSG = 'You have 1,200 withdrawable points.';

const change = (field: WithdrawField, value: string) => ({ type: 'field.change', field, value });

export const withdrawModelEvents: AnyEventObject[] = [
  change('method', 'usdt'),
  change('account_name', 'Vera Lind'),
  change('bank_name', 'Nordbank'),
  change('card_number', '1234 5678 9012 3456'),
  change('address', MODEL_BAD_ADDRESS),
  change('address', MODEL_TRC20_ADDRESS),
  change('points', '999'),
  change('points', '5000'),
  change('points', '1500'),
  { type: 'field.focus', field: 'points' },
  { type: 'form.submit' },
  { type: WITHDRAW_SUBMIT_DONE, output: modelWithdrawal('bank_card') },
  { type: WITHDRAW_SUBMIT_DONE, output: modelWithdrawal('usdt') },
  { type: WITHDRAW_SUBMIT_ERROR, error: serverRefusal(KYC_REQUIRED_MSG) },
  { type: WITHDRAW_SUBMIT_ERROR, error: serverRefusal(INSUFFICIENT_MSG, { field: 'points', code: 'zod.number.max' }) },
];

const accountOf = (snapshot: WithdrawSnapshot) => MODEL_ACCOUNT_FIELDS[snapshot.context.values.method as WithdrawMethod] ?? [];

function inOrder(snapshot: WithdrawSnapshot, event: AnyEventObject): boolean {
  const { values } = snapshot.context;
  const account = accountOf(snapshot);
  const filled = account.filter((field) => values[field] !== '').length;
  const untouched = filled === 0 && values.points === '';
  if (event.type === 'form.submit') return filled === 0 || filled === account.length;
  if (event.type === WITHDRAW_SUBMIT_DONE) return (event.output as Withdrawal).method === values.method;
  if (event.type !== 'field.change') return true;
  const field = event.field as WithdrawField;
  if (field === 'method') return untouched && values.method !== event.value;
  if (field === 'points') return filled === account.length;
  const at = account.indexOf(field);
  // The method's own fields only, each once, after the one before it.
  return at !== -1 && values[field] === '' && filled === at;
}

export function createWithdrawFormTestModel() {
  return createFormTestModel(withdrawFormMachine, withdrawModelEvents, { input: WITHDRAW_MODEL_INPUT, filter: inOrder });
}

export function describeWithdrawFormEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === WITHDRAW_SUBMIT_DONE) {
    const answer = e.output as Withdrawal;
    return `the withdrawal call answers withdrawal ${answer.id}: ${answer.points} points to ${answer.method}, ${answer.status}`;
  }
  return describeFormEvent(event, { actors: { submit: 'the withdrawal call' } });
}
