import { createFileRoute, Outlet } from '@tanstack/react-router';
import { refusedBelow, requireAuth } from '../-app/guards';

/**
 * Pathless layout of every route with the `auth` guard (DESIGN section 7). A path whose params a page below refuses
 * (/message/bad) is the 404 page for everyone, as the server answers it: nobody logs in to see that.
 */
export const Route = createFileRoute('/$lang/_auth')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: ({ context, params, location, matches }): Promise<void> | undefined =>
    refusedBelow(matches) ? undefined : requireAuth(context.system, params.lang, location.href),
  component: Outlet,
});
