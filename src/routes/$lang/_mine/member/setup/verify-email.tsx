import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { sendEmailCode, validationEmail } from '@/contract/calls/account';
import { selectUser } from '@/machines/account/session.machine';
import { RESEND_COOLDOWN_MS, verifyEmailFormMachine } from '@/machines/account/verify-email-form.machine';
import { PageHeader } from '@/ui/kit/page-header';
import { VerifyEmailForm } from '@/ui/account/verify-email-form';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { useFormBinding } from '@/routes/-app/use-form-binding';

/** /member/setup/verify-email (auth): a 6-digit code sent by e-mail (token purpose 4, single use, 10 min). */
export const Route = createFileRoute('/$lang/_mine/member/setup/verify-email')({
  component: VerifyEmailPage,
});

/** Whole seconds left of the resend cooldown, counted from when the machine entered it. */
function useCooldownSeconds(coolingDown: boolean): number {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!coolingDown) {
      setStartedAt(null);
      return;
    }
    setStartedAt(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [coolingDown]);
  if (!coolingDown || startedAt === null) return 0;
  return Math.max(0, Math.ceil((RESEND_COOLDOWN_MS - (now - startedAt)) / 1000));
}

function VerifyEmailPage() {
  // The account's texts are in the forms catalog (lingui.config.ts).
  useFeatureCatalog('forms');
  const { t } = useLingui();
  const { lang } = Route.useParams();
  const system = useAppSystem();
  const user = useSelector(system.session, selectUser);
  useDocumentTitle(t`Verify e-mail`);
  const actor = useActorRef(
    verifyEmailFormMachine.provide({
      actors: {
        sendCode: fromPromise(({ signal }) => system.api.call(sendEmailCode, {}, { signal })),
        submit: fromPromise(({ input, signal }) => system.api.call(validationEmail, input, { signal })),
      },
      actions: { notifySuccess: () => system.session.send({ type: 'session.userRefresh' }) },
    }),
  );
  const form = useFormBinding<'code'>(actor);
  const sending = useSelector(actor, (s) => s.hasTag('sendingCode'));
  const coolingDown = useSelector(actor, (s) => s.hasTag('coolingDown'));
  const codeSent = useSelector(actor, (s) => s.context.sentTo !== null);
  const verifiedHere = useSelector(actor, (s) => s.context.result !== null);
  const cooldownSeconds = useCooldownSeconds(coolingDown);
  return (
    <section>
      <PageHeader title={t`Verify e-mail`} backHref={`/${lang}/member/setup`} />
      <VerifyEmailForm
        {...form}
        email={user?.email ?? ''}
        verified={verifiedHere || (user?.email_validation ?? false)}
        codeSent={codeSent}
        sending={sending}
        cooldownSeconds={cooldownSeconds}
        onSendCode={() => actor.send({ type: 'code.send' })}
        doneHref={`/${lang}/member/setup`}
      />
    </section>
  );
}
