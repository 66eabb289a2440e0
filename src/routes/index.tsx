import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import { activateLocale } from '@/services/i18n';
import { detectLocale, writeLocaleCookie } from '@/services/locale';
import { AppShell } from '@/ui/app-shell';
import { HomePage } from '@/ui/home-page';

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
  const onLocaleChange = (next: Locale) => {
    writeLocaleCookie(next);
    void navigate({ to: `/${next}` });
  };
  return (
    <AppShell locale={locale} homeHref={`/${locale}`} accountHref={`/${locale}/member`} onLocaleChange={onLocaleChange}>
      <HomePage locale={locale} />
    </AppShell>
  );
}
