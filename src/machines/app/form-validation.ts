import type { z } from 'zod';
import { ApiError } from '@/services/api-client';

/**
 * What the form machines share (spec section 5, "The form validator validates all fields or named fields and
 * stores message plus bound (min or max) per field"; section 3, "Form field: value, error.message, error.extra").
 * Everything here is pure: the machines call it from guards and assign actions.
 *
 * Errors are codes, never translated text (STYLE rule 9): a validation error's code is the message key the
 * contract schema gives the failing check ('zod.string.required', 'zod.string.min', ...), a server error's code is
 * the `details.code` the server sent for a field ('errors.account.exists'). The ui maps codes to Lingui messages
 * and interpolates `extra.min` / `extra.max`.
 */

/** The bound of a length or size check, for messages like "at least {min} characters". */
export interface FieldErrorExtra {
  min?: number;
  max?: number;
}

/** One field's error: its message key and, for a length or size check, the bound it failed. */
export interface FieldError {
  code: string;
  extra?: FieldErrorExtra;
}

/** The errors of a form, by field; a field without an error has no entry. */
export type FieldErrors<F extends string = string> = Partial<Record<F, FieldError>>;

/** The form's values as the ui edits them: one string per field. */
export type FormValues<F extends string> = Record<F, string>;

/** The events every form machine takes (STYLE rule 5: subject-first, payload as named fields). */
export type FormEvent<F extends string> =
  | { type: 'field.change'; field: F; value: string }
  /** Focusing a field clears its error and the server's error (spec section 5). */
  | { type: 'field.focus'; field: F }
  | { type: 'form.submit' };

/** The context every form machine holds, plus what a machine adds of its own. */
export interface FormContext<F extends string, R> {
  values: FormValues<F>;
  errors: FieldErrors<F>;
  /** The server's msg of the last failed call (ApiError.message), shown under the form; null when none. */
  serverError: string | null;
  /** The last successful call's answer. */
  result: R | null;
}

/** An object schema's field names, as a form's field type. */
export type FieldsOf<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

function boundOf(issue: z.core.$ZodIssue): FieldErrorExtra | undefined {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  return undefined;
}

/**
 * Validates `values` against a contract payload schema and returns the first error of each field (all fields,
 * or only `fields`). A field's first issue is the one its schema checks first: an empty account is
 * 'zod.string.required', not also 'zod.string.min'. Issues without a field (an object-level refinement) are
 * left out: a form shows errors next to its fields.
 */
export function validateFields<S extends z.ZodObject>(
  schema: S,
  values: Partial<Record<FieldsOf<S>, unknown>>,
  fields?: readonly FieldsOf<S>[],
): FieldErrors<FieldsOf<S>> {
  const parsed = schema.safeParse(values);
  const errors: FieldErrors<FieldsOf<S>> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || !(field in schema.shape)) continue;
    const name = field as FieldsOf<S>;
    if (errors[name] || (fields && !fields.includes(name))) continue;
    const extra = boundOf(issue);
    errors[name] = extra ? { code: issue.message, extra } : { code: issue.message };
  }
  return errors;
}

export const PASSWORD_MISMATCH = 'errors.password.mismatch';

/**
 * The error of a confirmation field (repeat the new password): PASSWORD_MISMATCH when it differs from the
 * field it confirms. Compared as typed, without trimming, as the password itself is.
 */
export function confirmationError(value: string, confirmed: string): FieldError | undefined {
  return value === confirmed ? undefined : { code: PASSWORD_MISMATCH };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** `errors` without `field`'s entry (the same object when there was none, so nothing re-renders). */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/**
 * What a failed submit shows: the server's msg, and when the server named one of the form's fields
 * (ApiError.details = { field, code }, e.g. { field: 'account', code: 'errors.account.exists' }) that code on
 * that field. A field the form does not have (reset_token on the reset form) only gets the msg.
 */
export function submitFailure<F extends string>(
  error: unknown,
  fields: readonly F[],
): { serverError: string; fieldErrors: FieldErrors<F> } {
  const serverError = error instanceof Error ? error.message : String(error);
  const details = error instanceof ApiError ? error.details : undefined;
  if (details && typeof details === 'object') {
    const { field, code } = details as { field?: unknown; code?: unknown };
    if (typeof field === 'string' && typeof code === 'string' && (fields as readonly string[]).includes(field)) {
      return { serverError, fieldErrors: { [field]: { code } } as FieldErrors<F> };
    }
  }
  return { serverError, fieldErrors: {} };
}

/** Empty values for every field: the form's initial state. */
export function emptyValues<F extends string>(fields: readonly F[]): FormValues<F> {
  return Object.fromEntries(fields.map((field) => [field, ''])) as FormValues<F>;
}
