import { createFileRoute, Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '@/contract/enums';
import { chatUnread } from '@/services/chat-unread';
import { activateLocale } from '@/services/i18n';
import { swapLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell } from '@/ui/app/app-shell';
import { LinkProvider } from '@/ui/kit/link';
import { NotFoundPage } from '@/ui/app/not-found-page';
import { shellTabOf } from '@/ui/app/tab-bar';
import { paramsWhere } from './-app/guards';
import { RouterLink } from './-app/router-link';

/** Every localized route lives under /{lang}; an unknown prefix is a 404 (STYLE rule 16). */
export const Route = createFileRoute('/$lang')({
  params: { parse: paramsWhere((params: { lang: string }) => isLocale(params.lang)) },
  beforeLoad: async ({ params }) => {
    await activateLocale(params.lang as Locale);
    return { locale: params.lang };
  },
  component: LangLayout,
  notFoundComponent: LangNotFound,
});

function LangLayout() {
  const { lang } = Route.useParams();
  const location = useLocation();
  const unread = useSyncExternalStore(chatUnread.subscribe, chatUnread.get, () => 0);
  // A page in the `message` frame (a conversation) brings its own header and has no tab bar.
  const bare = useMatches({ select: (matches) => matches.some((match) => match.staticData.frame === 'message') });
  // The language list's links lead to this page in each language; a pick is remembered for the next visit.
  const localeHref = (locale: Locale) => swapLocale(location.pathname, locale) + (location.searchStr ?? '');
  // The ui's links navigate inside the app (RouterLink) rather than reloading the page.
  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        locale={lang as Locale}
        homeHref={`/${lang}`}
        accountHref={`/${lang}/member`}
        localeHref={localeHref}
        onLocaleChange={writeLocaleCookie}
        currentTab={shellTabOf(location.pathname)}
        unread={unread}
        bare={bare}
      >
        <Outlet />
      </AppShell>
    </LinkProvider>
  );
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The page's frame when it is not the app's default one (brand header, language switch, tab bar): `message`, a
     * conversation, shows none of them (its own header has the back button) so that it fits the screen.
     */
    frame?: 'message';
  }
}

function LangNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
