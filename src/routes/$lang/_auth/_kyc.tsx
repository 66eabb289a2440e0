import { createFileRoute, Outlet } from '@tanstack/react-router';
import { requireKycApproved } from '../../-owner/owner-guards';

/**
 * Pathless layout of the routes with the `kyc-status` guard (spec section 2: content management and publishing),
 * inside `_auth`, so the member is known to be logged in when it runs.
 */
export const Route = createFileRoute('/$lang/_auth/_kyc')({
  beforeLoad: ({ context, params, preload }) => requireKycApproved(context.system, params.lang, preload),
  component: Outlet,
});
