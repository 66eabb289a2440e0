import { useLingui } from '@lingui/react/macro';

/** As many card shapes as a phone's first screen shows. */
const CARDS = 4;

/**
 * What a place page shows while its guard checks the place (and, on a first visit, the app system loads): the
 * page title's and the list's skeletons, so a phone paints the page at once instead of a blank screen. It is part
 * of the route configs (no chunk to fetch first), so it is markup only: the classes of the list's own skeleton
 * (ListingSkeletonGrid, ListingCardSkeleton) and no imports from the ui's domains.
 */
export function PlacePending() {
  const { t } = useLingui();
  return (
    <div className="browse-page" aria-busy="true">
      <span className="skeleton skeleton--line skeleton--title" aria-hidden="true" />
      <div className="listing-skeletons">
        <div className="listing-grid">
          {Array.from({ length: CARDS }, (_, i) => (
            <div key={i} className="listing-card listing-card--skeleton" aria-hidden="true">
              <div className="listing-card-cover skeleton" />
              <div className="listing-card-body">
                <span className="skeleton skeleton--line" />
                <span className="skeleton skeleton--line skeleton--short" />
              </div>
            </div>
          ))}
        </div>
        <span className="visually-hidden" role="status">
          {t`Loading…`}
        </span>
      </div>
    </div>
  );
}
