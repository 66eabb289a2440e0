import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/ui/kit/page-header';
import { ForgotPasswordFormContainer } from '@/routes/-app/auth-forms';
import { requireGuest } from '@/routes/-app/guards';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

export const Route = createFileRoute('/$lang/_focused/forget-password')({
  beforeLoad: ({ context, params }) => requireGuest(context.system, params.lang),
  component: ForgetPasswordPage,
});

function ForgetPasswordPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const navigate = useNavigate();
  useDocumentTitle(t`Reset your password`);
  return (
    <section className="auth-page">
      <PageHeader title={t`Reset your password`} backHref={`/${lang}/login`} />
      <ForgotPasswordFormContainer onDone={(email) => void navigate({ to: '/$lang/resetlink-success', params: { lang }, search: { email } })} />
    </section>
  );
}
