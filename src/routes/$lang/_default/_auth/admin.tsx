import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/routes/-admin/admin-layout';

/**
 * /admin (issue 13 item 4; DESIGN section 7): the admin console, role admin. /admin alone
 * shows the console's tabs (its link opens the first queue, /admin/kyc). Its pages are lazy, like every page.
 */
export const Route = createFileRoute('/$lang/_default/_auth/admin')({
  // The guard's code loads with the first page that needs it: it waits for the app system anyway.
  beforeLoad: async ({ context, params }) => (await import('@/routes/-owner/owner-guards')).requireAdmin(context.system, params.lang),
  component: AdminLayout,
});
