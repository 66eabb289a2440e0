import { matchesState, type ActorLogic, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { ApiError } from '@/services/api-client';
import { type RequestEvent, type RequestInput, requestMachine } from './request.machine';

/**
 * The request machine's test model (STYLE rule 19), shared by request.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines that invoke actors, so this is a `TestModel` of the machine as it is: the
 * completions of the invoked `perform` are model events, which a test executes by settling its fake. As in the
 * session's model, a vertex is the state value and context plus the event and the state it came from, so every
 * transition is on a path: a start from each of idle, finished, failed and canceled, with params and without
 * (the retry that repeats the last ones). Events are offered where the snapshot `can` take them.
 */

type RequestSnapshot = SnapshotFrom<typeof requestMachine>;

/** The params a route would give: used by a `request.start` that carries none. */
export const REQUEST_MODEL_INPUT: RequestInput = { params: { q: 'tokyo' } };

/** The invoke of `perform` has no id, so xstate names it after its state node; its completions carry that name. */
const performId = requestMachine.getStateNodeById('request.loading').invoke[0].id;
export const REQUEST_DONE = `xstate.done.actor.${performId}`;
export const REQUEST_ERROR = `xstate.error.actor.${performId}`;

export const requestModelEvents: AnyEventObject[] = [
  { type: 'request.start', params: { page: 1 } },
  { type: 'request.start' },
  { type: 'request.cancel' },
  { type: REQUEST_DONE, output: { items: ['Cafe Tokyo'] } },
  { type: REQUEST_ERROR, error: new ApiError('Wrong account or password', { kind: 'server', status: 0 }) },
];

export function createRequestTestModel() {
  // The model also sends the completions of `perform`, which the machine's own event type does not list.
  const logic = requestMachine as unknown as ActorLogic<RequestSnapshot, AnyEventObject, RequestInput | void>;
  return new TestModel<RequestSnapshot, AnyEventObject, RequestInput | void>(logic, {
    input: REQUEST_MODEL_INPUT,
    // The completions are offered only in loading, where `can` finds their transitions.
    events: (snapshot) => requestModelEvents.filter((event) => snapshot.can(event as RequestEvent)),
    serializeState: (snapshot, event, previous) =>
      serializeSnapshot(snapshot) +
      (event && previous ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : ''),
    stateMatcher: (snapshot, key) => matchesState(key, snapshot.value),
  });
}

/** A short description of a request model event; the completions are named after a generated actor id. */
export function describeRequestEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case 'request.start':
      return e.params === undefined ? 'start again with the last params' : `start with params ${JSON.stringify(e.params)}`;
    case 'request.cancel':
      return 'cancel';
    case REQUEST_DONE:
      return `perform answers ${JSON.stringify(e.output)}`;
    case REQUEST_ERROR:
      return `perform fails: ${e.error instanceof ApiError ? `${e.error.code}: ${e.error.message}` : String(e.error)}`;
    default:
      return e.type;
  }
}
