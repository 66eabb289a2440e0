import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { lazy, startTransition, StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, isLocale, type Locale, StorageKey } from '@/contract/enums';
import { afterFirstPaint, lazyPromise, nextTask } from '@/services/deferred-start';
import { hasFirstData, setFirstData } from '@/services/first-data';
import { pageHydrated, setPageHydrated } from '@/services/page-hydrated';
import { activateLocale, i18n } from '@/services/i18n';
import { detectLocale } from '@/services/locale';
import { installChunkErrorReload } from '@/services/pwa';
import { markSignedIn } from '@/services/signed-in-hint';
import { AfterFirstPaint } from './routes/-app/after-first-paint';
import { loadAppLibraries } from './routes/-app/app-libraries';
import { AppSystemContext, trackAppSystem } from './routes/-app/app-context';
import type { AppSystem } from './routes/-app/app-system';
import { RouteError } from './routes/-app/route-error';
import { routeTree } from './routeTree.gen';
// The first page's styles are in the page's head (one stylesheet, fetched with the entry script), not behind the
// lazy chunks that use them: the global tokens and primitives, the shell's tab bar and the browse screens.
import '@/ui/kit/styles.css';
import '@/ui/app/tab-bar.css';
import '@/ui/directory/directory.css';

installChunkErrorReload();

/**
 * A guest's page may come rendered by the server with the answers it was rendered with (src/contract/first-paint.ts):
 * then the app hydrates that markup rather than render it again. A signed-in browser renders for itself (its cards
 * show its favourites); the hint cookie tells the server so for the next page.
 */
const rootElement = document.getElementById('root')!;
const signedIn = (() => {
  try {
    return Boolean(localStorage.getItem(StorageKey.auth));
  } catch {
    return false;
  }
})();
markSignedIn(signedIn);
// A signed-in page the server filled with the member's content (src/entry-server.tsx renderShell) is not hydrated;
// the answers it carries are the app's first render's (the wallet's economy).
const memberPaint = rootElement.hasChildNodes() && 'member' in rootElement.dataset;
const hydrating = rootElement.hasChildNodes() && hasFirstData() && !signedIn && !memberPaint;
if (!hydrating && !memberPaint) setFirstData(null);
// The start is split into tasks (the modules' evaluation, the router, the catalog, the first render or hydration),
// so that none of them keeps a tap waiting for long on a slow phone (issue 10, total blocking time).
await nextTask();

const pathLocale = () => window.location.pathname.split('/')[1];
const currentLocale = (): Locale => {
  const segment = pathLocale();
  return isLocale(segment) ? segment : (i18n.locale as Locale) || DEFAULT_LOCALE;
};

// The router is created below; the system only calls these after start-up.
let navigateTo: (to: string) => void = () => {};
let refresh: () => void = () => {};

/**
 * The app-wide actors (a separate chunk with XState, zod and the envelope's crypto) load after the first paint, so
 * on a slow network they do not compete with the page's own code and catalog. Whoever needs them sooner starts
 * them: a guard that awaits `context.system` in beforeLoad, a component that suspends on it. Its libraries are
 * evaluated a step per task (app-libraries.ts), and the actors start in a task of their own.
 */
const systemLoad = lazyPromise<AppSystem>(async () => {
  await loadAppLibraries();
  const { createAppSystem, pageCallSettings, inspectorFromUrl } = await import('./routes/-app/app-system');
  // `?inspect` connects every app actor to the XState inspector, loaded only then (development and production).
  const inspect = await inspectorFromUrl(window.location.search);
  await nextTask();
  return createAppSystem({
    ...pageCallSettings(),
    locale: currentLocale,
    navigate: (to) => navigateTo(to),
    refresh: () => refresh(),
    inspect,
  });
});
const system = systemLoad.promise;
trackAppSystem(system).catch(() => undefined);

