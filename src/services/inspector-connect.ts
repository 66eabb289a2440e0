import { createBrowserInspector } from '@statelyai/inspect';
import type { ActorInspector } from './inspector';
import { redactForInspector } from './inspector-redaction';
import { getToken } from './storage';

/**
 * Opens the Stately inspector window with every event and snapshot redacted (issue 10 item 4). The session token is
 * also redacted where it was copied under an innocent name (a header, an input).
 */
export function connectInspector(): ActorInspector {
  const { inspect } = createBrowserInspector({ serialize: (event) => redactForInspector(event, [getToken() ?? '']) as typeof event });
  return (event) => inspect.next?.(event);
}
