import type { ActorInspector } from './inspector';
import { redactForInspector } from './inspector-redaction';
import { getToken } from './storage';

/**
 * Opens the Stately inspector window with every event and snapshot redacted (issue 10 item 4). The session token is
 * also redacted where it was copied under an innocent name (a header, an input).
 */
export async function connectInspector(): Promise<ActorInspector> {
  // A chunk of its own (vite.config.ts names it inspect-*), left out of the service worker's precache.
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const { inspect } = createBrowserInspector({ serialize: (event) => redactForInspector(event, [getToken() ?? '']) as typeof event });
  return (event) => inspect.next?.(event);
}
