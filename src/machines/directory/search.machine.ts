import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { ResponseOf } from '@/contract/call';
import type { search, SearchHistoryItem } from '@/contract/calls/city';
import { KEYWORD_MAX } from '@/contract/calls/merchant';
import { SEARCH_DEBOUNCE_MS } from '@/contract/constants';
import { type RequestError, toRequestError } from '../app/request.machine';

/**
 * The search page (/{lang}/search, spec section 7 "City/search"): results as you type, the search history with
 * its clear button, and recording what the user searched. Three parallel regions:
 *
 * - `query`: typing waits SEARCH_DEBOUNCE_MS after the last keystroke, then asks city/search. Typing again while a
 *   search runs leaves `searching`, which stops the invoked call and aborts its request, so a stale answer never
 *   replaces a newer one. A blank box clears the results. `search.submit` (Enter) searches at once.
 * - `history`: loads the history, clears it on request, and reloads it after a keyword was recorded.
 * - `record`: a submitted keyword is recorded (city/searchHistoryAdd with `keyword`); a picked city is recorded
 *   (with `city_id`) and only then does the page navigate to it, so leaving the page cannot abort the record. A
 *   failed record still navigates: history is a convenience, never a reason to block the user.
 *
 * A keyword given as input (the home page's search box, `?q=`) counts as submitted. The context holds data and
 * codes, never translated text (STYLE rule 9).
 */

export type SearchResults = ResponseOf<typeof search>;

export interface SearchContext {
  /** The text in the box, trimmed and cut to KEYWORD_MAX. */
  keyword: string;
  /** The answer for `resultsFor`; kept while a newer search runs, so the list does not flash empty. */
  results: SearchResults | null;
  resultsFor: string;
  searchError: RequestError | null;
  history: SearchHistoryItem[];
  historyError: RequestError | null;
  /** Clearing the history failed; the list stays as it was. */
  clearError: RequestError | null;
  /** The city being recorded before the page navigates to it. */
  picked: { cityId: number; to: string } | null;
}

export type SearchEvent =
  | { type: 'search.type'; keyword: string }
  | { type: 'search.submit' }
  | { type: 'search.retry' }
  | { type: 'search.pickCity'; cityId: number; to: string }
  | { type: 'history.clear' }
  | { type: 'history.retry' }
  /** Internal: a keyword was recorded, so the stored history changed. */
  | { type: 'history.changed' };

export interface SearchInput {
  /** A keyword to search (and record) at once, e.g. from `?q=`. */
  keyword?: string;
}

export interface SearchCallInput {
  keyword: string;
}
export type RecordInput = { keyword: string } | { city_id: number };

/** The keyword as the page searches it: trimmed, at most KEYWORD_MAX characters (whole code points). */
export function normalizeKeyword(text: string): string {
  const trimmed = text.trim();
  return [...trimmed].slice(0, KEYWORD_MAX).join('').trim();
}

