import type { AnyEventObject, EventObject } from 'xstate';
import { changeEmailFormMachine } from './change-email-form.machine';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';

/**
 * The change-email form's test model (STYLE rule 19), shared by change-email-form.machine.test.ts and
 * `npm run test:paths`. Test data only. The model types an address that is not one and one that is, submits,
 * and answers account/setting with success or the server's refusal of a taken address (which names no field).
 */

export const CHANGE_EMAIL_SUBMIT_DONE = doneEvent('submit');
export const CHANGE_EMAIL_SUBMIT_ERROR = errorEvent('submit');

export const changeEmailModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'email', value: 'new-address' },
  { type: 'field.change', field: 'email', value: 'New@Example.com' },
  { type: 'field.focus', field: 'email' },
  { type: 'form.submit' },
  { type: CHANGE_EMAIL_SUBMIT_DONE, output: null },
  { type: CHANGE_EMAIL_SUBMIT_ERROR, error: serverRefusal('This e-mail address is already registered') },
];

export function createChangeEmailFormTestModel() {
  return createFormTestModel(changeEmailFormMachine, changeEmailModelEvents);
}

export function describeChangeEmailFormEvent(event: EventObject): string {
  return describeFormEvent(event, { actors: { submit: 'the settings call' } });
}
