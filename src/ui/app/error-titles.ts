import { msg } from '@lingui/core/macro';

/**
 * The titles of the error pages that are routes of their own (/401, /403, /404): the same messages as their headings
 * (error-page.tsx), as their document titles in the app and in the page the server answers with that status
 * (src/entry-server.tsx), so a tab, a bookmark or a crawler reads what the page says. Kept apart from the page, which
 * is in the home page's first script: the titles load with those routes.
 */
export const ERROR_PAGE_TITLES = {
  401: msg`Please log in`,
  403: msg`Access denied`,
  404: msg`Page Not Found`,
} as const;
