import { useLingui } from '@lingui/react';
import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { NotFoundPage } from '@/ui/not-found-page';
import type { AppSystem } from './-app/app-system';
import { Overlays } from './-app/overlays';

export interface RouterContext {
  /** The app-wide actors (session, dialogs, tracking), for guards in beforeLoad. */
  system: AppSystem;
  /** Set by the `$lang` layout (or the unprefixed home) once its catalog is active. */
  locale?: string;
}

export const Route = createRootRouteWithContext<RouterContext>()({
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
      <Overlays lang={i18n.locale} />
    </>
  );
}
