import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { PaymentOptionConfig } from '@/contract/economy';
import { PaymentType } from '@/contract/feature-enums';
import { MESSAGES, translateCode } from '../app/messages';
import { TestModeNotice } from '../app/test-mode-notice';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { FormError } from '../kit/form-error';
import { IconButton } from '../kit/icon-button';
import { useModalDialog } from '../kit/use-modal-dialog';
import { formatMoney } from './wallet-format';
import { TermsCheckbox } from './terms-checkbox';
import './wallet-messages';
import { PAYMENT_TYPE_LABELS } from './wallet-names';
import './wallet.css';

/** An option as the dialog lists it: usable for this amount or not (spec section 5). */
export interface PaymentOptionView {
  option: PaymentOptionConfig;
  disabled: boolean;
}

export type PaymentDialogPhase = 'loading' | 'loadFailed' | 'choosing' | 'paying';

export interface PaymentDialogProps {
  open: boolean;
  /** What is bought, already translated ("550 coins", "Monthly membership"). */
  item: string;
  /** Cents. */
  amount: number;
  phase: PaymentDialogPhase;
  /** Why the options could not be loaded (phase loadFailed). */
  loadError?: string;
  onRetryLoad(): void;
  options: readonly PaymentOptionView[];
  selected: PaymentType | null;
  onSelect(type: PaymentType): void;
  /** The selected option refused (payment.errors.amountRange), or the payment's own failure, translated. */
  error?: string;
  /** The terms checkbox (spec section 5: popup payments and adding a card). */
  termsShown: boolean;
  termsAccepted: boolean;
  termsError?: string;
  onTermsChange(accepted: boolean): void;
  termsHref: string;
  /** The card step, shown while the credit card is selected. */
  cardStep?: ReactNode;
  /** While a new card is entered: whether to keep it for later payments (opt-in, as in Stripe Checkout). */
  saveCard?: { checked: boolean; onChange(checked: boolean): void };
  /** The back arrow (spec section 2: while adding a card); absent hides it. */
  onBack?(): void;
  /** The main action's label and whether it can be used now. */
  payLabel: string;
  payDisabled: boolean;
  onPay(): void;
  /** While paying: what the payer should do now. */
  waitingText?: string;
  onCancel(): void;
  onClose(): void;
  /** The server's payments are test ones (home/config payments_test_mode): the dialog says "Test mode" whatever the method. */
  testMode?: boolean;
  /** Closing: it fades out (spec section 9: 200 ms) before it leaves the page. */
  closing?: boolean;
}

/**
 * The payment dialog (spec section 2 overlay 3; sections 4, 5 and 9): titled payment.title, with a back arrow while
 * a card is being added and a close icon. Options in the spec's order, those out of range disabled with their
 * range; the terms checkbox; the card step for a card payment; while a payment runs, what to do and a cancel.
 */
export function PaymentDialog(props: PaymentDialogProps) {
  const { open, item, amount, phase, options, selected, onSelect, onClose } = props;
  const { i18n, t } = useLingui();
  const titleId = useId();
  const summaryId = useId();
  const dialog = useModalDialog(open, onClose);
  const price = formatMoney(i18n, amount);

  let body: ReactNode;
  if (phase === 'loading') {
    body = (
      <div className="record-skeletons" aria-busy="true">
        <span className="skeleton record-skeleton" />
        <span className="skeleton record-skeleton" />
        <span className="skeleton record-skeleton" />
        <span className="visually-hidden" role="status">
          <Trans>Loading the payment methods…</Trans>
        </span>
      </div>
    );
  } else if (phase === 'loadFailed') {
    body = (
      <div className="state-box state-box--error" role="alert">
        <p>{props.loadError}</p>
        <Button variant="secondary" onClick={props.onRetryLoad}>
          <Trans context="button">Try again</Trans>
        </Button>
      </div>
    );
  } else if (phase === 'paying') {
    body = (
      <div className="payment-waiting" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{props.waitingText}</p>
        <Button variant="secondary" onClick={props.onCancel}>
          <Trans>Cancel the payment</Trans>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <fieldset className="payment-options">
          <legend className="card-element-legend">
            <Trans>Payment method</Trans>
          </legend>
          {options.map(({ option, disabled }) => {
            const label = i18n._(PAYMENT_TYPE_LABELS[option.payment_type]);
            const range =
              disabled && option.min_money !== null && option.max_money !== null
                ? translateCode(i18n, 'payment.errors.amountRange', { min: formatMoney(i18n, option.min_money), max: formatMoney(i18n, option.max_money) })
                : null;
            return (
              <label key={option.payment_type} className={cx('payment-option', disabled && 'is-disabled', selected === option.payment_type && 'is-selected')}>
                <input type="radio" name="payment-type" value={option.payment_type} checked={selected === option.payment_type} disabled={disabled} onChange={() => onSelect(option.payment_type)} />
                <span className="payment-option-text">
                  <span>{label}</span>
                  {range ? <span className="payment-option-note">{range}</span> : null}
                </span>
              </label>
            );
          })}
        </fieldset>
        {selected === PaymentType.creditCard ? props.cardStep : null}
        {selected === PaymentType.creditCard && props.saveCard ? (
          <label className="check-row">
            <input type="checkbox" checked={props.saveCard.checked} onChange={(event) => props.saveCard?.onChange(event.target.checked)} />
            <span>
              <Trans>Save this card for future payments</Trans>
            </span>
          </label>
        ) : null}
        {props.termsShown ? (
          <TermsCheckbox accepted={props.termsAccepted} error={props.termsError} href={props.termsHref} onChange={props.onTermsChange} />
        ) : null}
        <FormError message={props.error} />
        <Button block disabled={props.payDisabled} onClick={props.onPay}>
          {props.payLabel}
        </Button>
      </>
    );
  }

  return (
    <dialog ref={dialog.ref} className={cx('modal modal--sheet payment-dialog', props.closing && 'is-closing')} aria-labelledby={titleId} aria-describedby={summaryId} onCancel={dialog.onCancel} onClose={dialog.onClose}>
      {open ? (
        <div className="modal-surface">
          <div className="modal-header">
            <div className="modal-header-start">{props.onBack ? <IconButton icon="back" label={t`Back to your cards`} onClick={props.onBack} /> : null}</div>
            <h2 className="modal-title" id={titleId}>
              {i18n._(MESSAGES['payment.title'])}
            </h2>
            <div className="modal-header-end">
              <IconButton icon="close" label={t`Close`} onClick={onClose} />
            </div>
          </div>
          <div className="modal-body payment-body">
            <p className="payment-summary" id={summaryId}>
              <span>{item}</span>
              <strong>{price}</strong>
            </p>
            {props.testMode ? <TestModeNotice /> : null}
            {props.error && phase === 'paying' ? <FormError message={props.error} /> : null}
            {body}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
