import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, matchesState } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { me } from '@/contract/calls/user';
import { ApiError, type ApiClient } from '@/services/api-client';
import { provideRequest, type RequestEvent, requestMachine, toRequestError, type PerformInput } from './request.machine';
import {
  createRequestTestModel,
  REQUEST_DONE,
  REQUEST_ERROR,
  REQUEST_MODEL_INPUT,
  requestModelEvents,
} from './request.model';
import { sameAsModel } from './model-replay';

const DELAY_MS = 1_000;

/**
 * A fake `perform` that settles after DELAY_MS and deliberately ignores its abort signal, so the tests prove
 * that the machine itself drops a canceled request's late result or error.
 */
function fakePerform(outcome: (input: PerformInput, n: number) => { ok: unknown } | { error: unknown }) {
  const calls: { input: PerformInput; signal: AbortSignal }[] = [];
  const logic = fromPromise<unknown, PerformInput>(({ input, signal }) => {
    calls.push({ input, signal });
    const result = outcome(input, calls.length);
    return new Promise((resolve, reject) => {
      setTimeout(() => ('ok' in result ? resolve(result.ok) : reject(result.error)), DELAY_MS);
    });
  });
  return { logic, calls };
}

function start(outcome: Parameters<typeof fakePerform>[0], input?: { params?: unknown }) {
  const perform = fakePerform(outcome);
  const actor = createActor(requestMachine.provide({ actors: { perform: perform.logic } }), { input });
  actor.start();
  return { actor, perform };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('request machine', () => {
  it('starts idle and not busy', () => {
    const { actor } = start(() => ({ ok: 1 }));
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('idle');
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context).toMatchObject({ result: null, error: null });
  });

  it('start → loading (busy) → finished with the result', async () => {
    const { actor, perform } = start((input) => ({ ok: { echo: input.params } }));
    actor.send({ type: 'request.start', params: { page: 1 } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(perform.calls).toHaveLength(1);
    expect(perform.calls[0].input).toEqual({ params: { page: 1 } });

    await vi.advanceTimersByTimeAsync(DELAY_MS);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('finished');
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context.result).toEqual({ echo: { page: 1 } });
    expect(snap.context.error).toBeNull();
  });

  it('start → failed with the server msg and code, never translated text', async () => {
    const { actor } = start(() => ({
      error: new ApiError('Wrong account or password', { kind: 'server', status: 0 }),
    }));
    actor.send({ type: 'request.start', params: {} });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('failed');
    expect(snap.context.error).toEqual({ code: 'server', msg: 'Wrong account or password' });
    expect(snap.context.result).toBeNull();
  });

  it('keeps http status and retryAfter of an HTTP failure', async () => {
    const { actor } = start(() => ({
      error: new ApiError('HTTP 429', { kind: 'http', code: 'http.429', httpStatus: 429, retryAfter: 30 }),
    }));
    actor.send({ type: 'request.start', params: {} });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().context.error).toEqual({
      code: 'http.429',
      msg: 'HTTP 429',
      httpStatus: 429,
      retryAfter: 30,
    });
  });

  it('cancel in loading → canceled; the signal aborts and the late result is ignored', async () => {
    const { actor, perform } = start(() => ({ ok: 'late result' }));
    actor.send({ type: 'request.start', params: { q: 'tokyo' } });
    await vi.advanceTimersByTimeAsync(DELAY_MS / 2);
    actor.send({ type: 'request.cancel' });

    expect(actor.getSnapshot().value).toBe('canceled');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(perform.calls[0].signal.aborted).toBe(true);

    await vi.advanceTimersByTimeAsync(DELAY_MS * 5);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('canceled');
    expect(snap.context.result).toBeNull();
    expect(snap.context.error).toBeNull();
  });

  it('a canceled request’s late error is ignored too', async () => {
    const { actor } = start(() => ({ error: new ApiError('boom', { kind: 'server', status: 0 }) }));
    actor.send({ type: 'request.start', params: {} });
    actor.send({ type: 'request.cancel' });
    await vi.advanceTimersByTimeAsync(DELAY_MS * 2);
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('cancel when idle or finished does nothing', async () => {
    const { actor } = start(() => ({ ok: 42 }));
    const idle = actor.getSnapshot();
    actor.send({ type: 'request.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual(idle.context);

    actor.send({ type: 'request.start', params: {} });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    const finished = actor.getSnapshot();
    actor.send({ type: 'request.cancel' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context).toEqual(finished.context);
    expect(actor.getSnapshot().context.result).toBe(42);
  });

  it('ignores a second start while loading (no double submit)', async () => {
    const { actor, perform } = start(() => ({ ok: 'once' }));
    actor.send({ type: 'request.start', params: { n: 1 } });
    actor.send({ type: 'request.start', params: { n: 2 } });
    expect(perform.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.params).toEqual({ n: 1 });
  });

  it('starts again from finished, failed and canceled; a start without params repeats the last ones', async () => {
    const { actor, perform } = start((input, n) =>
      n === 2 ? { error: new Error('flaky') } : { ok: { n, params: input.params } },
    );
    actor.send({ type: 'request.start', params: { page: 1 } });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().context.result).toEqual({ n: 1, params: { page: 1 } });

    actor.send({ type: 'request.start', params: { page: 2 } });
    expect(actor.getSnapshot().context.result).toBeNull();
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown', msg: 'flaky' });

    actor.send({ type: 'request.start' }); // retry
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'request.cancel' });
    expect(actor.getSnapshot().value).toBe('canceled');

    actor.send({ type: 'request.start' });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.result).toEqual({ n: 4, params: { page: 2 } });
    expect(perform.calls.map((c) => c.input.params)).toEqual([{ page: 1 }, { page: 2 }, { page: 2 }, { page: 2 }]);
  });

  it('takes default params from its input', async () => {
    const { actor, perform } = start(() => ({ ok: null }), { params: { uuid: 'abc' } });
    actor.send({ type: 'request.start' });
    expect(perform.calls[0].input).toEqual({ params: { uuid: 'abc' } });
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('finished');
  });

  it('passes files to perform and repeats them on a retry', () => {
    const { actor, perform } = start(() => ({ ok: null }));
    const image = new Blob(['x']);
    actor.send({ type: 'request.start', params: {}, files: { image } });
    actor.send({ type: 'request.cancel' });
    actor.send({ type: 'request.start' });
    expect(perform.calls.map((c) => c.input.files?.image)).toEqual([image, image]);
  });

  it('fails with "not provided" when no perform actor was injected', async () => {
    const actor = createActor(requestMachine).start();
    actor.send({ type: 'request.start', params: {} });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown', msg: 'not provided' });
  });

  it('stopping the actor while loading aborts the request', () => {
    const { actor, perform } = start(() => ({ ok: 1 }));
    actor.send({ type: 'request.start', params: {} });
    actor.stop();
    expect(perform.calls[0].signal.aborted).toBe(true);
  });
});

describe('provideRequest', () => {
  function fakeClient(settle: (signal: AbortSignal) => Promise<unknown>) {
    const call = vi.fn((_call: unknown, _payload: unknown, opts?: { signal?: AbortSignal }) => settle(opts!.signal!));
    return { client: { call } as unknown as Pick<ApiClient, 'call'>, call };
  }

  it('performs the contract call with the params and the actor signal', async () => {
    const { client, call } = fakeClient(
      () => new Promise((resolve) => setTimeout(() => resolve({ uuid: 'u1' }), DELAY_MS)),
    );
    const actor = createActor(provideRequest(me, client)).start();
    actor.send({ type: 'request.start', params: {} });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toBe(me);
    expect(call.mock.calls[0][1]).toEqual({});
    expect(call.mock.calls[0][2]?.signal).toBeInstanceOf(AbortSignal);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('finished');
    expect(actor.getSnapshot().context.result).toEqual({ uuid: 'u1' });
  });

  it('cancel aborts the client call; its canceled rejection does not reach the machine', async () => {
    const { client, call } = fakeClient(
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new ApiError('canceled', { kind: 'canceled' }))),
        ),
    );
    const actor = createActor(provideRequest(me, client)).start();
    actor.send({ type: 'request.start', params: {} });
    actor.send({ type: 'request.cancel' });
    expect(call.mock.calls[0][2]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(DELAY_MS);
    expect(actor.getSnapshot().value).toBe('canceled');
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('toRequestError', () => {
  it('maps ApiError, Error and anything else to code and msg', () => {
    expect(toRequestError(new ApiError('bad', { kind: 'response', code: 'response.invalid' }))).toEqual({
      code: 'response.invalid',
      msg: 'bad',
    });
    expect(toRequestError(new ApiError('token expired', { kind: 'tokenExpired', status: 422 }))).toEqual({
      code: 'tokenExpired',
      msg: 'token expired',
    });
    expect(toRequestError(new Error('x'))).toEqual({ code: 'unknown', msg: 'x' });
    expect(toRequestError('y')).toEqual({ code: 'unknown', msg: 'y' });
  });
});

/**
 * Model-based tests (STYLE rule 19). The model comes from request.model.ts, which `npm run test:paths` prints
 * too: every transition is on a shortest path, each replayed against a real actor whose fake `perform` stays
 * pending until the model settles it. After every step the actor is where the model is, with the same context.
 */
describe('request machine: model-based paths', () => {
  const paths = createRequestTestModel().getShortestPaths();

  /** An actor whose `perform` calls wait for the model's completion events. */
  function modelRun() {
    const calls: { input: PerformInput; signal: AbortSignal; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
    const perform = fromPromise<unknown, PerformInput>(
      ({ input, signal }) => new Promise((resolve, reject) => calls.push({ input, signal, resolve, reject })),
    );
    const actor = createActor(requestMachine.provide({ actors: { perform } }), { input: REQUEST_MODEL_INPUT }).start();
    const pending = () => {
      const call = calls.at(-1);
      if (!call) throw new Error('the model settles perform, but no request was made');
      return call;
    };
    return { actor, calls, pending };
  }

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, calls, pending } = modelRun();
      const same = sameAsModel(actor);
      const send = ({ event }: { event: AnyEventObject }) => {
        actor.send(event as RequestEvent);
      };
      await path.test({
        states: {
          idle: (model) => {
            same(model);
            expect(calls).toHaveLength(0);
          },
          loading: (model) => {
            const real = same(model);
            expect(real.hasTag('busy')).toBe(true);
            // One call per start, with the params the context holds, still in flight.
            expect(pending().input).toEqual({ params: real.context.params });
            expect(pending().signal.aborted).toBe(false);
            expect(real.context).toMatchObject({ result: null, error: null });
          },
          finished: (model) => {
            const real = same(model);
            expect(real.context.error).toBeNull();
          },
          failed: (model) => {
            const real = same(model);
            expect(real.context.result).toBeNull();
            expect(real.context.error?.code).toBe('server');
          },
          canceled: (model) => {
            const real = same(model);
            expect(pending().signal.aborted).toBe(true);
            expect(real.context).toMatchObject({ result: null, error: null });
          },
        },
        events: {
          'request.start': send,
          'request.cancel': send,
          [REQUEST_DONE]: async ({ event }: { event: AnyEventObject }) => {
            pending().resolve(event.output);
            await vi.advanceTimersByTimeAsync(0);
          },
          [REQUEST_ERROR]: async ({ event }: { event: AnyEventObject }) => {
            pending().reject(event.error);
            await vi.advanceTimersByTimeAsync(0);
          },
        },
      });
    });
  }

  it('the paths reach every state of the machine and use every sample event', () => {
    const reached = new Set<string>();
    for (const path of paths) {
      for (const { state } of path.steps) {
        for (const node of getStateNodes(requestMachine.root)) {
          if (matchesState(node.path.join('.'), state.value)) reached.add(node.id);
        }
      }
    }
    const all = getStateNodes(requestMachine.root).map((node) => node.id);
    expect([...reached].sort()).toEqual([...all].sort());

    const used = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))));
    for (const event of requestModelEvents) expect(used).toContain(JSON.stringify(event));
  });
});
