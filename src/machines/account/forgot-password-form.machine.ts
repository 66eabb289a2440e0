import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { sendResetPwdEmail } from '@/contract/calls/account';
import { validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

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

export function validateForgotPassword(
  values: FormValues<ForgotPasswordField>,
  fields?: readonly ForgotPasswordField[],
): FieldErrors<ForgotPasswordField> {
  return validateFields(sendResetPwdEmail.payload, values, fields);
}

export const forgotPasswordFormMachine = createSubmitFormMachine<
  ForgotPasswordField,
  ForgotPasswordPayload,
  ForgotPasswordResult
>({
  id: 'forgotPasswordForm',
  fields: FORGOT_PASSWORD_FIELDS,
  validate: (values) => validateForgotPassword(values),
  // Trimmed, lower-case. No second send: form.submit is not taken while the request runs.
  submitInput: (values) => sendResetPwdEmail.payload.parse(values),
});
