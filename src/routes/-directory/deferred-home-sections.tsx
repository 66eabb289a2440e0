import { lazy, Suspense } from 'react';
import type { Locale } from '@/contract/enums';
import { AfterFirstPaint } from '../-app/after-first-paint';

/**
 * The browse sections need the app system (API client, machines) and the listing cards: a chunk of their own,
 * requested only after the first paint (with its imports: XState, the contract's zod schemas), so the home route's
 * initial JavaScript stays inside its budget (tests/budget/check-bundle.ts) and a slow network paints the heading
 * first. The sections show their own skeletons once the chunk is there. Used by / and /{lang}. A home the server
 * rendered (src/contract/first-paint.ts) has them in its HTML, and the hydration takes them over when the chunk
 * has loaded.
 */
const HomeSections = lazy(() => import('./home-sections'));

export function DeferredHomeSections({ lang }: { lang: Locale }) {
  return (
    <AfterFirstPaint serverRendered>
      <Suspense fallback={null}>
        <HomeSections key={lang} lang={lang} />
      </Suspense>
    </AfterFirstPaint>
  );
}
