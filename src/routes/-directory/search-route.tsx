import { getRouteApi } from '@tanstack/react-router';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import type { Locale } from '@/contract/enums';
import { hasFirstData } from '@/services/first-data';
import { SearchPage } from '@/ui/directory/search-page';
import { loadAppLibraries } from '../-app/app-libraries';

/**
 * The page of /{lang}/search (route: $lang/search.tsx). The search itself (search-screen.tsx) needs the search
 * machine and the app system, so on a first visit it arrives a moment after the page: until then the page shows
 * its own frame with the search box and the sections' skeletons (one light chunk, painted at once). What is
 * typed meanwhile is kept and searched as soon as the search is there. The server renders that frame too
 * (src/contract/first-paint.ts): a server-rendered page hydrates the frame first, then goes on as above.
 */
const SearchScreen = lazy(() =>
  loadAppLibraries()
    .then(() => import('./search-screen'))
    .then((m) => ({ default: m.SearchScreen })),
);

const searchRoute = getRouteApi('/$lang/_default/search');
const noop = () => {};

export function SearchRoutePage() {
  const { lang } = searchRoute.useParams();
  const { q } = searchRoute.useSearch();
  const [typed, setTyped] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(() => !hasFirstData());
  useEffect(() => {
    // What was typed into the server-rendered box before the app ran is kept, like what is typed into the frame.
    const box = document.querySelector<HTMLInputElement>('.search-page .search-input');
    if (box?.value) setTyped(box.value);
    // A transition: the frame stays on screen (and its box usable) until the search has loaded and rendered.
    startTransition(() => setHydrated(true));
  }, []);
  const loading = { status: 'loading' as const, onRetry: noop };
  const frame = (
    <SearchPage
      backHref={`/${lang}`}
      initialText={typed ?? q ?? ''}
      onType={setTyped}
      onSubmit={noop}
      keyword=""
      searching={false}
      results={null}
      resultsFor=""
      onRetrySearch={noop}
      history={{ ...loading, entries: [], clearing: false, onClear: noop }}
      hot={{ ...loading, chips: [] }}
      onPickCity={noop}
      leaving={false}
    />
  );
  // On the server, and in the hydration of what it rendered, the frame alone (the search needs the app system);
  // the boundary is the same before and after, so the frame is replaced only once the search is ready.
  return (
    <Suspense fallback={frame}>
      {/* A new language is a new page (names in results, history and popular cities are in the old one). */}
      {hydrated ? <SearchScreen key={lang} lang={lang as Locale} q={q ?? ''} typed={typed} /> : frame}
    </Suspense>
  );
}
