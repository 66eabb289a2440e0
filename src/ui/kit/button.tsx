import { useLingui } from '@lingui/react/macro';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  variant?: ButtonVariant;
  /** A request runs: shows a spinner, sets aria-busy and disables the button so it cannot be sent twice. */
  busy?: boolean;
  /** Full width of its container (the main action of a form on mobile). */
  block?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The app's button. Its accessible name stays its label while busy (so it can still be found by name); the busy
 * state is aria-busy plus a polite "Please wait" announced by a status region beside it.
 */
export function Button({
  variant = 'primary',
  busy,
  block = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  const { t } = useLingui();
  return (
    <>
      <button
        {...rest}
        type={type}
        className={cx('button', `button--${variant}`, block && 'button--block', busy && 'is-busy', className)}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        <span className="button-label">{children}</span>
      </button>
      {busy === undefined ? null : (
        <span className="visually-hidden" role="status">
          {busy ? t`Please wait…` : ''}
        </span>
      )}
    </>
  );
}
