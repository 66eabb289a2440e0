import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { loginByPassword } from '@/contract/calls/account';
import { LOGIN_DEBOUNCE_MS } from '@/contract/constants';
import {
  emptyValues,
  hasErrors,
  submitFailure,
  validateFields,
  withoutError,
  type FieldErrors,
  type FormContext,
  type FormEvent,
  type FormValues,
} from '../app/form-validation';

/**
 * The login form (spec section 5): account and password, each at least 1 character (zod.string.required).
 *
 * - `form.submit` is debounced LOGIN_DEBOUNCE_MS: each submit restarts the timer, so a burst of clicks or Enter
 *   presses is one submit, validated and sent LOGIN_DEBOUNCE_MS after the last one. Validation runs when the
 *   timer ends, on the values as they are then, so a field cleared during the wait is not sent.
 * - Invalid → back to editing with an error per field. Valid → `submitting` (tag 'busy'), which invokes the
 *   injected `submit` actor (account/loginByPassword) with the parsed payload; submits are ignored there, so a
 *   double submit cannot reach the server twice.
 * - Failure → editing with the server's msg in `serverError`, and `details.code` on `details.field` when the
 *   server named a field. Focusing a field clears its error and the server error.
 * - Success → `done` with the token in `result`, and `notifySuccess` (injected: the app logs the session in).
 */

export const LOGIN_FIELDS = ['account', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];
export type LoginPayload = z.output<typeof loginByPassword.payload>;
export type LoginResult = ResponseOf<typeof loginByPassword>;
export type LoginFormContext = FormContext<LoginField, LoginResult>;
export type LoginFormEvent = FormEvent<LoginField>;

/** All fields, or only `fields`. */
export function validateLogin(values: FormValues<LoginField>, fields?: readonly LoginField[]): FieldErrors<LoginField> {
  return validateFields(loginByPassword.payload, values, fields);
}

/** Field edits are taken in every state but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    tags: {} as 'busy',
  },
  delays: {
    LOGIN_DEBOUNCE: LOGIN_DEBOUNCE_MS,
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<LoginResult, LoginPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateLogin(context.values)),
  },
  actions: {
    // Injected by the app; the default does nothing.
    notifySuccess: (_, _params: { result: LoginResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateLogin(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, LOGIN_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: LoginResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'loginForm',
  context: { values: emptyValues(LOGIN_FIELDS), errors: {}, serverError: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: { ...fieldEvents, 'form.submit': { target: 'debouncing' } },
    },
    debouncing: {
      on: {
        ...fieldEvents,
        // Re-entering restarts the timer: the submit goes out LOGIN_DEBOUNCE_MS after the last one.
        'form.submit': { target: 'debouncing', reenter: true },
      },
      after: {
        LOGIN_DEBOUNCE: [
          { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
          { target: 'editing', actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      // No form.submit here: a double submit while loading is ignored (spec section 5).
      on: fieldEvents,
      invoke: {
        id: 'submit',
        src: 'submit',
        // Guarded by isValid, so this parses; the server gets the trimmed account.
        input: ({ context }) => loginByPassword.payload.parse(context.values),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifySuccess', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Not `type: 'final'`: the actor stays up so the ui can read `result` until it unmounts the form; nothing
    // leaves it, so a late event cannot log in twice.
    done: {},
  },
});
