import { createFileRoute } from '@tanstack/react-router';
import { AdminSectionPage } from '@/routes/-admin/admin-screens';

/**
 * /admin/{section} (issue 13 item 4): kyc, withdrawals, reports, listings, users, audit. One route for the six, so the
 * first page's route table grows by one entry, not six; an unknown section shows the console's tabs only.
 */
export const Route = createFileRoute('/$lang/_default/_auth/admin/$section')({
  component: function AdminPage() {
    const { lang, section } = Route.useParams();
    return <AdminSectionPage lang={lang} section={section} />;
  },
});
