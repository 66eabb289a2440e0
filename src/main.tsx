import { I18nProvider } from '@lingui/react';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { activateLocale, i18n } from '@/services/i18n';
import { detectLocale } from '@/services/locale';
import { routeTree } from './routeTree.gen';

const router = createRouter({ routeTree, context: {}, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// I18nProvider renders nothing until a locale is active, so the first catalog loads before the first render.
await activateLocale(
  detectLocale({
    pathLocale: window.location.pathname.split('/')[1],
    cookie: document.cookie,
    languages: navigator.languages ?? [navigator.language],
  }),
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
);
