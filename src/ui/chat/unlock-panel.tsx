import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../kit/button';
import { AppLink } from '../kit/link';
import { UnlockDialog } from './unlock-dialog';
import './unlock.css';

export interface UnlockPanelProps {
  /** The profile's name as the header shows it. */
  name: string;
  /** The price to unlock, in points (the conversation's status). */
  price: number;
  /** The member's spendable points; null while unknown. */
  points: number | null;
  /** The price the member had confirmed before the server said it changed (the status holds the new one); else null. */
  repricedFrom: number | null;
  /** Unlocks at `price`, the price shown in the confirmation the member accepted. */
  onUnlock(price: number): void;
  unlocking: boolean;
  /** Why the last unlock failed (already translated); null when it did not. */
  error: string | null;
  /** Where points are bought (the wallet's coin packs). */
  buyPointsHref?: string;
}

/**
 * The foot of a locked profile conversation (issue 30): what unlocking costs, the member's balance and, when it is
 * short, how many points are missing and where to get them. "Unlock chat" asks first (UnlockDialog): one tap never
 * spends. A price the owner changed meanwhile is said here and in the dialog, which stays open to confirm the new one.
 */
export function UnlockPanel({ name, price, points, repricedFrom, onUnlock, unlocking, error, buyPointsHref }: UnlockPanelProps) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const missing = points === null ? 0 : Math.max(0, price - points);
  return (
    <div className="chat-unlock">
      <p className="chat-unlock-title">{t`Chat with ${name}`}</p>
      {repricedFrom === null ? (
        <p>{t`Unlocking costs ${plural(price, { one: '# point', other: '# points' })}, once. Then you can write to each other as much as you like.`}</p>
      ) : (
        <p role="alert">{t`The price to unlock ${name} changed from ${plural(repricedFrom, { one: '# point', other: '# points' })} to ${plural(price, { one: '# point', other: '# points' })}. Nothing was charged.`}</p>
      )}
      {points === null ? null : (
        <p className="chat-unlock-balance">{t`Balance: ${plural(points, { one: '# point', other: '# points' })}`}</p>
      )}
      {missing > 0 ? (
        <p className="chat-unlock-short">
          {t`You need ${plural(missing, { one: '# more point', other: '# more points' })} to unlock this chat.`}{' '}
          {buyPointsHref ? (
            <AppLink className="text-link" href={buyPointsHref}>
              {t`Get points`}
            </AppLink>
          ) : null}
        </p>
      ) : null}
      {error && !confirming ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button onClick={() => setConfirming(true)} busy={unlocking && !confirming}>
        {t`Unlock chat`}
      </Button>
      <UnlockDialog
        open={confirming}
        name={name}
        price={price}
        points={points}
        repricedFrom={repricedFrom}
        unlocking={unlocking}
        error={error}
        buyPointsHref={buyPointsHref}
        onConfirm={() => onUnlock(price)}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
