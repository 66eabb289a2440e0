import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectUser } from '@/machines/account/session.machine';
import { KycStatusView } from '@/ui/kyc/kyc-status';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '../../../../-app/app-context';
import { useDocumentTitle } from '../../../../-app/use-document-title';

/** The member's identity verification status, read from the session's user. */
export function KycPage({ lang }: { lang: string }) {
  const { t } = useLingui();
  const { session } = useAppSystem();
  const user = useSelector(session, selectUser);
  const title = t`Identity verification`;
  useDocumentTitle(title);
  return (
    <section className="owner-page">
      <PageHeader title={title} backHref={`/${lang}/member`} />
      <KycStatusView status={user?.kyc_status ?? 0} backHref={`/${lang}/member`} />
    </section>
  );
}
