import type { AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import {
  afterEventOf,
  createFormTestModel,
  describeFormEvent,
  doneEvent,
  errorEvent,
  serverRefusal,
} from '../app/form.model';
import { RESEND_COOLDOWN_MS, verifyEmailFormMachine } from './verify-email-form.machine';

/**
 * The verify-email form's test model (STYLE rule 19), shared by verify-email-form.machine.test.ts and
 * `npm run test:paths`. Test data only. The model asks for a code (the send succeeds or is refused), lets the
 * resend cooldown pass, types a code too short or a well-formed one, submits, and answers the check with
 * success or the server's refusal of a wrong code.
 *
 * Besides typing after focus (form.model.ts), the model types the code once one has been sent, as a user would,
 * and sends no code while the check runs; typing without a sent code and the cooldown during a check are the
 * same transitions in other orders, covered by the unit tests.
 */

type VerifySnapshot = SnapshotFrom<typeof verifyEmailFormMachine>;

export const RESEND_COOLDOWN_EVENT = afterEventOf(verifyEmailFormMachine, 'verifyEmailForm.codeDelivery.coolingDown');
export const SEND_CODE_DONE = doneEvent('sendCode');
export const SEND_CODE_ERROR = errorEvent('sendCode');
export const VERIFY_SUBMIT_DONE = doneEvent('submit');
export const VERIFY_SUBMIT_ERROR = errorEvent('submit');

export const verifyEmailModelEvents: AnyEventObject[] = [
  { type: 'code.send' },
  { type: SEND_CODE_DONE, output: { email: 'alice@example.com', expires_in: 600 } },
  { type: SEND_CODE_ERROR, error: serverRefusal('Please wait before asking for another code') },
  { type: RESEND_COOLDOWN_EVENT },
  { type: 'field.change', field: 'code', value: '12345' },
  { type: 'field.change', field: 'code', value: '123456' },
  { type: 'field.focus', field: 'code' },
  { type: 'form.submit' },
  { type: VERIFY_SUBMIT_DONE, output: null },
  { type: VERIFY_SUBMIT_ERROR, error: serverRefusal('The code is wrong or has expired') },
];

function inOrder(snapshot: VerifySnapshot, event: AnyEventObject): boolean {
  if (event.type === 'field.change' || event.type === 'form.submit') return snapshot.context.sentTo !== null;
  if (event.type === 'code.send' || event.type === RESEND_COOLDOWN_EVENT) return !snapshot.hasTag('busy');
  return true;
}

export function createVerifyEmailFormTestModel() {
  return createFormTestModel(verifyEmailFormMachine, verifyEmailModelEvents, { filter: inOrder });
}

export function describeVerifyEmailFormEvent(event: EventObject): string {
  return describeFormEvent(event, {
    delays: { [RESEND_COOLDOWN_EVENT]: `${RESEND_COOLDOWN_MS / 1000} s pass (resend cooldown)` },
    actors: { sendCode: 'the send-code call', submit: 'the code check' },
  });
}
