import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { changePassword } from '@/contract/calls/user';
import { changePasswordFormMachine } from '@/machines/account/change-password-form.machine';
import { ChangePasswordForm } from '@/ui/account/change-password-form';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { useFormBinding } from '@/routes/-app/use-form-binding';

/** /member/setup/change-password (mine layout, auth): other sessions are signed out by the server. */
export const Route = createFileRoute('/$lang/_mine/member/setup/change-password')({
  component: ChangePasswordPage,
});

function ChangePasswordPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const system = useAppSystem();
  const navigate = useNavigate();
  useDocumentTitle(t`Change password`);
  const actor = useActorRef(
    changePasswordFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => system.api.call(changePassword, input, { signal })) },
      actions: {
        notifySuccess: () => {
          void system.openDialog({ messageType: 'success', title: 'account.password.changed', bodyImage: 'success', autoClose: true });
          void navigate({ to: '/$lang/member/setup', params: { lang } });
        },
      },
    }),
  );
  const form = useFormBinding<'old_password' | 'password' | 'confirm'>(actor);
  return (
    <section>
      <PageHeader title={t`Change password`} backHref={`/${lang}/member/setup`} />
      <ChangePasswordForm {...form} />
    </section>
  );
}
