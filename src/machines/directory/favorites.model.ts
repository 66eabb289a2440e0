import { matchesState, type ActorLogic, type AnyEventObject, type EventObject } from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { favoritesMachine, type FavoritesSnapshot } from './favorites.machine';
import { doneEvent, errorEvent, serverRefusal } from '../app/form.model';

/**
 * The favourites machine's test model (STYLE rule 19), shared by favorites.machine.test.ts and `npm run
 * test:paths`. Test data only. Two listings (a venue and a profile); the user adds and cancels the venue, adds the
 * profile, logs out (reset), and the save call succeeds or is refused. The queue holds at most two changes per
 * listing, so the graph is finite; a state is the state value and the whole context (and whether a logout
 * entered it).
 */

export const FAVORITE_SAVE_DONE = doneEvent('saveFavorite');
export const FAVORITE_SAVE_ERROR = errorEvent('saveFavorite');

export const favoritesModelEvents: AnyEventObject[] = [
  { type: 'favorite.add', source: 'merchant', id: 3 },
  { type: 'favorite.cancel', source: 'merchant', id: 3 },
  { type: 'favorite.add', source: 'partner', id: 5 },
  { type: 'favorite.reset' },
  { type: FAVORITE_SAVE_DONE, output: null },
  { type: FAVORITE_SAVE_ERROR, error: serverRefusal('This listing is no longer available.') },
];

export function createFavoritesTestModel() {
  // The model also sends the invoked call's completions, which the machine's own event type does not list.
  const logic = favoritesMachine as unknown as ActorLogic<FavoritesSnapshot, AnyEventObject, undefined>;
  return new TestModel<FavoritesSnapshot, AnyEventObject, undefined>(logic, {
    events: (snapshot) => favoritesModelEvents.filter((event) => snapshot.can(event as never)),
    // Logging out with nothing to forget changes nothing: not worth a path of its own.
    filterEvents: (snapshot, event) =>
      event.type !== 'favorite.reset' || snapshot.context.queue.length > 0 || Object.keys(snapshot.context.saved).length > 0,
    // Logging out leads back to the initial state; the key notes it, or forgetting would never be on a path.
    serializeState: (snapshot, event) => serializeSnapshot(snapshot) + (event?.type === 'favorite.reset' ? ' after logout' : ''),
    stateMatcher: (snapshot, key) => matchesState(key, snapshot.value),
  });
}

export function describeFavoritesEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === 'favorite.add') return `add ${String(e.source)} ${String(e.id)} to favourites`;
  if (e.type === 'favorite.cancel') return `remove ${String(e.source)} ${String(e.id)} from favourites`;
  if (e.type === 'favorite.reset') return 'log out (forget the changes)';
  if (e.type === FAVORITE_SAVE_DONE) return 'the favourite call succeeds';
  if (e.type === FAVORITE_SAVE_ERROR) return `the favourite call fails: ${(e.error as Error).message}`;
  return e.type;
}
