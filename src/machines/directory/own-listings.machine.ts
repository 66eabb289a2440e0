import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import type { ownMerchantSummary, ownPartnerSummary } from '@/contract/calls/content';
import type { ListingSource, PagedList } from '@/contract/shapes';
import { toRequestError, type RequestError } from '../app/request.machine';

/**
 * The owner's listings of one source (/member/content/{source}): every status, newest first, one keyset page at
 * a time ("load more"), with the visible switch and delete on each row.
 *
 * loading → ready | failed (`list.retry`). `ready` has two regions: `paging` (idle ⇄ loadingMore, moreFailed)
 * and `operation` (idle → toggling | deleting → idle), so a row can be switched while the next page loads. One
 * operation runs at a time; others are ignored until it ends (the ui disables the rows' controls meanwhile).
 * Deleting is asked for after the app's confirm dialog; the machine holds ids and codes, never texts.
 */

export type OwnMerchantSummary = z.infer<typeof ownMerchantSummary>;
export type OwnPartnerSummary = z.infer<typeof ownPartnerSummary>;
export type OwnListing = OwnMerchantSummary | OwnPartnerSummary;

export interface OwnListingsInput {
  source: ListingSource;
}

export interface FetchPageInput {
  source: ListingSource;
  cursor: string | null;
}

export interface ListingOperationInput {
  source: ListingSource;
  id: number;
}

/** A failed switch or delete, shown on its row. */
export interface OperationError extends RequestError {
  id: number;
  operation: 'toggle' | 'delete';
}

export interface OwnListingsContext {
  source: ListingSource;
  items: OwnListing[];
  /** The next page's cursor; null when the last page is loaded. */
  cursor: string | null;
  /** Why the first page failed. */
  error: RequestError | null;
  /** Why the last "load more" failed. */
  moreError: RequestError | null;
  /** The row whose switch or delete runs. */
  busyId: number | null;
  operationError: OperationError | null;
}

export type OwnListingsEvent =
  | { type: 'list.retry' }
  | { type: 'list.loadMore' }
  | { type: 'listing.toggleVisibility'; id: number }
  | { type: 'listing.delete'; id: number };

export const ownListingsMachine = setup({
  types: {
    context: {} as OwnListingsContext,
    events: {} as OwnListingsEvent,
    input: {} as OwnListingsInput,
    tags: {} as 'loading' | 'loadingMore' | 'busy',
  },
  actors: {
    // Safe defaults: the real calls are injected with .provide() where the actor is created.
    fetchPage: fromPromise<PagedList<OwnListing>, FetchPageInput>(() => Promise.reject(new Error('not provided'))),
    toggleVisibility: fromPromise<{ visible: boolean }, ListingOperationInput>(() =>
      Promise.reject(new Error('not provided')),
    ),
    deleteListing: fromPromise<unknown, ListingOperationInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    hasMore: ({ context }) => context.cursor !== null,
    isListed: ({ context }, params: { id: number }) => context.items.some((item) => item.id === params.id),
  },
  actions: {
    // Injected by the app (a toast); the defaults do nothing.
    notifyVisibility: (_, _params: { id: number; visible: boolean }) => {},
    notifyDeleted: (_, _params: { id: number }) => {},

    setFirstPage: assign((_, params: { page: PagedList<OwnListing> }) => ({
      items: params.page.list,
      cursor: params.page.next_cursor,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: toRequestError(params.error) })),
    clearError: assign({ error: null }),
    appendPage: assign(({ context }, params: { page: PagedList<OwnListing> }) => {
      // A row published between two pages can come again; keep its first copy.
      const known = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...params.page.list.filter((item) => !known.has(item.id))],
        cursor: params.page.next_cursor,
        moreError: null,
      };
    }),
    setMoreError: assign((_, params: { error: unknown }) => ({ moreError: toRequestError(params.error) })),
    startOperation: assign((_, params: { id: number }) => ({ busyId: params.id, operationError: null })),
    setVisible: assign(({ context }, params: { id: number; visible: boolean }) => ({
      items: context.items.map((item) => (item.id === params.id ? { ...item, visible: params.visible } : item)),
      busyId: null,
    })),
    removeItem: assign(({ context }, params: { id: number }) => ({
      items: context.items.filter((item) => item.id !== params.id),
      busyId: null,
    })),
    setOperationError: assign(
      ({ context }, params: { error: unknown; operation: OperationError['operation'] }) => ({
        operationError: { ...toRequestError(params.error), id: context.busyId ?? 0, operation: params.operation },
        busyId: null,
      }),
    ),
  },
}).createMachine({
  id: 'ownListings',
  context: ({ input }) => ({
    source: input.source,
    items: [],
    cursor: null,
    error: null,
    moreError: null,
    busyId: null,
    operationError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchFirst',
        src: 'fetchPage',
        input: ({ context }) => ({ source: context.source, cursor: null }),
        onDone: { target: 'ready', actions: { type: 'setFirstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'list.retry': { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      type: 'parallel',
      states: {
        paging: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'list.loadMore': { guard: 'hasMore', target: 'loadingMore' } },
            },
            loadingMore: {
              tags: ['loadingMore'],
              invoke: {
                id: 'fetchMore',
                src: 'fetchPage',
                input: ({ context }) => ({ source: context.source, cursor: context.cursor }),
                onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: 'moreFailed', actions: { type: 'setMoreError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            moreFailed: {
              on: { 'list.loadMore': { target: 'loadingMore' } },
            },
          },
        },
        operation: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'listing.toggleVisibility': {
                  guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
                  target: 'toggling',
                  actions: { type: 'startOperation', params: ({ event }) => ({ id: event.id }) },
                },
                'listing.delete': {
                  guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
                  target: 'deleting',
                  actions: { type: 'startOperation', params: ({ event }) => ({ id: event.id }) },
                },
              },
            },
            toggling: {
              tags: ['busy'],
              invoke: {
                id: 'toggleVisibility',
                src: 'toggleVisibility',
                input: ({ context }) => ({ source: context.source, id: context.busyId ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'notifyVisibility',
                      params: ({ context, event }) => ({ id: context.busyId ?? 0, visible: event.output.visible }),
                    },
                    {
                      type: 'setVisible',
                      params: ({ context, event }) => ({ id: context.busyId ?? 0, visible: event.output.visible }),
                    },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'setOperationError', params: ({ event }) => ({ error: event.error, operation: 'toggle' as const }) },
                },
              },
            },
            deleting: {
              tags: ['busy'],
              invoke: {
                id: 'deleteListing',
                src: 'deleteListing',
                input: ({ context }) => ({ source: context.source, id: context.busyId ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'notifyDeleted', params: ({ context }) => ({ id: context.busyId ?? 0 }) },
                    { type: 'removeItem', params: ({ context }) => ({ id: context.busyId ?? 0 }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: { type: 'setOperationError', params: ({ event }) => ({ error: event.error, operation: 'delete' as const }) },
                },
              },
            },
          },
        },
      },
    },
  },
});
