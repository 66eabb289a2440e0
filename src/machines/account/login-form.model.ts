import type { AnyEventObject, EventObject } from 'xstate';
import { LOGIN_DEBOUNCE_MS } from '@/contract/constants';
import {
  afterEventOf,
  createFormTestModel,
  describeFormEvent,
  doneEvent,
  errorEvent,
  serverRefusal,
} from '../app/form.model';
import { loginFormMachine } from './login-form.machine';

/**
 * The login form's test model (STYLE rule 19), shared by login-form.machine.test.ts and `npm run test:paths`.
 * Test data only. The form starts empty; the model types one account and one password, focuses either field,
 * submits, lets the debounce pass, and answers the call with a token or a refusal naming the password field.
 */

export const LOGIN_DEBOUNCE_EVENT = afterEventOf(loginFormMachine, 'loginForm.debouncing');
export const LOGIN_SUBMIT_DONE = doneEvent('submit');
export const LOGIN_SUBMIT_ERROR = errorEvent('submit');

export const loginModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'account', value: 'alice' },
  { type: 'field.change', field: 'password', value: 'secret-pw' },
  { type: 'field.focus', field: 'account' },
  { type: 'field.focus', field: 'password' },
  { type: 'form.submit' },
  { type: LOGIN_DEBOUNCE_EVENT },
  { type: LOGIN_SUBMIT_DONE, output: { token: 'token-login' } },
  {
    type: LOGIN_SUBMIT_ERROR,
    error: serverRefusal('Wrong account or password', { field: 'password', code: 'errors.password.wrong' }),
  },
];

export function createLoginFormTestModel() {
  return createFormTestModel(loginFormMachine, loginModelEvents);
}

export function describeLoginFormEvent(event: EventObject): string {
  return describeFormEvent(event, {
    delays: { [LOGIN_DEBOUNCE_EVENT]: `${LOGIN_DEBOUNCE_MS} ms pass (login debounce)` },
    actors: { submit: 'the login call' },
  });
}
