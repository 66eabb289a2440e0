import { createFileRoute, notFound, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '@/contract/enums';
import { chatUnread } from '@/services/chat-unread';
import { activateLocale } from '@/services/i18n';
import { swapLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell } from '@/ui/app/app-shell';
import { LinkProvider } from '@/ui/kit/link';
import { NotFoundPage } from '@/ui/app/not-found-page';
import { shellTabOf } from '@/ui/app/tab-bar';
import { RouterLink } from './-app/router-link';

/** Every localized route lives under /{lang}; an unknown prefix is a 404 (STYLE rule 16). */
export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params }) => {
    if (!isLocale(params.lang)) throw notFound();
    await activateLocale(params.lang);
    return { locale: params.lang };
  },
  component: LangLayout,
  notFoundComponent: LangNotFound,
});

function LangLayout() {
  const { lang } = Route.useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const unread = useSyncExternalStore(chatUnread.subscribe, chatUnread.get, () => 0);
  const onLocaleChange = (locale: Locale) => {
    writeLocaleCookie(locale);
    void navigate({ to: swapLocale(location.pathname, locale) + (location.searchStr ?? '') });
  };
  // The ui's links navigate inside the app (RouterLink) rather than reloading the page.
  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        locale={lang as Locale}
        homeHref={`/${lang}`}
        accountHref={`/${lang}/member`}
        onLocaleChange={onLocaleChange}
        currentTab={shellTabOf(location.pathname)}
        unread={unread}
      >
        <Outlet />
      </AppShell>
    </LinkProvider>
  );
}

function LangNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
