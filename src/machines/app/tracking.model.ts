import type { ActorLogic, AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { TRACK_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import { type TrackingInput, trackingMachine } from './tracking.machine';

/**
 * The tracking machine's test model (STYLE rule 19), shared by tracking.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines with `after` or `invoke` (xstate/graph validates that), and this machine is
 * both by design (STYLE rules 7 and 8). TestModel, which createTestModel wraps, takes the machine as it is; the
 * delayed and done/error events are listed as model events, which a test executes by advancing the clock and
 * settling the fake call.
 */

type TrackingSnapshot = SnapshotFrom<typeof trackingMachine>;

/** The model's clock, which stands still: every view it makes is stamped with this time. */
export const TRACKING_MODEL_NOW = Date.UTC(2026, 11, 1, 12, 0, 0);
/** The delayed event that ends the debounce window. */
export const TRACKING_DEBOUNCE_EVENT = trackingMachine.getStateNodeById('tracking.debouncing').after[0].eventType;
export const TRACKING_DONE = 'xstate.done.actor.sendBatch';
export const TRACKING_ERROR = 'xstate.error.actor.sendBatch';

const offline = () => new ApiError('tracking failed: network error', { kind: 'network' });
const refused = () => new ApiError('Invalid value for "views.0.section".', { kind: 'server', status: 0 });

export const trackingModelEvents: AnyEventObject[] = [
  { type: 'page.viewed', path: '/ja/merchant/12' },
  { type: 'page.viewed', path: '/en/tokyo' },
  { type: TRACKING_DEBOUNCE_EVENT },
  { type: TRACKING_DONE, output: null },
  { type: TRACKING_ERROR, error: offline() },
  { type: TRACKING_ERROR, error: refused() },
];

/**
 * A model state: the state value, whether views wait or are in flight, and the last counted path. Every guard
 * reads only these (with the clock standing still, a repeat is "the same path as the last"), so each model
 * state's transitions hold for every concrete context it stands for. Which views are queued is not part of it:
 * the path generator keeps one snapshot per model state, so exact queues are checked by the example tests.
 */
export const trackingAbstraction = (snapshot: TrackingSnapshot) => ({
  value: snapshot.value,
  queued: snapshot.context.queue.length > 0,
  inFlight: snapshot.context.inFlight.length > 0,
  last: snapshot.context.last?.path ?? null,
});

export function createTrackingTestModel() {
  return new TestModel<TrackingSnapshot, AnyEventObject, TrackingInput | void>(
    trackingMachine as unknown as ActorLogic<TrackingSnapshot, AnyEventObject, TrackingInput | void>,
    {
      events: trackingModelEvents,
      // The model's clock stands still, so it cannot tell a repeat inside the window from one after it; the
      // repeat rule is covered by the example tests, and the model only views a path other than the last one.
      filterEvents: (snapshot, event) => event.type !== 'page.viewed' || event.path !== snapshot.context.last?.path,
      serializeState: (snapshot) => JSON.stringify(trackingAbstraction(snapshot)),
      input: { now: () => TRACKING_MODEL_NOW },
    },
  );
}

/** A short description of a tracking model event: the path viewed, the debounce delay, how the batch ended. */
export function describeTrackingEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  return e.type === 'page.viewed' ? `view ${String(e.path)}`
    : e.type === TRACKING_DEBOUNCE_EVENT ? `${TRACK_DEBOUNCE_MS} ms`
    : e.type === TRACKING_DONE ? 'batch sent'
    : e.type === TRACKING_ERROR ? `batch ${e.error instanceof ApiError && e.error.kind === 'server' ? 'refused' : 'failed'}`
    : e.type;
}
