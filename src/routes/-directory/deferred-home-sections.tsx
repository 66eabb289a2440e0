import { lazy, Suspense } from 'react';
import type { Locale } from '@/contract/enums';
import { AfterFirstPaint } from '../-app/after-first-paint';
import { loadAppLibraries } from '../-app/app-libraries';
import { KeepFirstAnswers } from '../-app/kept-first-answers';

/**
 * The browse sections need the app system (API client, machines) and the listing cards: a chunk of their own,
 * requested only after the first paint (with its imports: XState, the contract's zod schemas), so the home route's
 * initial JavaScript stays inside its budget (tests/budget/check-bundle.ts) and a slow network paints the heading
 * first. The sections show their own skeletons once the chunk is there. Used by / and /{lang}. A home the server
 * rendered (src/contract/first-paint.ts) has them in its HTML, and the hydration takes them over when the chunk
 * has loaded. Their libraries (zod, the contract) are evaluated first, a step per task (app-libraries.ts): imported
 * with the chunk, they were one task of about 180 ms on this machine, 700 ms on a phone 4× slower.
 *
 * The sections therefore hydrate after the rest of the page, maybe after a navigation has begun (a tab tapped
 * meanwhile), when the page has forgotten the answers it came with: they keep them (kept-first-answers.tsx), so
 * they hydrate as the server rendered them.
 */
const HomeSections = lazy(() => loadAppLibraries().then(() => import('./home-sections')));

export function DeferredHomeSections({ lang }: { lang: Locale }) {
  return (
    <AfterFirstPaint serverRendered>
      <KeepFirstAnswers scope={lang}>
        <Suspense fallback={null}>
          <HomeSections key={lang} lang={lang} />
        </Suspense>
      </KeepFirstAnswers>
    </AfterFirstPaint>
  );
}
