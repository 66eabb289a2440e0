import { createFileRoute, Outlet } from '@tanstack/react-router';

/**
 * Pathless layout of the routes with the `kyc-status` guard (spec section 2: content management and publishing),
 * inside `_auth`, so the member is known to be logged in when it runs.
 */
export const Route = createFileRoute('/$lang/_auth/_kyc')({
  // The guard's code loads with the first page that needs it: it waits for the app system anyway.
  beforeLoad: async ({ context, params, preload }) =>
    (await import('../../-owner/owner-guards')).requireKycApproved(context.system, params.lang, preload),
  component: Outlet,
});
