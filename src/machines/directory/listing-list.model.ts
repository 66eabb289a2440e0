import type { ActorLogic, AnyEventObject, EventObject, SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '@/services/api-client';
import { type ListingListEvent, type ListingListInput, listingListMachine } from './listing-list.machine';

/**
 * The listing list's test model (STYLE rule 19), shared by listing-list.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * A `TestModel` of the machine as it is (createTestModel() refuses invoking machines): the completions of the
 * invoked `fetchPage` are model events, which a test executes by settling its fake. Two pages: the first names
 * cursor c2; the second repeats listing 2 (it moved while the user scrolled) and is the last. A model state is
 * the state value, the query, the listing keys shown and the cursor: every guard reads only these, so each model
 * state's transitions hold for every concrete context it stands for.
 */

type ListSnapshot = SnapshotFrom<typeof listingListMachine>;

export const LIST_MODEL_INPUT: ListingListInput = { query: { sort: 'recommended' } };
export const LIST_DONE = 'xstate.done.actor.fetchPage';
export const LIST_ERROR = 'xstate.error.actor.fetchPage';

export const LIST_FIRST_PAGE = { list: [{ id: 1 }, { id: 2 }], next_cursor: 'c2' };
export const LIST_LAST_PAGE = { list: [{ id: 2 }, { id: 3 }], next_cursor: null };

export const listingListModelEvents: AnyEventObject[] = [
  { type: 'list.load' },
  { type: 'list.loadMore' },
  { type: 'list.retry' },
  { type: 'list.query', query: { sort: 'newest' } },
  { type: LIST_DONE, output: LIST_FIRST_PAGE },
  { type: LIST_DONE, output: LIST_LAST_PAGE },
  { type: LIST_ERROR, error: new ApiError('list failed: network error', { kind: 'network' }) },
];

export const listingListAbstraction = (snapshot: ListSnapshot) => ({
  value: snapshot.value,
  query: snapshot.context.query,
  keys: snapshot.context.keys,
  cursor: snapshot.context.cursor,
  error: snapshot.context.error?.code ?? null,
});

export function createListingListTestModel() {
  const logic = listingListMachine as unknown as ActorLogic<ListSnapshot, AnyEventObject, ListingListInput>;
  return new TestModel<ListSnapshot, AnyEventObject, ListingListInput>(logic, {
    input: LIST_MODEL_INPUT,
    // The completions are offered only while a page is in flight, where `can` finds their transitions; the first
    // page is what a first request answers, so the last page is offered only for a next one (and vice versa).
    events: (snapshot) =>
      listingListModelEvents.filter((event) => {
        if (!snapshot.can(event as ListingListEvent)) return false;
        if (event.type !== LIST_DONE) return true;
        return snapshot.matches('loading') ? event.output === LIST_FIRST_PAGE : event.output === LIST_LAST_PAGE;
      }),
    serializeState: (snapshot) => JSON.stringify(listingListAbstraction(snapshot)),
  });
}

/** A short description of a listing list model event: which page arrived, or how the call failed. */
export function describeListingListEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case 'list.query':
      return `change the filters to ${JSON.stringify(e.query)}`;
    case LIST_DONE: {
      const page = e.output as typeof LIST_FIRST_PAGE | typeof LIST_LAST_PAGE;
      const ids = page.list.map((item) => item.id).join(', ');
      return page.next_cursor === null ? `the last page arrives (ids ${ids})` : `a page arrives (ids ${ids}, next ${page.next_cursor})`;
    }
    case LIST_ERROR:
      return `the page fails: ${e.error instanceof ApiError ? e.error.code : String(e.error)}`;
    default:
      return e.type;
  }
}
