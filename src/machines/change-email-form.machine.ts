import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { setting } from '@/contract/calls/account';
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
} from './form-validation';

/**
 * The change-email form (/member/setup/change-email): one e-mail field (zod.string.email), sent with
 * account/setting as { email }. Submit validates → `submitting` (tag 'busy') → the injected `submit` actor →
 * `done` and `notifySuccess` (the app refreshes the user: a new address is unverified until validated again).
 * A taken address is refused by the server with its msg.
 */

export const CHANGE_EMAIL_FIELDS = ['email'] as const;
export type ChangeEmailField = (typeof CHANGE_EMAIL_FIELDS)[number];
export type ChangeEmailPayload = z.output<typeof setting.payload>;
export type ChangeEmailResult = ResponseOf<typeof setting>;
export type ChangeEmailFormContext = FormContext<ChangeEmailField, ChangeEmailResult>;
export type ChangeEmailFormEvent = FormEvent<ChangeEmailField>;

export function validateChangeEmail(
  values: FormValues<ChangeEmailField>,
  fields?: readonly ChangeEmailField[],
): FieldErrors<ChangeEmailField> {
  return validateFields(setting.payload, values, fields);
}

/** Field edits are taken in every state but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const changeEmailFormMachine = setup({
  types: {
    context: {} as ChangeEmailFormContext,
    events: {} as ChangeEmailFormEvent,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<ChangeEmailResult, ChangeEmailPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateChangeEmail(context.values)),
  },
  actions: {
    // Injected by the app (refresh the user, go on to verify-email); the default does nothing.
    notifySuccess: (_, _params: { result: ChangeEmailResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateChangeEmail(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, CHANGE_EMAIL_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: ChangeEmailResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'changeEmailForm',
  context: { values: emptyValues(CHANGE_EMAIL_FIELDS), errors: {}, serverError: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...fieldEvents,
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      on: fieldEvents,
      invoke: {
        id: 'submit',
        src: 'submit',
        // Guarded by isValid, so this parses (trimmed, lower-case); only the e-mail is sent, not the nickname.
        input: ({ context }) => setting.payload.parse({ email: context.values.email }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifySuccess', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Not `type: 'final'`: the ui shows the success until it navigates away; nothing leaves this state.
    done: {},
  },
});
