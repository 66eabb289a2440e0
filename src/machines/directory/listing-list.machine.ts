import { assign, fromPromise, setup } from 'xstate';
import type { PagedList } from '@/contract/shapes';
import { type RequestError, toRequestError } from '../app/request.machine';

/**
 * An infinite list over a keyset-paginated call (merchant/list, partner/list, favorite/list): the first page,
 * then one page per `list.loadMore` (the ui's IntersectionObserver and its "Load more" button) until the server
 * answers `next_cursor: null`.
 *
 *   idle → loading → loaded ⇄ loadingMore → … → end
 *                  ↘ error ↙ (list.retry repeats what failed: the first page, or the next one)
 *
 * - `list.query` (new filters or sort) starts over from the first page in any state; leaving `loading` or
 *   `loadingMore` stops the invoked call, whose signal aborts the HTTP request, so a stale page never lands.
 * - A failed next page keeps the items already shown; the ui shows the error under them with a retry.
 * - Items are kept once by key (`keyOf`), so a listing that moved between pages while the user scrolled is not
 *   shown twice. A `next_cursor` equal to the one just sent ends the list rather than asking for it forever.
 * The context holds data and codes, never translated text (STYLE rule 9).
 */

export interface ListingListContext {
  /** The filters of the call (its payload without cursor); opaque to the machine. */
  query: unknown;
  items: unknown[];
  /** The keys of `items`, in order. */
  keys: string[];
  /** The cursor of the next page; null before the first page and after the last. */
  cursor: string | null;
  error: RequestError | null;
  keyOf: (item: unknown) => string;
  /** Started with a first page it was given (ListingListInput.firstPage). */
  seeded: boolean;
}

export type ListingListEvent =
  | { type: 'list.load' }
  | { type: 'list.loadMore' }
  | { type: 'list.retry' }
  | { type: 'list.query'; query: unknown };

export interface ListingListInput {
  query: unknown;
  /** An item's identity; default its `id`. */
  keyOf?: (item: unknown) => string;
  /**
   * The first page, already known (a server-rendered page's answer, src/services/first-data.ts): the list starts
   * with it, as loaded (or at its end), and asks for nothing until the next page.
   */
  firstPage?: PagedList<unknown>;
}

/** What the `fetchPage` actor receives: the query, and the cursor of the page (absent for the first). */
export interface FetchPageInput {
  query: unknown;
  cursor?: string;
}

export const defaultKeyOf = (item: unknown): string => String((item as { id?: unknown }).id);

type PageDone = { output: PagedList<unknown> };
/** The done event of the invoked fetchPage (setup() types guard and action events as the machine's own). */
const pageOf = (event: unknown): PagedList<unknown> => (event as PageDone).output;

export const listingListMachine = setup({
  types: {
    context: {} as ListingListContext,
    events: {} as ListingListEvent,
    input: {} as ListingListInput,
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    fetchPage: fromPromise<PagedList<unknown>, FetchPageInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    /** The list started with its first page and that page names a further one. */
    seededWithMore: ({ context }) => context.seeded && context.cursor !== null,
    /** The list started with its first page, the only one. */
    seeded: ({ context }) => context.seeded,
    /** The page just loaded names a further page (and not the one just asked for again). */
    hasNextPage: ({ context, event }) => {
      const next = pageOf(event).next_cursor;
      return next !== null && next !== context.cursor;
    },
    hasItems: ({ context }) => context.items.length > 0,
  },
  actions: {
    startOver: assign({ items: [], keys: [], cursor: null, error: null, seeded: false }),
    setQuery: assign(({ event }) => (event.type === 'list.query' ? { query: event.query } : {})),
    appendPage: assign(({ context, event }) => {
      const page = pageOf(event);
      const seen = new Set(context.keys);
      const items = [...context.items];
      const keys = [...context.keys];
      for (const item of page.list) {
        const key = context.keyOf(item);
        if (seen.has(key)) continue;
        seen.add(key);
        items.push(item);
        keys.push(key);
      }
      return { items, keys, cursor: page.next_cursor, error: null };
    }),
    setError: assign({ error: ({ event }) => toRequestError((event as { error?: unknown }).error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'listingList',
  context: ({ input }) => {
    const keyOf = input.keyOf ?? defaultKeyOf;
    const first = input.firstPage;
    const items: unknown[] = [];
    const keys: string[] = [];
    for (const item of first?.list ?? []) {
      const key = keyOf(item);
      if (keys.includes(key)) continue;
      items.push(item);
      keys.push(key);
    }
    return { query: input.query, items, keys, cursor: first?.next_cursor ?? null, error: null, keyOf, seeded: first !== undefined };
  },
  initial: 'idle',
  on: {
    'list.query': { target: '.loading', actions: 'setQuery' },
  },
  states: {
    idle: {
      always: [
        { guard: 'seededWithMore', target: 'loaded' },
        { guard: 'seeded', target: 'end' },
      ],
      on: { 'list.load': { target: 'loading' } },
    },
    loading: {
      tags: ['busy', 'firstPage'],
      entry: 'startOver',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query }),
        onDone: [
          { guard: 'hasNextPage', target: 'loaded', actions: 'appendPage' },
          { target: 'end', actions: 'appendPage' },
        ],
        onError: { target: 'error', actions: 'setError' },
      },
    },
    loaded: {
      tags: ['canLoadMore'],
      on: { 'list.loadMore': { target: 'loadingMore' } },
    },
    loadingMore: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: context.cursor ?? undefined }),
        onDone: [
          { guard: 'hasNextPage', target: 'loaded', actions: 'appendPage' },
          { target: 'end', actions: 'appendPage' },
        ],
        onError: { target: 'error', actions: 'setError' },
      },
    },
    end: {},
    error: {
      on: {
        'list.retry': [
          // Items on screen: the next page failed, so ask for it again; else the first page.
          { guard: 'hasItems', target: 'loadingMore', actions: 'clearError' },
          { target: 'loading' },
        ],
      },
    },
  },
});

/** True when the list has loaded everything and found nothing (the empty state). */
export function isEmptyList(snapshot: { value: unknown; context: ListingListContext }): boolean {
  return snapshot.value === 'end' && snapshot.context.items.length === 0;
}
