import { type Kysely, sql, type Transaction } from 'kysely';
import { type KycFile, needsBackImage } from '@/contract/calls/kyc';
import { KycStatus } from '@/contract/enums';
import { type IdDocumentType } from '@/contract/feature-enums';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@/contract/shapes';
import { ApiFailure } from '../api/failure';
import type { Database, KycImageRef } from '../db/schema';
import { cursorFields, cursorInvalid, isRowId } from '../directory/recent-cursor';

/**
 * KYC submissions (DESIGN section 5). users.kyc_status is the user's state (what user/me and every permission read);
 * a submission row is one application. Both change together in one transaction: applying (kyc.service.ts) and the
 * review below. The admin console (server/admin) reads the queue and reviews through listKycQueue, findSubmission
 * and reviewSubmission; none of them returns key material (iv, tag, file names): the images are read through
 * GET kycImagePath(id, part), which checks the reader.
 */

/** The longest rejection reason kept (the member reads it on the KYC status page). */
export const KYC_REJECT_REASON_MAX = 500;

export type KycReviewStatus = typeof KycStatus.Applying | typeof KycStatus.Approved | typeof KycStatus.Rejected;

export interface KycUserRef {
  uuid: string;
  username: string;
  nickname: string;
}

/** A submission as the admin console shows it. Times are ISO 8601 UTC; the birth date is 'YYYY-MM-DD'. */
export interface KycSubmission {
  id: number;
  user: KycUserRef;
  document_type: IdDocumentType;
  issuing_country: string;
  document_number: string;
  full_name: string;
  birth_date: string;
  status: KycReviewStatus;
  reject_reason: string | null;
  submitted_at: string;
  reviewed_at: string | null;
  reviewer: KycUserRef | null;
  /**
   * Where its owner and admins read each image (GET, the session token as `Authorization: Bearer <token>`); back is
   * null for a passport.
   */
  images: { front: string; back: string | null; selfie: string };
}

export interface KycPage {
  list: KycSubmission[];
  /** Null on the last page. */
  next_cursor: string | null;
}

