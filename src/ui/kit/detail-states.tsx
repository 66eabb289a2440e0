import { Trans } from '@lingui/react/macro';
import { Button } from './button';
import { NavIcon } from './nav-icons';
import { StatusIcon } from './status-icon';
import './detail-states.css';

/**
 * The detail pages' states besides the page itself: loading and failed. A module of their own, kept small: the
 * skeleton is the detail routes' pendingComponent, which stays in the initial bundle with the route configs.
 */

/** A detail page while it loads: the boxes of the gallery, title and facts, so nothing shifts when it arrives. */
export function DetailSkeleton() {
  return (
    <div className="detail-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        <Trans>Loading…</Trans>
      </p>
      <div className="skeleton detail-skeleton-gallery" />
      <div className="detail-skeleton-lines" aria-hidden="true">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}

/** A detail page that could not load: what happened (already translated, when known) and a retry. */
export function DetailLoadError({ message, onRetry }: { message?: string; onRetry(): void }) {
  return (
    <section className="detail-error" aria-labelledby="detail-error-title">
      <StatusIcon kind="error" />
      <h1 id="detail-error-title">
        <Trans>This page could not be loaded</Trans>
      </h1>
      <p>{message ?? <Trans>Check your connection and try again.</Trans>}</p>
      <Button onClick={onRetry}>
        <NavIcon name="retry" size={20} />
        <Trans>Try again</Trans>
      </Button>
    </section>
  );
}
