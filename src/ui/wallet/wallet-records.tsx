import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { OrderRecord } from '@/contract/calls/payment';
import type { PointsLogItem, Withdrawal } from '@/contract/calls/wallet';
import type { EconomyConfig } from '@/contract/economy';
import { OrderType } from '@/contract/feature-enums';
import { cx } from '../kit/class-names';
import { formatMoment, formatMoney, formatPoints } from './wallet-format';
import { ORDER_STATUS_LABELS, PAYMENT_TYPE_LABELS, PLAN_LABELS, POINTS_KIND_LABELS, WITHDRAWAL_METHOD_LABELS, WITHDRAWAL_STATUS_LABELS } from './wallet-names';
import './wallet.css';

/** One row of the points log (/member/point/log): what moved, the signed points, and the balance after it. */
export function PointsLogRow({ item }: { item: PointsLogItem }) {
  const { i18n } = useLingui();
  const sign = item.points > 0 ? '+' : item.points < 0 ? '−' : '';
  const points = `${sign}${formatPoints(i18n, Math.abs(item.points))}`;
  const balance = formatPoints(i18n, item.balance);
  return (
    <article className="record">
      <div className="record-main">
        <p className="record-title">{i18n._(POINTS_KIND_LABELS[item.kind])}</p>
        {item.ref && (item.kind === 'unlock_spend' || item.kind === 'unlock_earn') ? (
          <p className="record-detail">
            <bdi>{item.ref}</bdi>
          </p>
        ) : null}
        <p className="record-detail">
          <time dateTime={item.created_at}>{formatMoment(i18n, item.created_at)}</time>
        </p>
      </div>
      <div className="record-end">
        <p className={cx('record-amount', item.points > 0 ? 'record-amount--in' : 'record-amount--out')}>
          <bdi>{points}</bdi>
        </p>
        <p className="record-detail">
          <Trans>Balance {balance}</Trans>
        </p>
      </div>
    </article>
  );
}

const STATUS_BADGE: Record<string, string> = {
  pending: 'badge--warning',
  paid: 'badge--success',
  rejected: 'badge--muted',
  failed: 'badge--muted',
  expired: 'badge--muted',
  refunded: 'badge--muted',
};

/** One withdrawal (/member/point/withdrawLog): points, money, method and masked account, status and reason. */
export function WithdrawalRow({ item }: { item: Withdrawal }) {
  const { i18n } = useLingui();
  const points = item.points;
  return (
    <article className="record">
      <div className="record-main">
        <p className="record-title">
          {i18n._(WITHDRAWAL_METHOD_LABELS[item.method])} <bdi dir="ltr">{item.account_mask}</bdi>
        </p>
        <p className="record-detail">
          <time dateTime={item.created_at}>{formatMoment(i18n, item.created_at)}</time>
        </p>
        {item.status === 'rejected' && item.reject_reason ? (
          <p className="record-detail">
            <Trans>Reason: {item.reject_reason}</Trans>
          </p>
        ) : null}
      </div>
      <div className="record-end">
        <p className="record-amount">{formatMoney(i18n, item.amount)}</p>
        <p className="record-detail">
          <Plural value={points} one="# point" other="# points" />
        </p>
        <span className={cx('badge', STATUS_BADGE[item.status])}>{i18n._(WITHDRAWAL_STATUS_LABELS[item.status])}</span>
      </div>
    </article>
  );
}

/** One order (/member/transaction): what was bought, how, how much, and whether it was paid. */
export function OrderRow({ item, economy }: { item: OrderRecord; economy: EconomyConfig | null }) {
  const { i18n } = useLingui();
  let what;
  if (item.type === OrderType.upgrade) {
    const plan = economy?.membership_plans.find((p) => p.item_id === item.item_id);
    what = plan ? i18n._(PLAN_LABELS[plan.code]) : <Trans>Membership</Trans>;
  } else {
    const pack = economy?.coin_packs.find((p) => p.item_id === item.item_id);
    what = pack ? <Plural value={pack.coins} one="# coin" other="# coins" /> : <Trans>Coins</Trans>;
  }
  return (
    <article className="record">
      <div className="record-main">
        <p className="record-title">{what}</p>
        <p className="record-detail">{i18n._(PAYMENT_TYPE_LABELS[item.payment_type])}</p>
        <p className="record-detail">
          <time dateTime={item.created_at}>{formatMoment(i18n, item.created_at)}</time>
        </p>
      </div>
      <div className="record-end">
        <p className="record-amount">{formatMoney(i18n, item.amount, item.currency)}</p>
        <span className={cx('badge', STATUS_BADGE[item.status])}>{i18n._(ORDER_STATUS_LABELS[item.status])}</span>
      </div>
    </article>
  );
}
