import { createFileRoute } from '@tanstack/react-router';
import { listingSearch } from '@/routes/-directory/filter-params';
import { AllPartnersPage } from '@/routes/-directory/place-pages';

/**
 * /{lang}/partner: every profile in every place, sorted and filtered like a place page (the home page's "See all").
 * The page is -directory/place-pages.tsx.
 */
export const Route = createFileRoute('/$lang/_search/partner/')({
  validateSearch: listingSearch,
  component: AllPartnersPage,
});
