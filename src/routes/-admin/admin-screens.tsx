import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import * as admin from '@/contract/calls/admin';
import { MODERATION_NOTE_MAX, type PagedList } from '@/contract/shapes';
import { type PerformInput, requestMachine } from '@/machines/app/request.machine';
import { type FetchPageInput, listingListMachine } from '@/machines/directory/listing-list.machine';
import { storage } from '@/services/storage';
import { registerMessages } from '@/ui/app/messages';
import { requestErrorText } from '@/ui/directory/directory-names';
import { EmptyState, ErrorState } from '@/ui/directory/listing-list';
import { ConfirmDialog, KycRejectDialog, ReasonDialog } from '@/ui/admin/admin-dialogs';
import { ACCOUNT_NUMBER_FIELDS, PAYOUT_FIELDS, WITHDRAWAL_METHODS } from '@/ui/admin/admin-labels';
import {
  AdminListingRow,
  AdminReportRow,
  AdminUserCard,
  AdminWithdrawalRow,
  KycRow,
  kycImageParts,
} from '@/ui/admin/admin-rows';
import {
  AuditFilters,
  type AuditFilterValues,
  type AuditListStatus,
  AuditTable,
  NO_AUDIT_FILTERS,
} from '@/ui/admin/audit-table';
import { FilterSelect } from '@/ui/admin/filter-select';
import { Button } from '@/ui/kit/button';
import { TextField } from '@/ui/kit/text-field';
import { formatMoney } from '@/ui/wallet/wallet-format';
import { useAppSystem } from '../-app/app-context';
import { useImageViewer } from '../-app/image-viewer';
import { useDocumentTitle } from '../-app/use-document-title';
import { ListingFeed } from '../-directory/listing-feed';
import { useRefreshAdminCounts } from './admin-counts';
import { isAdminSection } from './admin-sections';

/** The console's toast codes, registered when its pages load (as the wallet's are). */
registerMessages({
  'toast.admin.done': msg`Done.`,
});

const PAGE_SIZE = 20;

/** A list that reloads from its first page when `version` changes (after an action). */
function useReload(): [number, () => void] {
  const [version, setVersion] = useState(0);
  return [version, () => setVersion((v) => v + 1)];
}

/**
 * An action waiting for the admin's word: a confirmation, a reason in their words, or an identity check's rejection
 * (preset reasons and free text). `perform` runs the call with the text given (none for a confirmation).
 */
type ActionSpec =
  | {
      kind: 'confirm';
      title: string;
      body?: ReactNode;
      confirmLabel: string;
      tone?: 'primary' | 'danger';
      perform(): Promise<unknown>;
    }
  | {
      kind: 'reason';
      title: string;
      label: string;
      hint?: ReactNode;
      submitLabel: string;
      maxLength: number;
      tone?: 'primary' | 'danger';
      perform(text: string): Promise<unknown>;
    }
  | { kind: 'kycReject'; name: string; maxLength: number; perform(text: string): Promise<unknown> };

/**
 * The dialog of one action, bound to the request machine: busy while the call runs, the server's refusal under the
 * form, and on success the dialog closes, a toast says "Done.", the list reloads and the tabs' counts are read again.
 */
