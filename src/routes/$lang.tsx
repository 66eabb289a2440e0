import { createFileRoute, notFound, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { isLocale, type Locale } from '@/contract/enums';
import { activateLocale } from '@/services/i18n';
import { swapLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell } from '@/ui/app-shell';
import { NotFoundPage } from '@/ui/not-found-page';

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
  const onLocaleChange = (locale: Locale) => {
    writeLocaleCookie(locale);
    void navigate({ to: swapLocale(location.pathname, locale) + (location.searchStr ?? '') });
  };
  return (
    <AppShell locale={lang as Locale} homeHref={`/${lang}`} accountHref={`/${lang}/member`} onLocaleChange={onLocaleChange}>
      <Outlet />
    </AppShell>
  );
}

function LangNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
