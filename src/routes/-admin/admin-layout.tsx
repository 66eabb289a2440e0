import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { PageHeader } from '@/ui/kit/page-header';
import { AdminNav, type AdminSection } from '@/ui/admin/admin-nav';
import { useFeatureCatalog } from '../-app/use-feature-catalog';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { isAdminSection } from './admin-sections';


/** The console's frame: its title, the section tabs and the section's page. */
export function AdminLayout() {
  useFeatureCatalog('admin');
  const { t } = useLingui();
  const testMode = usePaymentsTestMode();
  // /{lang}/admin/{section}
  const [lang, section] = useLocation({ select: (location) => { const parts = location.pathname.split('/'); return `${parts[1]}/${parts[3] ?? ''}`; } }).split('/');
  return (
    <section>
      {/* In the header, so every section shows it (DESIGN section 9: the sandbox is test mode). */}
      <PageHeader title={t`Admin console`} backHref={`/${lang}/member`} actions={testMode ? <TestModeNotice variant="badge" /> : undefined} />
      <AdminNav lang={lang} current={isAdminSection(section) ? (section as AdminSection) : null} />
      <Outlet />
    </section>
  );
}
