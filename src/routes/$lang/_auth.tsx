import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireAuth } from '../-app/guards';

/** Pathless layout of every route with the `auth` guard (DESIGN section 7). */
export const Route = createFileRoute('/$lang/_auth')({
  beforeLoad: ({ context, params, location }) => requireAuth(context.system, params.lang, location.href),
  component: Outlet,
});
