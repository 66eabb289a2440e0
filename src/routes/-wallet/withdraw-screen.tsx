import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { applyWithdraw, type Withdrawal } from '@/contract/calls/wallet';
import type { CurrentUser } from '@/contract/calls/user';
import { KycStatus } from '@/contract/enums';
import { pointsOf, withdrawFormMachine, type WithdrawField, type WithdrawPayload } from '@/machines/wallet/withdraw-form.machine';
import { requestErrorText } from '@/ui/directory/directory-names';
import { ErrorState, RecordSkeletonRows } from '@/ui/directory/listing-list';
import { AppLink } from '@/ui/kit/link';
import { PageHeader } from '@/ui/kit/page-header';
import { WithdrawForm } from '@/ui/wallet/withdraw-form';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { useFormBinding } from '../-app/use-form-binding';
import { useEconomy, useFreshUser } from './wallet-data';

/** /{lang}/member/point/withdraw: the withdrawal application (route: $lang/_auth/member/point/withdraw.tsx). */
export function WithdrawScreen({ lang }: { lang: string }) {
  const { t, i18n } = useLingui();
  const title = t`Withdraw cash`;
  useDocumentTitle(title);
  const user = useFreshUser();
  const economy = useEconomy();
  const base = `/${lang}/member/point`;
  const history = (
    <AppLink className="text-link" href={`${base}/withdrawLog`}>
      <Trans>Withdrawal history</Trans>
    </AppLink>
  );

  let body;
  if (economy.status === 'error') body = <ErrorState message={requestErrorText(i18n, economy.error)} onRetry={economy.retry} />;
  else if (!economy.data || !user) body = <RecordSkeletonRows />;
  else if (user.kyc_status !== KycStatus.Approved) {
    body = (
      <div className="wallet-card" role="note">
        <p className="wallet-class-name">
          <Trans>Verify your identity to withdraw</Trans>
        </p>
        <p className="wallet-note">
          {user.kyc_status === KycStatus.Applying ? (
            <Trans>Your identity is being verified. You can withdraw as soon as it is approved.</Trans>
          ) : (
            <Trans>Money is paid out only to verified adults. Verification takes a few minutes.</Trans>
          )}
        </p>
        <AppLink className="button button--primary" href={`/${lang}/verify/kyc/${user.kyc_status === KycStatus.Applying ? 'step4' : 'step1'}`}>
          <Trans>Verify your identity</Trans>
        </AppLink>
      </div>
    );
  } else if (user.withdrawable_fun_score < economy.data.withdrawal_min_points) {
    // No form that cannot succeed (issue 31 item 4): how many points are missing, and where they come from.
    const minimum = economy.data.withdrawal_min_points;
    const have = user.withdrawable_fun_score;
    const missing = minimum - have;
    body = (
      <div className="wallet-card" role="note">
        <p className="wallet-class-name">
          <Trans>
            You need <Plural value={missing} one="# more withdrawable point" other="# more withdrawable points" />
          </Trans>
        </p>
        <p className="wallet-note">
          <Trans>
            The smallest withdrawal is <Plural value={minimum} one="# point" other="# points" />; you have{' '}
            <Plural value={have} one="# withdrawable point" other="# withdrawable points" />. Points you earn when members unlock
            your profiles can be withdrawn; coins you buy cannot.
          </Trans>
        </p>
        <AppLink className="button button--secondary" href={base}>
          <Trans>Back to your wallet</Trans>
        </AppLink>
      </div>
    );
  } else {
    body = <WithdrawFormHost lang={lang} user={user} minPoints={economy.data.withdrawal_min_points} reviewHours={economy.data.withdrawal_review_hours} />;
  }
  return (
    <section>
      <PageHeader title={title} backHref={base} />
      {body}
      <p className="wallet-footer-link">{history}</p>
    </section>
  );
}

function WithdrawFormHost({ lang, user, minPoints, reviewHours }: { lang: string; user: CurrentUser; minPoints: number; reviewHours: number }) {
  const { i18n } = useLingui();
  const { api, toast, session } = useAppSystem();
  const navigate = useNavigate();
  const actor = useActorRef(
    withdrawFormMachine.provide({
      actors: { submit: fromPromise<Withdrawal, WithdrawPayload>(({ input, signal }) => api.call(applyWithdraw, input, { signal })) },
      actions: {
        notifySuccess: () => {
          toast.send({ type: 'toast.show', kind: 'success', message: 'toast.withdraw.applied' });
          session.send({ type: 'session.userRefresh' });
          void navigate({ to: '/$lang/member/point/withdrawLog', params: { lang } });
        },
      },
    }),
    { input: { idempotencyKey: globalThis.crypto.randomUUID(), minPoints, maxPoints: user.withdrawable_fun_score, locale: i18n.locale } },
  );
  const form = useFormBinding<WithdrawField>(actor);
  const values = form.values as Record<WithdrawField, string>;
  return (
    <WithdrawForm
      values={values}
      points={pointsOf(values, i18n.locale)}
      reviewHours={reviewHours}
      errors={form.errors}
      serverError={form.serverError}
      busy={form.busy}
      withdrawable={user.withdrawable_fun_score}
      minPoints={minPoints}
      rate={user.withdrawal_rate}
      onChange={form.onChange}
      onFocus={form.onFocus}
      onSubmit={form.onSubmit}
    />
  );
}
