import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

/**
 * The label of a profile's Chat button while the viewer has not unlocked its chat (issue 30): "Chat · 50 points". In
 * the chat catalog, which the profile page loads for it, so the first page's catalog does not grow.
 */
export function ChatPriceLabel({ price }: { price: number }) {
  const { t } = useLingui();
  return <>{t`Chat · ${plural(price, { one: '# point', other: '# points' })}`}</>;
}
