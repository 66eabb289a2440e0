import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SavedCard } from '@/contract/calls/payment';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { Icon } from '../kit/icons';
import { CardBrandMark } from './card-brand';
import './wallet.css';

/** Card brand names as printed on cards (spec section 9's logos: visa, mastercard, maestro, diners, discover, jcb). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  diners: 'Diners Club',
  'diners club': 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  amex: 'American Express',
  unionpay: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A card in words, as the receipt and screen readers name it: "Visa ending in 4242". */
export function cardName(i18n: I18n, card: { brand: string; last4: string }): string {
  const brand = brandName(card.brand);
  const last4 = card.last4;
  return i18n._(msg`${brand} ending in ${last4}`);
}

/** "12/30": the month and the year's last two digits, as printed on the card. */
function expiryText(card: SavedCard['card']): string | null {
  if (card.exp_month === undefined || card.exp_year === undefined) return null;
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

/**
 * A saved card on one line (issue 31 item 3): the brand's mark, the last four digits, the expiry, and its badges; the
 * brand is named in words for screen readers ("Visa ending in 4242").
 */
function CardLabel({ card }: { card: SavedCard }) {
  const { i18n } = useLingui();
  const last4 = card.card.last4;
  const expiry = expiryText(card.card);
  return (
    <span className="saved-card-label">
      <CardBrandMark brand={card.card.brand} />
      <span className="visually-hidden">{cardName(i18n, card.card)}</span>
      <bdi dir="ltr" className="saved-card-digits" aria-hidden="true">
        •••• {last4}
      </bdi>
      {expiry ? (
        <span className="saved-card-expiry">
          <Trans>
            Expires <bdi dir="ltr">{expiry}</bdi>
          </Trans>
        </span>
      ) : null}
      {card.is_default ? (
        <span className="badge badge--accent">
          <Trans context="card">Default</Trans>
        </span>
      ) : null}
      {card.is_ban ? (
        <span className="badge badge--muted">
          <Trans context="card">Invalid</Trans>
        </span>
      ) : null}
    </span>
  );
}

export interface CardChooserProps {
  cards: readonly SavedCard[];
  selectedId: number | null;
  disabled?: boolean;
  onSelect(id: number): void;
  /** Absent when no card can be added (MAX_SAVED_CARDS reached): the button is hidden (spec section 5). */
  onAdd?(): void;
}

/** The payment dialog's saved cards: one to pay with (banned ones shown disabled), and "add a card". */
export function CardChooser({ cards, selectedId, disabled = false, onSelect, onAdd }: CardChooserProps) {
  const { t } = useLingui();
  return (
    <div className="saved-cards">
      <fieldset className="saved-card-list" disabled={disabled}>
        <legend className="card-element-legend">{t`Pay with a saved card`}</legend>
        {cards.map((card) => (
          <label key={card.id} className={cx('saved-card', card.is_ban && 'is-disabled', card.id === selectedId && 'is-selected')}>
            <input type="radio" name="saved-card" value={card.id} checked={card.id === selectedId} disabled={card.is_ban} onChange={() => onSelect(card.id)} />
            <CardLabel card={card} />
          </label>
        ))}
      </fieldset>
      {onAdd ? (
        <Button variant="link" onClick={onAdd} disabled={disabled}>
          <Icon name="plus" size={20} />
          <Trans>Add a card</Trans>
        </Button>
      ) : null}
    </div>
  );
}

export interface CardManagerProps {
  cards: readonly SavedCard[];
  /** The card whose delete or make-default runs. */
  pendingId: number | null;
  busy: boolean;
  onDelete(card: SavedCard): void;
  onMakeDefault(card: SavedCard): void;
}

/**
 * /member/card-management: the saved cards, each on one line with its actions in a compact row under it (Make default,
 * Delete), named for the card they act on.
 */
export function CardManager({ cards, pendingId, busy, onDelete, onMakeDefault }: CardManagerProps) {
  const { t } = useLingui();
  return (
    <ul className="record-list saved-card-rows" aria-label={t`Saved cards`}>
      {cards.map((card) => {
        const brand = brandName(card.card.brand);
        const last4 = card.card.last4;
        return (
          <li key={card.id} className="record saved-card-row" aria-busy={pendingId === card.id && busy ? true : undefined}>
            <div className="record-main">
              <CardLabel card={card} />
              {card.is_ban ? (
                <p className="record-detail">
                  <Trans>This card can no longer be used. Delete it and add another one.</Trans>
                </p>
              ) : null}
              <div className="saved-card-actions">
                {!card.is_default && !card.is_ban ? (
                  <Button variant="link" disabled={busy} onClick={() => onMakeDefault(card)} aria-label={t`Make the ${brand} ending in ${last4} the default card`}>
                    <Trans context="button">Make default</Trans>
                  </Button>
                ) : null}
                <Button variant="link" disabled={busy} onClick={() => onDelete(card)} aria-label={t`Delete the ${brand} ending in ${last4}`}>
                  <Trans context="button">Delete</Trans>
                </Button>
              </div>
            </div>
            {busy && pendingId === card.id ? <span className="spinner" aria-hidden="true" /> : null}
          </li>
        );
      })}
    </ul>
  );
}
