import type { AnyEventObject, EventObject } from 'xstate';
import { ApiError } from '@/services/api-client';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent } from '../app/form.model';
import { forgotPasswordFormMachine } from './forgot-password-form.machine';

/**
 * The forgot-password form's test model (STYLE rule 19), shared by forgot-password-form.machine.test.ts and
 * `npm run test:paths`. Test data only. The model types an address that is not one and one that is, submits,
 * and answers the call with the address or a network failure (the server answers success for every
 * well-formed address, so it has no refusal to model).
 */

export const FORGOT_SUBMIT_DONE = doneEvent('submit');
export const FORGOT_SUBMIT_ERROR = errorEvent('submit');

export const forgotPasswordModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'email', value: 'alice@' },
  { type: 'field.change', field: 'email', value: 'Alice@Example.com' },
  { type: 'field.focus', field: 'email' },
  { type: 'form.submit' },
  { type: FORGOT_SUBMIT_DONE, output: { email: 'alice@example.com' } },
  {
    type: FORGOT_SUBMIT_ERROR,
    error: new ApiError('account/sendResetPwdEmail failed: network error', { kind: 'network' }),
  },
];

export function createForgotPasswordFormTestModel() {
  return createFormTestModel(forgotPasswordFormMachine, forgotPasswordModelEvents);
}

export function describeForgotPasswordFormEvent(event: EventObject): string {
  return describeFormEvent(event, { actors: { submit: 'the reset-link call' } });
}
