import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type KycApplication, type KycFile, type KycState, kycUploads, needsBackImage } from '@/contract/calls/kyc';
import { COUNTRY_CODES } from '@/contract/countries';
import { KycStatus } from '@/contract/enums';
import { ApiFailure } from '../api/failure';
import { isUniqueViolation } from '../db/errors';
import type { Database, KycImageRef } from '../db/schema';
import { IMAGE_VARIANTS, ImageError, processImage } from '../images/image.service';
import type { DocumentStore } from './document-store';
import { insertSubmission, latestSubmissionOf, lockKycStatus } from './kyc.repository';

/**
 * Applying for identity verification (user/apply_kyc) and the member's view of it (user/kycStatus). The route and the
 * demo seed both apply through applyForKyc, so the demo's pending submission passed the same checks as a real one.
 */

/**
 * The countries the form offers (src/contract/countries.ts). The contract's schema checks only the shape (two
 * letters), so a code that names no document-issuing country ('XX', 'EU', 'AQ') is refused here.
 */
const ISSUING_COUNTRIES: ReadonlySet<string> = new Set(COUNTRY_CODES);

export interface KycDeps {
  db: Kysely<Database>;
  documents: DocumentStore;
  log: FastifyBaseLogger;
}

/** One open application per user: a second is refused while one is under review or after approval. */
export function refuseOpenApplication(kycStatus: number): void {
  if (kycStatus === KycStatus.Applying) throw new ApiFailure('kyc.pending');
  if (kycStatus === KycStatus.Approved) throw new ApiFailure('kyc.approved');
}

const sent = (file: Buffer | undefined) => file !== undefined && file.length > 0;

/** The parts an application needs for its document type (contract: kycUploads), each refusal naming its part. */
export function checkUploads(application: Pick<KycApplication, 'document_type'>, files: Partial<Record<KycFile, Buffer>>): void {
  const parsed = kycUploads.safeParse({
    document_type: application.document_type,
    front: sent(files.front),
    back: sent(files.back),
    selfie: sent(files.selfie),
  });
  if (parsed.success) return;
  const field = String(parsed.error.issues[0].path[0] ?? 'back');
  if (field === 'front') throw new ApiFailure('kyc.frontMissing', {}, 200, { field, code: 'image.missing' });
  if (field === 'selfie') throw new ApiFailure('kyc.selfieMissing', {}, 200, { field, code: 'image.missing' });
  throw needsBackImage(application.document_type)
    ? new ApiFailure('kyc.backMissing', {}, 200, { field: 'back', code: 'image.missing' })
    : new ApiFailure('kyc.backUnexpected', {}, 200, { field: 'back', code: 'errors.kyc.back' });
}

/**
 * Re-encodes the parts through the image pipeline (content-checked, size- and pixel-limited, metadata stripped,
 * documents at most 2 000 px), then encrypts and writes them. All are decoded before any is written, so a refused
 * image leaves nothing behind; a write that fails removes the ones written before it.
 */
async function storeParts(documents: DocumentStore, files: Partial<Record<KycFile, Buffer>>, parts: readonly KycFile[]): Promise<Partial<Record<KycFile, KycImageRef>>> {
  const processed: { part: KycFile; data: Buffer; width: number; height: number }[] = [];
  for (const part of parts) {
    try {
      // One at a time: sharp is CPU-bound and has its own threads; parallel decoding would only contend.
      const image = await processImage(files[part]!, IMAGE_VARIANTS.document);
      processed.push({ part, data: image.main, width: image.width, height: image.height });
    } catch (error) {
      if (error instanceof ImageError) throw new ApiFailure(error.code, error.params, error.httpStatus, { field: part, code: error.code });
      throw error;
    }
  }
  const stored: Partial<Record<KycFile, KycImageRef>> = {};
  try {
    for (const image of processed) stored[image.part] = await documents.save(image.part, image);
  } catch (error) {
    await documents.remove(Object.values(stored)).catch(() => {});
    throw error;
  }
  return stored;
}

/**
 * Stores an application (DESIGN section 5) and moves the user to Applying, atomically: the images are written first
 * (sharp is slow; a transaction must not wait on it), then the row and the user's status in one transaction under
 * the user's row lock. Whatever refuses or fails after the images were written removes them again, so a refusal
 * leaves no row and no file. Of two applications sent at once, the second finds the first one's Applying and is
 * refused (the partial unique index kyc_submissions_open would refuse it too).
 */
export async function applyForKyc(
  deps: KycDeps,
  user: { uuid: string; kyc_status: number },
  application: KycApplication,
  files: Partial<Record<KycFile, Buffer>>,
): Promise<number> {
  // Cheap refusals first, before any upload is decoded.
  refuseOpenApplication(user.kyc_status);
  if (!ISSUING_COUNTRIES.has(application.issuing_country)) {
    throw new ApiFailure('kyc.country', {}, 200, { field: 'issuing_country', code: 'errors.kyc.country' });
  }
  checkUploads(application, files);
  const parts: KycFile[] = needsBackImage(application.document_type) ? ['front', 'back', 'selfie'] : ['front', 'selfie'];
  const stored = await storeParts(deps.documents, files, parts);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      // Again under the row lock: another application (or an admin's decision) may have landed meanwhile.
      const status = await lockKycStatus(trx, user.uuid);
      if (status === undefined) throw new ApiFailure('auth.required');
      refuseOpenApplication(status);
      return insertSubmission(trx, {
        user_uuid: user.uuid,
        document_type: application.document_type,
        issuing_country: application.issuing_country,
        document_number: application.document_number,
        full_name: application.full_name,
        birth_date: application.birth_date,
        front: stored.front!,
        back: stored.back ?? null,
        selfie: stored.selfie!,
      });
    });
  } catch (error) {
    try {
      await deps.documents.remove(Object.values(stored));
    } catch (removal) {
      deps.log.warn({ err: removal }, 'could not remove the images of a KYC application that was not stored');
    }
    if (isUniqueViolation(error)) throw new ApiFailure('kyc.pending');
    throw error;
  }
}

/**
 * The caller's verification state (contract kycState): the status is the user's (what user/me reads); the rest is
 * about their latest submission. The reason is shown only while that submission is the rejected one.
 */
export async function kycStateOf(db: Kysely<Database>, userUuid: string): Promise<KycState> {
  const [user, latest] = await Promise.all([
    db.selectFrom('users').select(['kyc_status', 'kyc_created_at']).where('uuid', '=', userUuid).executeTakeFirstOrThrow(),
    latestSubmissionOf(db, userUuid),
  ]);
  const status = user.kyc_status as KycState['status'];
  const submittedAt = latest?.submitted_at ?? user.kyc_created_at;
  return {
    status,
    document_type: latest?.document_type ?? null,
    reject_reason: status === KycStatus.Rejected ? (latest?.reject_reason ?? null) : null,
    submitted_at: submittedAt ? new Date(submittedAt).toISOString() : null,
    reviewed_at: latest?.reviewed_at ? new Date(latest.reviewed_at).toISOString() : null,
  };
}
