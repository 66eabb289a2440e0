import type { InspectionEvent } from 'xstate';

/**
 * What `createActor(logic, { inspect })` takes, in the callback form (AppSystemDeps.inspect in
 * src/routes/-app/app-system.ts takes this form too).
 */
export type ActorInspector = (event: InspectionEvent) => void;

/**
 * The Stately inspector when the page URL has `?inspect` (with any value, or none), else undefined. Pass the result
 * as `inspect` to the app-wide `createActor` calls: the inspector window (stately.ai/inspect) then shows every
 * actor, event and snapshot — with passwords, tokens, card and identity data redacted (issue 10 item 4): the
 * inspector window is another origin, and what is posted to it must not hand over a session.
 *
 * `@statelyai/inspect` is imported dynamically and only here, so it is a chunk of its own that a page without
 * `?inspect` never fetches (tests/budget/check-bundle.ts fails if it ever reaches the home page's initial JS).
 */
export function inspectorFromUrl(search: string): Promise<ActorInspector | undefined> {
  // One inspector for the page: the app system and the update checks (two lazy chunks) both ask for it.
  connecting ??= new URLSearchParams(search).has('inspect')
    ? // Everything else loads only with ?inspect: none of it is on the home page's first paint.
      import('./inspector-connect').then((m) => m.connectInspector())
    : Promise.resolve(undefined);
  return connecting;
}

let connecting: Promise<ActorInspector | undefined> | undefined;
