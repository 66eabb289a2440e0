import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import { activateLocale } from '@/services/i18n';
import { detectLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell } from '@/ui/app/app-shell';
import { HomePage, HomeSearchForm } from '@/ui/directory/home-page';
import { LinkProvider } from '@/ui/kit/link';
import { DeferredHomeSections } from './-directory/deferred-home-sections';
import { RouterLink } from './-app/router-link';


/** The unprefixed home renders in the detected locale (cookie, then browser languages, then English). */
export const Route = createFileRoute('/')({
  beforeLoad: async () => {
    const locale = detectLocale({ cookie: document.cookie, languages: navigator.languages ?? [navigator.language] });
    await activateLocale(locale);
    return { locale };
  },
  component: DetectedHome,
});

function DetectedHome() {
  const { locale } = Route.useRouteContext() as { locale: Locale };
  const navigate = useNavigate();

  return (
    <LinkProvider component={RouterLink}>
      <AppShell
        locale={locale}
        homeHref={`/${locale}`}
        accountHref={`/${locale}/member`}
        localeHref={(next) => `/${next}`}
        onLocaleChange={writeLocaleCookie}
        currentTab="home"
        // The `default-search` layout's frame ($lang/_default-search.tsx), for the home in the detected language.
        header="brand"
        tabBar
        languageSwitch
        search={
          <HomeSearchForm
            locale={locale}
            onSearch={(keyword) => void navigate({ to: '/$lang/search', params: { lang: locale }, search: keyword ? { q: keyword } : {} })}
          />
        }
      >
        <HomePage>
          <DeferredHomeSections lang={locale} />
        </HomePage>
      </AppShell>
    </LinkProvider>
  );
}
