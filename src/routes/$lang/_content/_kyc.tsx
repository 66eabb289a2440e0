import { createFileRoute, Outlet } from '@tanstack/react-router';
import { kycBeforeLoad } from '@/routes/-app/guards';

/** The `kyc-status` guard (spec section 2: content management and publishing), inside the `content` layout, which is the `auth` guard; -app/guards.ts. */
export const Route = createFileRoute('/$lang/_content/_kyc')({
  beforeLoad: (args): Promise<void> => kycBeforeLoad(args),
  component: Outlet,
});
