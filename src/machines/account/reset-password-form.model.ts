import type { AnyEventObject, EventObject } from 'xstate';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { resetPasswordFormMachine, type ResetPasswordInput } from './reset-password-form.machine';

/**
 * The reset-password form's test model (STYLE rule 19), shared by reset-password-form.machine.test.ts and
 * `npm run test:paths`. Test data only. The model opens the form with a link's token, types a password and a
 * confirmation that matches it or not, submits, and answers the call with success or the server's refusal of a
 * used link (which names no field of the form).
 */

export const RESET_MODEL_INPUT: ResetPasswordInput = { resetToken: 'rst_0123456789abcdefghij' };

export const RESET_SUBMIT_DONE = doneEvent('submit');
export const RESET_SUBMIT_ERROR = errorEvent('submit');

export const resetPasswordModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'password', value: 'long-enough-pw' },
  { type: 'field.change', field: 'confirm', value: 'long-enough-pw' },
  { type: 'field.change', field: 'confirm', value: 'long-enough-pv' },
  { type: 'field.focus', field: 'confirm' },
  { type: 'form.submit' },
  { type: RESET_SUBMIT_DONE, output: null },
  {
    type: RESET_SUBMIT_ERROR,
    error: serverRefusal('This link is invalid or has expired', { field: 'reset_token', code: 'errors.token.invalid' }),
  },
];

export function createResetPasswordFormTestModel() {
  return createFormTestModel(resetPasswordFormMachine, resetPasswordModelEvents, { input: RESET_MODEL_INPUT });
}

export function describeResetPasswordFormEvent(event: EventObject): string {
  return describeFormEvent(event, { actors: { submit: 'the new-password call' } });
}
