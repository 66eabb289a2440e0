import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ListingSource } from '@/contract/shapes';
import { toRequestError, type RequestError } from '../app/request.machine';

/**
 * The viewer's favourites as changed in this session (spec section 7 "Favorites"; DESIGN section 5: one per user,
 * source and id). App-wide (systemId 'favorites'): a favourite saved after login by the session's pending action
 * reaches the page that asked for it, whichever page that is by then.
 *
 * - `favorite.add` / `favorite.cancel` queue a change; the head of the queue is saved by the injected
 *   `saveFavorite` call (favorite/add or favorite/cancel), one at a time, in order.
 * - What a listing shows is the newest queued change for it (so the button answers at once), else the last saved
 *   state, else the listing's own `is_favorite` (the caller's fallback, see `selectFavorite`).
 * - A change that would not change what the listing shows is ignored (a double tap). A change for a listing whose
 *   change is still waiting (not yet sent) replaces it, so the queue holds at most two entries per listing.
 * - A saved add runs `notifySaved` (toast text.success.like); a failed one `notifyFailed` (text.failed.like); the
 *   listing then shows what it showed before.
 * - `favorite.reset` (logout) forgets everything and drops the queue; a call in flight is aborted.
 */

export type FavoriteOp = 'add' | 'cancel';

export interface FavoriteChange {
  op: FavoriteOp;
  source: ListingSource;
  id: number;
}

export interface FavoritesContext {
  /** Saved state by listing key (`favoriteKey`), for listings changed in this session. */
  saved: Record<string, boolean>;
  /** Changes to save, oldest first; while `saving`, the head is the one in flight. */
  queue: FavoriteChange[];
  /** The last failure, for diagnostics; the ui shows a toast. */
  error: RequestError | null;
}

export type FavoritesEvent =
  | { type: 'favorite.add'; source: ListingSource; id: number }
  | { type: 'favorite.cancel'; source: ListingSource; id: number }
  | { type: 'favorite.reset' };

export const favoriteKey = (source: ListingSource, id: number) => `${source}:${id}`;

const keyOf = (change: { source: ListingSource; id: number }) => favoriteKey(change.source, change.id);

/** What the listing shows now by this machine's knowledge; undefined when it changed nothing for it. */
export function intendedFavorite(context: FavoritesContext, source: ListingSource, id: number): boolean | undefined {
  const key = favoriteKey(source, id);
  const queued = context.queue.findLast((change) => keyOf(change) === key);
  if (queued) return queued.op === 'add';
  return Object.hasOwn(context.saved, key) ? context.saved[key] : undefined;
}

function changeOf(event: FavoritesEvent): FavoriteChange | null {
  if (event.type === 'favorite.add') return { op: 'add', source: event.source, id: event.id };
  if (event.type === 'favorite.cancel') return { op: 'cancel', source: event.source, id: event.id };
  return null;
}

/** The queue with `change` added: a waiting (not in-flight) change of the same listing is replaced. */
function enqueue(queue: FavoriteChange[], change: FavoriteChange, inFlight: boolean): FavoriteChange[] {
  const key = keyOf(change);
  const waitingIndex = queue.findIndex((queued, index) => keyOf(queued) === key && !(inFlight && index === 0));
  if (waitingIndex === -1) return [...queue, change];
  return queue.map((queued, index) => (index === waitingIndex ? change : queued));
}

export const favoritesMachine = setup({
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real favorite/add and favorite/cancel calls are injected with .provide().
    saveFavorite: fromPromise<unknown, FavoriteChange>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    /** The event would change what its listing shows. */
    isChange: ({ context, event }) => {
      const change = changeOf(event);
      return change !== null && intendedFavorite(context, change.source, change.id) !== (change.op === 'add');
    },
    hasQueue: ({ context }) => context.queue.length > 0,
  },
  actions: {
    // Injected by the app (toasts); the defaults do nothing. Codes, not texts: the toast translates them.
    notifySaved: (_, _params: { change: FavoriteChange }) => {},
    notifyFailed: (_, _params: { change: FavoriteChange; error: RequestError }) => {},

    queueChange: assign(({ context, event }, params: { inFlight: boolean }) => {
      const change = changeOf(event);
      return change ? { queue: enqueue(context.queue, change, params.inFlight) } : {};
    }),
    markSaved: assign(({ context }) => {
      const [head, ...rest] = context.queue;
      return { saved: { ...context.saved, [keyOf(head)]: head.op === 'add' }, queue: rest, error: null };
    }),
    dropHead: assign(({ context }, params: { error: RequestError }) => ({ queue: context.queue.slice(1), error: params.error })),
    forget: assign({ saved: {}, queue: [], error: null }),
  },
}).createMachine({
  id: 'favorites',
  context: { saved: {}, queue: [], error: null },
  initial: 'idle',
  on: {
    'favorite.reset': { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {
      always: { guard: 'hasQueue', target: 'saving' },
      on: {
        'favorite.add': { guard: 'isChange', target: 'saving', actions: { type: 'queueChange', params: { inFlight: false } } },
        'favorite.cancel': { guard: 'isChange', target: 'saving', actions: { type: 'queueChange', params: { inFlight: false } } },
      },
    },
    saving: {
      tags: ['busy'],
      on: {
        'favorite.add': { guard: 'isChange', actions: { type: 'queueChange', params: { inFlight: true } } },
        'favorite.cancel': { guard: 'isChange', actions: { type: 'queueChange', params: { inFlight: true } } },
      },
      invoke: {
        id: 'saveFavorite',
        src: 'saveFavorite',
        input: ({ context }) => context.queue[0],
        onDone: {
          // Re-entered through idle, so the next queued change gets a fresh call.
          target: 'idle',
          actions: [
            { type: 'notifySaved', params: ({ context }) => ({ change: context.queue[0] }) },
            'markSaved',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'notifyFailed',
              params: ({ context, event }) => ({ change: context.queue[0], error: toRequestError(event.error) }),
            },
            { type: 'dropHead', params: ({ event }) => ({ error: toRequestError(event.error) }) },
          ],
        },
      },
    },
  },
});

export type FavoritesSnapshot = SnapshotFrom<typeof favoritesMachine>;

/** Whether the listing is a favourite: this session's change for it, else `fallback` (the listing's is_favorite). */
export function selectFavorite(snapshot: FavoritesSnapshot, source: ListingSource, id: number, fallback: boolean): boolean {
  return intendedFavorite(snapshot.context, source, id) ?? fallback;
}

/** Whether a change of the listing is waiting or in flight. */
export function selectFavoritePending(snapshot: FavoritesSnapshot, source: ListingSource, id: number): boolean {
  const key = favoriteKey(source, id);
  return snapshot.context.queue.some((change) => keyOf(change) === key);
}