function ActionDialog({ spec, onClose, onDone }: { spec: ActionSpec; onClose(): void; onDone(): void }) {
  const { i18n } = useLingui();
  const { toast } = useAppSystem();
  const refreshCounts = useRefreshAdminCounts();
  const actor = useActorRef(
    requestMachine.provide({
      actors: {
        perform: fromPromise<unknown, PerformInput>(({ input }) =>
          spec.perform((input.params as { text: string }).text),
        ),
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const done = useSelector(actor, (s) => s.matches('finished'));
  useEffect(() => {
    // Once, when the call succeeds.
    if (!done) return;
    onClose();
    toast.send({ type: 'toast.show', kind: 'success', message: 'toast.admin.done' });
    onDone();
    refreshCounts();
  }, [done]);
  const run = (text = '') => actor.send({ type: 'request.start', params: { text } });
  const state = { busy, error: error ? requestErrorText(i18n, error) : undefined, onCancel: onClose };
  switch (spec.kind) {
    case 'confirm':
      return (
        <ConfirmDialog
          {...state}
          title={spec.title}
          confirmLabel={spec.confirmLabel}
          tone={spec.tone}
          onConfirm={() => run()}
        >
          {spec.body}
        </ConfirmDialog>
      );
    case 'reason':
      return (
        <ReasonDialog
          {...state}
          title={spec.title}
          label={spec.label}
          hint={spec.hint}
          submitLabel={spec.submitLabel}
          maxLength={spec.maxLength}
          tone={spec.tone}
          onSubmit={run}
        />
      );
    case 'kycReject':
      return <KycRejectDialog {...state} name={spec.name} maxLength={spec.maxLength} onSubmit={run} />;
  }
}

/** A screen's pending action: `ask` opens its dialog, `dialog` is rendered once in the screen. */
function useActionDialog(onDone: () => void) {
  const [spec, setSpec] = useState<ActionSpec | null>(null);
  const dialog = spec ? <ActionDialog spec={spec} onClose={() => setSpec(null)} onDone={onDone} /> : null;
  return { ask: setSpec, dialog };
}

function Page({ title, filters, children }: { title: string; filters?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-column page-column--tight admin-page">
      <h2 className="admin-page-title">{title}</h2>
      {filters}
      {children}
    </div>
  );
}

const pageOf = (input: FetchPageInput) => ({ limit: PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) });

/**
 * A console queue (identity checks, withdrawals, reports, listings): its filters, its rows a page at a time, and one
 * action dialog; a finished action reloads the list from its first page. `renderItem` gets `ask`, which opens an
 * action's dialog.
 */
function QueueScreen<T>({
  title,
  filters,
  query,
  fetchPage,
  keyOf,
  renderItem,
  empty,
}: {
  title: string;
  filters?: ReactNode;
  query: Record<string, unknown>;
  fetchPage(input: FetchPageInput, signal: AbortSignal): Promise<PagedList<T>>;
  keyOf(item: T): string;
  renderItem(item: T, ask: (spec: ActionSpec) => void): ReactNode;
  empty: ReactNode;
}) {
  const [version, reload] = useReload();
  const action = useActionDialog(reload);
  const render = useCallback((raw: unknown) => renderItem(raw as T, action.ask), [renderItem, action.ask]);
  return (
    <Page title={title} filters={filters}>
      <ListingFeed
        layout="rows"
        query={{ ...query, version }}
        label={title}
        fetchPage={fetchPage as (input: FetchPageInput, signal: AbortSignal) => Promise<PagedList<unknown>>}
        keyOf={(item) => keyOf(item as T)}
        renderItem={render}
        empty={empty}
      />
      {action.dialog}
    </Page>
  );
}

/** The decrypted images of a KYC application (GET with the session token: never in a URL). */
function useKycImages(item: admin.AdminKycSubmission) {
  const [urls, setUrls] = useState<{ front: string | null; back: string | null; selfie: string | null }>({
    front: null,
    back: null,
    selfie: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const made: string[] = [];
    const token = storage.getToken();
    for (const part of ['front', 'back', 'selfie'] as const) {
      const path = item.images[part];
      if (!path) continue;
      void fetch(path, { headers: { authorization: `Bearer ${token ?? ''}` }, signal: controller.signal })
        .then((response) => (response.ok ? response.blob() : null))
        .then((blob) => {
          if (!blob) return;
          const url = URL.createObjectURL(blob);
          made.push(url);
          setUrls((current) => ({ ...current, [part]: url }));
        })
        .catch(() => undefined);
    }
    return () => {
      controller.abort();
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [item.images]);
  return urls;
}

/**
 * One application with its images; a click on an image opens them all full size in the app's photo viewer (zoom,
 * pan, next and previous: issue 31 item 11).
 */
function KycQueueItem({
  item,
  onApprove,
  onReject,
}: {
  item: admin.AdminKycSubmission;
  onApprove(): void;
  onReject(): void;
}) {
  const { i18n } = useLingui();
  const images = useKycImages(item);
  const viewerImages = useMemo(
    () =>
      kycImageParts(i18n, item).flatMap(({ part, description }) =>
        images[part] ? [{ src: images[part]!, alt: description }] : [],
      ),
    [images, item, i18n],
  );
  const photos = useImageViewer(viewerImages);
  return (
    <>
      <KycRow
        item={item}
        images={images}
        onOpenImage={(index) => photos.open(index)}
        onApprove={onApprove}
        onReject={onReject}
      />
      {photos.viewer}
    </>
  );
}

/** /admin/kyc: identity verifications, oldest waiting first; approve, or reject with a reason. */
export function KycQueueScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const [status, setStatus] = useState('1');
  const title = t`Identity checks`;
  const renderItem = useCallback(
    (item: admin.AdminKycSubmission, ask: (spec: ActionSpec) => void) => {
      return (
        <KycQueueItem
          item={item}
          onApprove={() =>
            ask({
              kind: 'confirm',
              title: t`Approve the identity of ${item.full_name}?`,
              body: (
                <p className="admin-dialog-text">
                  <Trans>
                    {item.user.nickname} will be able to publish listings and withdraw what they earn. The member is
                    told at once.
                  </Trans>
                </p>
              ),
              confirmLabel: t`Approve`,
              perform: () => api.call(admin.kycReview, { id: item.id, decision: 'approve' }),
            })
          }
          onReject={() =>
            ask({
              kind: 'kycReject',
              name: item.full_name,
              maxLength: admin.KYC_REJECT_REASON_MAX,
              perform: (reason) => api.call(admin.kycReview, { id: item.id, decision: 'reject', reason }),
            })
          }
        />
      );
    },
    [api, t],
  );
  return (
    <QueueScreen
      title={title}
      filters={
        <div className="admin-filters">
          <FilterSelect
            label={t`Status`}
            name="status"
            value={status}
            options={[
              { value: '1', label: t`Waiting for review` },
              { value: '2', label: t({ message: 'Approved', context: 'identity check' }) },
              { value: '3', label: t({ message: 'Rejected', context: 'identity check' }) },
            ]}
            onChange={setStatus}
          />
        </div>
      }
      query={{ status }}
      fetchPage={(input, signal) =>
        api.call(admin.kycQueue, { status: Number(status) as 1 | 2 | 3, ...pageOf(input) }, { signal })
      }
      keyOf={(item) => String(item.id)}
      renderItem={renderItem}
      empty={<EmptyState title={<Trans>Nothing is waiting.</Trans>} />}
    />
  );
}

/** /admin/withdrawals: pending withdrawals first; mark paid (the hold is posted) or reject (it is released). */
export function WithdrawalsQueueScreen(_: { lang: string }) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const [status, setStatus] = useState<'pending' | 'paid' | 'rejected' | 'all'>('pending');
  const title = t`Withdrawals`;
  const renderItem = useCallback(
    (item: admin.AdminWithdrawal, ask: (spec: ActionSpec) => void) => {
      const amount = formatMoney(i18n, item.amount);
      const name = item.user.nickname || item.user.username;
      const numberField = ACCOUNT_NUMBER_FIELDS.find((field) => item.account[field]);
      return (
        <AdminWithdrawalRow
          item={item}
          onPay={() =>
            ask({
              kind: 'confirm',
              title: t`Mark ${amount} to ${name} as paid?`,
              body: (
                <>
                  <p className="admin-dialog-text">
                    <Trans>Only after the money has been sent. The held points leave the member's wallet.</Trans>
                  </p>
                  <p className="admin-dialog-text admin-muted">
                    {i18n._(WITHDRAWAL_METHODS[item.method])}
                    {numberField ? (
                      <>
                        {' · '}
                        {i18n._(PAYOUT_FIELDS[numberField])}{' '}
                        <bdi dir="ltr" className="admin-mono">
                          {item.account[numberField]}
                        </bdi>
                      </>
                    ) : null}
                  </p>
                </>
              ),
              confirmLabel: t`Mark as paid`,
              perform: () =>
                api.call(admin.withdrawalPay, { id: item.id, idempotency_key: globalThis.crypto.randomUUID() }),
            })
          }
          onReject={() =>
            ask({
              kind: 'reason',
              title: t`Reject the withdrawal of ${amount} to ${name}?`,
              hint: (
                <p className="admin-dialog-text">
                  <Trans>The points go back to the member's withdrawable balance.</Trans>
                </p>
              ),
              label: t`Reason, shown to the member`,
              submitLabel: t`Reject`,
              tone: 'danger',
              maxLength: admin.WITHDRAWAL_REJECT_REASON_MAX,
              perform: (reason) =>
                api.call(admin.withdrawalReject, {
                  id: item.id,
                  reason,
                  idempotency_key: globalThis.crypto.randomUUID(),
                }),
            })
          }
        />
      );
    },
    [api, i18n, t],
  );
  return (
    <QueueScreen
      title={title}
      filters={
        <div className="admin-filters">
          <FilterSelect
            label={t`Status`}
            name="status"
            value={status}
            options={[
              { value: 'pending', label: t({ message: 'Pending', context: 'withdrawal status' }) },
              { value: 'paid', label: t({ message: 'Paid', context: 'withdrawal status' }) },
              { value: 'rejected', label: t({ message: 'Rejected', context: 'withdrawal status' }) },
              { value: 'all', label: t`All statuses` },
            ]}
            onChange={(value) => setStatus(value as typeof status)}
          />
        </div>
      }
      query={{ status }}
      fetchPage={(input, signal) =>
        api.call(admin.withdrawals, { ...(status === 'all' ? {} : { status }), ...pageOf(input) }, { signal })
      }
      keyOf={(item) => String(item.id)}
      renderItem={renderItem}
      empty={
        <EmptyState
          title={status === 'pending' ? <Trans>Nothing is waiting.</Trans> : <Trans>No withdrawals here.</Trans>}
        />
      }
    />
  );
}

/** /admin/reports: open reports; resolve, dismiss, or hide the reported listing. */
export function ReportsQueueScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const title = t`Reports`;
  const renderItem = useCallback(
    (item: admin.AdminReport, ask: (spec: ActionSpec) => void) => {
      const listing = item.target === 'merchant' || item.target === 'partner';
      const close = (outcome: 'resolved' | 'dismissed') =>
        ask({
          kind: 'confirm',
          title: outcome === 'resolved' ? t`Mark this report as resolved?` : t`Dismiss this report?`,
          confirmLabel:
            outcome === 'resolved'
              ? t({ message: 'Resolved', context: 'report action' })
              : t({ message: 'Dismiss', context: 'report' }),
          perform: () => api.call(admin.reportResolve, { id: item.id, outcome }),
        });
      const name = item.target_label ?? item.target_id;
      return (
        <AdminReportRow
          item={item}
          onResolve={() => close('resolved')}
          onDismiss={() => close('dismissed')}
          onHide={
            listing
              ? () =>
                  ask({
                    kind: 'reason',
                    title: t`Hide ${name}`,
                    label: t`Note for the owner`,
                    submitLabel: t`Hide`,
                    maxLength: MODERATION_NOTE_MAX,
                    perform: async (note) => {
                      await api.call(admin.listingHide, {
                        source: item.target as 'merchant' | 'partner',
                        id: Number(item.target_id),
                        note,
                      });
                      await api.call(admin.reportResolve, { id: item.id, outcome: 'resolved', note });
                    },
                  })
              : undefined
          }
        />
      );
    },
    [api, t],
  );
  return (
    <QueueScreen
      title={title}
      query={{}}
      fetchPage={(input, signal) => api.call(admin.reports, { status: 'open', ...pageOf(input) }, { signal })}
      keyOf={(item) => String(item.id)}
      renderItem={renderItem}
      empty={<EmptyState title={<Trans>No open reports.</Trans>} />}
    />
  );
}

/** /admin/listings: hidden listings (or published ones) by source; hide with a note, or show again. */
export function ModerationScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const [source, setSource] = useState<'merchant' | 'partner'>('merchant');
  const [status, setStatus] = useState<'hidden' | 'published'>('hidden');
  const title = t`Moderation`;
  const renderItem = useCallback(
    (item: admin.AdminListing, ask: (spec: ActionSpec) => void) => {
      return (
        <AdminListingRow
          item={item}
          onHide={() =>
            ask({
              kind: 'reason',
              title: t`Hide ${item.name}`,
              label: t`Note for the owner`,
              submitLabel: t`Hide`,
              maxLength: MODERATION_NOTE_MAX,
              perform: (note) => api.call(admin.listingHide, { source: item.source, id: item.id, note }),
            })
          }
          onUnhide={() =>
            ask({
              kind: 'confirm',
              title: t`Show ${item.name} to everyone again?`,
              confirmLabel: t`Show again`,
              perform: () => api.call(admin.listingUnhide, { source: item.source, id: item.id }),
            })
          }
        />
      );
    },
    [api, t],
  );
  return (
    <QueueScreen
      title={title}
      filters={
        <div className="admin-filters">
          <FilterSelect
            label={t({ message: 'Listings', context: 'kind of listing' })}
            name="source"
            value={source}
            options={[
              { value: 'merchant', label: t`Venues` },
              { value: 'partner', label: t`Profiles` },
            ]}
            onChange={(value) => setSource(value as typeof source)}
          />
          <FilterSelect
            label={t`Status`}
            name="status"
            value={status}
            options={[
              { value: 'hidden', label: t({ message: 'Hidden', context: 'listing status' }) },
              { value: 'published', label: t({ message: 'Published', context: 'listing status' }) },
            ]}
            onChange={(value) => setStatus(value as typeof status)}
          />
        </div>
      }
      query={{ source, status }}
      fetchPage={(input, signal) => api.call(admin.listings, { source, status, ...pageOf(input) }, { signal })}
      keyOf={(item) => `${item.source}-${item.id}`}
      renderItem={renderItem}
      empty={<EmptyState title={<Trans>No listings here.</Trans>} />}
    />
  );
}

/** /admin/users: a user by user name, e-mail or uuid. */
export function UserLookupScreen(_: { lang: string }) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const [query, setQuery] = useState('');
  const actor = useActorRef(
    requestMachine.provide({
      actors: {
        perform: fromPromise<unknown, PerformInput>(({ input, signal }) =>
          api.call(admin.userLookup, input.params as { query: string }, { signal }),
        ),
      },
    }),
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const found = useSelector(actor, (s) => (s.matches('finished') ? (s.context.result as admin.AdminUser) : null));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const action = useActionDialog(() => undefined);
  const title = t`Users`;
  return (
    <Page title={title}>
      <form
        className="admin-filters"
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim()) actor.send({ type: 'request.start', params: { query: query.trim() } });
        }}
      >
        <TextField label={t`User name, e-mail or uuid`} name="query" type="search" value={query} onChange={setQuery} />
        <Button type="submit" busy={busy}>
          <Trans>Look up</Trans>
        </Button>
      </form>
      {error ? (
        <ErrorState message={requestErrorText(i18n, error)} onRetry={() => actor.send({ type: 'request.start' })} />
      ) : null}
      {found ? (
        <AdminUserCard
          user={found}
          onSignOut={() =>
            action.ask({
              kind: 'confirm',
              title: t`Sign ${found.nickname || found.username} out on all devices?`,
              body: (
                <p className="admin-dialog-text">
                  <Trans>
                    Every session of this account ends now, and its chat closes within seconds. The member can log in
                    again with their password.
                  </Trans>
                </p>
              ),
              confirmLabel: t`Sign out on all devices`,
              tone: 'danger',
              perform: () => api.call(admin.userSignOut, { uuid: found.uuid }),
            })
          }
        />
      ) : null}
      {action.dialog}
    </Page>
  );
}

