import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import type { PagedList } from '@/contract/shapes';
import { ApiError } from '@/services/api-client';
import { formEventExecs, pendingActor, unreachedStates, unusedEvents } from '../app/form.model';
import {
  ownListingsMachine,
  type FetchPageInput,
  type ListingOperationInput,
  type OwnListing,
  type OwnListingsInput,
} from './own-listings.machine';
import {
  createOwnListingsTestModel,
  describeOwnListingsEvent,
  MODEL_FIRST_PAGE,
  MODEL_SECOND_PAGE,
  OWN_LISTINGS_MODEL_INPUT,
  ownListingsModelEvents,
} from './own-listings.model';

type Snapshot = SnapshotFrom<typeof ownListingsMachine>;

function start(input: OwnListingsInput = OWN_LISTINGS_MODEL_INPUT) {
  const fetchPage = pendingActor<PagedList<OwnListing>, FetchPageInput>();
  const toggle = pendingActor<{ visible: boolean }, ListingOperationInput>();
  const remove = pendingActor<unknown, ListingOperationInput>();
  const notifyVisibility = vi.fn<(id: number, visible: boolean) => void>();
  const notifyDeleted = vi.fn<(id: number) => void>();
  const actor = createActor(
    ownListingsMachine.provide({
      actors: { fetchPage: fetchPage.logic, toggleVisibility: toggle.logic, deleteListing: remove.logic },
      actions: {
        notifyVisibility: (_, params) => notifyVisibility(params.id, params.visible),
        notifyDeleted: (_, params) => notifyDeleted(params.id),
      },
    }),
    { input },
  ).start();
  return { actor, fetchPage, toggle, remove, notifyVisibility, notifyDeleted };
}

const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('own listings machine', () => {
  it('loads the first page of its source, then the next by cursor, skipping repeated rows', async () => {
    const { actor, fetchPage } = start({ source: 'partner' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(fetchPage.last().input).toEqual({ source: 'partner', cursor: null });
    fetchPage.last().resolve(MODEL_FIRST_PAGE);
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ items: MODEL_FIRST_PAGE.list, cursor: 'cursor-2' });

    actor.send({ type: 'list.loadMore' });
    actor.send({ type: 'list.loadMore' });
    expect(actor.getSnapshot().hasTag('loadingMore')).toBe(true);
    expect(fetchPage.calls).toHaveLength(2);
    expect(fetchPage.last().input).toEqual({ source: 'partner', cursor: 'cursor-2' });
    fetchPage.last().resolve({ list: [MODEL_FIRST_PAGE.list[1], ...MODEL_SECOND_PAGE.list], next_cursor: null });
    await flush();
    expect(actor.getSnapshot().context.items.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(actor.getSnapshot().context.cursor).toBeNull();

    // The last page is loaded: nothing more to ask for.
    actor.send({ type: 'list.loadMore' });
    expect(fetchPage.calls).toHaveLength(2);
  });

  it('a failed first page keeps its code and retries; a failed next page retries on the next "load more"', async () => {
    const { actor, fetchPage } = start();
    fetchPage.last().reject(new ApiError('fetch failed', { kind: 'network' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network', msg: 'fetch failed' });
    actor.send({ type: 'list.retry' });
    expect(actor.getSnapshot().context.error).toBeNull();
    fetchPage.last().resolve(MODEL_FIRST_PAGE);
    await flush();

    actor.send({ type: 'list.loadMore' });
    fetchPage.last().reject(new ApiError('busy', { kind: 'http', code: 'http.503', httpStatus: 503 }));
    await flush();
    expect(actor.getSnapshot().matches({ ready: { paging: 'moreFailed' } })).toBe(true);
    expect(actor.getSnapshot().context.moreError).toMatchObject({ code: 'http.503' });
    actor.send({ type: 'list.loadMore' });
    fetchPage.last().resolve(MODEL_SECOND_PAGE);
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ moreError: null, cursor: null });
  });

  it('switches a row with the answered value, one operation at a time, and notifies', async () => {
    const { actor, fetchPage, toggle, remove, notifyVisibility } = start();
    fetchPage.last().resolve(MODEL_FIRST_PAGE);
    await flush();
    actor.send({ type: 'listing.toggleVisibility', id: 3 });
    expect(actor.getSnapshot().context.busyId).toBe(3);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    actor.send({ type: 'listing.delete', id: 2 });
    expect(remove.calls).toHaveLength(0);
    expect(toggle.last().input).toEqual({ source: 'merchant', id: 3 });
    toggle.last().resolve({ visible: false });
    await flush();
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ id: 3, visible: false });
    expect(actor.getSnapshot().context.busyId).toBeNull();
    expect(notifyVisibility.mock.calls).toEqual([[3, false]]);

    // An id not in the list is ignored.
    actor.send({ type: 'listing.toggleVisibility', id: 99 });
    expect(toggle.calls).toHaveLength(1);
  });

  it('deletes a row after the call succeeds; a failure stays on its row', async () => {
    const { actor, fetchPage, remove, notifyDeleted } = start();
    fetchPage.last().resolve(MODEL_FIRST_PAGE);
    await flush();
    actor.send({ type: 'listing.delete', id: 2 });
    remove.last().reject(new ApiError('Listing not found', { kind: 'server', status: 0 }));
    await flush();
    expect(actor.getSnapshot().context.items).toHaveLength(2);
    expect(actor.getSnapshot().context.operationError).toEqual({ id: 2, operation: 'delete', code: 'server', msg: 'Listing not found' });

    actor.send({ type: 'listing.delete', id: 2 });
    expect(actor.getSnapshot().context.operationError).toBeNull();
    remove.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().context.items.map((item) => item.id)).toEqual([3]);
    expect(notifyDeleted.mock.calls).toEqual([[2]]);
  });

  it('an empty first page is ready with no rows and nothing more', async () => {
    const { actor, fetchPage } = start();
    fetchPage.last().resolve({ list: [], next_cursor: null });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.items).toEqual([]);
  });
});