const errorOf = (event: unknown) => toRequestError((event as { error?: unknown }).error);

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    // `void`, not `undefined`: setup() drops undefined from an inferred type, which would make input required.
    input: {} as SearchInput | void,
  },
  delays: {
    SEARCH_DEBOUNCE: SEARCH_DEBOUNCE_MS,
  },
  actors: {
    // Safe defaults: the real calls are injected with .provide() where the actor is created.
    searchPlaces: fromPromise<SearchResults, SearchCallInput>(() => Promise.reject(new Error('not provided'))),
    loadHistory: fromPromise<SearchHistoryItem[]>(() => Promise.reject(new Error('not provided'))),
    clearHistory: fromPromise<unknown>(() => Promise.reject(new Error('not provided'))),
    recordSearch: fromPromise<unknown, RecordInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isBlankTyped: ({ event }) => event.type === 'search.type' && normalizeKeyword(event.keyword) === '',
    isSameKeyword: ({ context, event }) => event.type === 'search.type' && normalizeKeyword(event.keyword) === context.keyword,
    hasKeyword: ({ context }) => context.keyword !== '',
    hasHistory: ({ context }) => context.history.length > 0,
  },
  actions: {
    setKeyword: assign(({ event }) => (event.type === 'search.type' ? { keyword: normalizeKeyword(event.keyword) } : {})),
    clearQuery: assign({ keyword: '', results: null, resultsFor: '', searchError: null }),
    clearSearchError: assign({ searchError: null }),
    setResults: assign(({ context, event }) => ({
      results: (event as unknown as { output: SearchResults }).output,
      resultsFor: context.keyword,
      searchError: null,
    })),
    setSearchError: assign({ searchError: ({ event }) => errorOf(event) }),
    setHistory: assign({
      history: ({ event }) => (event as unknown as { output: SearchHistoryItem[] }).output,
      historyError: null,
    }),
    setHistoryError: assign({ historyError: ({ event }) => errorOf(event) }),
    emptyHistory: assign({ history: [], clearError: null }),
    setClearError: assign({ clearError: ({ event }) => errorOf(event) }),
    clearClearError: assign({ clearError: null }),
    setPicked: assign(({ event }) => (event.type === 'search.pickCity' ? { picked: { cityId: event.cityId, to: event.to } } : {})),
    /** Goes to the picked city; the route provides the real navigation. */
    navigate: (_, _params: { to: string }) => {},
    historyChanged: enqueueActions(({ enqueue }) => enqueue.raise({ type: 'history.changed' })),
  },
}).createMachine({
  id: 'search',
  type: 'parallel',
  context: ({ input }) => ({
    keyword: normalizeKeyword(input?.keyword ?? ''),
    results: null,
    resultsFor: '',
    searchError: null,
    history: [],
    historyError: null,
    clearError: null,
    picked: null,
  }),
  // A keyword from the input is a submitted search (raised events run once every region has entered).
  entry: enqueueActions(({ context, enqueue }) => {
    if (context.keyword !== '') enqueue.raise({ type: 'search.submit' });
  }),
  states: {
    query: {
      initial: 'idle',
      on: {
        'search.type': [
          { guard: 'isBlankTyped', target: '.idle', actions: 'clearQuery' },
          { guard: 'isSameKeyword' },
          { target: '.debouncing', actions: 'setKeyword' },
        ],
        'search.submit': { guard: 'hasKeyword', target: '.searching' },
      },
      states: {
        idle: {},
        debouncing: {
          tags: ['busy'],
          after: { SEARCH_DEBOUNCE: { target: 'searching' } },
        },
        searching: {
          tags: ['busy'],
          entry: 'clearSearchError',
          invoke: {
            id: 'searchPlaces',
            src: 'searchPlaces',
            input: ({ context }) => ({ keyword: context.keyword }),
            onDone: { target: 'results', actions: 'setResults' },
            onError: { target: 'failed', actions: 'setSearchError' },
          },
        },
        results: {},
        failed: {
          on: { 'search.retry': { target: 'searching' } },
        },
      },
    },
    history: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['historyLoading'],
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            onDone: { target: 'ready', actions: 'setHistory' },
            onError: { target: 'failed', actions: 'setHistoryError' },
          },
        },
        ready: {
          on: {
            'history.clear': { guard: 'hasHistory', target: 'clearing', actions: 'clearClearError' },
            'history.changed': { target: 'loading' },
          },
        },
        clearing: {
          tags: ['historyClearing'],
          invoke: {
            id: 'clearHistory',
            src: 'clearHistory',
            onDone: { target: 'ready', actions: 'emptyHistory' },
            onError: { target: 'ready', actions: 'setClearError' },
          },
        },
        failed: {
          on: {
            'history.retry': { target: 'loading' },
            'history.changed': { target: 'loading' },
          },
        },
      },
    },
    record: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.submit': { guard: 'hasKeyword', target: 'recordingKeyword' },
            'search.pickCity': { target: 'recordingCity', actions: 'setPicked' },
          },
        },
        recordingKeyword: {
          invoke: {
            id: 'recordSearch',
            src: 'recordSearch',
            input: ({ context }) => ({ keyword: context.keyword }),
            onDone: { target: 'idle', actions: 'historyChanged' },
            onError: { target: 'idle' },
          },
          // Picking a city matters more than finishing the keyword's record.
          on: { 'search.pickCity': { target: 'recordingCity', actions: 'setPicked' } },
        },
        recordingCity: {
          tags: ['navigating'],
          invoke: {
            id: 'recordSearch',
            src: 'recordSearch',
            input: ({ context }) => ({ city_id: context.picked!.cityId }),
            onDone: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => ({ to: context.picked!.to }) } },
            onError: { target: 'idle', actions: { type: 'navigate', params: ({ context }) => ({ to: context.picked!.to }) } },
          },
        },
      },
    },
  },
});