/** The GET path of one image of a submission ('/api/kyc/image/12/front'); kyc.routes.ts serves it. */
export function kycImagePath(id: number | 'latest', part: KycFile): string {
  return `/api/kyc/image/${id}/${part}`;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function submissionQuery(db: Kysely<Database>) {
  return db
    .selectFrom('kyc_submissions as k')
    .innerJoin('users as u', 'u.uuid', 'k.user_uuid')
    .leftJoin('users as r', 'r.uuid', 'k.reviewer_uuid')
    .select([
      'k.id',
      'k.user_uuid',
      'u.username',
      'u.nickname',
      'k.document_type',
      'k.issuing_country',
      'k.document_number',
      'k.full_name',
      sql<string>`to_char(k.birth_date, 'YYYY-MM-DD')`.as('birth_date'),
      'k.status',
      'k.reject_reason',
      'k.submitted_at',
      'k.reviewed_at',
      'k.reviewer_uuid',
      'r.username as reviewer_username',
      'r.nickname as reviewer_nickname',
    ]);
}

type SubmissionSelection = Awaited<ReturnType<ReturnType<typeof submissionQuery>['executeTakeFirstOrThrow']>>;

function submissionOf(row: SubmissionSelection): KycSubmission {
  const documentType = row.document_type as IdDocumentType;
  return {
    id: row.id,
    user: { uuid: row.user_uuid, username: row.username, nickname: row.nickname },
    document_type: documentType,
    issuing_country: row.issuing_country,
    document_number: row.document_number,
    full_name: row.full_name,
    birth_date: row.birth_date,
    status: row.status as KycReviewStatus,
    reject_reason: row.reject_reason,
    submitted_at: iso(row.submitted_at),
    reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
    reviewer:
      row.reviewer_uuid && row.reviewer_username !== null && row.reviewer_nickname !== null
        ? { uuid: row.reviewer_uuid, username: row.reviewer_username, nickname: row.reviewer_nickname }
        : null,
    images: {
      front: kycImagePath(row.id, 'front'),
      // The row's check constraint ties the back image to the document type.
      back: needsBackImage(documentType) ? kycImagePath(row.id, 'back') : null,
      selfie: kycImagePath(row.id, 'selfie'),
    },
  };
}

/** One submission with its owner and reviewer, or undefined. */
export async function findSubmission(db: Kysely<Database>, id: number): Promise<KycSubmission | undefined> {
  if (!isRowId(id)) return undefined;
  const row = await submissionQuery(db).where('k.id', '=', id).executeTakeFirst();
  return row ? submissionOf(row) : undefined;
}

interface QueueCursor {
  status: KycReviewStatus;
  id: number;
}

function encodeQueueCursor(cursor: QueueCursor): string {
  return Buffer.from(JSON.stringify({ l: 'kyc', s: cursor.status, i: cursor.id })).toString('base64url');
}

/** A cursor of this queue and status; anything else is refused as listing.cursorInvalid (status 0, field cursor). */
function decodeQueueCursor(status: KycReviewStatus, value: string | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  const { l, s, i } = cursorFields(value);
  if (l !== 'kyc' || s !== status || !isRowId(i)) throw cursorInvalid();
  return i;
}

/**
 * One page of submissions in a status (default Applying). The open queue runs oldest first, so reviewers work in the
 * order members applied; reviewed submissions run newest first. `cursor` is the `next_cursor` of the page before, for
 * the same status; `limit` is 1–50 (default 20).
 */
export async function listKycQueue(
  db: Kysely<Database>,
  options: { status?: KycReviewStatus; cursor?: string | null; limit?: number } = {},
): Promise<KycPage> {
  const status = options.status ?? KycStatus.Applying;
  if (status !== KycStatus.Applying && status !== KycStatus.Approved && status !== KycStatus.Rejected) {
    throw new ApiFailure('validation.invalid', { field: 'status' }, 200, { field: 'status', code: 'zod.enum.invalid' });
  }
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? LIST_LIMIT_DEFAULT), 1), LIST_LIMIT_MAX);
  const after = decodeQueueCursor(status, options.cursor);
  const oldestFirst = status === KycStatus.Applying;
  let query = submissionQuery(db).where('k.status', '=', status);
  if (after !== null) query = query.where('k.id', oldestFirst ? '>' : '<', after);
  const rows = await query
    .orderBy('k.id', oldestFirst ? 'asc' : 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    list: page.map(submissionOf),
    next_cursor: rows.length > limit ? encodeQueueCursor({ status, id: page[page.length - 1].id }) : null,
  };
}

export interface KycReview {
  id: number;
  /** The admin's uuid. The caller checks the role (the admin API does, by its calls' role). */
  reviewer: string;
  decision: 'approve' | 'reject';
  /** Required to reject (1–500 characters once trimmed); ignored when approving. */
  reason?: string | null;
}

/**
 * Approves (users.kyc_status Approved: is_kyc and the permissions that need it) or rejects (Rejected, with the reason
 * the member reads; they may apply again) a submission that is under review, with the user's state in the same
 * transaction. The row is locked first, so of two reviews sent at once exactly one wins and the other is refused as
 * already reviewed. Refusals are ApiFailures (kyc.notFound, kyc.notPending, kyc.reasonRequired, kyc.reviewOwn,
 * validation.max), so an API handler can let them through as they are.
 */
/** What a review decided, for work that must commit with it (the admin console's audit row). */
export interface KycReviewed {
  id: number;
  user_uuid: string;
  document_type: number;
  status: number;
  reject_reason: string | null;
}

