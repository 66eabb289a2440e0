import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type {
  AdminKycSubmission,
  AdminListing,
  AdminReport,
  AdminUser,
  AdminWithdrawal,
  PayoutAccount,
} from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { MEMBERSHIP_LABELS } from '../app/messages';
import { Button } from '../kit/button';
import { formatMoment, formatMoney, formatPoints } from '../wallet/wallet-format';
import {
  ACCOUNT_NUMBER_FIELDS,
  COPY_LABELS,
  DOCUMENT_TYPES,
  KYC_STATUSES,
  LISTING_STATUSES,
  PAYOUT_FIELDS,
  REPORT_STATUSES,
  ROLES,
  type StatusLabel,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
} from './admin-labels';
import { CopyButton } from './copy-button';
import { ReportedMessage } from './reported-message';
import './admin.css';

/** What a report is about, as the row's title says it. */
const REPORT_TARGET_LABELS: Record<AdminReport['target'], MessageDescriptor> = {
  merchant: msg({ message: 'Venue', context: 'report target' }),
  partner: msg({ message: 'Profile', context: 'report target' }),
  user: msg({ message: 'User', context: 'report target' }),
  message: msg({ message: 'Chat message', context: 'report target' }),
};

/** A status as a translated, coloured badge (issue 31 item 10). */
export function StatusBadge({ status }: { status: StatusLabel }) {
  const { i18n } = useLingui();
  return <span className={`badge badge--${status.tone}`}>{i18n._(status.label)}</span>;
}

type Fact = [label: ReactNode, value: ReactNode];

