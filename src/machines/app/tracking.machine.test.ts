import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { type PageView, track, TRACK_BATCH_MAX, TRACK_PATH_MAX } from '@/contract/calls/track';
import { TRACK_DEBOUNCE_MS } from '@/contract/constants';
import { TrackSection } from '@/contract/feature-enums';
import { normalizeTrackPath, sectionOfPath } from '@/contract/tracking';
import { ApiError, type ApiClient } from '@/services/api-client';
import {
  provideTracking,
  type SendBatchInput,
  TRACK_QUEUE_MAX,
  type TrackingEvent,
  type TrackingInput,
  trackingMachine,
} from './tracking.machine';
import {
  createTrackingTestModel,
  describeTrackingEvent,
  TRACKING_DEBOUNCE_EVENT,
  TRACKING_DONE,
  TRACKING_ERROR,
  TRACKING_MODEL_NOW,
  trackingAbstraction,
  trackingModelEvents,
} from './tracking.model';

/** The fake clock starts where the model's clock stands, so both stamp the first views alike. */
const T0 = TRACKING_MODEL_NOW;

/** A fake `sendBatch` whose calls the test settles one by one. */
function fakeSendBatch() {
  const calls: { views: PageView[]; signal: AbortSignal; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const logic = fromPromise<unknown, SendBatchInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ views: input.views, signal, resolve: () => resolve(null), reject });
      }),
  );
  return { logic, calls };
}

function start(input?: TrackingInput) {
  const send = fakeSendBatch();
  const actor = createActor(trackingMachine.provide({ actors: { sendBatch: send.logic } }), { input });
  actor.start();
  return { actor, send };
}

