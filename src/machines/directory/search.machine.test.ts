import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, matchesState } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { SearchHistoryItem } from '@/contract/calls/city';
import { KEYWORD_MAX } from '@/contract/calls/merchant';
import { SEARCH_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import {
  normalizeKeyword,
  type RecordInput,
  type SearchCallInput,
  type SearchEvent,
  type SearchInput,
  type SearchResults,
  searchMachine,
} from './search.machine';
import {
  CLEAR_DONE,
  CLEAR_ERROR,
  describeSearchEvent,
  HISTORY_DONE,
  HISTORY_ERROR,
  RECORD_DONE,
  RECORD_ERROR,
  SEARCH_DEBOUNCE_EVENT,
  SEARCH_DONE,
  SEARCH_ERROR,
  SEARCH_MODEL_HISTORY,
  searchAbstraction,
  searchTestPaths,
} from './search.model';

interface Pending<I, O> {
  input: I;
  signal: AbortSignal;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

/** A fake call whose invocations the test settles one by one. */
function fakeCall<I, O>() {
  const calls: Pending<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('no call was made');
    return call;
  };
  return { logic, calls, last };
}

function start(input?: SearchInput) {
  const search = fakeCall<SearchCallInput, SearchResults>();
  const history = fakeCall<unknown, SearchHistoryItem[]>();
  const clear = fakeCall<unknown, unknown>();
  const record = fakeCall<RecordInput, unknown>();
  const navigations: string[] = [];
  const actor = createActor(
    searchMachine.provide({
      actors: { searchPlaces: search.logic, loadHistory: history.logic, clearHistory: clear.logic, recordSearch: record.logic },
      actions: { navigate: (_, params: { to: string }) => void navigations.push(params.to) },
    }),
    { input },
  ).start();
  return { actor, search, history, clear, record, navigations };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const results = (name: string): SearchResults => ({
  regions: [],
  cities: [{ id: 1, slug: 'tokyo', region_slug: 'japan', name, sort: 1 }],
  merchants: [],
  partners: [],
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('search machine: typing', () => {
  it('starts with an empty box, loading the history, searching nothing', () => {
    const { actor, search, history } = start();
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ query: 'idle', history: 'loading', record: 'idle' });
    expect(snap.hasTag('historyLoading')).toBe(true);
    expect(search.calls).toHaveLength(0);
    expect(history.calls).toHaveLength(1);
  });

  it('searches SEARCH_DEBOUNCE_MS after the last keystroke, once', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: '東' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    actor.send({ type: 'search.type', keyword: '東京' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1);
    expect(search.calls).toHaveLength(0);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(search.calls).toHaveLength(1);
    expect(search.last().input).toEqual({ keyword: '東京' });
    search.last().resolve(results('東京'));
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.matches({ query: 'results' })).toBe(true);
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context.results).toEqual(results('東京'));
    expect(snap.context.resultsFor).toBe('東京');
  });

  it('typing during a search aborts it; its late answer never replaces the newer one', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: 'tok' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const stale = search.last();
    actor.send({ type: 'search.type', keyword: 'tokyo' });
    expect(stale.signal.aborted).toBe(true);
    stale.resolve(results('stale'));
    await flush();
    expect(actor.getSnapshot().context.results).toBeNull();

    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(search.last().input).toEqual({ keyword: 'tokyo' });
    search.last().resolve(results('Tokyo'));
    await flush();
    expect(actor.getSnapshot().context.results).toEqual(results('Tokyo'));
  });

  it('keeps the last results on screen while the next search runs', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: 'tok' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    search.last().resolve(results('first'));
    await flush();
    actor.send({ type: 'search.type', keyword: 'toky' });
    expect(actor.getSnapshot().context.results).toEqual(results('first'));
    expect(actor.getSnapshot().context.resultsFor).toBe('tok');
  });

  it('spaces around the same keyword start no new search; a blank box clears the results', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: '東京' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    search.last().resolve(results('東京'));
    await flush();
    actor.send({ type: 'search.type', keyword: ' 東京  ' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(search.calls).toHaveLength(1);
    expect(actor.getSnapshot().matches({ query: 'results' })).toBe(true);

    actor.send({ type: 'search.type', keyword: '   ' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ query: 'idle' })).toBe(true);
    expect(snap.context).toMatchObject({ keyword: '', results: null, resultsFor: '' });
  });

  it('a blank box during a search aborts it', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: 'osaka' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.send({ type: 'search.type', keyword: '' });
    expect(search.last().signal.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ query: 'idle' })).toBe(true);
  });

  it('a failed search keeps its code; retry searches the same keyword again', async () => {
    const { actor, search } = start();
    actor.send({ type: 'search.type', keyword: 'kyoto' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    search.last().reject(new ApiError('search failed: network error', { kind: 'network' }));
    await flush();
    expect(actor.getSnapshot().matches({ query: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.searchError).toEqual({ code: 'network', msg: 'search failed: network error' });
    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().context.searchError).toBeNull();
    expect(search.calls).toHaveLength(2);
    expect(search.last().input).toEqual({ keyword: 'kyoto' });
  });

  it('Enter searches at once, skipping the debounce, and records the keyword; the history reloads after', async () => {
    const { actor, search, history, record } = start();
    history.last().resolve([]);
    await flush();
    actor.send({ type: 'search.type', keyword: ' 東京 ' });
    actor.send({ type: 'search.submit' });
    expect(search.calls).toHaveLength(1);
    expect(search.last().input).toEqual({ keyword: '東京' });
    expect(record.last().input).toEqual({ keyword: '東京' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(search.calls).toHaveLength(1);

    record.last().resolve(null);
    await flush();
    expect(history.calls).toHaveLength(2);
    expect(actor.getSnapshot().matches({ history: 'loading', record: 'idle' })).toBe(true);
  });

  it('Enter on a blank box does nothing', () => {
    const { actor, search, record } = start();
    actor.send({ type: 'search.submit' });
    expect(search.calls).toHaveLength(0);
    expect(record.calls).toHaveLength(0);
  });

  it('a keyword from the input is searched and recorded at once (?q= from the home page)', () => {
    const { actor, search, record } = start({ keyword: '  大阪 ' });
    expect(actor.getSnapshot().matches({ query: 'searching', record: 'recordingKeyword' })).toBe(true);
    expect(search.last().input).toEqual({ keyword: '大阪' });
    expect(record.last().input).toEqual({ keyword: '大阪' });
  });

  it('cuts the keyword to KEYWORD_MAX characters, never splitting a character', () => {
    const long = '𠀋'.repeat(KEYWORD_MAX + 5);
    expect([...normalizeKeyword(long)]).toHaveLength(KEYWORD_MAX);
    expect(normalizeKeyword(`  ${'a'.repeat(KEYWORD_MAX - 1)} b`)).toBe('a'.repeat(KEYWORD_MAX - 1));
  });
});

describe('search machine: history and picking a city', () => {
  it('shows the history; clear empties it', async () => {
    const { actor, history, clear } = start();
    history.last().resolve(SEARCH_MODEL_HISTORY);
    await flush();
    expect(actor.getSnapshot().context.history).toEqual(SEARCH_MODEL_HISTORY);
    actor.send({ type: 'history.clear' });
    expect(actor.getSnapshot().hasTag('historyClearing')).toBe(true);
    expect(clear.calls).toHaveLength(1);
    actor.send({ type: 'history.clear' });
    expect(clear.calls).toHaveLength(1);
    clear.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().matches({ history: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.history).toEqual([]);
  });

  it('clear does nothing on an empty history', async () => {
    const { actor, history, clear } = start();
    history.last().resolve([]);
    await flush();
    actor.send({ type: 'history.clear' });
    expect(clear.calls).toHaveLength(0);
  });

  it('a failed clear keeps the list and says so', async () => {
    const { actor, history, clear } = start();
    history.last().resolve(SEARCH_MODEL_HISTORY);
    await flush();
    actor.send({ type: 'history.clear' });
    clear.last().reject(new ApiError('Server error', { kind: 'server', status: 0 }));
    await flush();
    expect(actor.getSnapshot().context.history).toEqual(SEARCH_MODEL_HISTORY);
    expect(actor.getSnapshot().context.clearError?.code).toBe('server');
    actor.send({ type: 'history.clear' });
    expect(actor.getSnapshot().context.clearError).toBeNull();
  });

  it('a failed history load can be retried', async () => {
    const { actor, history } = start();
    history.last().reject(new ApiError('history failed', { kind: 'timeout' }));
    await flush();
    expect(actor.getSnapshot().matches({ history: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.historyError?.code).toBe('timeout');
    actor.send({ type: 'history.retry' });
    expect(history.calls).toHaveLength(2);
    history.last().resolve(SEARCH_MODEL_HISTORY);
    await flush();
    expect(actor.getSnapshot().context.historyError).toBeNull();
  });

  it('picking a city records it, then navigates to it', async () => {
    const { actor, record, navigations } = start();
    actor.send({ type: 'search.pickCity', cityId: 3, to: '/ja/japan/tokyo' });
    expect(actor.getSnapshot().hasTag('navigating')).toBe(true);
    expect(record.last().input).toEqual({ city_id: 3 });
    expect(navigations).toEqual([]);
    // A second tap while it records changes nothing.
    actor.send({ type: 'search.pickCity', cityId: 4, to: '/ja/japan/osaka' });
    expect(record.calls).toHaveLength(1);
    record.last().resolve(null);
    await flush();
    expect(navigations).toEqual(['/ja/japan/tokyo']);
  });

  it('a failed record still navigates', async () => {
    const { actor, record, navigations } = start();
    actor.send({ type: 'search.pickCity', cityId: 3, to: '/en/japan/tokyo' });
    record.last().reject(new ApiError('offline', { kind: 'network' }));
    await flush();
    expect(navigations).toEqual(['/en/japan/tokyo']);
  });

  it('picking a city while the keyword is recorded records the city instead', () => {
    const { actor, record } = start({ keyword: 'tokyo' });
    const keywordRecord = record.last();
    actor.send({ type: 'search.pickCity', cityId: 3, to: '/en/japan/tokyo' });
    expect(keywordRecord.signal.aborted).toBe(true);
    expect(record.last().input).toEqual({ city_id: 3 });
  });

  it('stopping the actor aborts every call in flight', async () => {
    const { actor, search, history } = start();
    actor.send({ type: 'search.type', keyword: 'x' });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    actor.stop();
    expect(search.last().signal.aborted).toBe(true);
    expect(history.last().signal.aborted).toBe(true);
  });
});

/**
 * Model-based (STYLE rule 19): the paths of both variants of search.model.ts (which `npm run test:paths` prints
 * too), each replayed against a real actor under the fake clock, with fakes that stay pending until the model
 * settles them. After every step the actor is in the model's state.
 */
describe('search machine: model-based paths', () => {
  const runs = searchTestPaths();
  const leafStates = getStateNodes(searchMachine.root).filter((node) => node.type === 'atomic');
  const reached = new Set<string>();

  for (const { label, input, path } of runs) {
    const name = path.steps.slice(1).map((step) => describeSearchEvent(step.event)).join(' → ') || 'start';
    it(`[${label}] ${name}`, async () => {
      const { actor, search, history, clear, record, navigations } = start(input);
      const send = ({ event }: { event: AnyEventObject }) => void actor.send(event as SearchEvent);
      const settle =
        (fake: { last(): { resolve(v: unknown): void; reject(e: unknown): void } }, ok: boolean) =>
        async ({ event }: { event: AnyEventObject }) => {
          if (ok) fake.last().resolve(event.output);
          else fake.last().reject(event.error);
          await flush();
        };
      await path.test({
        events: {
          'search.type': send,
          'search.submit': send,
          'search.retry': send,
          'search.pickCity': send,
          'history.clear': send,
          'history.retry': send,
          [SEARCH_DEBOUNCE_EVENT]: async () => {
            await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
          },
          [SEARCH_DONE]: settle(search as never, true),
          [SEARCH_ERROR]: settle(search as never, false),
          [HISTORY_DONE]: settle(history as never, true),
          [HISTORY_ERROR]: settle(history as never, false),
          [CLEAR_DONE]: settle(clear as never, true),
          [CLEAR_ERROR]: settle(clear as never, false),
          [RECORD_DONE]: async (step) => {
            const picked = actor.getSnapshot().context.picked;
            const recordingCity = actor.getSnapshot().hasTag('navigating');
            await settle(record as never, true)(step);
            if (recordingCity) expect(navigations.at(-1)).toBe(picked?.to);
          },
          [RECORD_ERROR]: settle(record as never, false),
        },
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(searchAbstraction(real)).toEqual(searchAbstraction(state));
            expect([...real.tags].sort()).toEqual([...state.tags].sort());
            if (real.matches({ query: 'searching' })) {
              expect(search.last().input).toEqual({ keyword: real.context.keyword });
              expect(search.last().signal.aborted).toBe(false);
            }
            if (real.matches({ query: 'idle' })) expect(real.context.results).toBeNull();
            if (real.context.results) expect(real.context.resultsFor).not.toBe('');
            for (const node of leafStates) if (matchesState(node.path.join('.'), real.value)) reached.add(node.id);
          },
        },
      });
    });
  }

  it('the replayed paths reached every state of the machine', () => {
    expect([...reached].sort()).toEqual(leafStates.map((node) => node.id).sort());
  });
});
