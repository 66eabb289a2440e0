import {
  fromPromise,
  matchesState,
  type ActorLogic,
  type AnyEventObject,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getStateNodes, serializeSnapshot, TestModel } from 'xstate/graph';
import { ApiError } from '@/services/api-client';

/**
 * What the form machines' test models share (STYLE rule 19): the TestModel wiring, the event descriptions that
 * `npm run test:paths` prints, and the pending fakes a model-based test settles. Test data only: no app module
 * imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines with `after` or `invoke`, and the form machines have both by design (STYLE
 * rules 7 and 8). TestModel takes the machine as it is; the delayed events (`xstate.after.<delay>.<state>`) and
 * the invoked actors' completions (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`) are model events, which
 * a test executes by advancing the fake clock by the named delay and by settling the injected fake.
 *
 * A model state is the state value and the whole context (and whether a focus entered it, see focusedBy). The
 * models type only a few fixed values, so the contexts are few; and since the key holds the whole context, the
 * one snapshot the path generator keeps per key is exactly what the real actor must hold after the same steps,
 * which the tests compare in full.
 */

/** The delayed event of the `after` transition of state `stateId` (e.g. 'loginForm.debouncing'). */
export function afterEventOf(machine: AnyStateMachine, stateId: string): string {
  const [after] = machine.getStateNodeById(stateId).after;
  if (!after) throw new Error(`${stateId} has no delayed transition`);
  return after.eventType;
}

export const doneEvent = (actorId: string) => `xstate.done.actor.${actorId}`;
export const errorEvent = (actorId: string) => `xstate.error.actor.${actorId}`;

interface MachineSnapshotLike {
  value: StateValue;
  context: { errors: Record<string, unknown>; serverError: string | null };
  can: (event: AnyEventObject) => boolean;
  hasTag: (tag: string) => boolean;
}

/**
 * The model types like a user who clicks into a field before typing: a field is typed into only when it shows
 * no error and no server error is shown (focusing it would have cleared both), and a field is focused only when
 * that clears something. Nothing is typed or focused while the form is 'busy' (the machines take it; the model
 * does not need it). Other orders reach the same machine states with more stale errors around; the unit tests
 * cover them.
 */
export function typesAfterFocus(snapshot: MachineSnapshotLike, event: AnyEventObject): boolean {
  if (event.type !== 'field.change' && event.type !== 'field.focus') return true;
  if (snapshot.hasTag('busy')) return false;
  const { errors, serverError } = snapshot.context;
  const shown = Boolean(errors[event.field as string]) || serverError !== null;
  return event.type === 'field.change' ? !shown : shown;
}

/**
 * A focus clears what a submit showed, which leads back to a context reached before the submit, by a shorter
 * path; so the key notes the focus that entered a state, or clearing on focus would never be on a path.
 */
function focusedBy(event: AnyEventObject | undefined): string {
  return event?.type === 'field.focus' ? ` after focusing ${String(event.field)}` : '';
}

/**
 * A test model of `machine` with `events` offered where the snapshot `can` take them and `typesAfterFocus`
 * allows, and where `filter` (a model's own ordering rules) allows.
 */
export function createFormTestModel<M extends AnyStateMachine, I = void>(
  machine: M,
  events: readonly AnyEventObject[],
  options: { input?: I; filter?: (snapshot: SnapshotFrom<M>, event: AnyEventObject) => boolean } = {},
) {
  type Snapshot = SnapshotFrom<M>;
  // A machine's snapshot, whichever machine M is: TypeScript cannot see its members on the deferred type.
  const machineSnapshot = (snapshot: Snapshot) => snapshot as unknown as MachineSnapshotLike;
  // The model also sends the delayed events and actor completions, which the machine's own event type omits.
  const logic = machine as unknown as ActorLogic<Snapshot, AnyEventObject, I>;
  return new TestModel<Snapshot, AnyEventObject, I>(logic, {
    ...(options.input === undefined ? {} : { input: options.input }),
    events: (snapshot) => events.filter((event) => machineSnapshot(snapshot).can(event)),
    filterEvents: (snapshot, event) =>
      typesAfterFocus(machineSnapshot(snapshot), event) && (options.filter?.(snapshot, event) ?? true),
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + focusedBy(event),
    stateMatcher: (snapshot, key) => matchesState(key, machineSnapshot(snapshot).value),
  });
}

/** A server refusal as the api client throws it: the msg, and the field the server named with its code. */
export function serverRefusal(msg: string, details?: { field: string; code: string }): ApiError {
  return new ApiError(msg, { kind: 'server', status: 0, ...(details ? { details } : {}) });
}

/** A call that never reached the server, as the api client throws it (for domains that import no service). */
export function networkFailure(path: string): ApiError {
  return new ApiError(`${path} failed: network error`, { kind: 'network' });
}

