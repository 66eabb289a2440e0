import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Button } from '../kit/button';
import { IconButton } from '../kit/icon-button';
import { AppLink } from '../kit/link';
import { StatusIcon } from '../kit/status-icon';
import { useModalDialog } from '../kit/use-modal-dialog';
import { formatMoney } from './wallet-format';
import './wallet.css';

export interface Receipt {
  /** What was bought, translated ("550 coins", "Monthly membership"). */
  item: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** How it was paid, translated ("Visa ending in 4242", "Alipay"). */
  method: string;
  paidAt: Date;
  orderId: string;
  /** What the purchase changed, translated ("Your coins are in your wallet."). */
  outcome: string;
}

export interface ReceiptDialogProps {
  receipt: Receipt | null;
  transactionsHref: string;
  onHome(): void;
  onClose(): void;
}

/**
 * The receipt after a payment (issue 31 item 5): the one message that says it succeeded, with what was bought, the
 * amount, the method, the date and the order number, a link to the transaction history, and the home page (spec
 * section 2's success dialog).
 */
export function ReceiptDialog({ receipt, transactionsHref, onHome, onClose }: ReceiptDialogProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const dialog = useModalDialog(receipt !== null, onClose);
  return (
    <dialog ref={dialog.ref} className="modal receipt-dialog" aria-labelledby={titleId} onCancel={dialog.onCancel} onClose={dialog.onClose}>
      {receipt ? (
        <div className="modal-surface">
          <div className="modal-header">
            <div className="modal-header-start" />
            {/* The title is the receipt's own heading, below the check. */}
            <span className="modal-title" aria-hidden="true" />
            <div className="modal-header-end">
              <IconButton icon="close" label={t`Close`} onClick={onClose} />
            </div>
          </div>
          <div className="modal-body receipt-body">
            <StatusIcon kind="success" />
            <h2 className="receipt-title" id={titleId}>
              <Trans>Payment successful</Trans>
            </h2>
            <p className="receipt-amount">{formatMoney(i18n, receipt.amount, receipt.currency)}</p>
            <p className="receipt-outcome">{receipt.outcome}</p>
            <dl className="receipt-lines" aria-label={t`Receipt`}>
              <div>
                <dt>
                  <Trans>Item</Trans>
                </dt>
                <dd>{receipt.item}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Paid with</Trans>
                </dt>
                <dd>{receipt.method}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Date</Trans>
                </dt>
                <dd>{i18n.date(receipt.paidAt, { dateStyle: 'medium', timeStyle: 'short' })}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Order number</Trans>
                </dt>
                <dd>
                  <bdi dir="ltr" className="receipt-order">
                    {receipt.orderId}
                  </bdi>
                </dd>
              </div>
            </dl>
            <AppLink className="text-link receipt-history" href={transactionsHref}>
              <Trans>See your transaction history</Trans>
            </AppLink>
            <div className="receipt-actions">
              <Button block onClick={onClose}>
                <Trans context="button">Done</Trans>
              </Button>
              <Button block variant="secondary" onClick={onHome}>
                <Trans context="button">Go to the home page</Trans>
              </Button>
            </div>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
