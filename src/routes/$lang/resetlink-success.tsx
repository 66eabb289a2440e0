import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '@/ui/page-header';
import { SentLinkSuccess } from '@/ui/sent-link-success';
import { useDocumentTitle } from '../-app/use-document-title';

export const Route = createFileRoute('/$lang/resetlink-success')({
  validateSearch: z.object({ email: z.string().max(254).catch('') }),
  component: ResetLinkSuccessPage,
});

function ResetLinkSuccessPage() {
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const { email } = Route.useSearch();
  const navigate = useNavigate();
  useDocumentTitle(t`Check your e-mail`);
  return (
    <section className="auth-page">
      <PageHeader title={t`Check your e-mail`} backHref={`/${lang}`} />
      <SentLinkSuccess email={email} onBackToLogin={() => void navigate({ to: '/$lang/login', params: { lang } })} />
    </section>
  );
}
