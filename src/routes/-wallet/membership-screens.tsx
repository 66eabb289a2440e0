import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Membership } from '@/contract/enums';
import { OrderType } from '@/contract/feature-enums';
import { selectMembership, selectUser } from '@/machines/account/session.machine';
import { TestModeNotice } from '@/ui/app/test-mode-notice';
import { requestErrorText } from '@/ui/directory/directory-names';
import { ErrorState, RecordSkeletonRows } from '@/ui/directory/listing-list';
import { PageHeader } from '@/ui/kit/page-header';
import { MembershipClass } from '@/ui/wallet/membership-class';
import { MembershipPlans } from '@/ui/wallet/membership-plans';
import { PLAN_LABELS } from '@/ui/wallet/wallet-names';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { usePaymentsTestMode } from '../-app/use-payments-test-mode';
import { usePayment } from './use-payment';
import { useEconomy, useFreshUser } from './wallet-data';

/** /{lang}/member/upgrade: the membership plans (route: $lang/_auth/member/upgrade.tsx). */
export function UpgradeScreen({ lang }: { lang: string }) {
  const { t, i18n } = useLingui();
  const title = t`Membership`;
  useDocumentTitle(title);
  const user = useFreshUser();
  const economy = useEconomy();
  const { pay, dialog } = usePayment(lang, economy.data);
  const testMode = usePaymentsTestMode();
  let body;
  if (economy.status === 'error') body = <ErrorState message={requestErrorText(i18n, economy.error)} onRetry={economy.retry} />;
  else if (!economy.data || !user) body = <RecordSkeletonRows />;
  else {
    body = (
      <MembershipPlans
        plans={economy.data.membership_plans}
        isPaid={user.is_payed}
        planText={user.vip_txt}
        classHref={`/${lang}/member/class`}
        onBuy={(plan) => pay({ type: OrderType.upgrade, item_id: plan.item_id, item: i18n._(PLAN_LABELS[plan.code]) })}
      />
    );
  }
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member`} />
      {testMode ? <TestModeNotice variant="page" /> : null}
      {body}
      {dialog}
    </section>
  );
}

/** /{lang}/member/class: the member's class, what each allows and the way up (route: $lang/member/class.tsx). */
export function ClassScreen({ lang }: { lang: string }) {
  const { t } = useLingui();
  const title = t`Your class`;
  useDocumentTitle(title);
  const { session } = useAppSystem();
  const membership = useSelector(session, selectMembership);
  const user = useSelector(session, selectUser);
  return (
    <section>
      <PageHeader title={title} backHref={`/${lang}/member`} />
      <MembershipClass
        membership={membership ?? Membership.TOURIST}
        planText={user?.vip_txt ?? ''}
        upgradeHref={`/${lang}/member/upgrade`}
        verifyHref={`/${lang}/verify/kyc/step1`}
        onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member/class` } } })}
      />
    </section>
  );
}
