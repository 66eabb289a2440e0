import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { cx } from '../kit/class-names';
import './test-mode-notice.css';

export interface TestModeNoticeProps {
  /**
   * `inline` (default): a strip inside a column that spaces its children (the payment dialog). `page`: a strip
   * between a page's header and its `.page-column`, aligned with the column's content. `list`: the same above a list
   * of full-width rows. `badge`: the badge alone, for a header (the admin console's), whose title stays centred; the
   * explanation stays in the note for screen readers and is the badge's tooltip.
   */
  variant?: 'inline' | 'page' | 'list' | 'badge';
}

/**
 * "Test mode" (DESIGN section 9: payments have a test mode and a live mode): shown on the payment screens and in the
 * admin console while the server's payments are test ones (its sandbox provider, or Stripe with a test key), as
 * Stripe marks its own test mode, and never on live payments. A note named by its badge, so assistive technology reads "Test mode" first. Its texts are in the
 * wallet and admin catalogs (lingui.config.ts), the pages that show it, never in the first page's.
 */
export function TestModeNotice({ variant = 'inline' }: TestModeNoticeProps) {
  const compact = variant === 'badge';
  const { t } = useLingui();
  const badgeId = useId();
  const explanation = t`Payments here use test cards; no real money moves.`;
  return (
    <p role="note" aria-labelledby={badgeId} className={cx('test-mode', `test-mode--${variant}`)} title={compact ? explanation : undefined}>
      <span id={badgeId} className="badge test-mode-badge">
        <Trans comment="A badge, as Stripe's: the server takes test payments only, no real money moves.">Test mode</Trans>
      </span>
      <span className={compact ? 'visually-hidden' : undefined}>{explanation}</span>
    </p>
  );
}
