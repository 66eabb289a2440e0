import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { MembershipPlan } from '@/contract/economy';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import { OfferRow } from './offer-row';
import { formatMoney } from './wallet-format';
import { PLAN_LABELS } from './wallet-names';
import './wallet.css';

export interface MembershipPlansProps {
  plans: readonly MembershipPlan[];
  isPaid: boolean;
  /** The active plan and its end, in the user's language; '' without one. */
  planText: string;
  classHref: string;
  onBuy(plan: MembershipPlan): void;
}

/**
 * /member/upgrade: the plans (DESIGN section 6) and the member's current one. Buying a plan while one is active
 * extends it: the new days start when the current plan ends.
 */
export function MembershipPlans({ plans, isPaid, planText, classHref, onBuy }: MembershipPlansProps) {
  const { i18n, t } = useLingui();
  const plansId = useId();
  return (
    <div className="page-column">
      <section className="wallet-card">
        {isPaid ? (
          <>
            <p className="wallet-class-name">
              <Trans>You are a paid member</Trans>
            </p>
            <p className="wallet-muted">{planText}</p>
            <p className="wallet-note">
              <Trans>A plan bought now starts when your current plan ends.</Trans>
            </p>
          </>
        ) : (
          <>
            <p className="wallet-class-name">
              <Trans>Become a paid member</Trans>
            </p>
            <ul className="wallet-level-grants">
              <li>
                <Icon name="check" size={16} />
                <Trans>Read every visit report in full</Trans>
              </li>
            </ul>
          </>
        )}
        <AppLink className="text-link" href={classHref}>
          <Trans>What each class allows</Trans>
        </AppLink>
      </section>
      <section className="wallet-card" aria-labelledby={plansId}>
        <h2 id={plansId} className="wallet-section-title">
          <Trans>Plans</Trans>
        </h2>
        <ul className="wallet-packs">
          {plans.map((plan) => {
            const name = i18n._(PLAN_LABELS[plan.code]);
            const price = formatMoney(i18n, plan.amount);
            const days = plan.days;
            return (
              <OfferRow key={plan.item_id} price={price} buyLabel={t`Buy the ${name} for ${price}`} onBuy={() => onBuy(plan)}>
                <span>
                  <span className="wallet-pack-coins">{name}</span>
                  <span className="wallet-muted">
                    {' '}
                    <Plural value={days} one="# day" other="# days" />
                  </span>
                </span>
              </OfferRow>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
