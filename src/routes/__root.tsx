import { useLingui } from '@lingui/react';
import { createRootRouteWithContext, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { devRedirectTarget, isDevPath } from '@/contract/routes';
import { lazy, Suspense } from 'react';
import { NotFoundPage } from '@/ui/app/not-found-page';
import { AfterFirstPaint } from './-app/after-first-paint';
import { loadAppLibraries } from './-app/app-libraries';
import type { AppSystem } from './-app/app-system';

export interface RouterContext {
  /** The app-wide actors (session, dialogs, tracking), for guards in beforeLoad; loaded after the first render. */
  system: Promise<AppSystem>;
  /**
   * Set only by the server's paint of a signed-in page's skeleton (src/entry-server.tsx `renderShell`): the session
   * is the browser's, so the guards let the page's frame through and the layout shows the skeleton.
   */
  shell?: boolean;
  /** Set by the `$lang` layout (or the unprefixed home) once its catalog is active. */
  locale?: string;
}

/**
 * The overlays need the app system; they load with it, after the first paint. Their forms need zod and the
 * contract, evaluated first a step per task (app-libraries.ts).
 */
const Overlays = lazy(() =>
  loadAppLibraries()
    .then(() => import('./-app/overlays'))
    .then((m) => ({ default: m.Overlays })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // Spec section 2: any path containing /dev redirects to /404 (client navigations; the server redirects the rest).
  beforeLoad: ({ location }) => {
    if (isDevPath(location.pathname)) throw redirect({ href: devRedirectTarget(location.pathname), replace: true });
  },
  component: RootLayout,
  notFoundComponent: RootNotFound,
});

function RootNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}

function RootLayout() {
  const { i18n } = useLingui();
  return (
    <>
      <Outlet />
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <Overlays lang={i18n.locale} />
        </Suspense>
      </AfterFirstPaint>
    </>
  );
}
