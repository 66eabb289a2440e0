import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';
import { KycStatus } from '../enums';
import { IdDocumentType } from '../feature-enums';
import * as f from '../fields';
import { dateTime, intOneOf, isoDate, parseIsoDate } from '../shapes';

/**
 * Identity verification (spec section 7 "User": apply_kyc; DESIGN section 5 "KYC submission"). The document images
 * travel as the multipart parts front, back and selfie; they are stored encrypted and shown only to their owner and
 * to moderators, so no response carries them or the document number. user/kycStatus is not in the spec's list: the
 * KYC step 4 page and the kyc guards need the status with the reject reason.
 */

export const KYC_MIN_AGE = 18;
export const FULL_NAME_MAX = 100;
export const DOCUMENT_NUMBER_MAX = 40;

/** Whole years between a birth date ('YYYY-MM-DD') and a day, in UTC; null for an invalid date. */
export function ageOn(birthDate: string, on: Date = new Date()): number | null {
  const birth = parseIsoDate(birthDate);
  if (!birth) return null;
  const [year, month, day] = [on.getUTCFullYear(), on.getUTCMonth() + 1, on.getUTCDate()];
  const hadBirthday = month > birth.month || (month === birth.month && day >= birth.day);
  return year - birth.year - (hadBirthday ? 0 : 1);
}

/**
 * Whether someone born on `birthDate` is an adult (KYC_MIN_AGE) on `on`. Judged on the UTC calendar: a user may be
 * refused for up to a day around their 18th birthday, never accepted early. Shared by the form and the server.
 */
export function isAdult(birthDate: string, on: Date = new Date()): boolean {
  const age = ageOn(birthDate, on);
  return age !== null && age >= KYC_MIN_AGE;
}

/** Image parts of an application; `back` only for documents with a back side. */
export const KYC_FILES = ['front', 'back', 'selfie'] as const;
export type KycFile = (typeof KYC_FILES)[number];

/** Passports have no back side; identity cards and driver licences need one. */
export function needsBackImage(documentType: IdDocumentType): boolean {
  return documentType !== IdDocumentType.Passport;
}

export const documentType = intOneOf(Object.values(IdDocumentType));

export const kycApplication = z.object({
  /**
   * The member agreed to the check (the intro of step 1, issue 31 item 7): what is checked, why, how long the
   * documents are kept. Biometric data (the selfie matched with the document) needs explicit consent, and whoever
   * relies on consent must be able to show it: the server records it with the submission (kyc_submissions.consented_at).
   */
  consent: z.preprocess((v) => (v === '1' || v === 'true' ? true : v), z.literal(true, { message: 'errors.kyc.consent' })),
  document_type: documentType,
  /** ISO 3166-1 alpha-2, upper case. */
  issuing_country: z
    .string({ message: 'zod.string.invalid' })
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, { message: 'errors.kyc.country' })),
  document_number: f
    .text(1, DOCUMENT_NUMBER_MAX)
    .refine((s) => /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(s), { message: 'errors.kyc.documentNumber' }),
  /** As printed on the document, any script. */
  full_name: f.text(1, FULL_NAME_MAX),
  birth_date: isoDate.refine((s) => isAdult(s), { message: 'errors.kyc.underage' }),
});
export type KycApplication = z.infer<typeof kycApplication>;

/**
 * Which image parts arrived with an application, checked with its document type once the server has read the
 * multipart parts (they travel outside the payload, so the payload schema cannot see them).
 */
export const kycUploads = z
  .object({
    document_type: documentType,
    front: z.literal(true, { message: 'image.missing' }),
    back: z.boolean(),
    selfie: z.literal(true, { message: 'image.missing' }),
  })
  .refine((u) => u.back === needsBackImage(u.document_type), {
    message: 'errors.kyc.back',
    path: ['back'],
  });

/** The caller's verification state; the reason is set when rejected. */
export const kycState = z.object({
  status: z.literal(Object.values(KycStatus)),
  document_type: z.literal(Object.values(IdDocumentType)).nullable(),
  reject_reason: z.string().nullable(),
  submitted_at: dateTime.nullable(),
  reviewed_at: dateTime.nullable(),
});
export type KycState = z.infer<typeof kycState>;

/** Allowed while NotApply or Rejected; a pending or approved application is refused. */
export const applyKyc = defineCall({
  path: 'user/apply_kyc',
  mutates: true,
  auth: 'required',
  files: KYC_FILES,
  payload: kycApplication,
  response: kycState,
});

export const kycStatus = defineCall({
  path: 'user/kycStatus',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: kycState,
});