const AUDIT_STATUS: Record<string, AuditListStatus> = {
  idle: 'loading',
  loading: 'loading',
  loaded: 'ready',
  loadingMore: 'loadingMore',
  end: 'end',
  error: 'error',
};

/** The start of a calendar day ('YYYY-MM-DD') in the admin's own time zone, as an instant the server compares. */
function startOfLocalDay(date: string, addDays = 0): string | undefined {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  return new Date(year, month - 1, day + addDays).toISOString();
}

/** The audit log call's filters: the "to" day is included, so the range ends at the start of the day after. */
function auditPayload(filters: AuditFilterValues) {
  const from = filters.from ? startOfLocalDay(filters.from) : undefined;
  const to = filters.to ? startOfLocalDay(filters.to, 1) : undefined;
  return {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.target ? { target_type: filters.target } : {}),
    ...(filters.admin ? { admin: filters.admin } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
}

/** /admin/audit: every admin action, newest first, as a table with filters (issue 31 item 10). */
export function AuditLogScreen(_: { lang: string }) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const title = t`Audit log`;
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const actor = useActorRef(
    listingListMachine.provide({
      actors: {
        fetchPage: fromPromise<PagedList<unknown>, FetchPageInput>(
          ({ input, signal }) =>
            api.call(
              admin.auditLog,
              { ...auditPayload(input.query as AuditFilterValues), ...pageOf(input) },
              { signal },
            ) as Promise<PagedList<unknown>>,
        ),
      },
    }),
    { input: { query: filters, keyOf: (item) => String((item as admin.AuditEntry).id) } },
  );
  const state = useSelector(actor, (s) => String(s.value));
  const entries = useSelector(actor, (s) => s.context.items) as admin.AuditEntry[];
  const error = useSelector(actor, (s) => s.context.error);
  useEffect(() => actor.send({ type: 'list.load' }), [actor]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    actor.send({ type: 'list.query', query: filters });
  }, [actor, filters]);
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_AUDIT_FILTERS);
  return (
    <Page title={title} filters={<AuditFilters values={filters} onChange={setFilters} />}>
      <AuditTable
        entries={entries}
        status={AUDIT_STATUS[state] ?? 'loading'}
        error={error ? requestErrorText(i18n, error) : undefined}
        onLoadMore={() => actor.send({ type: 'list.loadMore' })}
        onRetry={() => actor.send({ type: 'list.retry' })}
        errorState={(message, onRetry) => <ErrorState message={message} onRetry={onRetry} />}
        empty={
          <EmptyState
            title={
              filtered ? <Trans>No admin action matches these filters.</Trans> : <Trans>No admin actions yet.</Trans>
            }
          />
        }
      />
    </Page>
  );
}

const SECTION_PAGES = {
  kyc: KycQueueScreen,
  withdrawals: WithdrawalsQueueScreen,
  reports: ReportsQueueScreen,
  listings: ModerationScreen,
  users: UserLookupScreen,
  audit: AuditLogScreen,
} as const;

/** The page of one section of the console. */
export function AdminSectionPage({ lang, section }: { lang: string; section: string }) {
  if (!isAdminSection(section)) return null;
  const Screen = SECTION_PAGES[section];
  return <Screen key={section} lang={lang} />;
}
