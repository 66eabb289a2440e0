import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  ADMIN_ACTIONS,
  AUDIT_TARGET_TYPES,
  type AdminAction,
  type AuditEntry,
  type AuditTargetType,
} from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { type IdDocumentType } from '@/contract/feature-enums';
import { Button } from '../kit/button';
import { TextField } from '../kit/text-field';
import { formatMoney, formatPoints } from '../wallet/wallet-format';
import {
  AUDIT_ACTIONS,
  AUDIT_FIELDS,
  AUDIT_TARGETS,
  type AuditField,
  DOCUMENT_TYPES,
  KYC_STATUSES,
  LISTING_STATUSES,
  REPORT_STATUSES,
  ROLES,
  type StatusLabel,
  WITHDRAWAL_METHODS,
  WITHDRAWAL_STATUSES,
} from './admin-labels';
import { FilterDate, FilterSelect } from './filter-select';
import { Who } from './admin-rows';
import './admin.css';

/** One line of an audit row's changes: a field that went from one value to another, or a value it was given. */
export interface AuditChange {
  field: AuditField;
  from?: string;
  to: string;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function statusText(i18n: I18n, labels: Record<string, StatusLabel>, value: unknown): string | null {
  return typeof value === 'string' && labels[value] ? i18n._(labels[value].label) : null;
}

/**
 * What an audit row changed, in words (issue 31 item 10): the status before and after, and the values the action
 * carried (amount, reason, note). Built from what each action writes (see the server's recordAdminAction calls);
 * a detail this does not know is left out rather than shown as a raw key.
 */
export function auditChanges(i18n: I18n, entry: AuditEntry): AuditChange[] {
  const d = entry.details;
  const changes: (AuditChange | null)[] = [];
  const change = (field: AuditField, to: string | null, from?: string | null): AuditChange | null =>
    to === null ? null : { field, to, ...(from ? { from } : {}) };
  switch (entry.action) {
    case 'withdrawal.pay':
    case 'withdrawal.reject': {
      const status = entry.action === 'withdrawal.pay' ? 'paid' : 'rejected';
      changes.push(
        change(
          'status',
          statusText(i18n, WITHDRAWAL_STATUSES, status),
          statusText(i18n, WITHDRAWAL_STATUSES, 'pending'),
        ),
        change('amount', num(d.amount) === null ? null : formatMoney(i18n, num(d.amount)!)),
        change('points', num(d.points) === null ? null : formatPoints(i18n, num(d.points)!)),
        change(
          'method',
          typeof d.method === 'string' && d.method in WITHDRAWAL_METHODS
            ? i18n._(WITHDRAWAL_METHODS[d.method as keyof typeof WITHDRAWAL_METHODS])
            : null,
        ),
        change('reason', text(d.reason)),
      );
      break;
    }
    case 'report.resolve':
      changes.push(
        change('status', statusText(i18n, REPORT_STATUSES, d.outcome), statusText(i18n, REPORT_STATUSES, 'open')),
        change('note', text(d.note)),
      );
      break;
    case 'listing.hide':
    case 'listing.unhide':
    case 'listing.status':
      changes.push(
        change('status', statusText(i18n, LISTING_STATUSES, d.to), statusText(i18n, LISTING_STATUSES, d.from)),
        change('note', text(d.note) ?? text(d.previous_note)),
      );
      break;
    case 'listing.remove':
      changes.push(change('name', text(d.name)), change('reason', text(d.reason) ?? text(d.note)));
      break;
    case 'kyc.approve':
    case 'kyc.reject':
      changes.push(
        change(
          'status',
          i18n._(KYC_STATUSES[entry.action === 'kyc.approve' ? KycStatus.Approved : KycStatus.Rejected].label),
          i18n._(KYC_STATUSES[KycStatus.Applying].label),
        ),
        change(
          'document',
          typeof d.document_type === 'number' && d.document_type in DOCUMENT_TYPES
            ? i18n._(DOCUMENT_TYPES[d.document_type as IdDocumentType])
            : null,
        ),
        change('reason', text(d.reason)),
      );
      break;
    case 'role.grant':
      changes.push(
        change(
          'role',
          i18n._(ROLES.admin),
          d.created === true
            ? null
            : typeof d.previous_role === 'string'
              ? i18n._(ROLES[d.previous_role] ?? ROLES.member)
              : null,
        ),
      );
      break;
    case 'sessions.revoke':
      changes.push(change('sessions', num(d.sessions) === null ? null : i18n.number(num(d.sessions)!)));
      break;
  }
  return changes.filter((c): c is AuditChange => c !== null);
}

/** The record an entry is about: its kind and number, and its name where the row keeps one. */
function RecordCell({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const kind = i18n._(AUDIT_TARGETS[entry.target_type]);
  const name = text(entry.details.name);
  if (entry.target_type === 'user') {
    return (
      <span className="audit-record">
        <span className="audit-record-kind">{kind}</span>
        {entry.member ? <Who user={entry.member} /> : null}
      </span>
    );
  }
  return (
    <span className="audit-record">
      <span className="audit-record-kind">
        {kind} <bdi dir="ltr">#{entry.target_id}</bdi>
      </span>
      {name ? <bdi>{name}</bdi> : null}
      {entry.member ? (
        <span className="admin-muted">
          <Who user={entry.member} />
        </span>
      ) : null}
    </span>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { i18n } = useLingui();
  const changes = auditChanges(i18n, entry);
  if (changes.length === 0) return <span className="admin-muted">—</span>;
  return (
    <div className="audit-changes">
      {changes.map(({ field, from, to }) => {
        const label = i18n._(AUDIT_FIELDS[field]);
        return (
          <p key={field} className="audit-change">
            {from ? (
              <Trans comment="One change in the audit log: a field, its old value and its new one. Point the arrow from the old value to the new one in your script's direction.">
                {label}: <span className="audit-old">{from}</span> → <span className="audit-new">{to}</span>
              </Trans>
            ) : (
              <Trans comment="A value an admin action carried, in the audit log: a field and its value.">
                {label}: <bdi className="audit-value">{to}</bdi>
              </Trans>
            )}
          </p>
        );
      })}
    </div>
  );
}

export type AuditListStatus = 'loading' | 'ready' | 'loadingMore' | 'end' | 'error';

export interface AuditTableProps {
  entries: readonly AuditEntry[];
  status: AuditListStatus;
  /** The failure, translated (for the first page, or the next). */
  error?: string;
  onLoadMore(): void;
  onRetry(): void;
  empty: ReactNode;
  errorState(message: string, onRetry: () => void): ReactNode;
}

/**
 * The audit log as a table (issue 31 item 10): when, who, what, to which record, and what changed. On a phone each
 * row becomes a card whose cells carry their column's name, so nothing scrolls sideways.
 */
export function AuditTable({ entries, status, error, onLoadMore, onRetry, empty, errorState }: AuditTableProps) {
  const { t, i18n } = useLingui();
  if (status === 'loading') {
    return (
      <div className="record-skeletons" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <span key={i} className="skeleton record-skeleton" />
        ))}
        <span className="visually-hidden" role="status">
          <Trans>Loading…</Trans>
        </span>
      </div>
    );
  }
  if (entries.length === 0 && status === 'error') return <>{errorState(error ?? '', onRetry)}</>;
  if (entries.length === 0) return <>{empty}</>;
  const columns = {
    when: t({ message: 'When', context: 'audit column' }),
    who: t({ message: 'Admin', context: 'audit column' }),
    what: t({ message: 'Action', context: 'audit column' }),
    record: t({ message: 'Record', context: 'audit column' }),
    changes: t({ message: 'Changes', context: 'audit column' }),
  };
  return (
    <div className="audit">
      <table className="audit-table" role="table">
        <caption className="visually-hidden">{t`Admin actions, newest first`}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {columns.when}
            </th>
            <th scope="col" role="columnheader">
              {columns.who}
            </th>
            <th scope="col" role="columnheader">
              {columns.what}
            </th>
            <th scope="col" role="columnheader">
              {columns.record}
            </th>
            <th scope="col" role="columnheader">
              {columns.changes}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {entries.map((entry) => (
            <tr key={entry.id} role="row">
              <td role="cell" data-label={columns.when}>
                <time dateTime={entry.created_at}>
                  {i18n.date(entry.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </td>
              <td role="cell" data-label={columns.who}>
                <Who user={entry.admin} />
              </td>
              <td role="cell" data-label={columns.what} className="audit-action">
                {i18n._(AUDIT_ACTIONS[entry.action])}
              </td>
              <td role="cell" data-label={columns.record}>
                <RecordCell entry={entry} />
              </td>
              <td role="cell" data-label={columns.changes}>
                <Changes entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="listing-list-foot">
        {status === 'error' ? errorState(error ?? '', onRetry) : null}
        {status === 'ready' || status === 'loadingMore' ? (
          <Button variant="secondary" busy={status === 'loadingMore'} onClick={onLoadMore}>
            <Trans>Load more</Trans>
          </Button>
        ) : null}
        {status === 'end' ? (
          <p className="listing-list-end">
            <Trans>That is every action that matches.</Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The audit log's filters, as the screen keeps them: '' is "all". Dates are 'YYYY-MM-DD' in the admin's calendar. */
export interface AuditFilterValues {
  action: AdminAction | '';
  target: AuditTargetType | '';
  admin: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = { action: '', target: '', admin: '', from: '', to: '' };

/**
 * The audit log's filters (issue 31 item 10): action, record type, the admin's user name, and a date range. A select
 * or a date applies at once; the user name when the field is left or Enter is pressed. The range cannot be reversed:
 * each date bounds the other.
 */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange(values: AuditFilterValues): void;
}) {
  const { t, i18n } = useLingui();
  const [admin, setAdmin] = useState(values.admin);
  useEffect(() => setAdmin(values.admin), [values.admin]);
  const set = (patch: Partial<AuditFilterValues>) => onChange({ ...values, ...patch });
  const commitAdmin = (event?: FormEvent) => {
    event?.preventDefault();
    if (admin.trim() !== values.admin) set({ admin: admin.trim() });
  };
  const active = JSON.stringify(values) !== JSON.stringify(NO_AUDIT_FILTERS);
  return (
    <form className="admin-filters" role="search" aria-label={t`Filter the audit log`} onSubmit={commitAdmin}>
      <FilterSelect
        label={t`Action`}
        name="action"
        value={values.action || 'all'}
        options={[
          { value: 'all', label: t`All actions` },
          ...ADMIN_ACTIONS.filter((a) => a !== 'listing.remove').map((a) => ({
            value: a,
            label: i18n._(AUDIT_ACTIONS[a]),
          })),
        ]}
        onChange={(value) => set({ action: value === 'all' ? '' : (value as AdminAction) })}
      />
      <FilterSelect
        label={t`Record type`}
        name="target"
        value={values.target || 'all'}
        options={[
          { value: 'all', label: t`All records` },
          ...AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: i18n._(AUDIT_TARGETS[type]) })),
        ]}
        onChange={(value) => set({ target: value === 'all' ? '' : (value as AuditTargetType) })}
      />
      <TextField
        className="admin-filter"
        label={t`Admin's user name`}
        name="admin"
        type="search"
        value={admin}
        placeholder={t`Any admin`}
        onChange={setAdmin}
        onBlur={() => commitAdmin()}
      />
      <FilterDate
        label={t({ message: 'From', context: 'date range' })}
        name="from"
        value={values.from}
        max={values.to}
        onChange={(from) => set({ from })}
      />
      <FilterDate
        label={t({ message: 'To', context: 'date range' })}
        name="to"
        value={values.to}
        min={values.from}
        onChange={(to) => set({ to })}
      />
      {active ? (
        <Button variant="link" onClick={() => onChange(NO_AUDIT_FILTERS)}>
          <Trans>Clear filters</Trans>
        </Button>
      ) : null}
    </form>
  );
}
