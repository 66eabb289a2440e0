import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { newPwd } from '@/contract/calls/account';
import {
  confirmationError,
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
 * The reset-password form (/reset-pwd, reached from the e-mailed link): a new password (at least 8 characters,
 * zod.string.min) and its confirmation, which must be equal ('errors.password.mismatch'). The link's token comes
 * in as input; the route reads it from the URL. Submit validates both fields → `submitting` (tag 'busy') → the
 * injected `submit` actor (account/newPwd with { reset_token, password }) → `done` and `notifySuccess`. A used
 * or expired link is refused by the server: its msg shows as `serverError` (the token is no field of the form).
 */

export const RESET_PASSWORD_FIELDS = ['password', 'confirm'] as const;
export type ResetPasswordField = (typeof RESET_PASSWORD_FIELDS)[number];
export type ResetPasswordPayload = z.output<typeof newPwd.payload>;
export type ResetPasswordResult = ResponseOf<typeof newPwd>;

export interface ResetPasswordFormContext extends FormContext<ResetPasswordField, ResetPasswordResult> {
  /** The single-use token of the e-mailed link. */
  resetToken: string;
}

export interface ResetPasswordInput {
  resetToken: string;
}

export type ResetPasswordFormEvent = FormEvent<ResetPasswordField>;

const passwordSchema = newPwd.payload.pick({ password: true });

/** All fields, or only `fields`: the password against the contract, the confirmation against the password. */
export function validateResetPassword(
  values: FormValues<ResetPasswordField>,
  fields?: readonly ResetPasswordField[],
): FieldErrors<ResetPasswordField> {
  const errors: FieldErrors<ResetPasswordField> = validateFields(
    passwordSchema,
    values,
    fields?.filter((field) => field === 'password'),
  );
  const mismatch = confirmationError(values.confirm, values.password);
  if (mismatch && (!fields || fields.includes('confirm'))) errors.confirm = mismatch;
  return errors;
}

/** Field edits are taken in every state but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const resetPasswordFormMachine = setup({
  types: {
    context: {} as ResetPasswordFormContext,
    events: {} as ResetPasswordFormEvent,
    input: {} as ResetPasswordInput,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<ResetPasswordResult, ResetPasswordPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateResetPassword(context.values)),
  },
  actions: {
    // Injected by the app (a toast, then the login view); the default does nothing.
    notifySuccess: (_, _params: { result: ResetPasswordResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateResetPassword(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, RESET_PASSWORD_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: ResetPasswordResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'resetPasswordForm',
  context: ({ input }) => ({
    values: emptyValues(RESET_PASSWORD_FIELDS),
    errors: {},
    serverError: null,
    result: null,
    resetToken: input.resetToken,
  }),
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
        // Not parsed: a malformed token is the server's to refuse (with its msg), not a field error here.
        input: ({ context }) => ({ reset_token: context.resetToken, password: context.values.password }),
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
