import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { searchParams, textParam, withDefault } from '@/routes/-app/search-params';
import { newPwd } from '@/contract/calls/account';
import { resetPasswordFormMachine } from '@/machines/account/reset-password-form.machine';
import { PageHeader } from '@/ui/kit/page-header';
import { ResetPasswordForm } from '@/ui/account/reset-password-form';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { useFormBinding } from '@/routes/-app/use-form-binding';

/** The page of the e-mailed reset link: /{lang}/reset-pwd?token=… (single use, 30 min). */
export const Route = createFileRoute('/$lang/_focused/reset-pwd')({
  validateSearch: withDefault(searchParams({ token: textParam(200) }), { token: '' }),
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const { token } = Route.useSearch();
  const system = useAppSystem();
  const navigate = useNavigate();
  useDocumentTitle(t`Choose a new password`);
  const actor = useActorRef(
    resetPasswordFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => system.api.call(newPwd, input, { signal })) },
      actions: {
        notifySuccess: () => {
          void system.openDialog({ messageType: 'success', title: 'account.password.reset', bodyImage: 'success', autoClose: true });
          void navigate({ to: '/$lang/login', params: { lang } });
        },
      },
    }),
    { input: { resetToken: token } },
  );
  const form = useFormBinding<'password' | 'confirm'>(actor);
  return (
    <section className="auth-page">
      <PageHeader title={t`Choose a new password`} backHref={`/${lang}`} />
      <ResetPasswordForm {...form} />
    </section>
  );
}
