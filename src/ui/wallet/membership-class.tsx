import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Membership } from '@/contract/enums';
import { MEMBERSHIP_LABELS } from '../app/messages';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import './wallet.css';

/** What each level adds (spec section 6, DESIGN section 7), in the order of the levels. */
const LEVEL_GRANTS: Record<Membership, readonly MessageDescriptor[]> = {
  [Membership.TOURIST]: [msg`Browse venues and profiles`, msg`Read the start of visit reports`],
  [Membership.MEMBER]: [msg`Keep favourites`, msg`Chat and unlock profiles`, msg`Write visit reports`],
  [Membership.PAYED_MEMBER]: [msg`Read every visit report in full`],
  [Membership.KYC_MEMBER]: [msg`Publish one profile`, msg`Withdraw what your profiles earn`],
  [Membership.KYC_PAYED_MEMBER]: [msg`Publish venues and any number of profiles`, msg`Read every visit report in full`],
};

const LEVELS: readonly Membership[] = [
  Membership.TOURIST,
  Membership.MEMBER,
  Membership.PAYED_MEMBER,
  Membership.KYC_MEMBER,
  Membership.KYC_PAYED_MEMBER,
];

export interface MembershipClassProps {
  membership: Membership;
  /** The active plan and its end ("Monthly plan until 25 December 2026"); '' without one. */
  planText: string;
  upgradeHref: string;
  verifyHref: string;
  /** Opens the login dialog (a visitor's way up). */
  onLogin(): void;
}

/**
 * /member/class: the member's class (membership level 0–4 of spec section 6), what each level allows, and the way
 * up: log in, buy a plan, verify the identity.
 */
export function MembershipClass({ membership, planText, upgradeHref, verifyHref, onLogin }: MembershipClassProps) {
  const { i18n } = useLingui();
  const levelsId = useId();
  const isPaid = membership === Membership.PAYED_MEMBER || membership === Membership.KYC_PAYED_MEMBER;
  const isVerified = membership === Membership.KYC_MEMBER || membership === Membership.KYC_PAYED_MEMBER;
  const current = i18n._(MEMBERSHIP_LABELS[membership]);
  return (
    <div className="page-column">
      <section className="wallet-card">
        <p className="wallet-muted">
          <Trans>Your class</Trans>
        </p>
        <p className="wallet-class-name">{current}</p>
        {planText ? <p className="wallet-muted">{planText}</p> : null}
        <div className="wallet-actions">
          {membership === Membership.TOURIST ? (
            <button type="button" className="button button--primary" onClick={onLogin}>
              <Trans>Log in or create an account</Trans>
            </button>
          ) : null}
          {membership !== Membership.TOURIST && !isPaid ? (
            <AppLink className="button button--primary" href={upgradeHref}>
              <Trans>Become a paid member</Trans>
            </AppLink>
          ) : null}
          {membership !== Membership.TOURIST && !isVerified ? (
            <AppLink className="button button--secondary" href={verifyHref}>
              <Trans>Verify your identity</Trans>
            </AppLink>
          ) : null}
          {isPaid ? (
            <AppLink className="text-link" href={upgradeHref}>
              <Trans>Extend your membership</Trans>
            </AppLink>
          ) : null}
        </div>
      </section>
      <section className="wallet-card" aria-labelledby={levelsId}>
        <h2 id={levelsId} className="wallet-section-title">
          <Trans>What each class allows</Trans>
        </h2>
        <ol className="wallet-levels">
          {LEVELS.map((level) => (
            <li key={level} className={cx('wallet-level', level === membership && 'is-current')} aria-current={level === membership ? 'true' : undefined}>
              <p className="wallet-level-name">
                {i18n._(MEMBERSHIP_LABELS[level])}
                {level === membership ? (
                  <span className="badge badge--accent">
                    <Trans>You</Trans>
                  </span>
                ) : null}
              </p>
              <ul className="wallet-level-grants">
                {LEVEL_GRANTS[level].map((grant) => (
                  <li key={grant.id}>
                    <Icon name="check" size={16} />
                    {i18n._(grant)}
                  </li>
                ))}
              </ul>
              {level > Membership.MEMBER ? (
                <p className="wallet-muted">
                  {level === Membership.PAYED_MEMBER ? <Trans>Needs a membership plan.</Trans> : null}
                  {level === Membership.KYC_MEMBER ? <Trans>Needs identity verification.</Trans> : null}
                  {level === Membership.KYC_PAYED_MEMBER ? <Trans>Needs a membership plan and identity verification.</Trans> : null}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
