import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import * as content from '@/contract/calls/content';
import type { ListingSource } from '@/contract/shapes';
import {
  ownListingsMachine,
  type FetchPageInput,
  type ListingOperationInput,
  type OwnListing,
} from '@/machines/directory/own-listings.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { OwnListings, type OwnListingRow } from '@/ui/directory/owner/own-listings';
import type { AppSystem } from '../-app/app-system';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { ownerHrefs } from './owner-links';
import { useFeatureCatalog } from '../-app/use-feature-catalog';

/** /member/content/{source}: the owner's-listings machine with the user/* calls, bound to the list ui. */

function fetchPage(system: AppSystem, { source, cursor }: FetchPageInput, signal: AbortSignal) {
  const query = cursor === null ? {} : { cursor };
  return source === 'merchant'
    ? system.api.call(content.merchants, query, { signal })
    : system.api.call(content.partners, query, { signal });
}

function toggleVisibility(system: AppSystem, { source, id }: ListingOperationInput, signal: AbortSignal) {
  return source === 'merchant'
    ? system.api.call(content.merchantToggleVisiable, { id }, { signal })
    : system.api.call(content.partnerToggleVisiable, { id }, { signal });
}

function deleteListing(system: AppSystem, { source, id }: ListingOperationInput, signal: AbortSignal) {
  return source === 'merchant'
    ? system.api.call(content.merchantDelete, { id }, { signal })
    : system.api.call(content.partnerDelete, { id }, { signal });
}

export function listingName(item: OwnListing): string {
  return 'nickname' in item ? item.nickname : item.name;
}

type Snapshot = SnapshotFrom<typeof ownListingsMachine>;

export function OwnListingsPage({ lang, source }: { lang: string; source: ListingSource }) {
  useFeatureCatalog('owner');
  const { t, i18n } = useLingui();
  const system = useAppSystem();
  useDocumentTitle(source === 'merchant' ? t`My venues` : t`My profiles`);
  const actor = useActorRef(
    ownListingsMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input, signal }) => fetchPage(system, input, signal)),
        toggleVisibility: fromPromise(({ input, signal }) => toggleVisibility(system, input, signal)),
        deleteListing: fromPromise(({ input, signal }) => deleteListing(system, input, signal)),
      },
      actions: {
        notifyVisibility: (_, params) =>
          system.toast.send({ type: 'toast.show', kind: 'success', message: params.visible ? 'toast.listing.shown' : 'toast.listing.hidden' }),
        notifyDeleted: () => {
          system.toast.send({ type: 'toast.show', kind: 'success', message: 'toast.listing.deleted' });
          // The member's listing counts decide what they may publish next.
          system.session.send({ type: 'session.userRefresh' });
        },
      },
    }),
    { input: { source } },
  );
  const context = useSelector(actor, (s: Snapshot) => s.context);
  const loading = useSelector(actor, (s: Snapshot) => s.hasTag('loading'));
  const loadingMore = useSelector(actor, (s: Snapshot) => s.hasTag('loadingMore'));
  const failed = useSelector(actor, (s: Snapshot) => s.matches('failed'));

  const rows: OwnListingRow[] = context.items.map((item) => ({
    id: item.id,
    name: listingName(item),
    thumb: item.cover?.thumb ?? null,
    status: item.status,
    moderationNote: item.moderation_note,
    visible: item.visible,
    updatedAt: item.updated_at,
    previewHref: ownerHrefs.preview(lang, source, item.id),
    editHref: ownerHrefs.modify(lang, source, item.id),
    publicHref: item.status === 'published' && item.visible ? ownerHrefs.listing(lang, source, item.id) : null,
  }));

  const confirmDelete = async (id: number) => {
    const item = context.items.find((row) => row.id === id);
    if (!item) return;
    const result = await system.openDialog({
      messageType: 'confirm',
      title: 'dialog.delete.title',
      message: 'dialog.delete.message',
      params: { name: listingName(item) },
      confirmText: 'common.delete',
      cancelText: 'common.cancel',
      bodyImage: 'warning',
    });
    if (result === 'confirm') actor.send({ type: 'listing.delete', id });
  };

  const operationError = context.operationError;
  return (
    <OwnListings
      source={source}
      backHref={ownerHrefs.member(lang)}
      publishHref={ownerHrefs.publish(lang, source)}
      // Support is the member page's feedback form, which reaches the operators.
      supportHref={`/${lang}/member?dialog=feedback`}
      tabs={{ merchant: ownerHrefs.content(lang, 'merchant'), partner: ownerHrefs.content(lang, 'partner') }}
      rows={rows}
      loading={loading}
      error={failed ? requestErrorText(i18n, context.error) : null}
      onRetry={() => actor.send({ type: 'list.retry' })}
      hasMore={context.cursor !== null}
      loadingMore={loadingMore}
      moreError={context.moreError ? requestErrorText(i18n, context.moreError) : null}
      onLoadMore={() => actor.send({ type: 'list.loadMore' })}
      busyId={context.busyId}
      rowError={operationError ? { id: operationError.id, message: requestErrorText(i18n, operationError) } : null}
      onToggleVisible={(id) => actor.send({ type: 'listing.toggleVisibility', id })}
      onDelete={(id) => void confirmDelete(id)}
    />
  );
}