type TrackingActor = ReturnType<typeof start>['actor'];
const viewed = (actor: TrackingActor, path: string) => actor.send({ type: 'page.viewed', path });
const pathsOf = (views: PageView[]) => views.map((v) => v.path);
/** Lets a settled fake call reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

const offline = () => new ApiError('tracking failed: network error', { kind: 'network' });
const refused = () => new ApiError('Invalid value for "views.0.section".', { kind: 'server', status: 0 });

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('tracking machine', () => {
  it('sends exactly one batch, TRACK_DEBOUNCE_MS after the last of several rapid views, and nothing before', async () => {
    const { actor, send } = start();
    const paths = ['/', '/ja/merchant/12', '/ja/merchant/12/visit-report', '/ja/partner/4'];
    for (const path of paths) {
      viewed(actor, path);
      await vi.advanceTimersByTimeAsync(400);
    }
    // 400 ms after the last view; each view restarted the timer, so 1 000 ms after the first is long gone.
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS - 400 - 1);
    expect(send.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(send.calls).toHaveLength(1);
    expect(send.calls[0].views).toEqual([
      { section: 'homepage', path: '/', at: T0 },
      { section: 'merchant', path: '/ja/merchant/12', at: T0 + 400 },
      { section: 'deep_report', path: '/ja/merchant/12/visit-report', at: T0 + 800 },
      { section: 'partner', path: '/ja/partner/4', at: T0 + 1_200 },
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    send.calls[0].resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ queue: [], inFlight: [] });
    await vi.advanceTimersByTimeAsync(10 * TRACK_DEBOUNCE_MS);
    expect(send.calls).toHaveLength(1);
  });

  it('stamps each view with the injected clock', async () => {
    let clock = Date.UTC(2027, 0, 1);
    const { actor, send } = start({ now: () => clock });
    viewed(actor, '/en/search');
    clock += 5;
    viewed(actor, '/en/member');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(send.calls[0].views.map((v) => v.at)).toEqual([Date.UTC(2027, 0, 1), Date.UTC(2027, 0, 1) + 5]);
  });

  it('counts consecutive views of one path inside the window once, without restarting the timer', async () => {
    const { actor, send } = start();
    viewed(actor, '/en/merchant/1');
    await vi.advanceTimersByTimeAsync(600);
    viewed(actor, '/en/merchant/1');
    viewed(actor, '/en/merchant/1?tab=photos');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS - 600);
    expect(send.calls).toHaveLength(1);
    expect(pathsOf(send.calls[0].views)).toEqual(['/en/merchant/1']);
    send.calls[0].resolve();
    await flush();

    // Outside the window the same path counts again; a different path in between also breaks the run.
    viewed(actor, '/en/merchant/1');
    viewed(actor, '/en/partner/2');
    viewed(actor, '/en/merchant/1');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(pathsOf(send.calls[1].views)).toEqual(['/en/merchant/1', '/en/partner/2', '/en/merchant/1']);
  });

  it('keeps a failed batch and sends the same views first with the next flush', async () => {
    const { actor, send } = start();
    viewed(actor, '/en/search');
    viewed(actor, '/en/message/7');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    const firstBatch = send.calls[0].views;
    send.calls[0].reject(offline());
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.queue).toEqual(firstBatch);

    // No timer of its own: nothing is sent until the next view.
    await vi.advanceTimersByTimeAsync(60 * TRACK_DEBOUNCE_MS);
    expect(send.calls).toHaveLength(1);
    viewed(actor, '/en/collection/merchant');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(send.calls).toHaveLength(2);
    expect(send.calls[1].views.slice(0, 2)).toEqual(firstBatch);
    expect(send.calls[1].views[2]).toMatchObject({ section: 'favorite', path: '/en/collection/merchant' });
    send.calls[1].resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('drops a batch the server refused, and still sends what was queued meanwhile', async () => {
    const { actor, send } = start();
    viewed(actor, '/en/search');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    viewed(actor, '/en/member');
    send.calls[0].reject(refused());
    await flush();
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(pathsOf(send.calls[1].views)).toEqual(['/en/member']);
    send.calls[1].reject(refused());
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.queue).toEqual([]);
  });

  it('queues views made during a send and sends them TRACK_DEBOUNCE_MS after it ends', async () => {
    const { actor, send } = start();
    viewed(actor, '/en/search');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    viewed(actor, '/en/partner/1');
    await vi.advanceTimersByTimeAsync(5 * TRACK_DEBOUNCE_MS);
    expect(send.calls).toHaveLength(1);
    send.calls[0].resolve();
    await flush();
    expect(actor.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS - 1);
    expect(send.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(pathsOf(send.calls[1].views)).toEqual(['/en/partner/1']);
  });

  it(`sends at most ${TRACK_BATCH_MAX} views per batch and keeps at most ${TRACK_QUEUE_MAX}, dropping the oldest`, async () => {
    const { actor, send } = start();
    const path = (i: number) => `/en/merchant/${i}`;
    for (let i = 0; i < 250; i++) viewed(actor, path(i));
    expect(actor.getSnapshot().context.queue).toHaveLength(TRACK_QUEUE_MAX);
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    // Views 0–49 were dropped on arrival; the first batch is 50–99.
    expect(pathsOf(send.calls[0].views)).toEqual(Array.from({ length: TRACK_BATCH_MAX }, (_, i) => path(50 + i)));

    send.calls[0].reject(offline());
    await flush();
    expect(actor.getSnapshot().context.queue).toHaveLength(TRACK_QUEUE_MAX);
    viewed(actor, path(250));
    const queue = pathsOf(actor.getSnapshot().context.queue);
    expect(queue).toHaveLength(TRACK_QUEUE_MAX);
    expect([queue[0], queue.at(-1)]).toEqual([path(51), path(250)]);

    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(pathsOf(send.calls[1].views)).toEqual(queue.slice(0, TRACK_BATCH_MAX));
    send.calls[1].resolve();
    await flush();
    // The rest follows batch by batch, TRACK_DEBOUNCE_MS apart.
    for (let n = 2; n < 5; n++) {
      await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
      expect(send.calls[n].views).toHaveLength(TRACK_BATCH_MAX);
      send.calls[n].resolve();
      await flush();
    }
    expect(send.calls.flatMap((c) => pathsOf(c.views)).slice(TRACK_BATCH_MAX)).toEqual(queue);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('queues only views the contract accepts: query and hash dropped, long paths cut, a pre-2020 clock ignored', async () => {
    const { actor, send } = start();
    viewed(actor, '/fr/search?q=caf%C3%A9#results');
    viewed(actor, `/en/${'x'.repeat(TRACK_PATH_MAX)}`);
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(send.calls[0].views.map((v) => [v.section, v.path.length])).toEqual([['search', 10], ['homepage', TRACK_PATH_MAX]]);
    expect(track.payload.safeParse({ views: send.calls[0].views }).success).toBe(true);

    const broken = start({ now: () => 0 });
    viewed(broken.actor, '/en/search');
    expect(broken.actor.getSnapshot().value).toBe('idle');
  });

  it('the default sendBatch rejects, so the views are kept', async () => {
    const actor = createActor(trackingMachine).start();
    viewed(actor, '/en');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(pathsOf(actor.getSnapshot().context.queue)).toEqual(['/en']);
  });

  it('provideTracking sends the batch through the track call and aborts it when the machine stops', async () => {
    const calls: { views: unknown; signal: AbortSignal | undefined; path: string }[] = [];
    const client: Pick<ApiClient, 'call'> = {
      call: (call, payload, opts) => {
        calls.push({ path: call.path, views: (payload as { views: unknown }).views, signal: opts?.signal });
        return new Promise(() => {});
      },
    };
    const actor = createActor(provideTracking(client)).start();
    viewed(actor, '/ko/partner/3');
    await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: track.path, views: [{ section: 'partner', path: '/ko/partner/3', at: T0 }] });
    expect(calls[0].signal?.aborted).toBe(false);
    actor.stop();
    expect(calls[0].signal?.aborted).toBe(true);
  });
});

describe('sectionOfPath', () => {
  const table: [string, TrackSection][] = [
    ['/', 'homepage'],
    ['', 'homepage'],
    ['/en', 'homepage'],
    ['/en/', 'homepage'],
    ['/zh-hans', 'homepage'],
    ['/en/login', 'homepage'],
    ['/en/info/terms', 'homepage'],
    ['/en/chat/alice/bob', 'homepage'],
    ['/en/verify/kyc/step1', 'homepage'],
    ['/en/404', 'homepage'],
    ['/en/forget-password', 'homepage'],
    ['/tokyo', 'homepage'], // no language prefix: not the region route
    ['/en/Tokyo', 'homepage'], // not a region slug
    ['/en/Merchant/1', 'homepage'], // routes are case-sensitive
    ['/ja/merchant/12', 'merchant'],
    ['/merchant/12', 'merchant'],
    ['/en/merchant', 'merchant'],
    ['/ja/merchant/12/visit-report', 'deep_report'],
    ['/en/merchant/12/visit_report', 'deep_report'],
    ['/visit_report/5', 'deep_report'],
    ['/ko/partner/9', 'partner'],
    ['/en/search', 'search'],
    ['/fr/search?q=x#top', 'search'],
    ['/en/region', 'search'],
    ['/region/kanto', 'search'],
    ['/en/tokyo', 'search'],
    ['/en/tokyo/shinjuku', 'search'],
    ['/en/tokyo/shinjuku/merchant', 'search'],
    ['/zh-hans/new-york', 'search'],
    ['/en/partnership', 'search'], // whole segments: a region slug, not /partner
    ['/de/message', 'message'],
    ['/de/message/abc', 'message'],
    ['/en/collection/merchant', 'favorite'],
    ['/en/collect', 'favorite'],
    ['/zh-hant/member/setup', 'mine'],
    ['/member', 'mine'],
    ['/en/member/merchant/3/modify', 'mine'],
    ['/ar//member///point', 'mine'],
  ];

  it.each(table)('%s → %s', (path, section) => {
    expect(sectionOfPath(path)).toBe(section);
  });

  it('the table covers every section', () => {
    expect(new Set(table.map(([, section]) => section))).toEqual(new Set(TrackSection));
  });

  it('normalizeTrackPath yields paths the contract accepts', () => {
    expect(normalizeTrackPath('/en/search?q=1#x')).toBe('/en/search');
    expect(normalizeTrackPath('en/member')).toBe('/en/member');
    expect(normalizeTrackPath('/en/a b\tc')).toBe('/en/a%20b%09c');
    const emoji = `/en/${'a'.repeat(TRACK_PATH_MAX - 5)}😀😀`;
    const cut = normalizeTrackPath(emoji);
    expect(cut.length).toBeLessThanOrEqual(TRACK_PATH_MAX);
    expect(cut.endsWith('\uD83D')).toBe(false);
  });
});

/**
 * Model-based: the machine is its own model. Every shortest path through its states is replayed against a real
 * actor under the fake clock, with the fake sendBatch settled as the path says, and after every step the actor
 * must be in the model's state with the same queue and batch.
 *
 * The model comes from tracking.model.ts, which `npm run test:paths` prints too: a TestModel of the machine as
 * it is, because createTestModel() refuses machines with `after` or `invoke` (see the last test).
 */
