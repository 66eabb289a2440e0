import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import type { PagedList } from '@/contract/shapes';
import { ApiError } from '@/services/api-client';
import { type FetchPageInput, isEmptyList, type ListingListEvent, listingListMachine } from './listing-list.machine';
import {
  createListingListTestModel,
  describeListingListEvent,
  LIST_DONE,
  LIST_ERROR,
  LIST_MODEL_INPUT,
  listingListAbstraction,
} from './listing-list.model';

/** A fake `fetchPage` whose calls the test settles one by one; like a real call, it rejects when aborted. */
function fakeFetchPage() {
  const calls: {
    input: FetchPageInput;
    signal: AbortSignal;
    resolve: (page: PagedList<unknown>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  const logic = fromPromise<PagedList<unknown>, FetchPageInput>(
    ({ input, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return { logic, calls };
}

function start(query: unknown = { sort: 'recommended' }, keyOf?: (item: unknown) => string) {
  const fetch = fakeFetchPage();
  const actor = createActor(listingListMachine.provide({ actors: { fetchPage: fetch.logic } }), {
    input: { query, ...(keyOf ? { keyOf } : {}) },
  }).start();
  const last = () => {
    const call = fetch.calls.at(-1);
    if (!call) throw new Error('no page requested');
    return call;
  };
  return { actor, fetch, last };
}

const flush = () => vi.advanceTimersByTimeAsync(0);
const page = (ids: number[], next: string | null) => ({ list: ids.map((id) => ({ id, name: `Listing ${id}` })), next_cursor: next });
const idsOf = (items: unknown[]) => items.map((item) => (item as { id: number }).id);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('listing list machine', () => {
  it('starts from a first page it was given (a server-rendered page): loaded, nothing asked, then the next page', async () => {
    const fetch = fakeFetchPage();
    const actor = createActor(listingListMachine.provide({ actors: { fetchPage: fetch.logic } }), {
      input: { query: { city_slug: 'tokyo' }, firstPage: page([1, 2, 2, 3], 'c1') },
    });
    // Before start, as a hydrating render reads it: already loaded, duplicates kept once.
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3]);
    actor.start();
    actor.send({ type: 'list.load' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(fetch.calls).toHaveLength(0);
    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls.at(-1)!.input).toEqual({ query: { city_slug: 'tokyo' }, cursor: 'c1' });
    fetch.calls.at(-1)!.resolve(page([4], null));
    await flush();
    expect(actor.getSnapshot().value).toBe('end');
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3, 4]);
    // New filters start over from the API.
    actor.send({ type: 'list.query', query: { city_slug: 'osaka' } });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(fetch.calls.at(-1)!.input).toEqual({ query: { city_slug: 'osaka' } });
  });

  it('starts at its end from a first page without a next page, and empty from an empty one', () => {
    const one = createActor(listingListMachine, { input: { query: {}, firstPage: page([5], null) } }).start();
    expect(one.getSnapshot().value).toBe('end');
    expect(idsOf(one.getSnapshot().context.items)).toEqual([5]);
    const none = createActor(listingListMachine, { input: { query: {}, firstPage: page([], null) } }).start();
    expect(isEmptyList(none.getSnapshot())).toBe(true);
  });

  it('waits in idle until list.load, then asks for the first page without a cursor', () => {
    const { actor, fetch, last } = start({ city_slug: 'tokyo' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(fetch.calls).toHaveLength(0);
    actor.send({ type: 'list.load' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('firstPage')).toBe(true);
    expect(last().input).toEqual({ query: { city_slug: 'tokyo' } });
  });

  it('loads pages with the keyset cursor until next_cursor is null, without duplicates', async () => {
    const { actor, fetch, last } = start();
    actor.send({ type: 'list.load' });
    last().resolve(page([1, 2, 3], 'c1'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().hasTag('canLoadMore')).toBe(true);
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3]);

    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(last().input).toEqual({ query: { sort: 'recommended' }, cursor: 'c1' });
    // Listing 3 moved onto the next page while the user scrolled: it is shown once.
    last().resolve(page([3, 4, 5], 'c2'));
    await flush();
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3, 4, 5]);
    expect(actor.getSnapshot().context.keys).toEqual(['1', '2', '3', '4', '5']);

    actor.send({ type: 'list.loadMore' });
    expect(last().input.cursor).toBe('c2');
    last().resolve(page([6], null));
    await flush();
    expect(actor.getSnapshot().value).toBe('end');
    expect(actor.getSnapshot().hasTag('canLoadMore')).toBe(false);
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3, 4, 5, 6]);

    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls).toHaveLength(3);
  });

  it('ignores list.loadMore while a page is loading (the observer and the button cannot ask twice)', async () => {
    const { actor, fetch, last } = start();
    actor.send({ type: 'list.load' });
    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls).toHaveLength(1);
    last().resolve(page([1], 'c1'));
    await flush();
    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'list.loadMore' });
    expect(fetch.calls).toHaveLength(2);
  });

  it('an empty first page ends the list: the empty state', async () => {
    const { actor, last } = start();
    actor.send({ type: 'list.load' });
    last().resolve(page([], null));
    await flush();
    expect(actor.getSnapshot().value).toBe('end');
    expect(isEmptyList(actor.getSnapshot())).toBe(true);
  });

  it('a next_cursor equal to the one just sent ends the list instead of looping', async () => {
    const { actor, last } = start();
    actor.send({ type: 'list.load' });
    last().resolve(page([1], 'same'));
    await flush();
    actor.send({ type: 'list.loadMore' });
    last().resolve(page([2], 'same'));
    await flush();
    expect(actor.getSnapshot().value).toBe('end');
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2]);
  });

  it('a failed first page shows the error; retry asks for the first page again', async () => {
    const { actor, fetch, last } = start();
    actor.send({ type: 'list.load' });
    last().reject(new ApiError('list failed: network error', { kind: 'network' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network', msg: 'list failed: network error' });

    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(fetch.calls[1].input).toEqual({ query: { sort: 'recommended' } });
    last().resolve(page([1], null));
    await flush();
    expect(actor.getSnapshot().value).toBe('end');
  });

  it('a failed next page keeps the items; retry asks for that page again', async () => {
    const { actor, last } = start();
    actor.send({ type: 'list.load' });
    last().resolve(page([1, 2], 'c1'));
    await flush();
    actor.send({ type: 'list.loadMore' });
    last().reject(new ApiError('Server error', { kind: 'server', status: 0 }));
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2]);
    expect(isEmptyList(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().value).toBe('loadingMore');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(last().input.cursor).toBe('c1');
    last().resolve(page([3], null));
    await flush();
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([1, 2, 3]);
  });

  it('list.query starts over with the new filters and aborts the stale request, whose late page never lands', async () => {
    const { actor, fetch, last } = start({ sort: 'recommended' });
    actor.send({ type: 'list.load' });
    last().resolve(page([1, 2], 'c1'));
    await flush();
    actor.send({ type: 'list.loadMore' });
    const stale = last();

    actor.send({ type: 'list.query', query: { sort: 'newest' } });
    expect(stale.signal.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(actor.getSnapshot().context.items).toEqual([]);
    expect(actor.getSnapshot().context.cursor).toBeNull();
    expect(last().input).toEqual({ query: { sort: 'newest' } });

    stale.resolve(page([99], null));
    await flush();
    expect(actor.getSnapshot().value).toBe('loading');
    last().resolve(page([7], null));
    await flush();
    expect(idsOf(actor.getSnapshot().context.items)).toEqual([7]);
    expect(fetch.calls).toHaveLength(3);
  });

  it('list.query while the first page loads restarts it', () => {
    const { actor, fetch } = start({ tag: 1 });
    actor.send({ type: 'list.load' });
    actor.send({ type: 'list.query', query: { tag: 2 } });
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[0].signal.aborted).toBe(true);
    expect(fetch.calls[1].input).toEqual({ query: { tag: 2 } });
  });

  it('keys items with keyOf (favourites are keyed by source and id)', async () => {
    const keyOf = (row: unknown) => {
      const { source, item } = row as { source: string; item: { id: number } };
      return `${source}:${item.id}`;
    };
    const { actor, last } = start({ source: 'merchant' }, keyOf);
    actor.send({ type: 'list.load' });
    last().resolve({
      list: [
        { source: 'merchant', item: { id: 1 } },
        { source: 'merchant', item: { id: 1 } },
        { source: 'merchant', item: { id: 2 } },
      ],
      next_cursor: null,
    });
    await flush();
    expect(actor.getSnapshot().context.keys).toEqual(['merchant:1', 'merchant:2']);
  });

  it('stopping the actor aborts a page in flight', () => {
    const { actor, last } = start();
    actor.send({ type: 'list.load' });
    actor.stop();
    expect(last().signal.aborted).toBe(true);
  });

  it('fails with "not provided" when no fetchPage was injected', async () => {
    const actor = createActor(listingListMachine, { input: { query: {} } }).start();
    actor.send({ type: 'list.load' });
    await flush();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error?.msg).toBe('not provided');
  });
});

