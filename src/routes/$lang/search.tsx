import { createFileRoute } from '@tanstack/react-router';
// zod/mini: route configs are in the initial bundle; the full zod loads with the app system.
import * as z from 'zod/mini';
import { SearchRoutePage } from '../-directory/search-screen';

/** `?q=` (the home page's search box). A hand-typed number-like keyword arrives as a number and is dropped. */
const keywordParam = z.catch(z.optional(z.string().check(z.maxLength(200))), undefined);

/**
 * /{lang}/search: results as you type, search history, popular cities (spec section 7 "City/search"). The page is
 * -directory/search-screen.tsx.
 */
export const Route = createFileRoute('/$lang/search')({
  validateSearch: z.object({ q: keywordParam }),
  component: SearchRoutePage,
});
