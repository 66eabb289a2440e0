import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from './constants';

/**
 * Field schemas that accept both wire forms: typed JSON (encrypted mode) and plain form strings (debug mode),
 * where every value arrives as a string. Error messages are the spec's message keys (section 5); the client maps
 * them to translated text, the server to the request's language.
 */

const INT_PATTERN = /^-?\d{1,15}$/;
const DECIMAL_PATTERN = /^-?\d{1,13}(\.\d{1,6})?$/;

export function int(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && INT_PATTERN.test(v) ? Number(v) : v),
    z
      .number({ message: 'zod.number.invalid' })
      .int({ message: 'zod.number.int' })
      .min(min, { message: 'zod.number.min' })
      .max(max, { message: 'zod.number.max' }),
  );
}

export function decimal(min: number, max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_PATTERN.test(v) ? Number(v) : v),
    z
      .number({ message: 'zod.number.invalid' })
      .min(min, { message: 'zod.number.min' })
      .max(max, { message: 'zod.number.max' }),
  );
}

export const bool = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ message: 'zod.boolean.invalid' }),
);

/**
 * An array or object field; in debug mode it is sent as a JSON string. Its nesting is held to PAYLOAD_DEPTH_MAX by
 * the server before the schema reads it (server/api/parse-untrusted.ts, fieldNestedTooDeep), not here: the check
 * would only add to every page's JavaScript.
 */
export function json<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }, schema);
}

/** Trimmed text without control characters (other than newlines and tabs where `multiline`). */
export function text(min: number, max: number, options: { multiline?: boolean } = {}) {
  const forbidden = options.multiline ? /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/ : /[\u0000-\u001F\u007F]/;
  return z
    .string({ message: 'zod.string.invalid' })
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(min, { message: min <= 1 ? 'zod.string.required' : 'zod.string.min' })
        .max(max, { message: 'zod.string.max' })
        .refine((s) => !forbidden.test(s), { message: 'zod.string.invalid' }),
    );
}

export const email = z
  .string({ message: 'zod.string.email' })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.email({ message: 'zod.string.email' }).max(EMAIL_MAX, { message: 'zod.string.max' }));

/**
 * Login names: letters (any script), digits, '_', '.', '-'; 1–32 characters at registration (spec section 5:
 * "account at least 1 character (zod.string.required)": a one-letter name such as 李 is a name).
 */
export const username = z
  .string({ message: 'zod.string.required' })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, { message: 'zod.string.required' })
      .max(USERNAME_MAX, { message: 'zod.string.max' })
      .regex(/^[\p{L}\p{N}_.-]+$/u, { message: 'errors.account.username' }),
  );

/** What a user types to log in: a user name or an e-mail address. */
export const account = text(1, EMAIL_MAX);

export const newPassword = z
  .string({ message: 'zod.string.required' })
  .min(1, { message: 'zod.string.required' })
  .min(PASSWORD_MIN, { message: 'zod.string.min' })
  .max(PASSWORD_MAX, { message: 'zod.string.max' });

export const currentPassword = z
  .string({ message: 'zod.string.required' })
  .min(1, { message: 'zod.string.required' })
  .max(PASSWORD_MAX, { message: 'zod.string.max' });

export const opaqueToken = z
  .string({ message: 'zod.string.required' })
  .regex(/^[A-Za-z0-9_-]{20,200}$/, { message: 'errors.token.invalid' });

export const uuid = z.uuid({ message: 'zod.string.uuid' });
