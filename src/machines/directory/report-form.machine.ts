import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import { report } from '@/contract/calls/feedback';
import { optionalText, withChoicesRequired } from '../app/form-inputs';
import { validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

/**
 * The report form (DESIGN section 5 "Report": target + id, a reason from dict/report_reason, optional text), sent
 * with user/report for a venue, a profile, a user or a chat message. Submit validates → `submitting` (tag 'busy') → the injected `submit`
 * actor → `done` and `notifySuccess` (the app closes the dialog and thanks the user). A refusal shows the server's
 * msg under the form; one naming the reason (an unknown reason id) lands on it.
 */

export const REPORT_FIELDS = ['reason', 'text'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
export type ReportPayload = z.output<typeof report.payload>;

/**
 * What is reported: a listing, or (from a conversation) a user or the partner profile named by its uuid, or one
 * message, named by the conversation as the reporter names it and the message's seq there (issue 30).
 */
export type ReportTargetInput =
  | { target: 'merchant' | 'partner'; id: number }
  | { target: 'user'; id: string }
  | { target: 'message'; to_uuid: string; partner_uuid?: string; seq: number };

/** The listing target's branch of the contract's payload union: the reason and the optional text. */
const detailsSchema = report.payload.options[0].pick({
  reason: true,
  text: true,
});

function detailsOf(values: FormValues<ReportField>) {
  return { reason: values.reason, ...optionalText('text', values.text) };
}

export function validateReport(
  values: FormValues<ReportField>,
  fields?: readonly ReportField[],
): FieldErrors<ReportField> {
  return withChoicesRequired(validateFields(detailsSchema, detailsOf(values), fields), values, ['reason']);
}

export const reportFormMachine = createSubmitFormMachine<ReportField, ReportPayload, null, ReportTargetInput>({
  id: 'reportForm',
  fields: REPORT_FIELDS,
  validate: (values) => validateReport(values),
  submitInput: (values, target) => report.payload.parse({ ...target, ...detailsOf(values) }),
});
