import { type ReactNode, useEffect, useState } from 'react';
import { afterFirstPaint, afterLoad } from '@/services/deferred-start';

/**
 * Renders its children only once the page has painted (src/services/deferred-start.ts), and with `afterLoad` only
 * once the window's load event has fired too: for lazy parts whose chunks (and the libraries they import) must
 * not compete with the first paint on a slow network, such as the home page's sections, the app's overlays and
 * the update checks with the service worker's precache.
 */
export function AfterFirstPaint({ afterLoad: waitForLoad = false, children }: { afterLoad?: boolean; children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const show = () => afterFirstPaint(() => setPainted(true));
    if (waitForLoad) afterLoad(show);
    else show();
  }, [waitForLoad]);
  return painted ? children : null;
}
