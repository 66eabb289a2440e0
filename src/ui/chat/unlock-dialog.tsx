import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../kit/button';
import { AppLink } from '../kit/link';
import { useModalDialog } from '../kit/use-modal-dialog';

export interface UnlockDialogProps {
  open: boolean;
  name: string;
  price: number;
  /** The member's spendable points; null while unknown (then no balance is shown). */
  points: number | null;
  /** The price the member had been shown before the server said it changed; else null. */
  repricedFrom: number | null;
  unlocking: boolean;
  /** Why the unlock failed (already translated); null when it did not. */
  error: string | null;
  buyPointsHref?: string;
  onConfirm(): void;
  /** Cancel, Escape, or the browser closing the dialog. */
  onClose(): void;
}

/**
 * The confirmation of an unlock (issue 30), as a payment sheet asks before it charges: the price, the balance now and
 * after. When the balance is short it says by how much and offers the wallet instead of the unlock. A modal `<dialog>`
 * (kit/use-modal-dialog.ts): focus stays inside, Escape closes it, focus returns to "Unlock chat". It stays open while
 * the unlock runs, shows a refusal in place, and shows a changed price to confirm again; it closes with the panel once
 * the chat is unlocked.
 */
export function UnlockDialog({ open, name, price, points, repricedFrom, unlocking, error, buyPointsHref, onConfirm, onClose }: UnlockDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const bodyId = useId();
  const dialog = useModalDialog(open, onClose);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // After showModal (the effect above, which would focus the first button): focus starts on Cancel.
  useEffect(() => {
    if (open) cancelRef.current?.focus();
  }, [open]);
  // A refusal is shown for an attempt made in this opening, not one left from before it.
  const [attempted, setAttempted] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setAttempted(false);
  }
  const pointsText = (value: number) => t`${plural(value, { one: '# point', other: '# points' })}`;
  const missing = points === null ? 0 : price - points;
  const short = missing > 0;
  const rows: [string, string][] = [
    [t`Price`, pointsText(price)],
    ...(points === null ? [] : ([[t`Balance`, pointsText(points)]] as [string, string][])),
    ...(points === null || short ? [] : ([[t`Balance after unlocking`, pointsText(points - price)]] as [string, string][])),
  ];
  return (
    <dialog
      ref={dialog.ref}
      className="modal dialog-message unlock-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={dialog.onCancel}
      onClose={dialog.onClose}
    >
      {open ? (
        <div className="modal-surface">
          <h2 className="modal-title" id={titleId}>
            {t`Unlock your chat with ${name}?`}
          </h2>
          <div id={bodyId} className="unlock-dialog-body">
            {repricedFrom !== null ? (
              <p role="alert" className="unlock-dialog-note">
                {t`The price changed from ${plural(repricedFrom, { one: '# point', other: '# points' })} to ${plural(price, { one: '# point', other: '# points' })}. Nothing was charged.`}
              </p>
            ) : null}
            <dl className="unlock-dialog-sums">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {short ? (
              <p role="alert" className="unlock-dialog-short">
                {t`You need ${plural(missing, { one: '# more point', other: '# more points' })} to unlock this chat.`}
              </p>
            ) : (
              <p className="unlock-dialog-note">{t`You pay once. The chat stays unlocked.`}</p>
            )}
            {error && attempted ? (
              <p className="form-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          {/* The decision first, as a payment sheet puts it; focus starts on Cancel, so Enter never spends by itself. */}
          <div className="dialog-message-footer unlock-dialog-actions">
            {short ? (
              buyPointsHref ? (
                <AppLink className="button button--primary" href={buyPointsHref}>
                  {t`Get points`}
                </AppLink>
              ) : null
            ) : (
              <Button
                busy={unlocking}
                onClick={() => {
                  setAttempted(true);
                  onConfirm();
                }}
              >
                {t`Unlock for ${plural(price, { one: '# point', other: '# points' })}`}
              </Button>
            )}
            <Button variant="secondary" onClick={onClose} ref={cancelRef}>
              {t({ message: 'Cancel', context: 'button' })}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
