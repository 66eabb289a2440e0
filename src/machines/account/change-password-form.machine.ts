import { createSubmitFormMachine } from '../app/submit-form.machine';
import type { z } from 'zod';
import type { ResponseOf } from '@/contract/call';
import { changePassword } from '@/contract/calls/user';
import { confirmationError, validateFields, type FieldErrors, type FormValues } from '../app/form-validation';

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

export const changePasswordFormMachine = createSubmitFormMachine<
  ChangePasswordField,
  ChangePasswordPayload,
  ChangePasswordResult
>({
  id: 'changePasswordForm',
  fields: CHANGE_PASSWORD_FIELDS,
  validate: (values) => validateChangePassword(values),
  // The object schema drops `confirm`.
  submitInput: (values) => changePassword.payload.parse(values),
});
