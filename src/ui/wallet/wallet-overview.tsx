import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { CurrentUser } from '@/contract/calls/user';
import type { CoinPack } from '@/contract/economy';
import { Button } from '../kit/button';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import { OfferRow } from './offer-row';
import { formatMoney, formatPoints } from './wallet-format';
import './wallet.css';

export interface WalletOverviewProps {
  user: CurrentUser;
  /** The coin packs on sale; null while they load. */
  packs: readonly CoinPack[] | null;
  /** The smallest withdrawal in points (economy). */
  withdrawalMinPoints: number | null;
  withdrawHref: string;
  logHref: string;
  withdrawalsHref: string;
  transactionsHref: string;
  /** Starts the payment of a coin pack. */
  onBuy(pack: CoinPack): void;
}

/**
 * /member/point (spec section 2: points overview, with a withdraw-cash action): the spendable, withdrawable and held
 * points, the coin packs, and the ways to the logs. Purchased coins are spendable only; earned points can also be
 * withdrawn (DESIGN section 6), which the page says in words, not only in numbers.
 */
export function WalletOverview({ user, packs, withdrawalMinPoints, withdrawHref, logHref, withdrawalsHref, transactionsHref, onBuy }: WalletOverviewProps) {
  const { i18n, t } = useLingui();
  const balancesId = useId();
  const packsId = useId();
  const spendable = formatPoints(i18n, user.fun_score);
  const withdrawable = formatPoints(i18n, user.withdrawable_fun_score);
  const held = formatPoints(i18n, user.held_fun_score);
  const worth = formatMoney(i18n, user.withdrawable_amount);
  const minimum = withdrawalMinPoints;
  const canWithdraw = withdrawalMinPoints !== null && user.withdrawable_fun_score >= withdrawalMinPoints;
  const missing = withdrawalMinPoints === null ? 0 : Math.max(0, withdrawalMinPoints - user.withdrawable_fun_score);
  const missingId = useId();

  return (
    <div className="page-column">
      <section className="wallet-card" aria-labelledby={balancesId}>
        <h2 id={balancesId} className="wallet-section-title">
          <Trans>Your points</Trans>
        </h2>
        <dl className="wallet-balances">
          <div className="wallet-balance wallet-balance--main">
            <dt>
              <Trans>Balance</Trans>
            </dt>
            <dd>{spendable}</dd>
          </div>
          <div className="wallet-balance">
            <dt>
              <Trans>Withdrawable</Trans>
            </dt>
            <dd>
              {withdrawable} <span className="wallet-muted">({worth})</span>
            </dd>
          </div>
          <div className="wallet-balance">
            <dt>
              <Trans>Held for withdrawals</Trans>
            </dt>
            <dd>{held}</dd>
          </div>
        </dl>
        <p className="wallet-note">
          <Trans>Coins you buy can be spent on unlocks. Points you earn from your profiles can also be withdrawn as cash.</Trans>
        </p>
        <div className="wallet-actions">
          {canWithdraw ? (
            <AppLink className="button button--primary" href={withdrawHref}>
              <Icon name="wallet" size={20} />
              <Trans>Withdraw cash</Trans>
            </AppLink>
          ) : (
            // Below the minimum no form could succeed (issue 31 item 4): the action is off, and the page says why.
            <Button disabled aria-describedby={missingId}>
              <Icon name="wallet" size={20} />
              <Trans>Withdraw cash</Trans>
            </Button>
          )}
          {!canWithdraw && minimum !== null ? (
            <p className="wallet-muted" id={missingId}>
              <Trans>
                You need <Plural value={missing} one="# more withdrawable point" other="# more withdrawable points" /> to withdraw: the
                smallest withdrawal is <Plural value={minimum} one="# point" other="# points" />.
              </Trans>
            </p>
          ) : null}
        </div>
        <nav className="wallet-links" aria-label={t`Wallet history`}>
          <AppLink className="text-link" href={logHref}>
            <Trans>Points history</Trans>
          </AppLink>
          <AppLink className="text-link" href={withdrawalsHref}>
            <Trans>Withdrawal history</Trans>
          </AppLink>
          <AppLink className="text-link" href={transactionsHref}>
            <Trans>Payments</Trans>
          </AppLink>
        </nav>
      </section>

      <section className="wallet-card" aria-labelledby={packsId} id="recharge">
        <h2 id={packsId} className="wallet-section-title">
          <Trans>Buy coins</Trans>
        </h2>
        {packs === null ? (
          <div className="record-skeletons" aria-busy="true">
            <span className="skeleton record-skeleton" />
            <span className="skeleton record-skeleton" />
          </div>
        ) : (
          <ul className="wallet-packs">
            {packs.map((pack) => {
              const coins = pack.coins;
              const price = formatMoney(i18n, pack.amount);
              return (
                <OfferRow
                  key={pack.item_id}
                  variant="secondary"
                  price={price}
                  buyLabel={t`Buy ${plural(coins, { one: '# coin', other: '# coins' })} for ${price}`}
                  onBuy={() => onBuy(pack)}
                >
                  <span className="wallet-pack-coins">
                    <Plural value={coins} one="# coin" other="# coins" />
                  </span>
                </OfferRow>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
