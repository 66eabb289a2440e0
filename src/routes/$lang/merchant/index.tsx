import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '../../-directory/filter-params';
import { AllMerchantsPage } from '../../-directory/place-pages';

/**
 * /{lang}/merchant: every venue in every place, sorted and filtered like a place page (the home page's "See all").
 * The page is -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/merchant/')({
  validateSearch: listingSearch,
  component: AllMerchantsPage,
});
