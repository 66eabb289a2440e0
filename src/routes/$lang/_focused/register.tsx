import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '@/routes/-app/app-context';
import { RegisterFormContainer, welcomeNewMember } from '@/routes/-app/auth-forms';
import { requireGuest } from '@/routes/-app/guards';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

export const Route = createFileRoute('/$lang/_focused/register')({
  beforeLoad: ({ context, params }) => requireGuest(context.system, params.lang),
  component: RegisterPage,
});

function RegisterPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const system = useAppSystem();
  const navigate = useNavigate();
  useDocumentTitle(t`Create an account`);
  const onDone = async (token: string) => {
    const wantsVerify = await welcomeNewMember(system, token);
    // Spec section 2 overlay 1: verify now → account settings; otherwise, on the register route, go home.
    void navigate(wantsVerify ? { to: '/$lang/member/setup', params: { lang } } : { to: '/$lang', params: { lang } });
  };
  return (
    <section className="auth-page">
      <PageHeader title={t`Create an account`} backHref={`/${lang}`} />
      <RegisterFormContainer lang={lang} onDone={(token) => void onDone(token)} onLogin={() => void navigate({ to: '/$lang/login', params: { lang } })} />
    </section>
  );
}
