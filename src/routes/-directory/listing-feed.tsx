import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { PagedList } from '@/contract/shapes';
import { type FetchPageInput, listingListMachine } from '@/machines/directory/listing-list.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { ListingList, type ListingListStatus } from '@/ui/directory/listing-list';

export { LIST_PAGE_SIZE } from '@/contract/first-paint';

export interface ListingFeedProps {
  /** The filters of the call; a change (by value) starts the list over. */
  query: Record<string, unknown>;
  /** One page of the call: the query, and the cursor of the page after the first. */
  fetchPage(input: FetchPageInput, signal: AbortSignal): Promise<PagedList<unknown>>;
  keyOf?(item: unknown): string;
  label: string;
  /**
   * Renders one item. Pass the same function (useCallback) while the cards would not change: a new one makes every
   * card render again.
   */
  renderItem(item: unknown, index: number): ReactNode;
  empty: ReactNode;
  layout?: 'grid' | 'rows';
  /** The first page, when the page came with it (src/services/first-data.ts): shown at once, not asked for. */
  firstPage?: PagedList<unknown>;
}

const STATUS: Record<string, ListingListStatus> = {
  idle: 'loading',
  loading: 'loading',
  loaded: 'ready',
  loadingMore: 'loadingMore',
  end: 'end',
  error: 'error',
};

/**
 * An infinite list bound to the listing-list machine: loads the first page when it mounts, starts over when the
 * query changes, and asks for the next page when the ui's observer or "Load more" button says so.
 */
export function ListingFeed({ query, fetchPage, keyOf, label, renderItem, empty, layout, firstPage }: ListingFeedProps) {
  const { i18n } = useLingui();
  const actor = useActorRef(
    listingListMachine.provide({
      actors: { fetchPage: fromPromise<PagedList<unknown>, FetchPageInput>(({ input, signal }) => fetchPage(input, signal)) },
    }),
    { input: { query, ...(keyOf ? { keyOf } : {}), ...(firstPage ? { firstPage } : {}) } },
  );
  const state = useSelector(actor, (s) => s.value);
  const items = useSelector(actor, (s) => s.context.items);
  const keys = useSelector(actor, (s) => s.context.keys);
  const error = useSelector(actor, (s) => s.context.error);

  useEffect(() => {
    actor.send({ type: 'list.load' });
  }, [actor]);

  // New filters start the list over (the machine aborts the page in flight).
  const queryKey = JSON.stringify(query);
  const sentKey = useRef(queryKey);
  useEffect(() => {
    if (sentKey.current === queryKey) return;
    sentKey.current = queryKey;
    actor.send({ type: 'list.query', query: JSON.parse(queryKey) as unknown });
  }, [actor, queryKey]);

  // The rows are made again only when the items or the way to render them change: a parent that renders again for
  // anything else, with the same `renderItem`, costs no card a render.
  const rows = useMemo(() => items.map((item, index) => <li key={keys[index]}>{renderItem(item, index)}</li>), [items, keys, renderItem]);

  return (
    <ListingList
      status={STATUS[String(state)] ?? 'loading'}
      itemCount={items.length}
      label={label}
      error={error ? requestErrorText(i18n, error) : undefined}
      onLoadMore={() => actor.send({ type: 'list.loadMore' })}
      onRetry={() => actor.send({ type: 'list.retry' })}
      empty={empty}
      layout={layout}
    >
      {rows}
    </ListingList>
  );
}