function Facts({ rows }: { rows: (Fact | null | false)[] }) {
  return (
    <dl className="admin-facts">
      {rows
        .filter((row): row is Fact => Boolean(row))
        .map(([label, value], index) => (
          <div key={index} className="admin-fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** "Vera (@verified)": a nickname can be anyone's, the user name is unique. */
export function Who({ user }: { user: { nickname: string; username: string } }) {
  return (
    <bdi>
      {user.nickname || user.username} <span className="admin-username">@{user.username}</span>
    </bdi>
  );
}

/** A country code ("KR") as the UI language names the country ("South Korea", "韓国"). */
export function countryName(i18n: I18n, code: string): string {
  try {
    return new Intl.DisplayNames([i18n.locale], { type: 'region', fallback: 'code' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** A calendar date 'YYYY-MM-DD' in the UI language, read as the date it is (never shifted by a time zone). */
export function calendarDate(i18n: I18n, date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** Whole years from a birth date to today. */
function ageOf(birthDate: string, today = new Date()): number | null {
  const [year, month, day] = birthDate.split('-').map(Number);
  if (!year || !month || !day) return null;
  const before = today.getMonth() + 1 < month || (today.getMonth() + 1 === month && today.getDate() < day);
  return today.getFullYear() - year - (before ? 1 : 0);
}

/** A card number in groups of four, as it is printed on the card; other account numbers as they are. */
function groupedNumber(field: keyof PayoutAccount, value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return field === 'card_number' && /^\d{12,19}$/.test(digits) ? digits.replace(/(\d{4})(?=\d)/g, '$1 ') : value;
}

function RowHead({ title, end }: { title: ReactNode; end: ReactNode }) {
  return (
    <div className="admin-row-head">
      <p className="record-title admin-row-title">{title}</p>
      <span className="admin-badges">{end}</span>
    </div>
  );
}

export interface KycRowProps {
  item: AdminKycSubmission;
  /** Object URLs of the decrypted images (null while they load or when there is none). */
  images: { front: string | null; back: string | null; selfie: string | null };
  /** Opens the images full size, with zoom, at the one clicked (in the order front, back, selfie). */
  onOpenImage(index: number): void;
  onApprove(): void;
  onReject(): void;
}

/** The images of a submission with their descriptions, in the order they are shown and opened. */
export function kycImageParts(i18n: I18n, item: AdminKycSubmission) {
  const name = item.full_name;
  // Each image's description is a whole sentence, so that languages can inflect the name (issue 30 item 13).
  const parts: { part: 'front' | 'back' | 'selfie'; label: string; description: string }[] = [
    {
      part: 'front',
      label: i18n._(msg({ message: 'Front', context: 'side of a document' })),
      description: i18n._(msg`Front of ${name}'s document`),
    },
    {
      part: 'back',
      label: i18n._(msg({ message: 'Back', context: 'side of a document' })),
      description: i18n._(msg`Back of ${name}'s document`),
    },
    { part: 'selfie', label: i18n._(msg`Selfie`), description: i18n._(msg`Selfie of ${name}`) },
  ];
  return parts.filter(({ part }) => part !== 'back' || item.images.back !== null);
}

/** One identity verification: the data, the images (opening full size), and the decision while it waits. */
export function KycRow({ item, images, onOpenImage, onApprove, onReject }: KycRowProps) {
  const { i18n, t } = useLingui();
  const age = ageOf(item.birth_date);
  return (
    <article className="admin-row" aria-label={item.user.nickname}>
      <RowHead title={<Who user={item.user} />} end={<StatusBadge status={KYC_STATUSES[item.status]} />} />
      <div className="admin-kyc">
        <Facts
          rows={[
            [<Trans key="f">Full name</Trans>, <bdi key="v">{item.full_name}</bdi>],
            [
              <Trans key="b">Date of birth</Trans>,
              <span key="v">
                {calendarDate(i18n, item.birth_date)}
                {age === null ? null : <span className="admin-muted"> · {t`${i18n.number(age)} years old`}</span>}
              </span>,
            ],
            [<Trans key="d">Document</Trans>, i18n._(DOCUMENT_TYPES[item.document_type])],
            [<Trans key="c">Issuing country</Trans>, countryName(i18n, item.issuing_country)],
            [
              <Trans key="n">Document number</Trans>,
              <bdi key="v" dir="ltr" className="admin-mono">
                {item.document_number}
              </bdi>,
            ],
            [
              <Trans key="s" context="date">
                Sent on
              </Trans>,
              formatMoment(i18n, item.submitted_at),
            ],
            item.reviewer && item.reviewed_at
              ? [
                  <Trans key="r">Reviewed by</Trans>,
                  <span key="v">
                    <Who user={item.reviewer} /> · {formatMoment(i18n, item.reviewed_at)}
                  </span>,
                ]
              : null,
            item.reject_reason
              ? [
                  <Trans key="x" context="admin">
                    Reason
                  </Trans>,
                  <bdi key="v">{item.reject_reason}</bdi>,
                ]
              : null,
          ]}
        />
        <div className="admin-images">
          {kycImageParts(i18n, item).map(({ part, label, description }, index) => (
            <figure key={part}>
              <button
                type="button"
                className="admin-image-button"
                aria-label={t`Open ${description} full size`}
                onClick={() => onOpenImage(index)}
                disabled={!images[part]}
              >
                {images[part] ? (
                  <img src={images[part]!} alt="" />
                ) : (
                  <span className="admin-image-empty skeleton" aria-hidden="true" />
                )}
              </button>
              <figcaption>{label}</figcaption>
            </figure>
          ))}
        </div>
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

/** The payout account: translated labels, the account number on one line with its copy button. */
function payoutFacts(i18n: I18n, account: PayoutAccount): Fact[] {
  return (Object.keys(PAYOUT_FIELDS) as (keyof PayoutAccount)[])
    .filter((field) => account[field])
    .map((field): Fact => {
      const value = account[field]!;
      const copy = COPY_LABELS[field];
      return [
        i18n._(PAYOUT_FIELDS[field]),
        ACCOUNT_NUMBER_FIELDS.includes(field) && copy ? (
          <span className="admin-account-number">
            <bdi dir="ltr" className="admin-mono">
              {groupedNumber(field, value)}
            </bdi>
            <CopyButton value={value.replace(/\s/g, '')} label={i18n._(copy)} />
          </span>
        ) : (
          <bdi dir="auto">{value}</bdi>
        ),
      ];
    });
}

/** One withdrawal with the full payout account (admins pay it) and the decision while it waits. */
export function AdminWithdrawalRow({
  item,
  onPay,
  onReject,
}: {
  item: AdminWithdrawal;
  onPay(): void;
  onReject(): void;
}) {
  const { i18n, t } = useLingui();
  return (
    <article className="admin-row" aria-label={t`Withdrawal ${item.id}`}>
      <RowHead
        title={
          <>
            <span className="admin-amount">{formatMoney(i18n, item.amount)}</span>
            <span className="admin-muted">
              <Who user={item.user} />
            </span>
          </>
        }
        end={
          <>
            {item.test_funds ? (
              <span className="badge badge--info">
                <Trans>Test funds</Trans>
              </span>
            ) : null}
            <StatusBadge status={WITHDRAWAL_STATUSES[item.status]} />
          </>
        }
      />
      <div>
        <Facts
          rows={[
            [<Trans key="m">Method</Trans>, i18n._(WITHDRAWAL_METHODS[item.method])],
            ...payoutFacts(i18n, item.account),
            [<Trans key="p">Points</Trans>, formatPoints(i18n, item.points)],
            [
              <Trans key="s" context="withdrawal">
                Requested on
              </Trans>,
              formatMoment(i18n, item.created_at),
            ],
            item.processed_by && item.processed_at
              ? [
                  <Trans key="b">Processed by</Trans>,
                  <span key="v">
                    <Who user={item.processed_by} /> · {formatMoment(i18n, item.processed_at)}
                  </span>,
                ]
              : null,
            item.reject_reason
              ? [
                  <Trans key="r" context="admin">
                    Reason
                  </Trans>,
                  <bdi key="v">{item.reject_reason}</bdi>,
                ]
              : null,
          ]}
        />
      </div>
      {item.status === 'pending' && item.test_funds ? (
        <p className="admin-callout">
          <Trans>
            These points come from test-mode payments, which are not real money: this withdrawal can only be rejected.
          </Trans>
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
export function AdminReportRow({
  item,
  onResolve,
  onDismiss,
  onHide,
}: {
  item: AdminReport;
  onResolve(): void;
  onDismiss(): void;
  onHide?(): void;
}) {
  const { i18n, t } = useLingui();
  return (
    <article className="admin-row" aria-label={t`Report ${item.id}`}>
      <RowHead
        title={
          <>
            {i18n._(REPORT_TARGET_LABELS[item.target])}
            {item.target_message ? null : (
              <>
                : <bdi>{item.target_label ?? item.target_id}</bdi>
              </>
            )}
          </>
        }
        end={<StatusBadge status={REPORT_STATUSES[item.status]} />}
      />
      {item.target_message ? <ReportedMessage message={item.target_message} /> : null}
      <Facts
        rows={[
          [
            <Trans key="r" context="admin">
              Reason
            </Trans>,
            item.reason_name,
          ],
          item.text ? [<Trans key="t">Text</Trans>, <bdi key="v">{item.text}</bdi>] : null,
          [<Trans key="b">Reported by</Trans>, <Who key="v" user={item.reporter} />],
          [
            <Trans key="s" context="date">
              Sent on
            </Trans>,
            formatMoment(i18n, item.created_at),
          ],
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
  const { i18n, t } = useLingui();
  return (
    <article className="admin-row" aria-label={item.name}>
      <RowHead
        title={<bdi>{item.name}</bdi>}
        end={
          <>
            {item.visible ? null : (
              <span className="badge badge--muted">
                <Trans>Switched off by the owner</Trans>
              </span>
            )}
            <StatusBadge status={LISTING_STATUSES[item.status]} />
          </>
        }
      />
      <Facts
        rows={[
          [<Trans key="k">Kind</Trans>, item.source === 'merchant' ? t`Venue` : t`Profile`],
          [<Trans key="o">Owner</Trans>, <Who key="v" user={item.owner} />],
          [<Trans key="c">Created on</Trans>, formatMoment(i18n, item.created_at)],
          [<Trans key="u">Last edited</Trans>, formatMoment(i18n, item.updated_at)],
          item.moderation_note
            ? [<Trans key="n">Note for the owner</Trans>, <bdi key="v">{item.moderation_note}</bdi>]
            : null,
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
      <RowHead title={<Who user={user} />} end={null} />
      <Facts
        rows={[
          [<Trans key="e">E-mail</Trans>, <bdi key="v">{user.email}</bdi>],
          [<Trans key="r">Role</Trans>, i18n._(ROLES[user.role] ?? ROLES.member)],
          [<Trans key="m">Membership</Trans>, i18n._(MEMBERSHIP_LABELS[user.membership as 0 | 1 | 2 | 3 | 4])],
          [<Trans key="k">Identity check</Trans>, <StatusBadge key="v" status={KYC_STATUSES[user.kyc_status]} />],
          [<Trans key="c">Coins</Trans>, formatPoints(i18n, user.balances.coins)],
          [<Trans key="w">Earned points</Trans>, formatPoints(i18n, user.balances.earned)],
          [<Trans key="h">Held for withdrawals</Trans>, formatPoints(i18n, user.balances.hold)],
          [<Trans key="v">Venues</Trans>, i18n.number(user.merchant_count)],
          [<Trans key="p">Profiles</Trans>, i18n.number(user.partner_count)],
          [<Trans key="j">Member since</Trans>, formatMoment(i18n, user.created_at)],
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
