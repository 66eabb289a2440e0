import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import * as admin from '@/contract/calls/admin';
import { MODERATION_NOTE_MAX, type PagedList } from '@/contract/shapes';
import { type PerformInput, requestMachine } from '@/machines/app/request.machine';
import type { FetchPageInput } from '@/machines/directory/listing-list.machine';
import { storage } from '@/services/storage';
import { registerMessages } from '@/ui/app/messages';
import { requestErrorText } from '@/ui/directory/directory-names';
import { EmptyState, ErrorState } from '@/ui/directory/listing-list';
import { AdminListingRow, AdminReportRow, AdminUserCard, AdminWithdrawalRow, AuditRow, KycRow } from '@/ui/admin/admin-rows';
import { Button } from '@/ui/kit/button';
import { SelectField, TextAreaField } from '@/ui/kit/choice-fields';
import { FormDialog } from '@/ui/kit/form-dialog';
import { FormError } from '@/ui/kit/form-error';
import { TextField } from '@/ui/kit/text-field';
import { formatMoney } from '@/ui/wallet/wallet-format';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { ListingFeed } from '../-directory/listing-feed';
import { isAdminSection } from './admin-sections';

/** The console's toast and dialog codes, registered when its pages load (as the wallet's are). */
registerMessages({
  'toast.admin.done': msg`Done.`,
  'dialog.admin.approve.title': msg({ message: 'Approve the identity of {name}?', comment: '{name} is the full name on the document.' }),
  'dialog.admin.pay.title': msg({ message: 'Mark {amount} to {name} as paid?', comment: '{amount} is money; {name} a nickname.' }),
  'dialog.admin.pay.message': msg`Only after the money has been sent. The held points leave the member's wallet.`,
  'dialog.admin.unhide.title': msg({ message: 'Show {name} to everyone again?', comment: '{name} is the name of a listing.' }),
  'dialog.admin.resolve.title': msg`Mark this report as resolved?`,
  'dialog.admin.dismiss.title': msg`Dismiss this report?`,
  'dialog.admin.signOut.title': msg({ message: 'Sign {name} out on all devices?', comment: '{name} is a nickname or user name.' }),
  'dialog.admin.signOut.message': msg`Every session of this account ends now, and its chat closes within seconds. The member can log in again with their password.`,
  'toast.admin.failed': msg({ message: 'Not done: {reason}', comment: '{reason} is the server’s explanation.' }),
});

const PAGE_SIZE = 20;

/** A list that reloads from its first page when `version` changes (after an action). */
function useReload(): [number, () => void] {
  const [version, setVersion] = useState(0);
  return [version, () => setVersion((v) => v + 1)];
}

/**
 * A dialog asking for a reason or a note, then running `perform` with it (the request machine: busy, the server's
 * refusal under the form, done).
 */
