import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/contract/enums';
import { activateLocale, i18n } from '@/services/i18n';
import { detectLocale } from '@/services/locale';
import { AppSystemContext } from './routes/-app/app-context';
import { createAppSystem } from './routes/-app/app-system';
import { routeTree } from './routeTree.gen';

interface RuntimeConfig {
  aesKey: string;
  signKey: string;
  debug: boolean;
  version: string;
}

/** The settings the server injects into index.html (envelope keys, debug mode, build version). */
function readRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById('app-config')?.textContent;
  return text ? (JSON.parse(text) as RuntimeConfig) : null;
}

const runtime = readRuntimeConfig();
const pathLocale = () => window.location.pathname.split('/')[1];
const currentLocale = (): Locale => {
  const segment = pathLocale();
  return isLocale(segment) ? segment : (i18n.locale as Locale) || DEFAULT_LOCALE;
};

// The router is created below; the system only calls these after start-up.
let navigateTo: (to: string) => void = () => {};
let refresh: () => void = () => {};

const system = createAppSystem({
  keys: runtime && !runtime.debug ? { aesKey: runtime.aesKey, signKey: runtime.signKey } : null,
  clientId: () => (window.matchMedia?.('(display-mode: standalone)').matches ? 'pwa' : 'web'),
  locale: currentLocale,
  navigate: (to) => navigateTo(to),
  refresh: () => refresh(),
});

const router = createRouter({ routeTree, context: { system }, defaultPreload: 'intent', scrollRestoration: true });
navigateTo = (to) => void router.navigate({ to });
refresh = () => void router.invalidate();
router.subscribe('onResolved', ({ toLocation }) => system.tracking.send({ type: 'page.viewed', path: toLocation.pathname }));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// I18nProvider renders nothing until a locale is active, so the first catalog loads before the first render.
await activateLocale(
  detectLocale({ pathLocale: pathLocale(), cookie: document.cookie, languages: navigator.languages ?? [navigator.language] }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <AppSystemContext value={system}>
        <RouterProvider router={router} />
      </AppSystemContext>
    </I18nProvider>
  </StrictMode>,
);
