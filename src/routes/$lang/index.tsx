import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { Locale } from '@/contract/enums';
import { HomePage } from '@/ui/directory/home-page';
import { AfterFirstPaint } from '../-app/after-first-paint';

/**
 * The browse sections need the app system (API client, machines) and the listing cards: a chunk of their own,
 * requested only after the first paint (with its imports: XState, the contract's zod schemas), so the home route's
 * initial JavaScript stays inside its budget (tests/budget/check-bundle.ts) and a slow network paints the heading
 * first. The sections show their own skeletons once the chunk is there.
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
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <HomeSections key={lang} lang={lang as Locale} />
        </Suspense>
      </AfterFirstPaint>
    </HomePage>
  );
}
