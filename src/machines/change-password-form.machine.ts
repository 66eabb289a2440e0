import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { changePassword } from '@/contract/calls/user';
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
 * The change-password form (/member/setup/change-password): the current password (required), a new one (at
 * least 8 characters) and its confirmation ('errors.password.mismatch' when it differs). Submit validates all
 * three → `submitting` (tag 'busy') → the injected `submit` actor (user/changePassword with { old_password,
 * password }) → `done` and `notifySuccess`. A wrong current password comes back as
 * details { field: 'old_password', code: 'errors.password.wrong' } and lands on that field.
 */

export const CHANGE_PASSWORD_FIELDS = ['old_password', 'password', 'confirm'] as const;
export type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];
export type ChangePasswordPayload = z.output<typeof changePassword.payload>;
export type ChangePasswordResult = ResponseOf<typeof changePassword>;
export type ChangePasswordFormContext = FormContext<ChangePasswordField, ChangePasswordResult>;
export type ChangePasswordFormEvent = FormEvent<ChangePasswordField>;

/** All fields, or only `fields`: the passwords against the contract, the confirmation against the new one. */
export function validateChangePassword(
  values: FormValues<ChangePasswordField>,
  fields?: readonly ChangePasswordField[],
): FieldErrors<ChangePasswordField> {
  const errors: FieldErrors<ChangePasswordField> = validateFields(
    changePassword.payload,
    values,
    fields?.filter((field) => field !== 'confirm'),
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

export const changePasswordFormMachine = setup({
  types: {
    context: {} as ChangePasswordFormContext,
    events: {} as ChangePasswordFormEvent,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<ChangePasswordResult, ChangePasswordPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateChangePassword(context.values)),
  },
  actions: {
    // Injected by the app (a toast, back to settings); the default does nothing.
    notifySuccess: (_, _params: { result: ChangePasswordResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateChangePassword(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, CHANGE_PASSWORD_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: ChangePasswordResult }) => ({ result: params.result })),
  },
}).createMachine({
  id: 'changePasswordForm',
  context: { values: emptyValues(CHANGE_PASSWORD_FIELDS), errors: {}, serverError: null, result: null },
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
        // Guarded by isValid, so this parses; the object schema drops `confirm`.
        input: ({ context }) => changePassword.payload.parse(context.values),
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
