import { useLingui } from '@lingui/react/macro';
import { NavIcon } from './nav-icons';
import { Icon } from '../kit/icons';
import { AppLink } from '../kit/link';
import './tab-bar.css';

/**
 * The app's main tabs (DESIGN section 10): a bottom bar on phones, the same links in the top bar on wide screens.
 * Messages joins when the chat screens exist; until then there is no tab to a page that is not there.
 */
export type ShellTab = 'home' | 'search' | 'favorites' | 'me';

/** Which tab a path belongs to ('/ja/search' → search); none for pages outside the four. */
export function shellTabOf(pathname: string): ShellTab | undefined {
  const [, , head] = pathname.split('/');
  if (head === undefined || head === '') return 'home';
  if (head === 'search') return 'search';
  if (head === 'collection') return 'favorites';
  if (head === 'member') return 'me';
  return undefined;
}

export interface TabBarProps {
  /** The localized home, '/ja'; the other tabs hang off it. */
  homeHref: string;
  accountHref: string;
  current?: ShellTab;
}

export function TabBar({ homeHref, accountHref, current }: TabBarProps) {
  const { t } = useLingui();
  const tabs: { tab: ShellTab; href: string; label: string; icon: React.ReactNode }[] = [
    { tab: 'home', href: homeHref, label: t({ message: 'Home', context: 'tab' }), icon: <Icon name="home" size={22} /> },
    { tab: 'search', href: `${homeHref}/search`, label: t({ message: 'Search', context: 'tab' }), icon: <NavIcon name="search" size={22} /> },
    {
      tab: 'favorites',
      href: `${homeHref}/collection/merchant`,
      label: t({ message: 'Favourites', context: 'tab' }),
      icon: <NavIcon name="heart" size={22} />,
    },
    { tab: 'me', href: accountHref, label: t`My account`, icon: <Icon name="user" size={22} /> },
  ];
  return (
    <nav className="tab-bar" aria-label={t`Main`}>
      <ul className="tab-bar-list">
        {tabs.map(({ tab, href, label, icon }) => (
          <li key={tab}>
            <AppLink className="tab-bar-link" href={href} aria-current={tab === current ? 'page' : undefined}>
              {icon}
              <span className="tab-bar-label">{label}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
