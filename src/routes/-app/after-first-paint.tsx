import { type ReactNode, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/services/deferred-start';

/**
 * Renders its children only once the page has painted (src/services/deferred-start.ts): for lazy parts whose
 * chunks (and the libraries they import) must not compete with the first paint on a slow network, such as the
 * home page's sections and the app's overlays.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted ? children : null;
}