function ReasonDialog(props: { title: string; label: string; submitLabel: string; maxLength: number; required?: boolean; perform(text: string): Promise<unknown>; onDone(): void; onClose(): void }) {
  // onDone runs after onClose, once the call succeeded (the screen reloads its list).
  const { i18n, t } = useLingui();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const actor = useActorRef(requestMachine.provide({ actors: { perform: fromPromise<unknown, PerformInput>(({ input }) => props.perform((input.params as { text: string }).text)) } }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const done = useSelector(actor, (s) => s.matches('finished'));
  useEffect(() => {
    // Once, when the call succeeds.
    if (done) {
      props.onClose();
      props.onDone();
    }
  }, [done]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((props.required ?? true) && text.trim() === '') {
      setMissing(true);
      return;
    }
    actor.send({ type: 'request.start', params: { text: text.trim() } });
  };
  return (
    <FormDialog open title={props.title} onClose={props.onClose}>
      <form onSubmit={submit} noValidate className="page-column page-column--tight">
        <TextAreaField label={props.label} name="reason" value={text} maxLength={props.maxLength} rows={4} required error={missing ? t`This field is required.` : undefined} onChange={setText} onFocus={() => setMissing(false)} />
        <FormError message={error ? requestErrorText(i18n, error) : undefined} />
        <Button type="submit" busy={busy} block>
          {props.submitLabel}
        </Button>
      </form>
    </FormDialog>
  );
}

/** Runs a confirmed action: a confirm dialog, then the call, then a toast and `onDone`. */
function useConfirmedAction() {
  const { toast, openDialog } = useAppSystem();
  const { i18n } = useLingui();
  return async (dialog: { title: string; message?: string; params: Record<string, string> }, run: () => Promise<unknown>, onDone: () => void) => {
    const result = await openDialog({ messageType: 'confirm', bodyImage: 'warning', title: dialog.title, message: dialog.message ?? null, params: dialog.params, confirmText: 'common.confirm' });
    if (result !== 'confirm') return;
    try {
      await run();
      toast.send({ type: 'toast.show', kind: 'success', message: 'toast.admin.done' });
      onDone();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      toast.send({ type: 'toast.show', kind: 'error', message: 'toast.admin.failed', params: { reason: text || i18n._(msg`Something went wrong. Please try again.`) } });
    }
  };
}

function Page({ title, filters, children }: { title: string; filters?: ReactNode; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="page-column page-column--tight">
      <h2 className="wallet-section-title">{title}</h2>
      {filters ? <div className="admin-filters">{filters}</div> : null}
      {children}
    </div>
  );
}

const pageOf = (input: FetchPageInput) => ({ limit: PAGE_SIZE, ...(input.cursor ? { cursor: input.cursor } : {}) });

/** The decrypted images of a KYC application (GET with the session token: never in a URL). */
function useKycImages(item: admin.AdminKycSubmission) {
  const [urls, setUrls] = useState<{ front: string | null; back: string | null; selfie: string | null }>({ front: null, back: null, selfie: null });
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

function KycQueueItem({ item, onApprove, onReject }: { item: admin.AdminKycSubmission; onApprove(): void; onReject(): void }) {
  return <KycRow item={item} images={useKycImages(item)} onApprove={onApprove} onReject={onReject} />;
}

/** /admin/kyc: identity verifications, oldest waiting first; approve, or reject with a reason. */
export function KycQueueScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const [status, setStatus] = useState('1');
  const [version, reload] = useReload();
  const [rejecting, setRejecting] = useState<admin.AdminKycSubmission | null>(null);
  const confirmed = useConfirmedAction();
  const title = t`Identity checks`;
  return (
    <Page
      title={title}
      filters={
        <SelectField
          label={t`Status`}
          name="status"
          value={status}
          placeholder={t`Waiting for review`}
          options={[
            { value: '1', label: t`Waiting for review` },
            { value: '2', label: t({ message: 'Approved', context: 'identity check' }) },
            { value: '3', label: t({ message: 'Rejected', context: 'identity check' }) },
          ]}
          onChange={setStatus}
        />
      }
    >
      <ListingFeed
        layout="rows"
        query={{ status, version }}
        label={title}
        fetchPage={(input, signal) => api.call(admin.kycQueue, { status: Number(status) as 1 | 2 | 3, ...pageOf(input) }, { signal }) as Promise<PagedList<unknown>>}
        keyOf={(item) => String((item as admin.AdminKycSubmission).id)}
        renderItem={(raw) => {
          const item = raw as admin.AdminKycSubmission;
          return (
            <KycQueueItem
              item={item}
              onApprove={() =>
                void confirmed({ title: 'dialog.admin.approve.title', params: { name: item.full_name } }, () => api.call(admin.kycReview, { id: item.id, decision: 'approve' }), reload)
              }
              onReject={() => setRejecting(item)}
            />
          );
        }}
        empty={<EmptyState title={<Trans>Nothing is waiting.</Trans>} />}
      />
      {rejecting ? (
        <ReasonDialog
          title={t`Reject ${rejecting.full_name}`}
          label={t`Reason, shown to the member`}
          submitLabel={t`Reject`}
          maxLength={admin.KYC_REJECT_REASON_MAX}
          perform={(reason) => api.call(admin.kycReview, { id: rejecting.id, decision: 'reject', reason })}
          onDone={reload}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Page>
  );
}

/** /admin/withdrawals: pending withdrawals first; mark paid (the hold is posted) or reject (it is released). */
export function WithdrawalsQueueScreen(_: { lang: string }) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const [status, setStatus] = useState<'pending' | 'paid' | 'rejected'>('pending');
  const [version, reload] = useReload();
  const [rejecting, setRejecting] = useState<admin.AdminWithdrawal | null>(null);
  const confirmed = useConfirmedAction();
  const title = t`Withdrawals`;
  return (
    <Page
      title={title}
      filters={
        <SelectField
          label={t`Status`}
          name="status"
          value={status}
          placeholder={t`Pending`}
          options={[
            { value: 'pending', label: t`Pending` },
            { value: 'paid', label: t`Paid` },
            { value: 'rejected', label: t`Rejected` },
          ]}
          onChange={(value) => setStatus(value as typeof status)}
        />
      }
    >
      <ListingFeed
        layout="rows"
        query={{ status, version }}
        label={title}
        fetchPage={(input, signal) => api.call(admin.withdrawals, { status, ...pageOf(input) }, { signal }) as Promise<PagedList<unknown>>}
        keyOf={(item) => String((item as admin.AdminWithdrawal).id)}
        renderItem={(raw) => {
          const item = raw as admin.AdminWithdrawal;
          return (
            <AdminWithdrawalRow
              item={item}
              onPay={() =>
                void confirmed(
                  { title: 'dialog.admin.pay.title', message: 'dialog.admin.pay.message', params: { amount: formatMoney(i18n, item.amount), name: item.user.nickname } },
                  () => api.call(admin.withdrawalPay, { id: item.id, idempotency_key: globalThis.crypto.randomUUID() }),
                  reload,
                )
              }
              onReject={() => setRejecting(item)}
            />
          );
        }}
        empty={<EmptyState title={<Trans>Nothing is waiting.</Trans>} />}
      />
      {rejecting ? (
        <ReasonDialog
          title={t`Reject withdrawal ${rejecting.id}`}
          label={t`Reason, shown to the member`}
          submitLabel={t`Reject`}
          maxLength={admin.WITHDRAWAL_REJECT_REASON_MAX}
          perform={(reason) => api.call(admin.withdrawalReject, { id: rejecting.id, reason, idempotency_key: globalThis.crypto.randomUUID() })}
          onDone={reload}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </Page>
  );
}

/** /admin/reports: open reports; resolve, dismiss, or hide the reported listing. */
export function ReportsQueueScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const [version, reload] = useReload();
  const [hiding, setHiding] = useState<admin.AdminReport | null>(null);
  const confirmed = useConfirmedAction();
  const title = t`Reports`;
  const resolve = (item: admin.AdminReport, outcome: 'resolved' | 'dismissed') =>
    void confirmed({ title: outcome === 'resolved' ? 'dialog.admin.resolve.title' : 'dialog.admin.dismiss.title', params: {} }, () => api.call(admin.reportResolve, { id: item.id, outcome }), reload);
  return (
    <Page title={title}>
      <ListingFeed
        layout="rows"
        query={{ version }}
        label={title}
        fetchPage={(input, signal) => api.call(admin.reports, { status: 'open', ...pageOf(input) }, { signal }) as Promise<PagedList<unknown>>}
        keyOf={(item) => String((item as admin.AdminReport).id)}
        renderItem={(raw) => {
          const item = raw as admin.AdminReport;
          const listing = item.target === 'merchant' || item.target === 'partner';
          return <AdminReportRow item={item} onResolve={() => resolve(item, 'resolved')} onDismiss={() => resolve(item, 'dismissed')} onHide={listing ? () => setHiding(item) : undefined} />;
        }}
        empty={<EmptyState title={<Trans>No open reports.</Trans>} />}
      />
      {hiding ? (
        <ReasonDialog
          title={t`Hide ${hiding.target_label ?? hiding.target_id}`}
          label={t`Note for the owner`}
          submitLabel={t`Hide`}
          maxLength={MODERATION_NOTE_MAX}
          perform={async (note) => {
            await api.call(admin.listingHide, { source: hiding.target as 'merchant' | 'partner', id: Number(hiding.target_id), note });
            await api.call(admin.reportResolve, { id: hiding.id, outcome: 'resolved', note });
          }}
          onDone={reload}
          onClose={() => setHiding(null)}
        />
      ) : null}
    </Page>
  );
}

/** /admin/listings: hidden listings (or published ones) by source; hide with a note, or show again. */
export function ModerationScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const [source, setSource] = useState<'merchant' | 'partner'>('merchant');
  const [status, setStatus] = useState<'hidden' | 'published'>('hidden');
  const [version, reload] = useReload();
  const [hiding, setHiding] = useState<admin.AdminListing | null>(null);
  const confirmed = useConfirmedAction();
  const title = t`Moderation`;
  return (
    <Page
      title={title}
      filters={
        <>
          <SelectField label={t({ message: 'Listings', context: 'kind of listing' })} name="source" value={source} placeholder={t`Venues`} options={[{ value: 'merchant', label: t`Venues` }, { value: 'partner', label: t`Profiles` }]} onChange={(value) => setSource(value as typeof source)} />
          <SelectField label={t`Status`} name="status" value={status} placeholder={t`Hidden`} options={[{ value: 'hidden', label: t`Hidden` }, { value: 'published', label: t`Published` }]} onChange={(value) => setStatus(value as typeof status)} />
        </>
      }
    >
      <ListingFeed
        layout="rows"
        query={{ source, status, version }}
        label={title}
        fetchPage={(input, signal) => api.call(admin.listings, { source, status, ...pageOf(input) }, { signal }) as Promise<PagedList<unknown>>}
        keyOf={(item) => `${(item as admin.AdminListing).source}-${(item as admin.AdminListing).id}`}
        renderItem={(raw) => {
          const item = raw as admin.AdminListing;
          return (
            <AdminListingRow
              item={item}
              onHide={() => setHiding(item)}
              onUnhide={() => void confirmed({ title: 'dialog.admin.unhide.title', params: { name: item.name } }, () => api.call(admin.listingUnhide, { source: item.source, id: item.id }), reload)}
            />
          );
        }}
        empty={<EmptyState title={<Trans>No listings here.</Trans>} />}
      />
      {hiding ? (
        <ReasonDialog
          title={t`Hide ${hiding.name}`}
          label={t`Note for the owner`}
          submitLabel={t`Hide`}
          maxLength={MODERATION_NOTE_MAX}
          perform={(note) => api.call(admin.listingHide, { source: hiding.source, id: hiding.id, note })}
          onDone={reload}
          onClose={() => setHiding(null)}
        />
      ) : null}
    </Page>
  );
}

/** /admin/users: a user by user name, e-mail or uuid. */
export function UserLookupScreen(_: { lang: string }) {
  const { t, i18n } = useLingui();
  const { api } = useAppSystem();
  const [query, setQuery] = useState('');
  const actor = useActorRef(requestMachine.provide({ actors: { perform: fromPromise<unknown, PerformInput>(({ input, signal }) => api.call(admin.userLookup, input.params as { query: string }, { signal })) } }));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const found = useSelector(actor, (s) => (s.matches('finished') ? (s.context.result as admin.AdminUser) : null));
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  const confirmed = useConfirmedAction();
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
      {error ? <ErrorState message={requestErrorText(i18n, error)} onRetry={() => actor.send({ type: 'request.start' })} /> : null}
      {found ? (
        <AdminUserCard
          user={found}
          onSignOut={() =>
            void confirmed(
              { title: 'dialog.admin.signOut.title', message: 'dialog.admin.signOut.message', params: { name: found.nickname || found.username } },
              () => api.call(admin.userSignOut, { uuid: found.uuid }),
              () => undefined,
            )
          }
        />
      ) : null}
    </Page>
  );
}

/** /admin/audit: every admin action, newest first. */
export function AuditLogScreen(_: { lang: string }) {
  const { t } = useLingui();
  const { api } = useAppSystem();
  const title = t`Audit log`;
  return (
    <Page title={title}>
      <ListingFeed
        layout="rows"
        query={{}}
        label={title}
        fetchPage={(input, signal) => api.call(admin.auditLog, pageOf(input), { signal }) as Promise<PagedList<unknown>>}
        keyOf={(item) => String((item as admin.AuditEntry).id)}
        renderItem={(item) => <AuditRow item={item as admin.AuditEntry} />}
        empty={<EmptyState title={<Trans>No admin actions yet.</Trans>} />}
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
