import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '@/routes/-app/app-context';
import { LoginFormContainer } from '@/routes/-app/auth-forms';
import { requireGuest } from '@/routes/-app/guards';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';

export const Route = createFileRoute('/$lang/_focused/login')({
  beforeLoad: ({ context, params }) => requireGuest(context.system, params.lang),
  component: LoginPage,
});

function LoginPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const { session } = useAppSystem();
  const navigate = useNavigate();
  useDocumentTitle(t`Log in`);
  return (
    <section className="auth-page">
      <PageHeader title={t`Log in`} backHref={`/${lang}`} />
      <LoginFormContainer
        onDone={(token) => {
          session.send({ type: 'session.login', token });
          void navigate({ to: '/$lang/member', params: { lang } });
        }}
        onCreateAccount={() => void navigate({ to: '/$lang/register', params: { lang } })}
        onForgotPassword={() => void navigate({ to: '/$lang/forget-password', params: { lang } })}
      />
    </section>
  );
}
