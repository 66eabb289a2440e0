import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/contract/enums';
import { afterFirstPaint, lazyPromise } from '@/services/deferred-start';
import { activateLocale, i18n } from '@/services/i18n';
import { inspectorFromUrl } from '@/services/inspector';
import { detectLocale } from '@/services/locale';
import { clientId, installChunkErrorReload, readRuntimeConfig } from '@/services/pwa';
import { AfterFirstPaint } from './routes/-app/after-first-paint';
import { AppSystemContext } from './routes/-app/app-context';
import type { AppSystem } from './routes/-app/app-system';
import { RouteError } from './routes/-app/route-error';
import { routeTree } from './routeTree.gen';
// The first page's styles are in the page's head (one stylesheet, fetched with the entry script), not behind the
// lazy chunks that use them: the global tokens and primitives, the shell's tab bar and the browse screens.
import '@/ui/kit/styles.css';
import '@/ui/app/tab-bar.css';
import '@/ui/directory/directory.css';

installChunkErrorReload();
const runtime = readRuntimeConfig();
// `?inspect` connects every app actor to the XState inspector, loaded only then (development and production).
const inspect = await inspectorFromUrl(window.location.search);

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
 * them: a guard that awaits `context.system` in beforeLoad, a component that suspends on it.
 */
const systemLoad = lazyPromise<AppSystem>(() =>
  import('./routes/-app/app-system').then(({ createAppSystem }) =>
    createAppSystem({
      keys: runtime && !runtime.debug ? { aesKey: runtime.aesKey, signKey: runtime.signKey } : null,
      clientId,
      locale: currentLocale,
      navigate: (to) => navigateTo(to),
      refresh: () => refresh(),
      inspect,
    }),
  ),
);
const system = systemLoad.promise;

const router = createRouter({
  routeTree,
  context: { system },
  defaultPreload: 'intent',
  scrollRestoration: true,
  // Spec section 2 overlay 7: a failure while loading or rendering a route shows the error page (500).
  defaultErrorComponent: RouteError,
});
navigateTo = (to) => void router.navigate({ to });
refresh = () => void router.invalidate();
// Page views wait for the system without starting it: the first one is sent once the system has loaded.
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
  const { startAppUpdates, AppUpdateToast } = await import('./routes/-app/app-update');
  const actor = startAppUpdates(runtime?.version ?? 'dev', inspect);
  return { default: () => <AppUpdateToast actor={actor} /> };
});

// I18nProvider renders nothing until a locale is active, so the first catalog loads before the first render.
await activateLocale(
  detectLocale({ pathLocale: pathLocale(), cookie: document.cookie, languages: navigator.languages ?? [navigator.language] }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <AppSystemContext value={system}>
        <RouterProvider router={router} />
        {runtime && (
          <AfterFirstPaint afterLoad>
            <Suspense fallback={null}>
              <AppUpdates />
            </Suspense>
          </AfterFirstPaint>
        )}
      </AppSystemContext>
    </I18nProvider>
  </StrictMode>,
);
