import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { BUILD_POLL_MS } from '@/contract/constants';
import type { BuildInfo } from '@/services/service-worker';
import { type AppUpdateEvent, appUpdateMachine } from './app-update.machine';
import {
  APP_UPDATE_DONE,
  APP_UPDATE_ERROR,
  APP_UPDATE_MODEL_INPUT,
  APP_UPDATE_NEW_VERSION,
  APP_UPDATE_POLL_EVENT,
  appUpdateAbstraction,
  appUpdateModelEvents,
  createAppUpdateTestModel,
  describeAppUpdateEvent,
} from './app-update.model';

const RUNNING = APP_UPDATE_MODEL_INPUT.currentVersion;
const build = (version: string): BuildInfo => ({ version, builtAt: '2026-11-23T05:00:00.000Z' });

/** A fake `fetchBuild` whose calls the test settles one by one. */
function fakeFetchBuild() {
  const calls: { signal: AbortSignal; resolve: (info: BuildInfo) => void; reject: (error: unknown) => void }[] = [];
  const logic = fromPromise<BuildInfo>(
    ({ signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { logic, calls };
}

function start() {
  const fetchBuild = fakeFetchBuild();
  const notifyUpdate = vi.fn();
  const reload = vi.fn();
  const actor = createActor(
    appUpdateMachine.provide({ actors: { fetchBuild: fetchBuild.logic }, actions: { notifyUpdate, reload } }),
    { input: { currentVersion: RUNNING } },
  );
  actor.start();
  const pending = () => {
    const call = fetchBuild.calls.at(-1);
    if (!call) throw new Error('no build check in flight');
    return call;
  };
  return { actor, calls: fetchBuild.calls, pending, notifyUpdate, reload };
}

/** Lets a settled fake call reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 23, 5, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('app update machine', () => {
  it('checks the build every BUILD_POLL_MS, and not before', async () => {
    const { actor, calls, pending } = start();
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);

    pending().resolve(build(RUNNING));
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    // The interval runs from the end of the last check.
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('checks at once on app.focus, and the next poll is BUILD_POLL_MS after that check', async () => {
    const { actor, calls, pending } = start();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS / 2);
    actor.send({ type: 'app.focus' });
    expect(calls).toHaveLength(1);
    pending().resolve(build(RUNNING));
    await flush();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
  });

  it('ignores app.focus while a check is in flight', () => {
    const { actor, calls } = start();
    actor.send({ type: 'app.focus' });
    actor.send({ type: 'app.focus' });
    actor.send({ type: 'app.focus' });
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('checking');
  });

  it('a different version: updateAvailable, notifyUpdate once, and no more checks', async () => {
    const { actor, calls, pending, notifyUpdate, reload } = start();
    actor.send({ type: 'app.focus' });
    pending().resolve(build(APP_UPDATE_NEW_VERSION));
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('updateAvailable');
    expect(snapshot.hasTag('updateAvailable')).toBe(true);
    expect(snapshot.context.availableVersion).toBe(APP_UPDATE_NEW_VERSION);
    expect(notifyUpdate).toHaveBeenCalledTimes(1);

    actor.send({ type: 'app.focus' });
    await vi.advanceTimersByTimeAsync(3 * BUILD_POLL_MS);
    expect(calls).toHaveLength(1);
    expect(notifyUpdate).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('app.reload runs reload when an update is available, and nothing before', async () => {
    const { actor, pending, reload } = start();
    actor.send({ type: 'app.reload' });
    expect(reload).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('waiting');

    actor.send({ type: 'app.focus' });
    pending().resolve(build(APP_UPDATE_NEW_VERSION));
    await flush();
    actor.send({ type: 'app.reload' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('ignores failed checks and keeps polling', async () => {
    const { actor, calls, pending, notifyUpdate } = start();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    pending().reject(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().status).toBe('active');

    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(calls).toHaveLength(2);
    pending().reject(new Error('GET /build.json: HTTP 503'));
    await flush();

    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    expect(calls).toHaveLength(3);
    pending().resolve(build(APP_UPDATE_NEW_VERSION));
    await flush();
    expect(actor.getSnapshot().hasTag('updateAvailable')).toBe(true);
    expect(notifyUpdate).toHaveBeenCalledTimes(1);
  });

  it('stopping the actor aborts the check in flight', () => {
    const { actor, pending } = start();
    actor.send({ type: 'app.focus' });
    const { signal } = pending();
    expect(signal.aborted).toBe(false);
    actor.stop();
    expect(signal.aborted).toBe(true);
  });

  it('without a provided fetchBuild, every check fails quietly and polling goes on', async () => {
    const actor = createActor(appUpdateMachine, { input: { currentVersion: RUNNING } });
    actor.start();
    actor.send({ type: 'app.focus' });
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

/**
 * Model-based: every shortest path of the model in app-update.model.ts (which `npm run test:paths` prints) is
 * replayed against a real actor under the fake clock, with the fake fetchBuild settled as the path says; after
 * every step the actor must be in the model's state. The reload path also checks the reload ran.
 */
describe('app update machine model', () => {
  const model = createAppUpdateTestModel();
  const paths = model.getShortestPaths();
  const atomicStates = getStateNodes(appUpdateMachine.root).filter((node) => node.type === 'atomic').map((node) => node.key);
  const reached = new Set<string>();

  const nameOf = (path: (typeof paths)[number]) =>
    `${path.steps.slice(1).map((step) => describeAppUpdateEvent(step.event)).join(' → ')} ⇒ ${JSON.stringify(appUpdateAbstraction(path.state))}`;

  it('the shortest paths pass through every state of the machine', () => {
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...visited].sort()).toEqual([...atomicStates].sort());
  });

  for (const path of paths) {
    it(nameOf(path), async () => {
      const { actor, pending, reload } = start();
      let reloadsExpected = 0;
      await path.test({
        events: {
          [APP_UPDATE_POLL_EVENT]: async () => {
            await vi.advanceTimersByTimeAsync(BUILD_POLL_MS);
          },
          'app.focus': () => {
            actor.send({ type: 'app.focus' });
          },
          'app.reload': () => {
            if (actor.getSnapshot().hasTag('updateAvailable')) reloadsExpected++;
            actor.send({ type: 'app.reload' } satisfies AppUpdateEvent);
          },
          [APP_UPDATE_DONE]: async ({ event }) => {
            pending().resolve((event as AnyEventObject).output as BuildInfo);
            await flush();
          },
          [APP_UPDATE_ERROR]: async ({ event }) => {
            pending().reject((event as AnyEventObject).error);
            await flush();
          },
        },
        states: {
          '*': (state) => {
            expect(appUpdateAbstraction(actor.getSnapshot())).toEqual(appUpdateAbstraction(state));
            expect(reload).toHaveBeenCalledTimes(reloadsExpected);
            reached.add(String(actor.getSnapshot().value));
          },
        },
      });
    });
  }

  it('the replayed paths reached every state of the machine', () => {
    expect([...reached].sort()).toEqual([...atomicStates].sort());
  });

  it('offers every model event somewhere (the model is not missing a transition the machine has)', () => {
    const used = new Set(paths.flatMap((path) => path.steps.slice(1).map((step) => describeAppUpdateEvent(step.event))));
    for (const event of appUpdateModelEvents) expect(used).toContain(describeAppUpdateEvent(event));
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(appUpdateMachine, { events: appUpdateModelEvents as AppUpdateEvent[] })).toThrow(/not supported/);
  });
});
