import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import { VISIT_REPORT_PHOTOS_MAX, visitReportCreate, type VisitReport } from '@/contract/calls/feedback';
import { fileParts, withChoicesRequired } from '../app/form-inputs';
import { emptyValues, validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

/**
 * A member's visit report of a venue (DESIGN section 5): a rating 1–5, a title, the text, the visit date (not after
 * today) and up to VISIT_REPORT_PHOTOS_MAX photos, sent with merchant/visitReportCreate (photos as the parts
 * photo0..photo5). Submit validates → `submitting` (tag 'busy') → the injected `submit` actor → `done` and
 * `notifySuccess` with the stored report (the page lists it). `form.reset` in `done` starts a new, empty report.
 * A refusal shows the server's msg under the form, and on the field it names.
 */

export const VISIT_REPORT_FIELDS = ['rating', 'title', 'content', 'visit_date'] as const;
export type VisitReportField = (typeof VISIT_REPORT_FIELDS)[number];
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

export const visitReportFormMachine = createSubmitFormMachine<
  VisitReportField,
  VisitReportSubmitInput,
  VisitReport,
  VisitReportFormInput
>({
  id: 'visitReportForm',
  fields: VISIT_REPORT_FIELDS,
  validate: (values) => validateVisitReport(values),
  submitInput: (values, input, files) => ({
    payload: visitReportCreate.payload.parse({
      ...values,
      merchant_id: input.merchantId,
    }),
    files: fileParts('photo', files),
  }),
  initialValues: (input) => initialValues(input.today),
  filesMax: VISIT_REPORT_PHOTOS_MAX,
  resettable: true,
});
