import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AccountMenuKey } from '../app/account-menu-keys';
import { cx } from '../kit/class-names';
import { Icon, type IconName } from '../kit/icons';
import { AppLink } from '../kit/link';
import { accountMenuLabel } from '../app/messages';

export interface AccountMenuEntry {
  key: AccountMenuKey;
  /** A link entry; otherwise a button running `onSelect`. */
  href?: string;
  onSelect?(): void;
  /**
   * Shown at the end: a short value (not translated: the current language's own name) or a state as a badge (the
   * identity verification's status, drawn by the page that has it: this menu is on the first page's path).
   */
  detail?: ReactNode;
}

export interface AccountMenuProps {
  /** The entries to show, in order. Which exist is the route's decision (spec section 6, by user level). */
  entries: readonly AccountMenuEntry[];
}

const ICONS: Record<AccountMenuKey, IconName> = {
  kycCertification: 'shieldCheck',
  accountSetting: 'settings',
  publishStoreInfo: 'store',
  contentManage: 'listings',
  walletRecharge: 'wallet',
  transactionHistory: 'receipt',
  cardManage: 'card',
  langSwitch: 'globe',
  termsOfUse: 'document',
  privacyPolicy: 'lock',
  aboutUs: 'info',
  logout: 'logout',
  feedback: 'feedback',
};

/** The account menu of the member page: a list of links and buttons, each with an icon and its label. */
export function AccountMenu({ entries }: AccountMenuProps) {
  const { t, i18n } = useLingui();
  return (
    <nav className="account-menu" aria-label={t`Account menu`}>
      <ul className="menu-list">
        {entries.map((entry) => {
          const content = (
            <>
              <Icon name={ICONS[entry.key]} className="menu-item-icon" />
              <span className="menu-item-label">{i18n._(accountMenuLabel(entry.key))}</span>
              {entry.detail ? <span className="menu-item-detail">{entry.detail}</span> : null}
              {entry.href !== undefined ? <Icon name="chevronEnd" size={20} className="menu-item-chevron" /> : null}
            </>
          );
          const className = cx('menu-item', entry.key === 'logout' && 'menu-item--danger');
          return (
            <li key={entry.key}>
              {entry.href !== undefined ? (
                <AppLink className={className} href={entry.href} onClick={entry.onSelect ? () => entry.onSelect?.() : undefined}>
                  {content}
                </AppLink>
              ) : (
                <button type="button" className={className} onClick={() => entry.onSelect?.()}>
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