function errorSummary(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const details = error.details as { field?: string; code?: string } | undefined;
  return `${error.code}: ${error.message}${details?.field ? ` (${details.field}: ${details.code})` : ''}`;
}

/**
 * A readable description of a form model event. `delays` names each delayed event's duration and meaning;
 * `actors` names each invoked actor ('submit' → 'the login call').
 */
export function describeFormEvent(
  event: EventObject,
  names: { delays?: Record<string, string>; actors?: Record<string, string> } = {},
): string {
  const e = event as AnyEventObject;
  if (e.type === 'field.change') return `type ${JSON.stringify(e.value)} into ${String(e.field)}`;
  if (e.type === 'field.focus') return `focus ${String(e.field)}`;
  if (e.type === 'form.submit') return 'submit';
  if (names.delays?.[e.type]) return names.delays[e.type];
  const done = /^xstate\.done\.actor\.(.+)$/.exec(e.type);
  if (done) return `${names.actors?.[done[1]] ?? done[1]} answers ${JSON.stringify(e.output)}`;
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(e.type);
  if (failed) return `${names.actors?.[failed[1]] ?? failed[1]} fails: ${errorSummary(e.error)}`;
  return e.type;
}

/** One call of a pending fake: what it was given, and how the test settles it. */
export interface PendingCall<I> {
  input: I;
  signal: AbortSignal;
  /** Whether the test has resolved or rejected it. */
  settled: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * A fake promise actor whose calls stay pending until the test settles them, as the model's completion events
 * say. Inject `logic` with `.provide({ actors })`; `calls` lists every call in order.
 */
export function pendingActor<O, I>() {
  const calls: PendingCall<I>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        const call: PendingCall<I> = {
          input,
          signal,
          settled: false,
          resolve: (output) => {
            call.settled = true;
            resolve(output as O);
          },
          reject: (error) => {
            call.settled = true;
            reject(error);
          },
        };
        calls.push(call);
      }),
  );
  /** The newest call, which a completion event settles. */
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('the model settles a call, but none was made');
    return call;
  };
  /** Calls still waiting for an answer that the machine would take: neither settled nor aborted. */
  const outstanding = () => calls.filter((call) => !call.settled && !call.signal.aborted);
  /** Settles the newest call as a done or error completion event says. */
  const settle = (event: AnyEventObject) => {
    if (event.type.startsWith('xstate.done.actor.')) last().resolve(event.output);
    else last().reject(event.error);
  };
  return { logic, calls, last, outstanding, settle };
}

/** How a model-based test executes model events on the real actor. */
export interface FormModelRun {
  /** Sends a ui event (field.change, field.focus, form.submit, and a machine's own events). */
  send: (event: AnyEventObject) => void;
  /** Settles the pending fake of each invoked actor, by actor id. */
  settle: Record<string, (event: AnyEventObject) => void>;
  /** Executes a delayed event: advances the fake clock by its delay (checking it was not reached earlier). */
  wait?: (eventType: string) => Promise<void>;
  /** Lets the settled promise's completion reach the machine. */
  flush: () => Promise<void>;
}

/** The `events` of a model-based test: every model event type mapped to what executes it on the real actor. */
export function formEventExecs(events: readonly AnyEventObject[], run: FormModelRun) {
  const execs: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = {};
  for (const { type } of events) {
    const completion = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(type);
    if (completion) {
      const settle = run.settle[completion[1]];
      if (!settle) throw new Error(`no fake settles ${type}`);
      execs[type] = async ({ event }) => {
        settle(event);
        await run.flush();
      };
    } else if (type.startsWith('xstate.after.')) {
      const { wait } = run;
      if (!wait) throw new Error(`nothing waits for ${type}`);
      execs[type] = () => wait(type);
    } else {
      execs[type] = async ({ event }) => run.send(event);
    }
  }
  return execs;
}

/** The state nodes of `machine` (dotted paths) that no step of `paths` is in; empty when the paths reach all. */
export function unreachedStates(
  machine: AnyStateMachine,
  paths: readonly { steps: readonly { state: { value: StateValue } }[] }[],
): string[] {
  const nodes = getStateNodes(machine.root).map((node) => node.path.join('.'));
  const reached = new Set<string>();
  for (const path of paths) {
    for (const { state } of path.steps) {
      for (const node of nodes) if (matchesState(node, state.value)) reached.add(node);
    }
  }
  return nodes.filter((node) => !reached.has(node));
}

/** The model events no path sends (compared as JSON); empty when the paths use them all. */
export function unusedEvents(
  events: readonly AnyEventObject[],
  paths: readonly { steps: readonly { event: EventObject }[] }[],
): AnyEventObject[] {
  const sent = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))));
  return events.filter((event) => !sent.has(JSON.stringify(event)));
}
