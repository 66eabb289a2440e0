import { cx } from './class-names';
import { Icon, type IconName } from './icons';
import { AppLink } from './link';

export interface IconButtonProps {
  icon: IconName;
  /** The accessible name (already translated): an icon alone says nothing to a screen reader. */
  label: string;
  /** Renders a link when given, else a button. */
  href?: string;
  onClick?(): void;
  className?: string;
  disabled?: boolean;
}

/** A 44 px square control showing only an icon, with the label as its accessible name and tooltip. */
export function IconButton({ icon, label, href, onClick, className, disabled }: IconButtonProps) {
  const classes = cx('icon-button', className);
  if (href !== undefined) {
    return (
      <AppLink className={classes} href={href} aria-label={label} title={label} onClick={onClick}>
        <Icon name={icon} />
      </AppLink>
    );
  }
  return (
    <button type="button" className={classes} aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      <Icon name={icon} />
    </button>
  );
}
