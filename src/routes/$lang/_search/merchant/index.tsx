import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '@/routes/-directory/filter-params';
import { AllMerchantsPage } from '@/routes/-directory/place-pages';

/**
 * /{lang}/merchant: every venue in every place, sorted and filtered like a place page (the home page's "See all").
 * The page is -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/_search/merchant/')({
  validateSearch: listingSearch,
  component: AllMerchantsPage,
});
