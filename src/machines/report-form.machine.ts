import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { report } from '@/contract/calls/feedback';
import { optionalText, withChoicesRequired } from './form-inputs';
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
 * The report form (DESIGN section 5 "Report": target + id, a reason from dict/report_reason, optional text), sent
 * with user/report for a venue or a profile. Submit validates → `submitting` (tag 'busy') → the injected `submit`
 * actor → `done` and `notifySuccess` (the app closes the dialog and thanks the user). A refusal shows the server's
 * msg under the form; one naming the reason (an unknown reason id) lands on it.
 */

export const REPORT_FIELDS = ['reason', 'text'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export type ReportPayload = z.output<typeof report.payload>;
export type ReportFormContext = FormContext<ReportField, null> & { target: ReportTargetInput };
export type ReportFormEvent = FormEvent<ReportField>;

/** What is reported: a listing. (Users and chat messages are reported from the chat issue's screens.) */
export interface ReportTargetInput {
  target: 'merchant' | 'partner';
  id: number;
}

/** The listing target's branch of the contract's payload union: the reason and the optional text. */
const detailsSchema = report.payload.options[0].pick({ reason: true, text: true });

function detailsOf(values: FormValues<ReportField>) {
  return { reason: values.reason, ...optionalText('text', values.text) };
}

export function validateReport(values: FormValues<ReportField>, fields?: readonly ReportField[]): FieldErrors<ReportField> {
  return withChoicesRequired(validateFields(detailsSchema, detailsOf(values), fields), values, ['reason']);
}

const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const reportFormMachine = setup({
  types: {
    context: {} as ReportFormContext,
    events: {} as ReportFormEvent,
    input: {} as ReportTargetInput,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<null, ReportPayload>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateReport(context.values)),
  },
  actions: {
    // Injected by the app (close the dialog, thank the user); the default does nothing.
    notifySuccess: () => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateReport(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      const { serverError, fieldErrors } = submitFailure(params.error, REPORT_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
  },
}).createMachine({
  id: 'reportForm',
  context: ({ input }) => ({
    values: emptyValues(REPORT_FIELDS),
    errors: {},
    serverError: null,
    result: null,
    target: input,
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
        // Guarded by isValid, so this parses.
        input: ({ context }) => report.payload.parse({ ...context.target, ...detailsOf(context.values) }),
        onDone: { target: 'done', actions: 'notifySuccess' },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Not `type: 'final'`: the dialog shows the thanks until it is closed.
    done: {},
  },
});
