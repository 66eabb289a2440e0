import { createRootRouteWithContext, Outlet, useLocation } from '@tanstack/react-router';
import { NotFoundPage } from '@/ui/not-found-page';
import type { AppSystem } from './-app/app-system';

export interface RouterContext {
  /** The app-wide actors (session, dialogs, tracking), for guards in beforeLoad. */
  system: AppSystem;
  /** Set by the `$lang` layout (or the unprefixed home) once its catalog is active. */
  locale?: string;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: RootNotFound,
});

function RootNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
