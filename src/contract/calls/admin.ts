import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';
import { EMAIL_MAX, USERNAME_MAX } from '../constants';
import { KycStatus } from '../enums';
import { IdDocumentType, ListingStatus, WithdrawalMethod, WithdrawalStatus } from '../feature-enums';
import * as f from '../fields';
import { REPORT_TARGETS } from './feedback';
import { FULL_NAME_MAX } from './kyc';
import {
  cursor,
  dateTime,
  entityId,
  idempotencyKey,
  intOneOf,
  LIST_LIMIT_MAX,
  listingSource,
  LISTING_SOURCES,
  MODERATION_NOTE_MAX,
  oneOf,
  pagedList,
  rowId,
} from '../shapes';

/**
 * The admin console's calls (issue 13 item 4; DESIGN section 7: "Admin API: role admin"). Every call needs a session
 * of role admin; the server refuses anyone else before reading the payload, and writes and reads nothing for them.
 * Every action (pay, reject, hide, unhide, resolve) writes one row of the audit log in the transaction of the action
 * itself, so an action without its audit row can never be committed.
 *
 * None of these paths is in the spec's list (section 7): the console is this project's (DESIGN section 2).
 */

/** A user as the console names them: enough to look them up and to tell two nicknames apart. */
export const adminUserRef = z.object({
  uuid: z.string(),
  username: z.string(),
  nickname: z.string(),
});
export type AdminUserRef = z.infer<typeof adminUserRef>;

const pageFields = {
  cursor: cursor.optional(),
  limit: f.int(1, LIST_LIMIT_MAX).optional(),
};

// --- Withdrawals -------------------------------------------------------------------------------------------------

export const WITHDRAWAL_REJECT_REASON_MAX = 500;

/** The payout account exactly as the member gave it: only admins ever see it unmasked (they pay it). */
export const payoutAccount = z.object({
  account_name: z.string().optional(),
  bank_name: z.string().optional(),
  card_number: z.string().optional(),
  network: z.string().optional(),
  address: z.string().optional(),
  alipay_account: z.string().optional(),
});
export type PayoutAccount = z.infer<typeof payoutAccount>;