/**
 * Model-based (STYLE rule 19): every shortest path of listing-list.model.ts (which `npm run test:paths` prints
 * too) is replayed against a real actor whose fake fetchPage stays pending until the model settles it; after every
 * step the actor is in the model's state with the same query, keys, cursor and error.
 */
describe('listing list machine: model-based paths', () => {
  const paths = createListingListTestModel().getShortestPaths();
  const allStates = getStateNodes(listingListMachine.root)
    .filter((node) => node.type === 'atomic')
    .map((node) => node.key);
  const reached = new Set<string>();

  for (const path of paths) {
    const name = path.steps.slice(1).map((step) => describeListingListEvent(step.event)).join(' → ') || 'start';
    it(`${name} ⇒ ${JSON.stringify(listingListAbstraction(path.state))}`, async () => {
      const fetch = fakeFetchPage();
      const actor = createActor(listingListMachine.provide({ actors: { fetchPage: fetch.logic } }), {
        input: LIST_MODEL_INPUT,
      }).start();
      const pending = () => {
        const call = fetch.calls.at(-1);
        if (!call) throw new Error('the model settles a page, but none was requested');
        return call;
      };
      await path.test({
        events: {
          'list.load': ({ event }) => void actor.send(event as ListingListEvent),
          'list.loadMore': ({ event }) => void actor.send(event as ListingListEvent),
          'list.retry': ({ event }) => void actor.send(event as ListingListEvent),
          'list.query': ({ event }) => void actor.send(event as ListingListEvent),
          [LIST_DONE]: async ({ event }) => {
            pending().resolve((event as AnyEventObject).output as PagedList<unknown>);
            await flush();
          },
          [LIST_ERROR]: async ({ event }) => {
            pending().reject((event as AnyEventObject).error);
            await flush();
          },
        },
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(listingListAbstraction(real)).toEqual(listingListAbstraction(state));
            expect([...real.tags].sort()).toEqual([...state.tags].sort());
            if (real.hasTag('busy')) {
              // One call in flight, for the page the context names.
              expect(pending().signal.aborted).toBe(false);
              expect(pending().input.query).toEqual(real.context.query);
              expect(pending().input.cursor).toBe(real.matches('loadingMore') ? real.context.cursor : undefined);
            }
            reached.add(String(real.value));
          },
        },
      });
    });
  }

  it('the replayed paths reached every state of the machine', () => {
    expect([...reached].sort()).toEqual([...allStates].sort());
  });
});
