import type { FieldError, FieldErrors } from './form-validation';

/**
 * Pieces of the forms of issue 4 (visit report, report, feedback) that the account forms did not need: a choice
 * that must be made (a radio group or a select), an optional text left out when empty, and attached images. Pure,
 * like form-validation.ts: the machines call these from guards and assign actions.
 */

/** The code of an unmade choice: "Choose one of the options", not the number schema's "Enter a number". */
export const CHOICE_REQUIRED = 'zod.enum.invalid';

/** `errors` with CHOICE_REQUIRED on each of `fields` whose value is empty. */
export function withChoicesRequired<F extends string>(
  errors: FieldErrors<F>,
  values: Record<F, string>,
  fields: readonly F[],
): FieldErrors<F> {
  const next = { ...errors };
  for (const field of fields) if (values[field].trim() === '' && next[field]) next[field] = { code: CHOICE_REQUIRED };
  return next;
}

/** An optional text field as a payload entry: left out when blank, so the schema's minimum does not apply. */
export function optionalText<K extends string>(key: K, value: string): Partial<Record<K, string>> {
  return value.trim() === '' ? {} : ({ [key]: value } as Record<K, string>);
}

/**
 * `current` with `added` appended up to `max` files. Files beyond the limit are left out and reported with the
 * contract's 'zod.array.max' code and bound, so the user learns why a chosen photo is missing.
 */
export function addFiles(
  current: readonly File[],
  added: readonly File[],
  max: number,
): { files: File[]; error: FieldError | undefined } {
  const room = Math.max(0, max - current.length);
  const files = [...current, ...added.slice(0, room)];
  return { files, error: added.length > room ? { code: 'zod.array.max', extra: { max } } : undefined };
}

/** The multipart parts of `files` as the contract names them: `photo0`, `photo1`, ... */
export function fileParts(prefix: string, files: readonly File[]): Record<string, Blob> {
  return Object.fromEntries(files.map((file, index) => [`${prefix}${index}`, file]));
}