describe('own listings: model-based paths', () => {
  const paths = createOwnListingsTestModel().getShortestPaths();

  for (const path of paths) {
    const steps = path.steps.slice(1).map((step) => describeOwnListingsEvent(step.event));
    it(`reaches ${JSON.stringify(path.state.value)}: ${steps.join(' → ') || 'start'}`, async () => {
      const { actor, fetchPage, toggle, remove } = start();
      const same = (model: Snapshot) => {
        const real = actor.getSnapshot();
        expect(real.value).toEqual(model.value);
        expect(real.context).toEqual(model.context);
        expect([...real.tags].sort()).toEqual([...model.tags].sort());
      };
      await path.test({
        states: {
          loading: (model) => {
            same(model);
            expect(fetchPage.outstanding()).toHaveLength(1);
          },
          failed: same,
          'ready.paging.loadingMore': (model) => {
            same(model);
            expect(fetchPage.outstanding()).toHaveLength(1);
            expect(fetchPage.last().input.cursor).toBe('cursor-2');
          },
          'ready.paging.idle': same,
          'ready.paging.moreFailed': same,
          'ready.operation.toggling': (model) => {
            same(model);
            expect(toggle.outstanding()).toHaveLength(1);
          },
          'ready.operation.deleting': (model) => {
            same(model);
            expect(remove.outstanding()).toHaveLength(1);
          },
        },
        events: formEventExecs(ownListingsModelEvents, {
          send: (event) => actor.send(event as never),
          settle: {
            fetchFirst: fetchPage.settle,
            fetchMore: fetchPage.settle,
            toggleVisibility: toggle.settle,
            deleteListing: remove.settle,
          },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(ownListingsMachine, paths)).toEqual([]);
    expect(unusedEvents(ownListingsModelEvents, paths)).toEqual([]);
  });
});
