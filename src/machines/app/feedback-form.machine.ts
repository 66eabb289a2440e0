import { createSubmitFormMachine } from './submit-form.machine';
import type { z } from 'zod';
import { feedback, FEEDBACK_IMAGES_MAX } from '@/contract/calls/feedback';
import { fileParts, optionalText, withChoicesRequired } from './form-inputs';
import { validateFields, type FieldErrors, type FormValues } from './form-validation';

/**
 * The feedback form (spec section 7 "Feedback", DESIGN section 5): a type from dict/feedback_type, 10–1 000
 * characters, an optional contact and up to FEEDBACK_IMAGES_MAX images, sent with user/feedback (images as the
 * parts image0..image2). Submit validates → `submitting` (tag 'busy') → the injected `submit` actor → `done` and
 * `notifySuccess`. A refusal shows the server's msg under the form, and on the field it names.
 */

export const FEEDBACK_FIELDS = ['feedback_type', 'content', 'contact'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];
export type FeedbackPayload = z.output<typeof feedback.payload>;

export interface FeedbackSubmitInput {
  payload: FeedbackPayload;
  files: Record<string, Blob>;
}

function fieldsOf(values: FormValues<FeedbackField>) {
  return {
    feedback_type: values.feedback_type,
    content: values.content,
    ...optionalText('contact', values.contact),
  };
}

export function validateFeedback(
  values: FormValues<FeedbackField>,
  fields?: readonly FeedbackField[],
): FieldErrors<FeedbackField> {
  return withChoicesRequired(validateFields(feedback.payload, fieldsOf(values), fields), values, ['feedback_type']);
}

export const feedbackFormMachine = createSubmitFormMachine<FeedbackField, FeedbackSubmitInput, null>({
  id: 'feedbackForm',
  fields: FEEDBACK_FIELDS,
  validate: (values) => validateFeedback(values),
  submitInput: (values, _input, files) => ({
    payload: feedback.payload.parse(fieldsOf(values)),
    files: fileParts('image', files),
  }),
  filesMax: FEEDBACK_IMAGES_MAX,
});
