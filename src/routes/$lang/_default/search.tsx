import { createFileRoute } from '@tanstack/react-router';
import { searchParams, textParam } from '@/routes/-app/search-params';
import { SearchRoutePage } from '@/routes/-directory/search-route';

/** `?q=` (the home page's search box). A hand-typed number-like keyword arrives as a number and is dropped. */
const keywordParam = textParam(200);

/**
 * /{lang}/search: results as you type, search history, popular cities (spec section 7 "City/search"). The page is
 * -directory/search-route.tsx (and the search itself, -directory/search-screen.tsx).
 */
export const Route = createFileRoute('/$lang/_default/search')({
  validateSearch: searchParams({ q: keywordParam }),
  component: SearchRoutePage,
});
