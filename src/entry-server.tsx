import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Locale } from '@/contract/enums';
import { setFirstData } from '@/services/first-data';
import { activateLocale, i18n } from '@/services/i18n';
import { TimeZoneContext } from '@/ui/kit/time-zone';
import { ERROR_PAGE_TITLES } from '@/ui/app/error-titles';
import { AppSystemContext } from './routes/-app/app-context';
import { ServerShellContext } from './routes/-app/server-shell';
import { loadFeatureCatalog } from './routes/-app/use-feature-catalog';
import type { MemberCall } from '@/contract/first-paint';
import { SIGNED_IN_PAGES, type SignedInPage } from './routes/-app/signed-in-pages';
import type { AppSystem } from './routes/-app/app-system';
import { documentTitle } from './routes/-app/use-document-title';
import { routeTree } from './routeTree.gen';

/**
 * The app's route tree on the server, built into dist/ssr by `npm run build` and loaded by server/web/spa.plugin.ts:
 * - `matchPage`: which page a path is, by the router's own matcher and the routes' own params checks, so the
 *   server's HTTP status is the page's (server/web/page-status.ts);
 * - `pageTitle`: the document title of the error pages the server answers with their status;
 * - `render`: a page's first paint (src/contract/first-paint.ts), called by server/web/first-paint.ts: the same
 *   route tree, components and catalogs as the client, rendered for a guest with the answers the server gathered.
 * The app system (XState, the API client) never starts here: whatever needs it renders as it does before the system
 * has loaded in the browser.
 */

/** Never settles: on the server nothing awaits the app system to completion. */
const NO_SYSTEM = new Promise<AppSystem>(() => {});

/**
 * The page a path is, as the browser's router sees it (the same route tree and matching):
 * - `route`: the matched route's full path ('/$lang/merchant/$id/', layouts left out), or null when no route
 *   matches the path (the router's global not-found);
 * - `refused`: a matched route's `params.parse` refused the path (an unknown language, info page or KYC step, a
 *   malformed id or channel): the page is the 404 page. Only the params' shape is checked here: whether a place
 *   or a listing exists is for the server to ask its database;
 * - `params`: the path's params, decoded;
 * - `routes`: the ids of the matched routes, root first (their files are the page's chunks: server/web/first-paint.ts);
 * - `skeleton`: a signed-in page the server paints (`renderShell`): the feature catalog it needs and the reads its
 *   filled version is rendered from (src/routes/-app/signed-in-pages.tsx); null for other pages.
 * Nothing loads: no guard (beforeLoad) or loader runs, so the answer is the same for every visitor.
 */
export interface PageMatch {
  route: string | null;
  refused: boolean;
  params: Record<string, string>;
  routes: string[];
  skeleton: { catalog: string; calls: MemberCall[] } | null;
}

/**
 * The browser's router (src/main.tsx) sets no option that changes matching (caseSensitive, trailingSlash, basepath,
 * rewrite), and neither does this one: both match with the router's defaults. Case-insensitively, so /en/Search is
 * the search page in both (HTTP 200), while a place's slug or a listing's id is compared as written (/en/Japan: 404).
 */
const matcher = createRouter({ routeTree, context: { system: NO_SYSTEM }, history: createMemoryHistory() });

export function matchPage(url: string): PageMatch {
  // Decoded as the browser's router decodes the address bar's path.
  const { pathname } = matcher.parseLocation(createMemoryHistory({ initialEntries: [url] }).location);
  const [, rawParams, found] = matcher.getMatchedRoutes(pathname);
  // The router's own test for a global not-found (router-core matchRoutes): no route, or a route with path left over.
  if (!found || (found.path !== '/' && rawParams['**'])) return { route: null, refused: false, params: {}, routes: [], skeleton: null };
  const matches = matcher.matchRoutes(pathname, {});
  const skeleton = skeletonOf(found.id);
  return {
    route: found.fullPath,
    refused: matches.some((match) => match.paramsError !== undefined),
    params: { ...rawParams },
    routes: matches.map((match) => match.routeId),
    skeleton: skeleton && { catalog: skeleton.catalog, calls: skeleton.calls },
  };
}

function skeletonOf(routeId: string): SignedInPage | null {
  return SIGNED_IN_PAGES[routeId as keyof typeof SIGNED_IN_PAGES] ?? null;
}

/**
 * Renders and titles are one at a time: the active locale and the first-data answers are module state for one
 * render.
 */
let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task);
  queue = run.catch(() => undefined);
  return run;
}

/** The document title of the 401, 403 and 404 pages in `locale`, as the page sets it once the app runs. */
export function pageTitle(status: 401 | 403 | 404, locale: Locale): Promise<string> {
  return enqueue(async () => {
    await activateLocale(locale);
    return documentTitle(i18n._(ERROR_PAGE_TITLES[status]));
  });
}

export function render(url: string, locale: Locale, answers: Record<string, unknown>): Promise<string> {
  return enqueue(() => renderOne(url, locale, answers));
}

/**
 * A signed-in page's first paint (docs/decisions.md "Signed-in pages"), for a browser whose hint cookie says it has a
 * session: its layout's frame around
 * - the page filled with the member's content when `answers` are given: the server read them as the member its page
 *   session cookie names (server/account/page-session.ts), and the page's `Filled` renders from them;
 * - else the page's skeleton, with nothing of the member in the markup.
 * Its dates and times are in `timeZone`, the visitor's (services/time-zone.ts), as the app shows them.
 * The page's guards are not run here (`context.shell`). The app renders the page itself once it has it (src/main.tsx),
 * in place of this.
 */
export function renderShell(url: string, locale: Locale, answers: Record<string, unknown> | null = null, timeZone?: string): Promise<string> {
  return enqueue(() => renderOne(url, locale, answers ?? {}, answers ? 'filled' : 'skeleton', timeZone));
}

async function renderOne(url: string, locale: Locale, answers: Record<string, unknown>, shellOf: 'skeleton' | 'filled' | null = null, timeZone?: string): Promise<string> {
  const shell = shellOf !== null;
  const router = createRouter({
    routeTree,
    context: { system: NO_SYSTEM, shell },
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  setFirstData(answers);
  try {
    await activateLocale(locale);
    await router.load();
    let skeleton: ReactNode = null;
    if (shell) {
      const leaf = router.state.matches.at(-1);
      const signedIn = leaf && skeletonOf(leaf.routeId);
      if (!signedIn || router.state.matches.some((match) => match.status !== 'success')) throw new Error(`${url} has no signed-in page`);
      // The page's texts: its feature catalog, named once in SIGNED_IN_PAGES.
      await loadFeatureCatalog(signedIn.catalog, i18n);
      const Page = (shellOf === 'filled' && signedIn.Filled) || signedIn.Skeleton;
      skeleton = <Page lang={locale} />;
    }
    const signal = AbortSignal.timeout(5_000);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppSystemContext value={NO_SYSTEM}>
            <ServerShellContext value={skeleton}>
              <TimeZoneContext value={timeZone}>
                <RouterProvider router={router} />
              </TimeZoneContext>
            </ServerShellContext>
          </AppSystemContext>
        </I18nProvider>
      </StrictMode>,
      // One piece: a large boundary is otherwise sent after the shell with an inline script to move it in place,
      // which the page's Content-Security-Policy (rightly) refuses to run.
      { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk as string;
    // Something waited for what never comes on the server: the page is better rendered by the client alone.
    if (signal.aborted) throw new Error(`first paint of ${url}: the render did not finish`);
    return html;
  } finally {
    setFirstData(null);
  }
}
