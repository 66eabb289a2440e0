import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/contract/enums';
import { activateLocale, i18n } from '@/services/i18n';
import { inspectorFromUrl } from '@/services/inspector';
import { detectLocale } from '@/services/locale';
import { clientId, installChunkErrorReload, readRuntimeConfig } from '@/services/pwa';
import { AppSystemContext } from './routes/-app/app-context';
import type { AppSystem } from './routes/-app/app-system';
import { RouteError } from './routes/-app/route-error';
import { routeTree } from './routeTree.gen';

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
 * The app-wide actors load right after the first render (a separate chunk with XState, zod and the envelope's
 * crypto), so the home page paints without them; guards and overlays wait for this promise.
 */
const system: Promise<AppSystem> = import('./routes/-app/app-system').then(({ createAppSystem }) =>
  createAppSystem({
    keys: runtime && !runtime.debug ? { aesKey: runtime.aesKey, signKey: runtime.signKey } : null,
    clientId,
    locale: currentLocale,
    navigate: (to) => navigateTo(to),
    refresh: () => refresh(),
    inspect,
  }),
);

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
router.subscribe('onResolved', ({ toLocation }) => {
  void system.then((s) => s.tracking.send({ type: 'page.viewed', path: toLocation.pathname }));
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
          <Suspense fallback={null}>
            <AppUpdates />
          </Suspense>
        )}
      </AppSystemContext>
    </I18nProvider>
  </StrictMode>,
);
