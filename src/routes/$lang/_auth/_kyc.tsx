import { createFileRoute, Outlet } from '@tanstack/react-router';
import { refusedBelow } from '../../-app/guards';

/**
 * Pathless layout of the routes with the `kyc-status` guard (spec section 2: content management and publishing),
 * inside `_auth`, so the member is known to be logged in when it runs.
 */
export const Route = createFileRoute('/$lang/_auth/_kyc')({
  // The guard's code loads with the first page that needs it: it waits for the app system anyway.
  // A path a page below refuses (/member/content/hotel) is the 404 page, with no detour through the KYC flow.
  beforeLoad: async ({ context, params, preload, matches }): Promise<void> =>
    refusedBelow(matches) ? undefined : (await import('../../-owner/owner-guards')).requireKycApproved(context.system, params.lang, preload),
  component: Outlet,
});
