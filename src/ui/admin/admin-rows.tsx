import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AdminKycSubmission, AdminListing, AdminReport, AdminUser, AdminWithdrawal, AuditEntry } from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { MEMBERSHIP_LABELS } from '../app/messages';
import { Button } from '../kit/button';
import { formatMoment, formatMoney, formatPoints } from '../wallet/wallet-format';
import { ReportedMessage } from './reported-message';
import './admin.css';

const DOCUMENT_TYPES: Record<IdDocumentType, MessageDescriptor> = {
  [IdDocumentType.Passport]: msg`Passport`,
  [IdDocumentType.IdCard]: msg`Identity card`,
  [IdDocumentType.DriverLicense]: msg`Driving licence`,
};

const KYC_STATUSES: Record<number, MessageDescriptor> = {
  [KycStatus.NotApply]: msg`Not applied`,
  [KycStatus.Applying]: msg`Waiting for review`,
  [KycStatus.Approved]: msg({ message: 'Approved', context: 'identity check' }),
  [KycStatus.Rejected]: msg({ message: 'Rejected', context: 'identity check' }),
};

/** A report's state, as a badge: context "status", apart from the "Resolved" button that sets it (issue 30 item 13). */
const REPORT_STATUS_LABELS: Record<AdminReport['status'], MessageDescriptor> = {
  open: msg({ message: 'Open', context: 'report status' }),
  resolved: msg({ message: 'Resolved', context: 'report status' }),
  dismissed: msg({ message: 'Dismissed', context: 'report status' }),
};

/** What a report is about, as the row's title says it. */
const REPORT_TARGET_LABELS: Record<AdminReport['target'], MessageDescriptor> = {
  merchant: msg({ message: 'Venue', context: 'report target' }),
  partner: msg({ message: 'Profile', context: 'report target' }),
  user: msg({ message: 'User', context: 'report target' }),
  message: msg({ message: 'Chat message', context: 'report target' }),
};

