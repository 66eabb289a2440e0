import { Outlet, useLocation, useMatches, useParams } from '@tanstack/react-router';
import { type ReactNode, useCallback, useContext, useSyncExternalStore } from 'react';
import type { Locale } from '@/contract/enums';
import { chatUnread } from '@/services/chat-unread';
import { swapLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell, type AppShellProps } from '@/ui/app/app-shell';
import { shellTabOf } from '@/ui/app/tab-bar';
import { ServerShellContext } from './server-shell';

export type FrameProps = Pick<AppShellProps, 'header' | 'tabBar' | 'languageSwitch' | 'search' | 'white' | 'flush'> & {
  /** The page; the layout's child route by default. */
  children?: ReactNode;
};

/** The `default` layout's frame, which is also every 404 page's. */
export const DEFAULT_FRAME = { header: 'brand', tabBar: true, languageSwitch: true } as const;

/**
 * A layout route's frame (src/routes/$lang/_*.tsx, STYLE rule 14a): the app shell as the layout sets it, around the
 * page, with what the shell reads of the router (language, current tab, the page in other languages) and the
 * unread count. A page that turns out not to exist (an unknown place, a refused path) is the 404 page in the
 * default frame, whichever layout its path is in.
 */
export function Frame({ children, ...frame }: FrameProps) {
  const { lang } = useParams({ from: '/$lang' });
  const { pathname, searchStr } = useLocation();
  const unread = useSyncExternalStore(chatUnread.subscribe, chatUnread.get, () => 0);
  // On the server, a signed-in page's skeleton in place of the page (server-shell.ts).
  const shell = useContext(ServerShellContext);
  const notFound = useMatches({ select: (matches) => matches.some((match) => match.status === 'notFound') });
  // The language list's links lead to this page in each language; a pick is remembered for the next visit.
  const localeHref = useCallback((locale: Locale) => swapLocale(pathname, locale) + (searchStr ?? ''), [pathname, searchStr]);
  return (
    <AppShell
      {...(notFound ? DEFAULT_FRAME : frame)}
      locale={lang as Locale}
      homeHref={`/${lang}`}
      accountHref={`/${lang}/member`}
      localeHref={localeHref}
      onLocaleChange={writeLocaleCookie}
      currentTab={shellTabOf(pathname)}
      unread={unread}
    >
      {children ?? shell ?? <Outlet />}
    </AppShell>
  );
}
