import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { newPwd } from '@/contract/calls/account';
import { confirmationError, validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

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

export interface ResetPasswordInput {
  resetToken: string;
}

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

export const resetPasswordFormMachine = createSubmitFormMachine<
  ResetPasswordField,
  ResetPasswordPayload,
  ResetPasswordResult,
  ResetPasswordInput
>({
  id: 'resetPasswordForm',
  fields: RESET_PASSWORD_FIELDS,
  validate: (values) => validateResetPassword(values),
  // The token is no field of the form: a used or expired link comes back as the server's msg.
  submitInput: (values, input) => ({
    reset_token: input.resetToken,
    password: values.password,
  }),
});
