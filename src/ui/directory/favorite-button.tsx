import { useLingui } from '@lingui/react/macro';
import { cx } from '../kit/class-names';
import { ListingIcon } from './listing-icons';
import './listing-detail.css';

export interface FavoriteButtonProps {
  /** The listing is one of the viewer's favourites. */
  saved: boolean;
  /** A change is being saved (the button already shows it). */
  pending?: boolean;
  onToggle(): void;
}

/**
 * The favourite toggle of the detail pages: a toggle button (aria-pressed) whose name says what pressing does next,
 * "Add to favourites" or "Remove from favourites", shown as its text beside a heart.
 */
export function FavoriteButton({ saved, pending = false, onToggle }: FavoriteButtonProps) {
  const { t } = useLingui();
  const label = saved ? t`Remove from favourites` : t`Add to favourites`;
  return (
    <button
      type="button"
      className={cx('button', 'button--secondary', 'favorite-button', saved && 'is-saved')}
      aria-pressed={saved}
      aria-busy={pending || undefined}
      onClick={onToggle}
    >
      <ListingIcon name="heart" size={20} filled={saved} />
      <span className="button-label">{label}</span>
    </button>
  );
}