function Facts({ rows }: { rows: [label: ReactNode, value: ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value], index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const who = (user: { nickname: string; username: string }) => (
  <bdi>
    {user.nickname} (@{user.username})
  </bdi>
);

export interface KycRowProps {
  item: AdminKycSubmission;
  /** Object URLs of the decrypted images (null while they load or when there is none). */
  images: { front: string | null; back: string | null; selfie: string | null };
  onApprove(): void;
  onReject(): void;
}

/** One identity verification: the data, the three images, and the decision while it waits. */
export function KycRow({ item, images, onApprove, onReject }: KycRowProps) {
  const { i18n, t } = useLingui();
  const name = item.full_name;
  // Each image's description is a whole sentence, so that languages can inflect the name (issue 30 item 13).
  const parts: [keyof KycRowProps['images'], string, string][] = [
    ['front', t({ message: 'Front', context: 'side of a document' }), t`Front of ${name}'s document`],
    ['back', t({ message: 'Back', context: 'side of a document' }), t`Back of ${name}'s document`],
    ['selfie', t`Selfie`, t`Selfie of ${name}`],
  ];
  return (
    <article className="admin-row" aria-label={item.user.nickname}>
      <div className="admin-row-head">
        <p className="record-title">{who(item.user)}</p>
        <span className="badge badge--muted">{i18n._(KYC_STATUSES[item.status])}</span>
      </div>
      <Facts
        rows={[
          [<Trans key="t">Document</Trans>, i18n._(DOCUMENT_TYPES[item.document_type])],
          [<Trans key="c">Issuing country</Trans>, item.issuing_country],
          [<Trans key="n">Document number</Trans>, <bdi key="v" dir="ltr">{item.document_number}</bdi>],
          [<Trans key="f">Full name</Trans>, <bdi key="v">{item.full_name}</bdi>],
          [<Trans key="b">Date of birth</Trans>, item.birth_date],
          [<Trans key="s" context="date">Sent on</Trans>, formatMoment(i18n, item.submitted_at)],
          ...(item.reject_reason ? ([[<Trans key="r" context="admin">Reason</Trans>, item.reject_reason]] as [ReactNode, ReactNode][]) : []),
        ]}
      />
      <div className="admin-images">
        {parts
          .filter(([part]) => part !== 'back' || item.images.back !== null)
          .map(([part, label, description]) => (
            <figure key={part}>
              {images[part] ? <img src={images[part]!} alt={description} /> : <span className="admin-image-empty" aria-hidden="true" />}
              <figcaption>{label}</figcaption>
            </figure>
          ))}
      </div>
      {item.status === KycStatus.Applying ? (
        <div className="admin-actions">
          <Button onClick={onApprove} aria-label={t`Approve ${item.full_name}`}>
            <Trans>Approve</Trans>
          </Button>
          <Button variant="secondary" onClick={onReject} aria-label={t`Reject ${item.full_name}`}>
            <Trans>Reject</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** One withdrawal with the full payout account (admins pay it) and the decision while it waits. */
export function AdminWithdrawalRow({ item, onPay, onReject }: { item: AdminWithdrawal; onPay(): void; onReject(): void }) {
  const { i18n, t } = useLingui();
  const account = Object.entries(item.account).filter(([, value]) => value);
  const amount = formatMoney(i18n, item.amount);
  return (
    <article className="admin-row" aria-label={t`Withdrawal ${item.id}`}>
      <div className="admin-row-head">
        <p className="record-title">
          {who(item.user)} · {amount}
        </p>
        <span className="admin-badges">
          {item.test_funds ? (
            <span className="badge badge--warning">
              <Trans>Test funds</Trans>
            </span>
          ) : null}
          <span className="badge badge--muted">{item.status}</span>
        </span>
      </div>
      <Facts
        rows={[
          [<Trans key="p">Points</Trans>, formatPoints(i18n, item.points)],
          [<Trans key="m">Method</Trans>, item.method],
          ...account.map(([key, value]): [ReactNode, ReactNode] => [key, <bdi key={key} dir="ltr">{value}</bdi>]),
          [<Trans key="s" context="date">Sent on</Trans>, formatMoment(i18n, item.created_at)],
          ...(item.reject_reason ? ([[<Trans key="r" context="admin">Reason</Trans>, item.reject_reason]] as [ReactNode, ReactNode][]) : []),
        ]}
      />
      {item.status === 'pending' && item.test_funds ? (
        <p className="record-detail">
          <Trans>These points come from test-mode payments, which are not real money: this withdrawal can only be rejected.</Trans>
        </p>
      ) : null}
      {item.status === 'pending' ? (
        <div className="admin-actions">
          {item.test_funds ? null : (
            <Button onClick={onPay} aria-label={t`Mark withdrawal ${item.id} as paid`}>
              <Trans>Mark as paid</Trans>
            </Button>
          )}
          <Button variant="secondary" onClick={onReject} aria-label={t`Reject withdrawal ${item.id}`}>
            <Trans>Reject</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** One report: what was reported, why, by whom; resolve or dismiss it, and hide a reported listing. */
export function AdminReportRow({ item, onResolve, onDismiss, onHide }: { item: AdminReport; onResolve(): void; onDismiss(): void; onHide?(): void }) {
  const { i18n, t } = useLingui();
  return (
    <article className="admin-row" aria-label={t`Report ${item.id}`}>
      <div className="admin-row-head">
        <p className="record-title">
          {i18n._(REPORT_TARGET_LABELS[item.target])}
          {item.target_message ? null : (
            <>
              : <bdi>{item.target_label ?? item.target_id}</bdi>
            </>
          )}
        </p>
        <span className="badge badge--muted">{i18n._(REPORT_STATUS_LABELS[item.status])}</span>
      </div>
      {item.target_message ? <ReportedMessage message={item.target_message} /> : null}
      <Facts
        rows={[
          [<Trans key="r" context="admin">Reason</Trans>, item.reason_name],
          ...(item.text ? ([[<Trans key="t">Text</Trans>, <bdi key="v">{item.text}</bdi>]] as [ReactNode, ReactNode][]) : []),
          [<Trans key="b">Reported by</Trans>, who(item.reporter)],
          [<Trans key="s" context="date">Sent on</Trans>, formatMoment(i18n, item.created_at)],
        ]}
      />
      {item.status === 'open' ? (
        <div className="admin-actions">
          {onHide && item.target_status === 'published' ? (
            <Button onClick={onHide}>
              <Trans>Hide the listing</Trans>
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onResolve}>
            <Trans context="report action">Resolved</Trans>
          </Button>
          <Button variant="link" onClick={onDismiss}>
            <Trans context="report">Dismiss</Trans>
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** One listing under moderation: hide it with a note, or show it again. */
export function AdminListingRow({ item, onHide, onUnhide }: { item: AdminListing; onHide(): void; onUnhide(): void }) {
  const { t } = useLingui();
  return (
    <article className="admin-row" aria-label={item.name}>
      <div className="admin-row-head">
        <p className="record-title">
          <bdi>{item.name}</bdi>
        </p>
        <span className="badge badge--muted">{item.status}</span>
      </div>
      <Facts
        rows={[
          [<Trans key="o">Owner</Trans>, who(item.owner)],
          ...(item.moderation_note ? ([[<Trans key="n">Note</Trans>, item.moderation_note]] as [ReactNode, ReactNode][]) : []),
        ]}
      />
      <div className="admin-actions">
        {item.status === 'hidden' ? (
          <Button onClick={onUnhide} aria-label={t`Show ${item.name} again`}>
            <Trans>Show again</Trans>
          </Button>
        ) : (
          <Button variant="secondary" onClick={onHide} aria-label={t`Hide ${item.name}`}>
            <Trans>Hide</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}

/** A user as the lookup finds them: account, membership, verification and balances; and ending their sessions. */
export function AdminUserCard({ user, onSignOut }: { user: AdminUser; onSignOut(): void }) {
  const { i18n } = useLingui();
  return (
    <article className="admin-row" aria-label={user.nickname}>
      <p className="record-title">{who(user)}</p>
      <Facts
        rows={[
          [<Trans key="e">E-mail</Trans>, <bdi key="v">{user.email}</bdi>],
          [<Trans key="r">Role</Trans>, user.role],
          [<Trans key="m">Membership</Trans>, i18n._(MEMBERSHIP_LABELS[user.membership as 0 | 1 | 2 | 3 | 4])],
          [<Trans key="k">Identity check</Trans>, i18n._(KYC_STATUSES[user.kyc_status])],
          [<Trans key="c">Coins</Trans>, formatPoints(i18n, user.balances.coins)],
          [<Trans key="w">Earned points</Trans>, formatPoints(i18n, user.balances.earned)],
          [<Trans key="h">Held for withdrawals</Trans>, formatPoints(i18n, user.balances.hold)],
          [<Trans key="l">Listings</Trans>, `${user.merchant_count} / ${user.partner_count}`],
        ]}
      />
      <div className="admin-actions">
        <Button variant="secondary" onClick={onSignOut}>
          <Trans>Sign out on all devices</Trans>
        </Button>
      </div>
    </article>
  );
}

/** One audit log entry. */
export function AuditRow({ item }: { item: AuditEntry }) {
  const { i18n } = useLingui();
  return (
    <article className="admin-row">
      <div className="admin-row-head">
        <p className="record-title">
          {item.action} · {item.target_type} {item.target_id}
        </p>
        <time dateTime={item.created_at}>{formatMoment(i18n, item.created_at)}</time>
      </div>
      <p className="record-detail">{who(item.admin)}</p>
      <p className="record-detail">
        <bdi dir="ltr">{JSON.stringify(item.details)}</bdi>
      </p>
    </article>
  );
}
