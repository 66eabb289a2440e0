import { ListingSkeletonGrid } from '@/ui/directory/listing-list';

/**
 * What a place page shows while its guard checks the place (and the app system loads on a first visit): the list's
 * skeleton, so a phone paints the page at once instead of a blank screen until the data is there. No api client,
 * no contract: the chunk is small.
 */
export function PlacePending() {
  return (
    <div className="browse-page">
      <span className="skeleton skeleton--line skeleton--title" aria-hidden="true" />
      <ListingSkeletonGrid />
    </div>
  );
}
