import type { AnyEventObject, EventObject } from 'xstate';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { changePasswordFormMachine } from './change-password-form.machine';

/**
 * The change-password form's test model (STYLE rule 19), shared by change-password-form.machine.test.ts and
 * `npm run test:paths`. Test data only. The model types the current password, a new one and a confirmation
 * that matches it or not, submits, and answers the call with success or the server's "wrong current password",
 * which names the old_password field. Fields are typed top to bottom, as the form is laid out.
 */

export const CHANGE_PASSWORD_SUBMIT_DONE = doneEvent('submit');
export const CHANGE_PASSWORD_SUBMIT_ERROR = errorEvent('submit');

export const changePasswordModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'old_password', value: 'old-password' },
  { type: 'field.change', field: 'password', value: 'long-enough-pw' },
  { type: 'field.change', field: 'confirm', value: 'long-enough-pw' },
  { type: 'field.change', field: 'confirm', value: 'long-enough-pv' },
  { type: 'field.focus', field: 'old_password' },
  { type: 'field.focus', field: 'confirm' },
  { type: 'form.submit' },
  { type: CHANGE_PASSWORD_SUBMIT_DONE, output: null },
  {
    type: CHANGE_PASSWORD_SUBMIT_ERROR,
    error: serverRefusal('The current password is wrong', { field: 'old_password', code: 'errors.password.wrong' }),
  },
];

const ORDER = ['old_password', 'password', 'confirm'];

/** A field is typed into once the fields above it are filled (the order does not matter to the machine). */
function topToBottom(snapshot: { context: { values: Record<string, string> } }, event: AnyEventObject): boolean {
  if (event.type !== 'field.change') return true;
  return ORDER.slice(0, ORDER.indexOf(event.field as string)).every((field) => snapshot.context.values[field] !== '');
}

export function createChangePasswordFormTestModel() {
  return createFormTestModel(changePasswordFormMachine, changePasswordModelEvents, { filter: topToBottom });
}

export function describeChangePasswordFormEvent(event: EventObject): string {
  return describeFormEvent(event, { actors: { submit: 'the change-password call' } });
}
