import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Locale } from '@/contract/enums';
import { HomePage } from '@/ui/directory/home-page';

/**
 * The browse sections need the app system (API client, machines) and the listing cards: a chunk of their own,
 * loaded after the first paint, so the home route's initial JavaScript stays inside its budget
 * (tests/budget/check-bundle.ts). The sections show their own skeletons once the chunk is there.
 */
const HomeSections = lazy(() => import('../-directory/home-sections'));

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
      <Suspense fallback={null}>
        <HomeSections key={lang} lang={lang as Locale} />
      </Suspense>
    </HomePage>
  );
}
