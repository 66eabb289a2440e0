import { assign, fromPromise, not, setup, stateIn } from 'xstate';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { type sendEmailCode, validationEmail } from '@/contract/calls/account';
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
 * The verify-email form (/member/setup/verify-email). Two parallel regions:
 *
 * - `codeDelivery`: `code.send` → `sending` (tag 'sendingCode', the injected `sendCode` actor:
 *   account/sendEmailCode) → `coolingDown` (tag 'coolingDown') for RESEND_COOLDOWN_MS, when a resend is
 *   ignored → `idle`. A failed send shows the server's msg and can be retried at once. `sentTo` is the address
 *   the server says it sent the code to.
 * - `form`: the 6-digit code (validationEmail's schema: 'errors.email.code'), as in the other forms: submit
 *   validates → `submitting` (tag 'busy', the injected `submit` actor: account/validationEmail with { code })
 *   → `done` and `notifySuccess`; a failure shows the server's msg; focusing the field clears its error and the
 *   server error. Once verified, no more codes are sent.
 */

/**
 * How long a resend is blocked after a code was sent. Our decision, not the spec's: the spec gives no resend
 * limit; 60 s keeps a user who taps "send" again from flooding their mailbox (and the mail server), and is short
 * next to the code's lifetime (EMAIL_CODE_MINUTES), so waiting for it never makes the code expire first.
 */
export const RESEND_COOLDOWN_MS = 60_000;

export const VERIFY_EMAIL_FIELDS = ['code'] as const;
export type VerifyEmailField = (typeof VERIFY_EMAIL_FIELDS)[number];
export type VerifyEmailPayload = z.output<typeof validationEmail.payload>;
export type VerifyEmailResult = ResponseOf<typeof validationEmail>;
export type SendCodeResult = ResponseOf<typeof sendEmailCode>;

export interface VerifyEmailFormContext extends FormContext<VerifyEmailField, VerifyEmailResult> {
  /** Where the last code went (the server's answer); null before the first send. */
  sentTo: string | null;
}

export type VerifyEmailFormEvent = FormEvent<VerifyEmailField> | { type: 'code.send' };
export type VerifyEmailFormTag = 'busy' | 'sendingCode' | 'coolingDown';

export function validateVerifyEmail(
  values: FormValues<VerifyEmailField>,
  fields?: readonly VerifyEmailField[],
): FieldErrors<VerifyEmailField> {
  return validateFields(validationEmail.payload, values, fields);
}

/** Field edits are taken in every state of the form region but `done`. */
const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const verifyEmailFormMachine = setup({
  types: {
    context: {} as VerifyEmailFormContext,
    events: {} as VerifyEmailFormEvent,
    tags: {} as VerifyEmailFormTag,
  },
  delays: {
    RESEND_COOLDOWN: RESEND_COOLDOWN_MS,
  },
  actors: {
    // Safe defaults: the real calls are injected with .provide() where the actor is created.
    sendCode: fromPromise<SendCodeResult>(() => Promise.reject(new Error('not provided'))),
    submit: fromPromise<VerifyEmailResult, VerifyEmailPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateVerifyEmail(context.values)),
    isVerified: stateIn({ form: 'done' }),
  },
  actions: {
    // Injected by the app (refresh the user, back to settings); the default does nothing.
    notifySuccess: (_, _params: { result: VerifyEmailResult }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateVerifyEmail(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, VERIFY_EMAIL_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    // Also drops the msg of a send that failed during the check: it is moot once the address is verified.
    setResult: assign((_, params: { result: VerifyEmailResult }) => ({ result: params.result, serverError: null })),
    startSend: assign({ serverError: null }),
    setSentTo: assign((_, params: { email: string }) => ({ sentTo: params.email })),
    showSendFailure: assign((_, params: { error: unknown }) => ({
      serverError: submitFailure(params.error, VERIFY_EMAIL_FIELDS).serverError,
    })),
  },
}).createMachine({
  id: 'verifyEmailForm',
  type: 'parallel',
  context: { values: emptyValues(VERIFY_EMAIL_FIELDS), errors: {}, serverError: null, result: null, sentTo: null },
  states: {
    form: {
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
            // Guarded by isValid, so this parses (trimmed).
            input: ({ context }) => validationEmail.payload.parse(context.values),
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
    },
    codeDelivery: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'code.send': { guard: not('isVerified'), target: 'sending', actions: 'startSend' } },
        },
        sending: {
          tags: ['sendingCode'],
          // code.send is ignored while a send runs and during the cooldown.
          invoke: {
            id: 'sendCode',
            src: 'sendCode',
            onDone: {
              target: 'coolingDown',
              actions: { type: 'setSentTo', params: ({ event }) => ({ email: event.output.email }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'showSendFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        coolingDown: {
          tags: ['coolingDown'],
          after: { RESEND_COOLDOWN: { target: 'idle' } },
        },
      },
    },
  },
});
