import { assign, fromPromise, setup } from 'xstate';
import { BUILD_POLL_MS } from '@/contract/constants';
import type { BuildInfo } from '@/services/service-worker';

/**
 * New-build detection (spec section 4: "a build manifest is polled for updates"). The running build's version comes
 * in as input (the `version` of the page's runtime config); the injected `fetchBuild` actor asks the server for the
 * build it serves now (GET /build.json).
 *
 * - `waiting` checks after BUILD_POLL_MS, and at once on `app.focus` (the app came back to the foreground, or a new
 *   service worker is waiting). Each check restarts the timer.
 * - A different version: `updateAvailable` (tag 'updateAvailable'), `notifyUpdate` once, and no more polling: the
 *   offer stands until the user takes it, and the reload loads whatever build is newest then.
 * - A failed check (offline, server restarting, a malformed answer) is ignored: back to `waiting`, polling on.
 * - `app.reload` in `updateAvailable` runs `reload` (activate the waiting service worker, reload the page).
 */

export interface AppUpdateInput {
  /** The version of the build this page runs. */
  currentVersion: string;
}

export interface AppUpdateContext {
  currentVersion: string;
  /** The version the server announced, once it differs from the running one. */
  availableVersion: string | null;
}

export type AppUpdateEvent = { type: 'app.focus' } | { type: 'app.reload' };

export const appUpdateMachine = setup({
  types: {
    context: {} as AppUpdateContext,
    events: {} as AppUpdateEvent,
    input: {} as AppUpdateInput,
  },
  delays: {
    BUILD_POLL: BUILD_POLL_MS,
  },
  actors: {
    // Safe default: the real request (fetchBuildInfo) is injected with .provide() where the actor is created.
    fetchBuild: fromPromise<BuildInfo>(() => Promise.reject(new Error('fetchBuild not provided'))),
  },
  guards: {
    /** The server serves another build. Read only on fetchBuild's onDone, whose event carries `output`. */
    isNewVersion: ({ context, event }) =>
      'output' in event && typeof (event.output as BuildInfo).version === 'string' && (event.output as BuildInfo).version !== context.currentVersion,
  },
  actions: {
    rememberVersion: assign({
      availableVersion: ({ event }) => ('output' in event ? (event.output as BuildInfo).version : null),
    }),
    // Safe defaults: the ui's notice and the real reload are injected with .provide().
    notifyUpdate: () => {},
    reload: () => {},
  },
}).createMachine({
  id: 'appUpdate',
  context: ({ input }) => ({ currentVersion: input.currentVersion, availableVersion: null }),
  initial: 'waiting',
  states: {
    waiting: {
      after: { BUILD_POLL: { target: 'checking' } },
      on: { 'app.focus': { target: 'checking' } },
    },
    checking: {
      tags: ['checking'],
      // No `app.focus` here: a check is under way, and a second would only ask the same question again.
      invoke: {
        id: 'fetchBuild',
        src: 'fetchBuild',
        onDone: [
          { guard: 'isNewVersion', target: 'updateAvailable', actions: ['rememberVersion', 'notifyUpdate'] },
          { target: 'waiting' },
        ],
        onError: { target: 'waiting' },
      },
    },
    updateAvailable: {
      tags: ['updateAvailable'],
      on: { 'app.reload': { actions: 'reload' } },
    },
  },
});
