import { createFileRoute } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import { HomePage } from '@/ui/directory/home-page';
import { DeferredHomeSections } from '@/routes/-directory/deferred-home-sections';

/** /{lang}: the home page (its search box is the layout's), its browse sections after the first paint. */
export const Route = createFileRoute('/$lang/_default_search/')({
  component: LocalizedHome,
});

function LocalizedHome() {
  const { lang } = Route.useParams();
  return (
    <HomePage>
      <DeferredHomeSections lang={lang as Locale} />
    </HomePage>
  );
}
