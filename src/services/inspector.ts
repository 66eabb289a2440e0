import type { InspectionEvent } from 'xstate';

/**
 * What `createActor(logic, { inspect })` takes, in the callback form (AppSystemDeps.inspect in
 * src/routes/-app/app-system.ts takes this form too).
 */
export type ActorInspector = (event: InspectionEvent) => void;

/**
 * The Stately inspector when the page URL has `?inspect` (with any value, or none), else undefined. Pass the result
 * as `inspect` to the app-wide `createActor` calls: the inspector window (stately.ai/inspect) then shows every
 * actor, event and snapshot.
 *
 * `@statelyai/inspect` is imported dynamically and only here, so it is a chunk of its own that a page without
 * `?inspect` never fetches (tests/budget/check-bundle.ts fails if it ever reaches the home page's initial JS).
 */
export async function inspectorFromUrl(search: string): Promise<ActorInspector | undefined> {
  if (!new URLSearchParams(search).has('inspect')) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const { inspect } = createBrowserInspector();
  return (event) => inspect.next?.(event);
}
