import { type ReactNode, useEffect, useState } from 'react';
import { afterFirstPaint, afterLoad } from '@/services/deferred-start';
import { hasFirstData } from '@/services/first-data';
import { pageHydrated } from '@/services/page-hydrated';

/**
 * Renders its children only once the page has painted (src/services/deferred-start.ts), and with `afterLoad` only
 * once the window's load event has fired too: for lazy parts whose chunks (and the libraries they import) must
 * not compete with the first paint on a slow network, such as the home page's sections, the app's overlays and
 * the update checks with the service worker's precache.
 *
 * `serverRendered` parts are on the first paint of a page the server rendered (src/contract/first-paint.ts): the
 * server renders them, and so does the hydration of that page, at once; on any other render they wait as above,
 * and on a server-rendered page also for its hydration to finish (src/services/page-hydrated.ts).
 */
export function AfterFirstPaint({
  afterLoad: waitForLoad = false,
  serverRendered = false,
  children,
}: {
  afterLoad?: boolean;
  serverRendered?: boolean;
  children: ReactNode;
}) {
  const [painted, setPainted] = useState(() => serverRendered && hasFirstData());
  useEffect(() => {
    if (painted) return;
    let live = true;
    // On a page the server rendered, not before the app has hydrated all of it (src/services/page-hydrated.ts).
    const show = () => void pageHydrated.then(() => afterFirstPaint(() => live && setPainted(true)));
    if (waitForLoad) afterLoad(show);
    else show();
    return () => {
      live = false;
    };
  }, [waitForLoad, painted]);
  return painted ? children : null;
}
