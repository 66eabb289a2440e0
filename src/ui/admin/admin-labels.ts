import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  AdminAction,
  AdminListing,
  AdminWithdrawal,
  AuditTargetType,
  PayoutAccount,
} from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';

/**
 * The console's words for the codes the server sends (issue 31 item 10: no raw keys, codes or JSON on screen). Each
 * status also has the tone of its badge, so the same status looks the same in every queue and in the audit log.
 */

export type BadgeTone = 'muted' | 'success' | 'warning' | 'info' | 'danger' | 'accent';

export interface StatusLabel {
  label: MessageDescriptor;
  tone: BadgeTone;
}

export const DOCUMENT_TYPES: Record<IdDocumentType, MessageDescriptor> = {
  [IdDocumentType.Passport]: msg`Passport`,
  [IdDocumentType.IdCard]: msg`Identity card`,
  [IdDocumentType.DriverLicense]: msg`Driving licence`,
};

export const KYC_STATUSES: Record<number, StatusLabel> = {
  [KycStatus.NotApply]: { label: msg`Not applied`, tone: 'muted' },
  [KycStatus.Applying]: { label: msg`Waiting for review`, tone: 'warning' },
  [KycStatus.Approved]: { label: msg({ message: 'Approved', context: 'identity check' }), tone: 'success' },
  [KycStatus.Rejected]: { label: msg({ message: 'Rejected', context: 'identity check' }), tone: 'danger' },
};

export const WITHDRAWAL_STATUSES: Record<AdminWithdrawal['status'], StatusLabel> = {
  pending: { label: msg({ message: 'Pending', context: 'withdrawal status' }), tone: 'warning' },
  paid: { label: msg({ message: 'Paid', context: 'withdrawal status' }), tone: 'success' },
  rejected: { label: msg({ message: 'Rejected', context: 'withdrawal status' }), tone: 'danger' },
};

export const LISTING_STATUSES: Record<AdminListing['status'], StatusLabel> = {
  pending: { label: msg({ message: 'Pending', context: 'listing status' }), tone: 'warning' },
  published: { label: msg({ message: 'Published', context: 'listing status' }), tone: 'success' },
  hidden: { label: msg({ message: 'Hidden', context: 'listing status' }), tone: 'danger' },
};

export const REPORT_STATUSES: Record<'open' | 'resolved' | 'dismissed', StatusLabel> = {
  open: { label: msg({ message: 'Open', context: 'report status' }), tone: 'warning' },
  resolved: { label: msg({ message: 'Resolved', context: 'report status' }), tone: 'success' },
  dismissed: { label: msg({ message: 'Dismissed', context: 'report status' }), tone: 'muted' },
};

export const ROLES: Record<string, MessageDescriptor> = {
  member: msg({ message: 'Member', context: 'role' }),
  admin: msg({ message: 'Administrator', context: 'role' }),
};

export const WITHDRAWAL_METHODS: Record<AdminWithdrawal['method'], MessageDescriptor> = {
  bank_card: msg`Bank card`,
  usdt: msg`USDT (crypto)`,
  alipay: msg`Alipay`,
};

/** The payout account's fields, in the order a payer reads them; the last of a method is its account number. */
export const PAYOUT_FIELDS: Record<keyof PayoutAccount, MessageDescriptor> = {
  account_name: msg`Account holder`,
  bank_name: msg`Bank`,
  card_number: msg`Card number`,
  network: msg`Network`,
  address: msg`Wallet address`,
  alipay_account: msg`Alipay account`,
};

/** The field a payer copies into their bank's or wallet's form. */
export const ACCOUNT_NUMBER_FIELDS: readonly (keyof PayoutAccount)[] = ['card_number', 'address', 'alipay_account'];

/** The copy button of each account number, as a whole sentence (languages word "copy the X" differently). */
export const COPY_LABELS: Partial<Record<keyof PayoutAccount, MessageDescriptor>> = {
  card_number: msg`Copy the card number`,
  address: msg`Copy the wallet address`,
  alipay_account: msg`Copy the Alipay account`,
};

export const AUDIT_ACTIONS: Record<AdminAction, MessageDescriptor> = {
  'withdrawal.pay': msg`Marked a withdrawal as paid`,
  'withdrawal.reject': msg`Rejected a withdrawal`,
  'report.resolve': msg`Closed a report`,
  'listing.hide': msg`Hid a listing`,
  'listing.unhide': msg`Showed a listing again`,
  'listing.status': msg`Changed a listing's status`,
  'listing.remove': msg`Deleted a listing`,
  'kyc.approve': msg`Approved an identity`,
  'kyc.reject': msg`Rejected an identity`,
  'role.grant': msg`Made an administrator`,
  'sessions.revoke': msg`Signed a member out everywhere`,
};

export const AUDIT_TARGETS: Record<AuditTargetType, MessageDescriptor> = {
  withdrawal: msg({ message: 'Withdrawal', context: 'record type' }),
  report: msg({ message: 'Report', context: 'record type' }),
  merchant: msg({ message: 'Venue', context: 'record type' }),
  partner: msg({ message: 'Profile', context: 'record type' }),
  kyc: msg({ message: 'Identity check', context: 'record type' }),
  user: msg({ message: 'User', context: 'record type' }),
};

/** The fields of an audit row's changes, as the log names them. */
export const AUDIT_FIELDS = {
  status: msg({ message: 'Status', context: 'audit field' }),
  amount: msg({ message: 'Amount', context: 'audit field' }),
  points: msg({ message: 'Points', context: 'audit field' }),
  method: msg({ message: 'Method', context: 'audit field' }),
  reason: msg({ message: 'Reason', context: 'audit field' }),
  note: msg({ message: 'Note', context: 'audit field' }),
  document: msg({ message: 'Document', context: 'audit field' }),
  role: msg({ message: 'Role', context: 'audit field' }),
  sessions: msg({ message: 'Sessions ended', context: 'audit field' }),
  name: msg({ message: 'Name', context: 'audit field' }),
} satisfies Record<string, MessageDescriptor>;
export type AuditField = keyof typeof AUDIT_FIELDS;

/**
 * The reasons a reviewer picks from when rejecting an identity check (issue 31 item 11), each written to the member,
 * who reads it on the verification page and in the system notice; "other" needs the reviewer's own words.
 */
export const KYC_REJECT_REASONS = {
  unreadable: msg`The photos of the document are blurred, dark or cut off.`,
  expired: msg`The document has expired.`,
  mismatch: msg`The name or date of birth you entered does not match the document.`,
  selfie: msg`The selfie does not clearly show you holding the same document.`,
  other: msg({ message: 'Another reason', context: 'rejection reason' }),
} satisfies Record<string, MessageDescriptor>;
export type KycRejectReason = keyof typeof KYC_REJECT_REASONS;
