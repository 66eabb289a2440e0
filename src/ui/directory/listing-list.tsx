import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../kit/button';
import { Icon } from '../kit/icons';
import { ListingCardSkeleton } from './listing-card';
import './directory.css';

/**
 * A list of listing cards that grows as the user scrolls (DESIGN section 10: skeleton while loading, an empty
 * state with a next step, an error state with retry). An IntersectionObserver asks for the next page when the end
 * of the list comes near; a visible "Load more" button does the same for keyboard and screen reader users, and
 * wherever the observer is missing.
 */

export type ListingListStatus = 'loading' | 'ready' | 'loadingMore' | 'end' | 'error';

export interface ListingListProps {
  status: ListingListStatus;
  /** How many items the list holds (the children are their `<li>`s). */
  itemCount: number;
  /** The accessible name of the list. */
  label: string;
  /** The failure, already translated. */
  error?: string;
  onLoadMore(): void;
  onRetry(): void;
  /** What an empty list says, with a next step. */
  empty: ReactNode;
  /** Cards in a grid (listings), or one record per row (the wallet's logs and transactions). */
  layout?: 'grid' | 'rows';
  children: ReactNode;
}

/** How far below the viewport the next page is asked for. */
const PREFETCH_MARGIN = '600px 0px';
const SKELETONS = 6;

export function ListingSkeletonGrid({ count = SKELETONS, label }: { count?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div className="listing-skeletons" aria-busy="true">
      <div className="listing-grid">
        {Array.from({ length: count }, (_, i) => (
          <ListingCardSkeleton key={i} />
        ))}
      </div>
      <span className="visually-hidden" role="status">
        {label ?? t`Loading…`}
      </span>
    </div>
  );
}

/** The error state of a list or section: what went wrong and a retry. */
export function ErrorState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="state-box state-box--error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        <Icon name="retry" size={20} />
        <Trans context="button">Try again</Trans>
      </Button>
    </div>
  );
}

/** The empty state: what is missing, and (as children) where to go instead. */
export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="state-box">
      <p className="state-box-title">{title}</p>
      {children}
    </div>
  );
}

/** Rows of a record list while it loads. */
export function RecordSkeletonRows({ count = SKELETONS, label }: { count?: number; label?: string }) {
  const { t } = useLingui();
  return (
    <div className="record-skeletons" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="skeleton record-skeleton" />
      ))}
      <span className="visually-hidden" role="status">
        {label ?? t`Loading…`}
      </span>
    </div>
  );
}

export function ListingList({ status, itemCount, label, error, onLoadMore, onRetry, empty, layout = 'grid', children }: ListingListProps) {
  const { t } = useLingui();
  const sentinel = useRef<HTMLDivElement>(null);
  const canLoadMore = status === 'ready';

  // The latest callback, so the observer is made once per "can load more" period and not on every render.
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  }, [onLoadMore]);

  useEffect(() => {
    const target = sentinel.current;
    if (!canLoadMore || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadMore, itemCount]);

  if (status === 'loading') return layout === 'rows' ? <RecordSkeletonRows /> : <ListingSkeletonGrid />;
  if (itemCount === 0 && status === 'error') return <ErrorState message={error ?? ''} onRetry={onRetry} />;
  if (itemCount === 0) return <>{empty}</>;

  return (
    <div className="listing-list">
      <ul className={layout === 'rows' ? 'record-list' : 'listing-grid'} aria-label={label}>
        {children}
      </ul>
      <div ref={sentinel} className="listing-list-foot">
        {status === 'error' ? <ErrorState message={error ?? ''} onRetry={onRetry} /> : null}
        {status === 'ready' || status === 'loadingMore' ? (
          <Button variant="secondary" busy={status === 'loadingMore'} onClick={onLoadMore}>
            {t`Load more`}
          </Button>
        ) : null}
        {status === 'end' ? (
          <p className="listing-list-end">
            <Trans>You have reached the end of the list.</Trans>
          </p>
        ) : null}
      </div>
    </div>
  );
}