let keepFirstScroll = hydrating;
// How paths match is the router's default here and on the server (src/entry-server.tsx matchPage, which decides the
// HTTP status): an option that changes matching (caseSensitive, trailingSlash, basepath) goes in both or neither.
const router = createRouter({
  routeTree,
  context: { system },
  defaultPreload: 'intent',
  // Scrolls to the top of each new page (or back to where the user was on it). Not on a hydrated page's first
  // render: the user may have scrolled it already, before the app ran.
  scrollRestoration: () => {
    if (!keepFirstScroll) return true;
    keepFirstScroll = false;
    return false;
  },
  // Spec section 2 overlay 7: a failure while loading or rendering a route shows the error page (500).
  defaultErrorComponent: RouteError,
});
// A hydrated page's router renders as the server's did (no Suspense boundary of its own around the matches).
if (hydrating) router.ssr = { manifest: undefined };
navigateTo = (to) => void router.navigate({ to });
refresh = () => {
  // The viewer changed (login, logout): a server-rendered page's answers were a guest's, so the routes ask anew.
  setFirstData(null);
  void router.invalidate();
};
// Page views wait for the system without starting it: the first one is sent once the system has loaded.
// The page's embedded answers serve its first render only: a navigation to another path forgets them before the
// next page's guards and loaders run, so every later page (and language) asks the API.
router.subscribe('onBeforeNavigate', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) setFirstData(null);
});
router.subscribe('onResolved', ({ toLocation }) => {
  void systemLoad.whenStarted.then((s) => s.tracking.send({ type: 'page.viewed', path: toLocation.pathname }), () => undefined);
});
// The first page is on screen: now the app system, then (after the window's load event) the update checks and the
// service worker, whose precache must not compete with the page either.
const stopFirstRender = router.subscribe('onRendered', () => {
  stopFirstRender();
  afterFirstPaint(systemLoad.start);
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const AppUpdates = lazy(async () => {
  const { startAppUpdates, AppUpdateToast, inspectorFromUrl } = await import('./routes/-app/app-update');
  const actor = startAppUpdates(await inspectorFromUrl(window.location.search));
  return { default: () => (actor ? <AppUpdateToast actor={actor} /> : null) };
});

// I18nProvider renders nothing until a locale is active, so the first catalog loads before the first render.
await nextTask();
await activateLocale(
  detectLocale({ pathLocale: pathLocale(), cookie: document.cookie, languages: navigator.languages ?? [navigator.language] }),
);

/**
 * Marks the page once the app has rendered it (`<html data-app="ready">`), so whoever looks (a browser test, an
 * engineer in the console) can tell whether its controls are live yet. A page the server rendered is marked once
 * it is hydrated, boundaries and all (below).
 */
function AppReady() {
  useEffect(() => {
    if (hydrating) return;
    setPageHydrated();
    const mark = () => {
      document.documentElement.dataset.app = 'ready';
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(mark, { timeout: 2000 });
    else setTimeout(mark, 50);
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <AppSystemContext value={system}>
        <RouterProvider router={router} />
        <AppReady />
        <AfterFirstPaint afterLoad>
          <Suspense fallback={null}>
            <AppUpdates />
          </Suspense>
        </AfterFirstPaint>
      </AppSystemContext>
    </I18nProvider>
  </StrictMode>
);

if (hydrating) {
  // The matched routes (their chunks and guards) are resolved first, so the hydration renders what the server
  // rendered; as a transition, React hydrates in slices instead of one long task. Not a top-level await: a route's
  // lazy chunk may import from this module, and would wait for it to finish evaluating.
  // The hydration's helpers (src/services/hydration.ts) load meanwhile: only such a page needs them.
  // The browser's first number formatter loads its locale data (about 40 ms here, 150 ms on a phone 4× slower): the
  // boot script has a worker load it meanwhile (public/intl-warmup.js), and the hydration, which formats counts,
  // waits for that.
  const hydration = import('@/services/hydration');
  const numbersReady = hydration.then(({ numbersWarmed }) => numbersWarmed(i18n.locale));
  void Promise.all([router.load(), hydration, numbersReady]).then(([, { replayEarlyTaps, whenHydrated }]) => {
    // From here React receives taps (and replays those on parts it has yet to hydrate); the boot script stops
    // keeping them.
    document.documentElement.dataset.app = 'hydrating';
    startTransition(() => {
      hydrateRoot(rootElement, app);
    });
    // The buttons the user tapped before the app had the page are pressed once every part of it is hydrated (the
    // fields changed meanwhile report themselves: src/ui/kit/use-value-set-before-app.ts).
    void whenHydrated(rootElement).then(() => {
      replayEarlyTaps();
      document.documentElement.dataset.app = 'ready';
      setPageHydrated();
    });
  });
} else if (rootElement.hasChildNodes()) {
  // A signed-in page's frame and skeleton, painted by the server (src/entry-server.tsx renderShell): they stay on
  // screen until the page is ready (-app/server-shell-start.ts), and the app's first render takes their place in one
  // commit, never a blank page in between.
  // A button tapped on the server's paint meanwhile is pressed on the app's render once it is in place.
  void import('./routes/-app/server-shell-start')
    .then((m) => m.whenShellPageReady(router, system, rootElement.dataset.catalog, i18n, memberPaint).then(() => m.carryEarlyTaps(rootElement)))
    .catch(() => undefined)
    .then((replayTaps) => {
      // As a transition, React renders the page in slices rather than one long task; the server's paint stays on
      // screen until the commit, and the boot script keeps the taps on it until then.
      const root = createRoot(rootElement);
      startTransition(() => root.render(app));
      void pageHydrated.then(
        replayTaps ??
          (() => {
            document.documentElement.dataset.app ||= 'hydrating';
          }),
      );
    });
} else {
  createRoot(rootElement).render(app);
}
