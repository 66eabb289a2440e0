import { createFileRoute } from '@tanstack/react-router';
import { requireAdmin } from '../../-owner/owner-guards';
import { AdminLayout } from '../../-admin/admin-layout';

/**
 * /admin (issue 13 item 4; DESIGN section 7): the admin console, role admin. /admin alone
 * shows the console's tabs (its link opens the first queue, /admin/kyc). Its pages are lazy, like every page.
 */
export const Route = createFileRoute('/$lang/_auth/admin')({
  beforeLoad: ({ context, params }) => requireAdmin(context.system, params.lang),
  component: AdminLayout,
});