describe('tracking machine model', () => {
  const debounceEvent = TRACKING_DEBOUNCE_EVENT;
  const DONE = TRACKING_DONE;
  const ERROR = TRACKING_ERROR;
  const events = trackingModelEvents;
  const abstraction = trackingAbstraction;
  const model = createTrackingTestModel();
  const paths = model.getShortestPaths();
  const atomicStates = getStateNodes(trackingMachine.root).filter((node) => node.type === 'atomic').map((node) => node.key);
  const reached = new Set<string>();


  /** A readable test name: the events of the path and the state it ends in. */
  const nameOf = (path: (typeof paths)[number]) =>
    `${path.steps.slice(1).map((step) => describeTrackingEvent(step.event)).join(' → ')} ⇒ ${JSON.stringify(abstraction(path.state))}`;

  it('the shortest paths pass through every state of the machine', () => {
    // Paths that are a prefix of a longer one are left out, so a state may be passed through and never end one.
    const visited = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))));
    expect([...visited].sort()).toEqual([...atomicStates].sort());
  });

  for (const path of paths) {
    it(nameOf(path), async () => {
      const { actor, send } = start();
      const pending = () => {
        const call = send.calls.at(-1);
        if (!call) throw new Error('no batch in flight');
        return call;
      };
      await path.test({
        events: {
          'page.viewed': ({ event }) => {
            actor.send(event as TrackingEvent);
          },
          [debounceEvent]: async () => {
            await vi.advanceTimersByTimeAsync(TRACK_DEBOUNCE_MS);
          },
          [DONE]: async () => {
            pending().resolve();
            await flush();
          },
          [ERROR]: async ({ event }) => {
            pending().reject((event as AnyEventObject).error);
            await flush();
          },
        },
        states: {
          '*': (state) => {
            expect(abstraction(actor.getSnapshot())).toEqual(abstraction(state));
            reached.add(String(actor.getSnapshot().value));
          },
        },
      });
    });
  }

  it('the replayed paths reached every state of the machine', () => {
    expect([...reached].sort()).toEqual([...atomicStates].sort());
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(trackingMachine, { events: events as TrackingEvent[] })).toThrow(/not supported/);
  });
});
