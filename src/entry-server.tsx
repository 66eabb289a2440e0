import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Locale } from '@/contract/enums';
import { setFirstData } from '@/services/first-data';
import { activateLocale, i18n } from '@/services/i18n';
import { AppSystemContext } from './routes/-app/app-context';
import type { AppSystem } from './routes/-app/app-system';
import { routeTree } from './routeTree.gen';

/**
 * The server's render of a page's first paint (src/contract/first-paint.ts), built into dist/ssr by
 * `npm run build` and called by server/web/first-paint.ts: the same route tree, components and catalogs as the
 * client, rendered for a guest with the answers the server gathered. The app system (XState, the API client) never
 * starts here: whatever needs it renders as it does before the system has loaded in the browser.
 */

/** Never settles: on the server nothing awaits the app system to completion. */
const NO_SYSTEM = new Promise<AppSystem>(() => {});

/** Renders are one at a time: the active locale and the first-data answers are module state for one render. */
let queue: Promise<unknown> = Promise.resolve();

export function render(url: string, locale: Locale, answers: Record<string, unknown>): Promise<string> {
  const run = queue.then(() => renderOne(url, locale, answers));
  queue = run.catch(() => undefined);
  return run;
}

async function renderOne(url: string, locale: Locale, answers: Record<string, unknown>): Promise<string> {
  const router = createRouter({
    routeTree,
    context: { system: NO_SYSTEM },
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  setFirstData(answers);
  try {
    await activateLocale(locale);
    await router.load();
    const signal = AbortSignal.timeout(5_000);
    const { prelude } = await prerenderToNodeStream(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppSystemContext value={NO_SYSTEM}>
            <RouterProvider router={router} />
          </AppSystemContext>
        </I18nProvider>
      </StrictMode>,
      // One piece: a large boundary is otherwise sent after the shell with an inline script to move it in place,
      // which the page's Content-Security-Policy (rightly) refuses to run.
      { signal, progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk as string;
    // Something waited for what never comes on the server: the page is better rendered by the client alone.
    if (signal.aborted) throw new Error(`first paint of ${url}: the render did not finish`);
    return html;
  } finally {
    setFirstData(null);
  }
}
