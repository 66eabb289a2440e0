import { matchesState, type ActorLogic, type AnyEventObject, type EventObject, type SnapshotFrom } from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { ApiError } from '@/services/api-client';
import { doneEvent, errorEvent } from '../app/form.model';
import { ownListingsMachine, type OwnListingsEvent, type OwnListingsInput, type OwnMerchantSummary } from './own-listings.machine';

/**
 * The owner's-listings machine's test model (STYLE rule 19), shared by own-listings.machine.test.ts and
 * `npm run test:paths`. Test data only. The first page (two venues and a cursor) loads or fails and is retried;
 * the second page loads or fails; the first venue's switch and the second venue's delete succeed or fail. A vertex
 * is the state and context plus the event and state it came from (as in the request model), so every transition
 * is on a path.
 */

type Snapshot = SnapshotFrom<typeof ownListingsMachine>;

const STAMP = '2026-11-20T10:00:00.000Z';

export function ownMerchant(id: number, name: string, overrides: Partial<OwnMerchantSummary> = {}): OwnMerchantSummary {
  return {
    id,
    city_id: 101,
    region_slug: 'japan',
    city_slug: 'tokyo',
    name,
    merchant_type: 1,
    tags: [],
    cover: { image: `/uploads/${id}.webp`, thumb: `/uploads/${id}.thumb.webp` },
    price_level: 2,
    rating: null,
    report_count: 0,
    favorite_count: 0,
    is_favorite: false,
    created_at: STAMP,
    visible: true,
    status: 'published',
    moderation_note: null,
    updated_at: STAMP,
    ...overrides,
  };
}

export const OWN_LISTINGS_MODEL_INPUT: OwnListingsInput = { source: 'merchant' };
export const MODEL_FIRST_PAGE = {
  list: [ownMerchant(3, 'Cafe Sakura'), ownMerchant(2, 'Bar Kumo', { status: 'hidden', moderation_note: 'Wrong address' })],
  next_cursor: 'cursor-2',
};
export const MODEL_SECOND_PAGE = { list: [ownMerchant(1, 'Tea House Ume', { visible: false })], next_cursor: null };

export const OWN_FIRST_DONE = doneEvent('fetchFirst');
export const OWN_FIRST_ERROR = errorEvent('fetchFirst');
export const OWN_MORE_DONE = doneEvent('fetchMore');
export const OWN_MORE_ERROR = errorEvent('fetchMore');
export const OWN_TOGGLE_DONE = doneEvent('toggleVisibility');
export const OWN_TOGGLE_ERROR = errorEvent('toggleVisibility');
export const OWN_DELETE_DONE = doneEvent('deleteListing');
export const OWN_DELETE_ERROR = errorEvent('deleteListing');

const offline = new ApiError('fetch failed', { kind: 'network' });

export const ownListingsModelEvents: AnyEventObject[] = [
  { type: OWN_FIRST_DONE, output: MODEL_FIRST_PAGE },
  { type: OWN_FIRST_ERROR, error: offline },
  { type: 'list.retry' },
  { type: 'list.loadMore' },
  { type: OWN_MORE_DONE, output: MODEL_SECOND_PAGE },
  { type: OWN_MORE_ERROR, error: offline },
  { type: 'listing.toggleVisibility', id: 3 },
  { type: OWN_TOGGLE_DONE, output: { visible: false } },
  { type: OWN_TOGGLE_ERROR, error: new ApiError('Listing not found', { kind: 'server', status: 0 }) },
  { type: 'listing.delete', id: 2 },
  { type: OWN_DELETE_DONE, output: null },
  { type: OWN_DELETE_ERROR, error: offline },
];

export function createOwnListingsTestModel() {
  // The model also sends the invoked actors' completions, which the machine's own event type does not list.
  const logic = ownListingsMachine as unknown as ActorLogic<Snapshot, AnyEventObject, OwnListingsInput>;
  return new TestModel<Snapshot, AnyEventObject, OwnListingsInput>(logic, {
    input: OWN_LISTINGS_MODEL_INPUT,
    events: (snapshot) => ownListingsModelEvents.filter((event) => snapshot.can(event as OwnListingsEvent)),
    serializeState: (snapshot, event, previous) =>
      serializeSnapshot(snapshot) +
      (event && previous ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : ''),
    stateMatcher: (snapshot, key) => matchesState(key, snapshot.value),
  });
}

export function describeOwnListingsEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case OWN_FIRST_DONE:
      return 'the first page answers two venues and a cursor';
    case OWN_MORE_DONE:
      return 'the next page answers one venue, the last';
    case OWN_TOGGLE_DONE:
      return `the switch answers visible=${String(e.output.visible)}`;
    case OWN_DELETE_DONE:
      return 'the delete succeeds';
    case OWN_FIRST_ERROR:
    case OWN_MORE_ERROR:
    case OWN_TOGGLE_ERROR:
    case OWN_DELETE_ERROR:
      return `${e.type.replace('xstate.error.actor.', '')} fails: ${(e.error as ApiError).code}`;
    case 'listing.toggleVisibility':
      return `switch the visibility of #${String(e.id)}`;
    case 'listing.delete':
      return `delete #${String(e.id)} (confirmed)`;
    default:
      return e.type;
  }
}
