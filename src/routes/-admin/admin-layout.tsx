import { useLingui } from '@lingui/react/macro';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import * as admin from '@/contract/calls/admin';
import { provideRequest } from '@/machines/app/request.machine';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { PageHeader } from '@/ui/kit/page-header';
import { AdminNav, type AdminCounts, type AdminSection } from '@/ui/admin/admin-nav';
import { useAppSystem } from '../-app/app-context';
import { useFeatureCatalog } from '../-app/use-feature-catalog';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { AdminCountsRefresh } from './admin-counts';
import { isAdminSection } from './admin-sections';

type Counts = { kyc: number; withdrawals: number; reports: number };

/** The console's frame: its title, the section tabs with what waits in each queue, and the section's page. */
export function AdminLayout() {
  useFeatureCatalog('admin');
  const { t } = useLingui();
  const { api } = useAppSystem();
  const testMode = usePaymentsTestMode();
  // /{lang}/admin/{section}
  const [lang, section] = useLocation({
    select: (location) => {
      const parts = location.pathname.split('/');
      return `${parts[1]}/${parts[3] ?? ''}`;
    },
  }).split('/');
  const counter = useActorRef(provideRequest(admin.queueCounts, api));
  // The last counts read stay on the tabs while the next are read, and when a read fails.
  const result = useSelector(counter, (s) => (s.matches('finished') ? (s.context.result as Counts) : null));
  const [counts, setCounts] = useState<AdminCounts>({});
  useEffect(() => {
    if (result) setCounts({ kyc: result.kyc, withdrawals: result.withdrawals, reports: result.reports });
  }, [result]);
  const refresh = useCallback(() => counter.send({ type: 'request.start', params: {} }), [counter]);
  useEffect(refresh, [refresh]);
  return (
    <section className="admin-console">
      {/* In the header, so every section shows it (DESIGN section 9: the sandbox is test mode). */}
      <PageHeader
        title={t`Admin console`}
        backHref={`/${lang}/member`}
        actions={testMode ? <TestModeNotice variant="badge" /> : undefined}
      />
      <AdminNav lang={lang} current={isAdminSection(section) ? (section as AdminSection) : null} counts={counts} />
      <AdminCountsRefresh value={refresh}>
        <Outlet />
      </AdminCountsRefresh>
    </section>
  );
}
