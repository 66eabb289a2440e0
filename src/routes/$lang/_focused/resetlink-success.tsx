import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { searchParams, textParam, withDefault } from '@/routes/-app/search-params';
import { PageHeader } from '@/ui/kit/page-header';
import { SentLinkSuccess } from '@/ui/account/sent-link-success';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

export const Route = createFileRoute('/$lang/_focused/resetlink-success')({
  validateSearch: withDefault(searchParams({ email: textParam(254) }), { email: '' }),
  component: ResetLinkSuccessPage,
});

function ResetLinkSuccessPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
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
