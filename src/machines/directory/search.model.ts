import type { ActorLogic, AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { SearchHistoryItem } from '@/contract/calls/city';
import { SEARCH_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import { type SearchEvent, type SearchInput, type SearchResults, searchMachine } from './search.machine';

/**
 * The search machine's test model (STYLE rule 19), shared by search.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * A `TestModel` of the machine as it is (createTestModel() refuses machines with `after` and `invoke`): the
 * debounce delay and the completions of the invoked calls are model events, which a test executes by advancing
 * the fake clock and settling its fakes. The three regions run side by side, so all their combinations would make
 * hundreds of paths; the model has two variants instead, each driving a part and leaving the rest waiting:
 *
 * - 'typing': typing, the debounce, searching, results, failures and retry, Enter (submit), and recording the
 *   submitted keyword; the history's first load stays pending.
 * - 'history': the page opened with `?q=東京` (a submitted search, whose call stays pending): the history loads,
 *   fails and retries, is cleared (or fails to clear), reloads after the keyword was recorded, and a picked city
 *   is recorded before the page navigates.
 *
 * A model state is the state value, the keyword, which keyword the results are for, the history's length and the
 * picked city: every guard reads only these.
 */

type SearchSnapshot = SnapshotFrom<typeof searchMachine>;
export type SearchModelVariant = 'typing' | 'history';

export const SEARCH_DEBOUNCE_EVENT = searchMachine.getStateNodeById('search.query.debouncing').after[0].eventType;
export const SEARCH_DONE = 'xstate.done.actor.searchPlaces';
export const SEARCH_ERROR = 'xstate.error.actor.searchPlaces';
export const HISTORY_DONE = 'xstate.done.actor.loadHistory';
export const HISTORY_ERROR = 'xstate.error.actor.loadHistory';
export const CLEAR_DONE = 'xstate.done.actor.clearHistory';
export const CLEAR_ERROR = 'xstate.error.actor.clearHistory';
export const RECORD_DONE = 'xstate.done.actor.recordSearch';
export const RECORD_ERROR = 'xstate.error.actor.recordSearch';

export const SEARCH_MODEL_KEYWORD = '東京';
export const SEARCH_MODEL_INPUTS: Record<SearchModelVariant, SearchInput> = {
  typing: {},
  history: { keyword: SEARCH_MODEL_KEYWORD },
};

const tokyo = { id: 1, slug: 'tokyo', region_slug: 'japan', name: '東京', sort: 1 };
export const SEARCH_MODEL_RESULTS: SearchResults = { regions: [], cities: [tokyo], merchants: [], partners: [] };
export const SEARCH_MODEL_HISTORY: SearchHistoryItem[] = [
  { id: 7, keyword: '東京', city: tokyo, created_at: '2026-12-01T12:00:00.000Z' },
];
export const SEARCH_MODEL_PICK = { type: 'search.pickCity', cityId: 1, to: '/ja/japan/tokyo' } as const;

const offline = () => new ApiError('search failed: network error', { kind: 'network' });

const typingEvents: AnyEventObject[] = [
  { type: 'search.type', keyword: SEARCH_MODEL_KEYWORD },
  // The same keyword with spaces around it: no new search.
  { type: 'search.type', keyword: ` ${SEARCH_MODEL_KEYWORD} ` },
  { type: 'search.type', keyword: '  ' },
  { type: SEARCH_DEBOUNCE_EVENT },
  { type: 'search.submit' },
  { type: 'search.retry' },
  { type: SEARCH_DONE, output: SEARCH_MODEL_RESULTS },
  { type: SEARCH_ERROR, error: offline() },
  { type: RECORD_DONE, output: null },
  { type: RECORD_ERROR, error: offline() },
];

const historyEvents: AnyEventObject[] = [
  { type: HISTORY_DONE, output: SEARCH_MODEL_HISTORY },
  { type: HISTORY_ERROR, error: offline() },
  { type: 'history.retry' },
  { type: 'history.clear' },
  { type: CLEAR_DONE, output: null },
  { type: CLEAR_ERROR, error: offline() },
  SEARCH_MODEL_PICK,
  { type: RECORD_DONE, output: null },
  { type: RECORD_ERROR, error: offline() },
];

export const searchModelEvents: Record<SearchModelVariant, AnyEventObject[]> = { typing: typingEvents, history: historyEvents };

export const searchAbstraction = (snapshot: SearchSnapshot) => ({
  value: snapshot.value,
  keyword: snapshot.context.keyword,
  resultsFor: snapshot.context.results ? snapshot.context.resultsFor : null,
  history: snapshot.context.history.length,
  picked: snapshot.context.picked?.to ?? null,
});

export function createSearchTestModel(variant: SearchModelVariant = 'typing') {
  const logic = searchMachine as unknown as ActorLogic<SearchSnapshot, AnyEventObject, SearchInput | void>;
  return new TestModel<SearchSnapshot, AnyEventObject, SearchInput | void>(logic, {
    input: SEARCH_MODEL_INPUTS[variant],
    events: (snapshot) =>
      searchModelEvents[variant].filter((event) => {
        if (!snapshot.can(event as SearchEvent)) return false;
        // Typing the same keyword with spaces only makes sense once it is the keyword.
        if (event.type === 'search.type' && event.keyword !== SEARCH_MODEL_KEYWORD && event.keyword.trim() !== '') {
          return snapshot.context.keyword === SEARCH_MODEL_KEYWORD;
        }
        return true;
      }),
    serializeState: (snapshot) => JSON.stringify(searchAbstraction(snapshot)),
  });
}

/** The paths the search tests replay: both variants. */
export function searchTestPaths() {
  return (['typing', 'history'] as const).flatMap((variant) =>
    createSearchTestModel(variant)
      .getShortestPaths()
      .map((path) => ({ label: variant, input: SEARCH_MODEL_INPUTS[variant], path })),
  );
}

/** A short description of a search model event: the delay, and which call answered how. */
export function describeSearchEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  const failed = (what: string) => `${what} fails: ${e.error instanceof ApiError ? e.error.code : String(e.error)}`;
  switch (e.type) {
    case 'search.type':
      return `type ${JSON.stringify(e.keyword)}`;
    case 'search.pickCity':
      return `pick city ${String(e.cityId)} (${String(e.to)})`;
    case SEARCH_DEBOUNCE_EVENT:
      return `${SEARCH_DEBOUNCE_MS} ms pass`;
    case SEARCH_DONE:
      return 'the search answers';
    case SEARCH_ERROR:
      return failed('the search');
    case HISTORY_DONE:
      return `the history arrives (${(e.output as unknown[]).length} item)`;
    case HISTORY_ERROR:
      return failed('the history');
    case CLEAR_DONE:
      return 'the history is cleared';
    case CLEAR_ERROR:
      return failed('clearing the history');
    case RECORD_DONE:
      return 'the search is recorded';
    case RECORD_ERROR:
      return failed('recording the search');
    default:
      return e.type;
  }
}