export async function reviewSubmission(
  db: Kysely<Database>,
  review: KycReview,
  /** Runs in the review's own transaction, after its writes: a failure there undoes the review. */
  withReview?: (trx: Transaction<Database>, reviewed: KycReviewed) => Promise<void>,
): Promise<KycSubmission> {
  const reason = review.decision === 'reject' ? (review.reason ?? '').trim() : null;
  if (reason !== null && reason.length === 0) {
    throw new ApiFailure('kyc.reasonRequired', {}, 200, { field: 'reason', code: 'zod.string.required' });
  }
  if (reason !== null && Array.from(reason).length > KYC_REJECT_REASON_MAX) {
    throw new ApiFailure('validation.max', { field: 'reason', max: KYC_REJECT_REASON_MAX }, 200, { field: 'reason', code: 'zod.string.max' });
  }
  if (!isRowId(review.id)) throw new ApiFailure('kyc.notFound');
  const id = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('kyc_submissions')
      .select(['id', 'user_uuid', 'status', 'document_type'])
      .where('id', '=', review.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new ApiFailure('kyc.notFound');
    // Four eyes: an admin's own identity is checked by another admin.
    if (current.user_uuid === review.reviewer) throw new ApiFailure('kyc.reviewOwn');
    if (current.status !== KycStatus.Applying) throw new ApiFailure('kyc.notPending');
    const status = review.decision === 'approve' ? KycStatus.Approved : KycStatus.Rejected;
    await trx
      .updateTable('kyc_submissions')
      .set({ status, reject_reason: reason, reviewed_at: sql<Date>`now()`, reviewer_uuid: review.reviewer })
      .where('id', '=', current.id)
      .execute();
    await trx
      .updateTable('users')
      .set({ kyc_status: status, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
      .where('uuid', '=', current.user_uuid)
      .execute();
    await withReview?.(trx, { id: current.id, user_uuid: current.user_uuid, document_type: Number(current.document_type), status, reject_reason: reason });
    return current.id;
  });
  return (await findSubmission(db, id))!;
}

// ---------------------------------------------------------------------------------------------------------------
// The member's side (kyc.service.ts and kyc.routes.ts).

export interface NewSubmission {
  user_uuid: string;
  document_type: IdDocumentType;
  issuing_country: string;
  document_number: string;
  full_name: string;
  birth_date: string;
  front: KycImageRef;
  back: KycImageRef | null;
  selfie: KycImageRef;
}

/** Stores an application under review and moves the user to Applying; run inside the caller's transaction. */
export async function insertSubmission(trx: Kysely<Database>, submission: NewSubmission): Promise<number> {
  const { id } = await trx
    .insertInto('kyc_submissions')
    .values({
      ...submission,
      front: JSON.stringify(submission.front),
      back: submission.back === null ? null : JSON.stringify(submission.back),
      selfie: JSON.stringify(submission.selfie),
      status: KycStatus.Applying,
      // The application was refused without `consent: true` (contract kycApplication): it arrived with it, now.
      consented_at: sql<Date>`now()`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('users')
    .set({ kyc_status: KycStatus.Applying, kyc_created_at: sql<Date>`now()`, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('uuid', '=', submission.user_uuid)
    .execute();
  return id;
}

/** The user's KYC status, with their row locked until the transaction ends (applications of one user queue here). */
export async function lockKycStatus(trx: Kysely<Database>, userUuid: string): Promise<number | undefined> {
  const row = await trx.selectFrom('users').select('kyc_status').where('uuid', '=', userUuid).forUpdate().executeTakeFirst();
  return row?.kyc_status;
}

export interface OwnSubmission {
  id: number;
  document_type: IdDocumentType;
  status: KycReviewStatus;
  reject_reason: string | null;
  submitted_at: Date;
  reviewed_at: Date | null;
}

/** The user's latest submission (the one their status is about), or undefined. */
export async function latestSubmissionOf(db: Kysely<Database>, userUuid: string): Promise<OwnSubmission | undefined> {
  const row = await db
    .selectFrom('kyc_submissions')
    .select(['id', 'document_type', 'status', 'reject_reason', 'submitted_at', 'reviewed_at'])
    .where('user_uuid', '=', userUuid)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, document_type: row.document_type as IdDocumentType, status: row.status as KycReviewStatus };
}

/** Whose submission it is and the stored image of `part` (null: a passport's back), or undefined. */
export async function findImageRef(
  db: Kysely<Database>,
  id: number,
  part: KycFile,
): Promise<{ user_uuid: string; ref: KycImageRef | null } | undefined> {
  const row = await db.selectFrom('kyc_submissions').select(['user_uuid', part]).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { user_uuid: row.user_uuid, ref: (row as unknown as Record<KycFile, KycImageRef | null>)[part] ?? null };
}
