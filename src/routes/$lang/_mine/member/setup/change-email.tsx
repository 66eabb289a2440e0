import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { setting } from '@/contract/calls/account';
import { changeEmailFormMachine } from '@/machines/account/change-email-form.machine';
import { selectUser } from '@/machines/account/session.machine';
import { ChangeEmailForm } from '@/ui/account/change-email-form';
import { PageHeader } from '@/ui/kit/page-header';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { useFormBinding } from '@/routes/-app/use-form-binding';

/** /member/setup/change-email (auth): the new address is unverified until its code is entered. */
export const Route = createFileRoute('/$lang/_mine/member/setup/change-email')({
  component: ChangeEmailPage,
});

function ChangeEmailPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const system = useAppSystem();
  const user = useSelector(system.session, selectUser);
  const navigate = useNavigate();
  useDocumentTitle(t`Change e-mail`);
  const actor = useActorRef(
    changeEmailFormMachine.provide({
      actors: { submit: fromPromise(({ input, signal }) => system.api.call(setting, input, { signal })) },
      actions: {
        notifySuccess: () => {
          system.session.send({ type: 'session.userRefresh' });
          void navigate({ to: '/$lang/member/setup/verify-email', params: { lang } });
        },
      },
    }),
  );
  const form = useFormBinding<'email'>(actor);
  return (
    <section>
      <PageHeader title={t`Change e-mail`} backHref={`/${lang}/member/setup`} />
      <ChangeEmailForm {...form} currentEmail={user?.email ?? ''} />
    </section>
  );
}
