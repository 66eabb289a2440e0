import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { setting } from '@/contract/calls/account';
import { validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

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

export function validateChangeEmail(
  values: FormValues<ChangeEmailField>,
  fields?: readonly ChangeEmailField[],
): FieldErrors<ChangeEmailField> {
  return validateFields(setting.payload, values, fields);
}

export const changeEmailFormMachine = createSubmitFormMachine<ChangeEmailField, ChangeEmailPayload, ChangeEmailResult>({
  id: 'changeEmailForm',
  fields: CHANGE_EMAIL_FIELDS,
  validate: (values) => validateChangeEmail(values),
  // Trimmed, lower-case; only the e-mail is sent, not the nickname.
  submitInput: (values) => setting.payload.parse({ email: values.email }),
});
