import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { sendResetPwdEmail } from '@/contract/calls/account';
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
 * The forgot-password form (spec section 2, overlay 2; section 5): one e-mail field, validated before sending
 * (zod.string.email); its error clears on focus. Submit → `submitting` (tag 'busy': the send-reset-link button
 * is disabled while the request runs) → the injected `submit` actor (account/sendResetPwdEmail). Success →
 * `done` and `notifySuccess` with the e-mail the server answered: the app sends the auth dialog
 * `authDialog.linkSent { email }`, which shows sent-link-success. Failure → editing with the server's msg.
 */

export const FORGOT_PASSWORD_FIELDS = ['email'] as const;
export type ForgotPasswordField = (typeof FORGOT_PASSWORD_FIELDS)[number];
export type ForgotPasswordPayload = z.output<typeof sendResetPwdEmail.payload>;
export type ForgotPasswordResult = ResponseOf<typeof sendResetPwdEmail>;
export type ForgotPasswordFormContext = FormContext<ForgotPasswordField, ForgotPasswordResult>;
export type ForgotPasswordFormEvent = FormEvent<ForgotPasswordField>;

export function validateForgotPassword(
  values: FormValues<ForgotPasswordField>,
  fields?: readonly ForgotPasswordField[],
): FieldErrors<ForgotPasswordField> {
  return validateFields(sendResetPwdEmail.payload, values, fields);
}

/** Field edits are taken in every state but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const forgotPasswordFormMachine = setup({
  types: {
    context: {} as ForgotPasswordFormContext,
    events: {} as ForgotPasswordFormEvent,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<ForgotPasswordResult, ForgotPasswordPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateForgotPassword(context.values)),
  },
  actions: {
    // Injected by the app (authDialog.linkSent); the default does nothing.
    notifySuccess: (_, _params: { email: string }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateForgotPassword(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, FORGOT_PASSWORD_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: ForgotPasswordResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'forgotPasswordForm',
  context: { values: emptyValues(FORGOT_PASSWORD_FIELDS), errors: {}, serverError: null, result: null },
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
      // No form.submit here: the button is disabled while the request runs, and a second send is ignored.
      on: fieldEvents,
      invoke: {
        id: 'submit',
        src: 'submit',
        // Guarded by isValid, so this parses (trimmed, lower-case).
        input: ({ context }) => sendResetPwdEmail.payload.parse(context.values),
        onDone: {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
            { type: 'notifySuccess', params: ({ event }) => ({ email: event.output.email }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Not `type: 'final'`: the ui reads `result` until the dialog leaves the view; nothing leaves this state.
    done: {},
  },
});
