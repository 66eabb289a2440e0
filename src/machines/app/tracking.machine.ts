import { and, assign, fromPromise, setup } from 'xstate';
import { type PageView, pageView, track, TRACK_BATCH_MAX } from '@/contract/calls/track';
import { TRACK_DEBOUNCE_MS } from '@/contract/constants';
import { normalizeTrackPath, sectionOfPath } from '@/contract/tracking';
import { ApiError, type ApiClient } from '@/services/api-client';

/**
 * Page-view tracking (spec section 2: path fragments map to sections, debounced 1 s). Each `page.viewed` is
 * labelled with its section and the injected clock's time and queued; the batch goes out TRACK_DEBOUNCE_MS after
 * the last view (each new view restarts the timer), at most TRACK_BATCH_MAX views per call.
 *
 * - A view of the same path as the last counted one, less than TRACK_DEBOUNCE_MS after it, counts once (a
 *   re-render or a redirect to the same page is one view). Such a repeat does not restart the timer.
 * - A batch that fails in transit (network, timeout, HTTP 429/5xx, expired token) is kept, oldest first, and
 *   goes out with the next flush, which the next view starts: no timer of its own, so a dead network costs no
 *   requests while nobody navigates. At most TRACK_QUEUE_MAX views are kept; the oldest are dropped.
 * - A batch the server answered and refused (status 0) is dropped: sent again unchanged it would be refused
 *   again, and it would block every later view. Views are checked against the contract before queueing, so
 *   this only happens across a version skew in the section mapping or with a broken device clock.
 * - The track call mutates, so the api client never retries it on its own; a lost batch loses statistics only.
 *   A batch whose answer was lost after the server stored it is sent again (at least once, not exactly once).
 */

/** Views kept while the server cannot be reached (queued plus in flight). */
export const TRACK_QUEUE_MAX = 200;

export interface TrackingContext {
  /** Milliseconds since the epoch; each view's `at`. Injected so tests and fake clocks control it. */
  now: () => number;
  /** Views waiting for the next flush, oldest first. */
  queue: PageView[];
  /** The batch being sent. */
  inFlight: PageView[];
  /** The last view counted, for the repeat rule. */
  last: { path: string; at: number } | null;
}

export type TrackingEvent = { type: 'page.viewed'; path: string };

export interface TrackingInput {
  now?: () => number;
}

/** What the `sendBatch` actor receives. */
export interface SendBatchInput {
  views: PageView[];
}

/** The view a path makes at `at`, or null when the contract would refuse it (a device clock before 2020). */
export function pageViewOf(rawPath: string, at: number): PageView | null {
  const path = normalizeTrackPath(rawPath);
  const parsed = pageView.safeParse({ section: sectionOfPath(path), path, at });
  return parsed.success ? parsed.data : null;
}

/** The newest `max` entries of a list ordered oldest first. */
function keepNewest<T>(list: T[], max: number): T[] {
  return list.length > max ? list.slice(list.length - max) : list;
}

export const trackingMachine = setup({
  types: {
    context: {} as TrackingContext,
    events: {} as TrackingEvent,
    // `void`, not `undefined`: setup() drops undefined from an inferred type, which would make input required.
    input: {} as TrackingInput | void,
  },
  delays: {
    TRACK_DEBOUNCE: TRACK_DEBOUNCE_MS,
  },
  actors: {
    // Safe default: the real call is injected with .provide() (provideTracking) where the actor is created.
    sendBatch: fromPromise<unknown, SendBatchInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    /** A view that counts: valid for the contract, and not a repeat of the last one inside the window. */
    isNewView: ({ context, event }) => {
      const at = context.now();
      const view = pageViewOf(event.path, at);
      if (!view) return false;
      const { last } = context;
      return !(last && last.path === view.path && at - last.at < TRACK_DEBOUNCE_MS);
    },
    hasQueuedViews: ({ context }) => context.queue.length > 0,
    /**
     * The server read the batch and refused it (status 0): resending it unchanged cannot succeed. Used only on
     * the send's onError, whose event carries `error`; setup() types guard events as the machine's own events,
     * hence the `in` check rather than a cast.
     */
    isRefusedBatch: ({ event }) => 'error' in event && event.error instanceof ApiError && event.error.kind === 'server',
  },
  actions: {
    queueView: assign(({ context, event }) => {
      const view = pageViewOf(event.path, context.now());
      if (!view) return {};
      return {
        queue: keepNewest([...context.queue, view], TRACK_QUEUE_MAX - context.inFlight.length),
        last: { path: view.path, at: view.at },
      };
    }),
    takeBatch: assign(({ context }) => ({
      inFlight: context.queue.slice(0, TRACK_BATCH_MAX),
      queue: context.queue.slice(TRACK_BATCH_MAX),
    })),
    dropBatch: assign({ inFlight: [] }),
    /** The failed batch goes back in front of what was queued meanwhile, keeping the newest TRACK_QUEUE_MAX. */
    keepBatch: assign(({ context }) => ({
      queue: keepNewest([...context.inFlight, ...context.queue], TRACK_QUEUE_MAX),
      inFlight: [],
    })),
  },
}).createMachine({
  id: 'tracking',
  context: ({ input }) => ({ now: input?.now ?? (() => Date.now()), queue: [], inFlight: [], last: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'page.viewed': { guard: 'isNewView', target: 'debouncing', actions: 'queueView' } },
    },
    debouncing: {
      // Re-entering restarts the timer: the batch goes out TRACK_DEBOUNCE_MS after the last view.
      on: { 'page.viewed': { guard: 'isNewView', target: 'debouncing', reenter: true, actions: 'queueView' } },
      after: { TRACK_DEBOUNCE: { target: 'sending' } },
    },
    sending: {
      tags: ['busy'],
      entry: 'takeBatch',
      invoke: {
        id: 'sendBatch',
        src: 'sendBatch',
        input: ({ context }) => ({ views: context.inFlight }),
        onDone: [
          { guard: 'hasQueuedViews', target: 'debouncing', actions: 'dropBatch' },
          { target: 'idle', actions: 'dropBatch' },
        ],
        onError: [
          { guard: and(['isRefusedBatch', 'hasQueuedViews']), target: 'debouncing', actions: 'dropBatch' },
          { guard: 'isRefusedBatch', target: 'idle', actions: 'dropBatch' },
          { target: 'failed', actions: 'keepBatch' },
        ],
      },
      // Views during a send wait for it; they go out in the next batch, TRACK_DEBOUNCE_MS after it ends.
      on: { 'page.viewed': { guard: 'isNewView', actions: 'queueView' } },
    },
    failed: {
      // The kept views go out with the next view's flush.
      on: { 'page.viewed': { guard: 'isNewView', target: 'debouncing', actions: 'queueView' } },
    },
  },
});

/**
 * The tracking machine sending through `client`; the invoked actor's signal is the call's signal, so stopping
 * the machine aborts a batch in flight.
 */
export function provideTracking(client: Pick<ApiClient, 'call'>) {
  return trackingMachine.provide({
    actors: {
      sendBatch: fromPromise<unknown, SendBatchInput>(({ input, signal }) => client.call(track, { views: input.views }, { signal })),
    },
  });
}