export const adminWithdrawal = z.object({
  id: rowId,
  user: adminUserRef,
  points: z.number().int().min(1),
  /** Cents. */
  amount: z.number().int().min(0),
  method: z.enum(WithdrawalMethod),
  account: payoutAccount,
  account_mask: z.string(),
  status: z.enum(WithdrawalStatus),
  reject_reason: z.string().nullable(),
  created_at: dateTime,
  processed_at: dateTime.nullable(),
  processed_by: adminUserRef.nullable(),
  /**
   * Some of its points trace back to test-mode payments (the sandbox provider, or Stripe with a test key): it can
   * only be rejected; admin/withdrawalPay refuses it (issue 29).
   */
  test_funds: z.boolean(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/** The withdrawals queue, newest first; without `status` every withdrawal. */
export const withdrawals = defineCall({
  path: 'admin/withdrawals',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z.object({ status: oneOf(WithdrawalStatus).optional(), ...pageFields }),
  response: pagedList(adminWithdrawal),
});

/**
 * Marks a pending withdrawal paid: its held points are posted to the platform's payouts. The same request again
 * (same id and key: a retry after a lost answer) answers the first result; any other request for a withdrawal that is
 * no longer pending is refused. Of a pay and a reject sent at once, exactly one wins. Refused for the admin's own
 * withdrawal (pay and reject alike: another admin settles it) and for one with `test_funds`.
 */
export const withdrawalPay = defineCall({
  path: 'admin/withdrawalPay',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({ id: entityId, idempotency_key: idempotencyKey }),
  response: adminWithdrawal,
});

/** Rejects a pending withdrawal with a reason the member reads: its held points return to withdrawable. */
export const withdrawalReject = defineCall({
  path: 'admin/withdrawalReject',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({
    id: entityId,
    reason: f.text(1, WITHDRAWAL_REJECT_REASON_MAX, { multiline: true }),
    idempotency_key: idempotencyKey,
  }),
  response: adminWithdrawal,
});

// --- Reports -----------------------------------------------------------------------------------------------------

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** How a moderator closes a report: acted on it (resolved) or found nothing to act on (dismissed). */
export const REPORT_OUTCOMES = ['resolved', 'dismissed'] as const;
export const RESOLUTION_NOTE_MAX = 500;

export const adminReport = z.object({
  id: rowId,
  target: z.enum(REPORT_TARGETS),
  /** A listing's numeric id, a user's uuid or a chat message's row id, as text. */
  target_id: z.string(),
  /** The listing's name, the user's nickname or a message's text; null when the target no longer exists. */
  target_label: z.string().nullable(),
  /**
   * A reported chat message as it was stored (issue 30): its text (or the photo's path for a photo), who sent it (for
   * a profile's message, the owner's account) and when; null for other targets and for a message deleted since.
   */
  target_message: z
    .object({ content_type: z.enum(['text', 'photos']), content: z.string(), sender: adminUserRef, sent_at: dateTime })
    .nullable(),
  /** A listing's moderation status, to offer hide or unhide; null for users, messages and deleted listings. */
  target_status: z.enum(ListingStatus).nullable(),
  /** dict/report_reason id and its name in the request's language. */
  reason: z.number().int(),
  reason_name: z.string(),
  text: z.string().nullable(),
  reporter: adminUserRef,
  status: z.enum(REPORT_STATUSES),
  created_at: dateTime,
  resolved_at: dateTime.nullable(),
  resolved_by: adminUserRef.nullable(),
  resolution_note: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReport>;

/** The reports queue, newest first; `status` defaults to open. */
export const reports = defineCall({
  path: 'admin/reports',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z.object({
    status: oneOf(REPORT_STATUSES).optional(),
    target: oneOf(REPORT_TARGETS).optional(),
    ...pageFields,
  }),
  response: pagedList(adminReport),
});

/** Closes an open report; a report already closed is refused. Hiding the listing is a separate call. */
export const reportResolve = defineCall({
  path: 'admin/reportResolve',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({
    id: entityId,
    outcome: oneOf(REPORT_OUTCOMES),
    note: f.text(1, RESOLUTION_NOTE_MAX, { multiline: true }).optional(),
  }),
  response: adminReport,
});

// --- Listing moderation ------------------------------------------------------------------------------------------

export const adminListing = z.object({
  source: z.enum(LISTING_SOURCES),
  id: rowId,
  /** A merchant's name or a partner's nickname. */
  name: z.string(),
  owner: adminUserRef,
  status: z.enum(ListingStatus),
  /** The owner's visible switch (a listing the owner hid is not moderation's). */
  visible: z.boolean(),
  moderation_note: z.string().nullable(),
  created_at: dateTime,
  updated_at: dateTime,
});
export type AdminListing = z.infer<typeof adminListing>;

/** Listings of one source by moderation status (default hidden), newest id first, optionally of one owner. */
export const listings = defineCall({
  path: 'admin/listings',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z.object({
    source: listingSource,
    status: oneOf(ListingStatus).optional(),
    owner_uuid: f.uuid.optional(),
    ...pageFields,
  }),
  response: pagedList(adminListing),
});

/**
 * Hides a listing (status hidden) with a note its owner reads: it disappears from lists, search, favourites and its
 * page for everyone but its owner and admins. A hidden listing is refused.
 */
export const listingHide = defineCall({
  path: 'admin/listingHide',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({
    source: listingSource,
    id: entityId,
    note: f.text(1, MODERATION_NOTE_MAX, { multiline: true }),
  }),
  response: adminListing,
});

/** Publishes a hidden listing again and clears its note; a listing that is not hidden is refused. */
export const listingUnhide = defineCall({
  path: 'admin/listingUnhide',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({ source: listingSource, id: entityId }),
  response: adminListing,
});

// --- User lookup -------------------------------------------------------------------------------------------------

export const adminUser = z.object({
  uuid: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  email_validation: z.boolean(),
  role: z.enum(['member', 'admin']),
  /** 0–4 as user/me's `membership`. */
  membership: z.number().int().min(0).max(4),
  is_payed: z.boolean(),
  vip_end_date: dateTime.nullable(),
  kyc_status: z.literal(Object.values(KycStatus)),
  kyc_created_date: dateTime.nullable(),
  /** From the ledger: purchased coins, earned (withdrawable) points and points held by pending withdrawals. */
  balances: z.object({
    coins: z.number().int(),
    earned: z.number().int(),
    hold: z.number().int(),
  }),
  merchant_count: z.number().int(),
  partner_count: z.number().int(),
  created_at: dateTime,
});
export type AdminUser = z.infer<typeof adminUser>;

/** One user by exact user name (any case or width), e-mail address or uuid. */
export const userLookup = defineCall({
  path: 'admin/userLookup',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z.object({ query: f.text(1, EMAIL_MAX) }),
  response: adminUser,
});

/**
 * Ends every session of the user, on all their devices: their API tokens answer 422 and their chat sockets close
 * with 4001 within seconds (DESIGN section 8, "Sessions"). For a stolen or abused account. Audited as
 * `sessions.revoke`; `sessions_ended` counts the sessions that were live.
 */
export const userSignOut = defineCall({
  path: 'admin/userSignOut',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z.object({ uuid: f.uuid }),
  response: z.object({ sessions_ended: z.number().int() }),
});

// --- KYC review --------------------------------------------------------------------------------------------------

/** The statuses a submission can be in: under review (the queue), approved, rejected. */
export const KYC_REVIEW_STATUSES = [KycStatus.Applying, KycStatus.Approved, KycStatus.Rejected] as const;
export const KYC_REJECT_REASON_MAX = 500;

/**
 * A KYC submission as moderators review it: the document's data and where to load its three images (GET with the
 * session token as `Authorization: Bearer <token>`; served only to the owner and admins). `back` is null for a
 * passport.
 */
export const adminKycSubmission = z.object({
  id: rowId,
  user: adminUserRef,
  document_type: z.literal(Object.values(IdDocumentType)),
  issuing_country: z.string(),
  document_number: z.string(),
  full_name: z.string().max(FULL_NAME_MAX),
  /** 'YYYY-MM-DD'. */
  birth_date: z.string(),
  status: z.literal(KYC_REVIEW_STATUSES),
  reject_reason: z.string().nullable(),
  submitted_at: dateTime,
  reviewed_at: dateTime.nullable(),
  reviewer: adminUserRef.nullable(),
  images: z.object({ front: z.string(), back: z.string().nullable(), selfie: z.string() }),
});
export type AdminKycSubmission = z.infer<typeof adminKycSubmission>;

/** Submissions of one status (default 1, under review): the open queue oldest first, reviewed ones newest first. */
export const kycQueue = defineCall({
  path: 'admin/kycQueue',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z.object({ status: intOneOf(KYC_REVIEW_STATUSES).optional(), ...pageFields }),
  response: pagedList(adminKycSubmission),
});

export const KYC_DECISIONS = ['approve', 'reject'] as const;

/**
 * Approves or rejects (with the reason the member reads) a submission under review; the member's KYC status changes
 * with it. A reviewed submission, or the admin's own, is refused.
 */
export const kycReview = defineCall({
  path: 'admin/kycReview',
  mutates: true,
  auth: 'required',
  role: 'admin',
  payload: z
    .object({
      id: entityId,
      decision: oneOf(KYC_DECISIONS),
      reason: f.text(1, KYC_REJECT_REASON_MAX, { multiline: true }).optional(),
    })
    .refine((p) => p.decision !== 'reject' || p.reason !== undefined, { message: 'zod.string.required', path: ['reason'] }),
  response: adminKycSubmission,
});

// --- Audit log ---------------------------------------------------------------------------------------------------

/**
 * What the audit log records. `listing.status` is merchant/update and partner/update (the moderation calls of the
 * spec's list); `listing.remove` was the moderators' delete, which is no longer served (moderators hide, issue 31
 * item 12) and stays only so that older audit rows still read; `role.grant` is the admin:create command.
 */
export const ADMIN_ACTIONS = [
  'withdrawal.pay',
  'withdrawal.reject',
  'report.resolve',
  'listing.hide',
  'listing.unhide',
  'listing.status',
  'listing.remove',
  'kyc.approve',
  'kyc.reject',
  'role.grant',
  'sessions.revoke',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = ['withdrawal', 'report', 'merchant', 'partner', 'kyc', 'user'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const auditEntry = z.object({
  id: rowId,
  admin: adminUserRef,
  action: z.enum(ADMIN_ACTIONS),
  target_type: z.enum(AUDIT_TARGET_TYPES),
  target_id: z.string(),
  /**
   * The member the action concerned (the withdrawal's or KYC applicant's account, the listing's owner, the user acted
   * on), so the log names people rather than uuids; null when the row names nobody or the account is gone.
   */
  member: adminUserRef.nullable(),
  /** What the action changed (amounts, reasons, notes, statuses before and after). */
  details: z.record(z.string(), z.unknown()),
  created_at: dateTime,
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** A moment of a filter: ISO 8601 with its offset (the client sends the start of a day in the admin's zone). */
const filterMoment = z.iso.datetime({ offset: true, message: 'zod.date.invalid' });

/**
 * The audit log, newest first, optionally narrowed (issue 31 item 10): to one action, one record type (and one record
 * of it), one admin (by user name, any case or width; an unknown name finds nothing) and a time range, `from`
 * inclusive and `to` exclusive. A range that ends before it starts is refused (field `to`), not answered empty.
 */
export const auditLog = defineCall({
  path: 'admin/auditLog',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: z
    .object({
      action: oneOf(ADMIN_ACTIONS).optional(),
      target_type: oneOf(AUDIT_TARGET_TYPES).optional(),
      target_id: f.text(1, 64).optional(),
      admin: f.text(1, USERNAME_MAX).optional(),
      from: filterMoment.optional(),
      to: filterMoment.optional(),
      ...pageFields,
    })
    .refine((p) => p.target_id === undefined || p.target_type !== undefined, {
      message: 'zod.string.required',
      path: ['target_type'],
    })
    .refine((p) => p.from === undefined || p.to === undefined || Date.parse(p.from) < Date.parse(p.to), {
      message: 'zod.date.range',
      path: ['to'],
    }),
  response: pagedList(auditEntry),
});

// --- What waits --------------------------------------------------------------------------------------------------

/**
 * How much work waits in each queue, for the console's tabs (issue 31 item 9): identity checks under review, pending
 * withdrawals and open reports. Read on every visit to the console and after every action.
 */
export const queueCounts = defineCall({
  path: 'admin/queueCounts',
  mutates: false,
  auth: 'required',
  role: 'admin',
  payload: emptyPayload,
  response: z.object({
    kyc: z.number().int().min(0),
    withdrawals: z.number().int().min(0),
    reports: z.number().int().min(0),
  }),
});
