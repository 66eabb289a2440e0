import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import { HomePage } from '@/ui/directory/home-page';
import { DeferredHomeSections } from '../-directory/deferred-home-sections';

/** /{lang}: the home page, its browse sections after the first paint. */
export const Route = createFileRoute('/$lang/')({
  component: LocalizedHome,
});

function LocalizedHome() {
  const { lang } = Route.useParams();
  const navigate = useNavigate();
  return (
    <HomePage
      locale={lang}
      onSearch={(keyword) => void navigate({ to: '/$lang/search', params: { lang }, search: keyword ? { q: keyword } : {} })}
    >
      <DeferredHomeSections lang={lang as Locale} />
    </HomePage>
  );
}
