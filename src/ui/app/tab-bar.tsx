import { useLingui } from '@lingui/react/macro';
import { NavIcon } from '../kit/nav-icons';
import { AppLink } from '../kit/link';
import './tab-bar.css';

/**
 * The app's main tabs (DESIGN section 10): a bottom bar on phones, the same links in the top bar on wide screens.
 * Messages carries the unread total as a badge.
 */
export type ShellTab = 'home' | 'search' | 'favorites' | 'messages' | 'me';

/** Which tab a path belongs to ('/ja/search' → search); none for pages outside the four. */
export function shellTabOf(pathname: string): ShellTab | undefined {
  const [, , head] = pathname.split('/');
  if (head === undefined || head === '') return 'home';
  if (head === 'search') return 'search';
  if (head === 'collection') return 'favorites';
  if (head === 'message' || head === 'chat') return 'messages';
  if (head === 'member') return 'me';
  return undefined;
}

export interface TabBarProps {
  /** The localized home, '/ja'; the other tabs hang off it. */
  homeHref: string;
  accountHref: string;
  current?: ShellTab;
  /** Unread chat messages (the server's count); 0 shows no badge. */
  unread?: number;
}

/** The badge text: the count, capped at 99+. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

export function TabBar({ homeHref, accountHref, current, unread = 0 }: TabBarProps) {
  const { t } = useLingui();
  const messagesLabel = t({ message: 'Messages', context: 'tab' });
  const tabs: { tab: ShellTab; href: string; label: string; icon: React.ReactNode; badge?: string; name?: string }[] = [
    { tab: 'home', href: homeHref, label: t({ message: 'Home', context: 'tab' }), icon: <NavIcon name="home" size={22} /> },
    { tab: 'search', href: `${homeHref}/search`, label: t({ message: 'Search', context: 'tab' }), icon: <NavIcon name="search" size={22} /> },
    {
      tab: 'favorites',
      href: `${homeHref}/collection/merchant`,
      label: t({ message: 'Favourites', context: 'tab' }),
      icon: <NavIcon name="heart" size={22} />,
    },
    {
      tab: 'messages',
      href: `${homeHref}/message`,
      label: messagesLabel,
      icon: <NavIcon name="chat" size={22} />,
      badge: unread > 0 ? badgeText(unread) : undefined,
      name: unread > 0 ? t`${messagesLabel}, ${unread} unread` : undefined,
    },
    { tab: 'me', href: accountHref, label: t({ message: 'My account', context: 'tab' }), icon: <NavIcon name="user" size={22} /> },
  ];
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      <ul className="tab-bar-list">
        {tabs.map(({ tab, href, label, icon, badge, name }) => (
          <li key={tab}>
            <AppLink className="tab-bar-link" href={href} aria-current={tab === current ? 'page' : undefined} aria-label={name}>
              <span className="tab-bar-icon">
                {icon}
                {badge && (
                  <span className="tab-bar-badge" aria-hidden="true">
                    {badge}
                  </span>
                )}
              </span>
              <span className="tab-bar-label">{label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
