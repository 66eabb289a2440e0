import { createFileRoute, Outlet } from '@tanstack/react-router';
import { authBeforeLoad } from '@/routes/-app/guards';

/** The `auth` guard (DESIGN section 7) for the pages of the default layout; -app/guards.ts. */
export const Route = createFileRoute('/$lang/_default/_auth')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: (args): Promise<void> | undefined => authBeforeLoad(args),
  component: Outlet,
});
