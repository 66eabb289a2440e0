import type { ActorLogic, AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { BUILD_POLL_MS } from '@/contract/constants';
import type { BuildInfo } from '@/services/service-worker';
import { type AppUpdateInput, appUpdateMachine } from './app-update.machine';

/**
 * The app-update machine's test model (STYLE rule 19), shared by app-update.machine.test.ts and
 * `npm run test:paths`. Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * The machine has `after` and `invoke` (STYLE rules 7 and 8), which createTestModel() refuses, so this is a
 * TestModel of the machine as it is (as in tracking.model.ts): the poll delay and the fetch's done/error events are
 * model events, which a test executes by advancing the fake clock and settling the fake fetch.
 */

type AppUpdateSnapshot = SnapshotFrom<typeof appUpdateMachine>;

export const APP_UPDATE_MODEL_INPUT: AppUpdateInput = { currentVersion: 'a1b2c3d4e5f6' };
export const APP_UPDATE_NEW_VERSION = '0f9e8d7c6b5a';

/** The delayed event that ends the poll interval. */
export const APP_UPDATE_POLL_EVENT = appUpdateMachine.getStateNodeById('appUpdate.waiting').after[0].eventType;
export const APP_UPDATE_DONE = 'xstate.done.actor.fetchBuild';
export const APP_UPDATE_ERROR = 'xstate.error.actor.fetchBuild';

const build = (version: string): BuildInfo => ({ version, builtAt: '2026-11-23T05:00:00.000Z' });

export const appUpdateModelEvents: AnyEventObject[] = [
  { type: APP_UPDATE_POLL_EVENT },
  { type: 'app.focus' },
  { type: APP_UPDATE_DONE, output: build(APP_UPDATE_MODEL_INPUT.currentVersion) },
  { type: APP_UPDATE_DONE, output: build(APP_UPDATE_NEW_VERSION) },
  { type: APP_UPDATE_ERROR, error: new Error('GET /build.json: HTTP 503') },
  { type: 'app.reload' },
];

/** A model state: the state value and the version on offer; every guard reads only these. */
export const appUpdateAbstraction = (snapshot: AppUpdateSnapshot) => ({
  value: snapshot.value,
  availableVersion: snapshot.context.availableVersion,
});

export function createAppUpdateTestModel() {
  return new TestModel<AppUpdateSnapshot, AnyEventObject, AppUpdateInput>(
    appUpdateMachine as unknown as ActorLogic<AppUpdateSnapshot, AnyEventObject, AppUpdateInput>,
    {
      events: appUpdateModelEvents,
      // The fetch answers only while it runs, and the poll timer runs only in `waiting` (leaving a state cancels
      // its timer); anywhere else these events cannot happen. Focus and reload can happen in every state.
      filterEvents: (snapshot, event) =>
        event.type === APP_UPDATE_DONE || event.type === APP_UPDATE_ERROR ? snapshot.value === 'checking'
        : event.type === APP_UPDATE_POLL_EVENT ? snapshot.value === 'waiting'
        : true,
      // A vertex is the model state plus the event and the state it came from (as in token-expiry.model.ts), so a
      // failed check, a check that found the running build and the reload (which changes no state) each end a path.
      serializeState: (snapshot, event, previous) =>
        JSON.stringify(appUpdateAbstraction(snapshot)) +
        (event && previous ? ` via ${describeAppUpdateEvent(event)} from ${JSON.stringify(previous.value)}` : ''),
      input: APP_UPDATE_MODEL_INPUT,
    },
  );
}

/** A short description of a model event: the poll delay, a focus, what the fetch answered, a reload. */
export function describeAppUpdateEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  return e.type === APP_UPDATE_POLL_EVENT ? `${BUILD_POLL_MS / 60_000} min`
    : e.type === APP_UPDATE_DONE ? `build ${String((e.output as BuildInfo).version)}${(e.output as BuildInfo).version === APP_UPDATE_MODEL_INPUT.currentVersion ? ' (running)' : ' (new)'}`
    : e.type === APP_UPDATE_ERROR ? 'build check failed'
    : e.type;
}
