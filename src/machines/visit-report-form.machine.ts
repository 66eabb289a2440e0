import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { VISIT_REPORT_PHOTOS_MAX, visitReportCreate, type VisitReport } from '@/contract/calls/feedback';
import { addFiles, fileParts, withChoicesRequired } from './form-inputs';
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
 * A member's visit report of a venue (DESIGN section 5): a rating 1–5, a title, the text, the visit date (not after
 * today) and up to VISIT_REPORT_PHOTOS_MAX photos, sent with merchant/visitReportCreate (photos as the parts
 * photo0..photo5). Submit validates → `submitting` (tag 'busy') → the injected `submit` actor → `done` and
 * `notifySuccess` with the stored report (the page lists it). `form.reset` in `done` starts a new, empty report.
 * A refusal shows the server's msg under the form, and on the field it names.
 */

export const VISIT_REPORT_FIELDS = ['rating', 'title', 'content', 'visit_date'] as const;
export type VisitReportField = (typeof VISIT_REPORT_FIELDS)[number];
/** Field errors: the text fields', and the photos' (more chosen than allowed). */
export type VisitReportErrorField = VisitReportField | 'photos';
export type VisitReportPayload = z.output<typeof visitReportCreate.payload>;

export interface VisitReportSubmitInput {
  payload: VisitReportPayload;
  files: Record<string, Blob>;
}

export interface VisitReportFormInput {
  merchantId: number;
  /** The visitor's calendar date 'YYYY-MM-DD': the visit date's default. */
  today: string;
}

export type VisitReportFormContext = Omit<FormContext<VisitReportField, VisitReport>, 'errors'> & {
  errors: FieldErrors<VisitReportErrorField>;
  photos: File[];
  merchantId: number;
  today: string;
};

export type VisitReportFormEvent =
  | FormEvent<VisitReportField>
  | { type: 'photos.add'; files: File[] }
  | { type: 'photos.remove'; index: number }
  | { type: 'form.reset' };

const fieldsSchema = visitReportCreate.payload.omit({ merchant_id: true });

export function validateVisitReport(
  values: FormValues<VisitReportField>,
  fields?: readonly VisitReportField[],
): FieldErrors<VisitReportField> {
  return withChoicesRequired(validateFields(fieldsSchema, values, fields), values, ['rating']);
}

function initialValues(today: string): FormValues<VisitReportField> {
  return { ...emptyValues(VISIT_REPORT_FIELDS), visit_date: today };
}

const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const visitReportFormMachine = setup({
  types: {
    context: {} as VisitReportFormContext,
    events: {} as VisitReportFormEvent,
    input: {} as VisitReportFormInput,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<VisitReport, VisitReportSubmitInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateVisitReport(context.values)),
  },
  actions: {
    // Injected by the app (list the new report, thank the author); the default does nothing.
    notifySuccess: (_, _params: { result: VisitReport }) => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    addPhotos: assign(({ context, event }) => {
      if (event.type !== 'photos.add') return {};
      const { files, error } = addFiles(context.photos, event.files, VISIT_REPORT_PHOTOS_MAX);
      const errors = withoutError(context.errors, 'photos');
      return { photos: files, errors: error ? { ...errors, photos: error } : errors };
    }),
    removePhoto: assign(({ context, event }) =>
      event.type === 'photos.remove'
        ? { photos: context.photos.filter((_, index) => index !== event.index), errors: withoutError(context.errors, 'photos') }
        : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateVisitReport(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      // A photo the server refuses is named by its part (photo0…); its msg, shown under the form, says which.
      const { serverError, fieldErrors } = submitFailure(params.error, VISIT_REPORT_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
    setResult: assign((_, params: { result: VisitReport }) => ({ result: params.result })),
    clearForm: assign(({ context }) => ({
      values: initialValues(context.today),
      errors: {},
      serverError: null,
      result: null,
      photos: [],
    })),
  },
}).createMachine({
  id: 'visitReportForm',
  context: ({ input }) => ({
    values: initialValues(input.today),
    errors: {},
    serverError: null,
    result: null,
    photos: [],
    merchantId: input.merchantId,
    today: input.today,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...fieldEvents,
        'photos.add': { actions: 'addPhotos' },
        'photos.remove': { actions: 'removePhoto' },
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
        input: ({ context }) => ({
          payload: visitReportCreate.payload.parse({ ...context.values, merchant_id: context.merchantId }),
          files: fileParts('photo', context.photos),
        }),
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
    done: {
      on: { 'form.reset': { target: 'editing', actions: 'clearForm' } },
    },
  },
});
