import { useSelector } from '@xstate/react';
import { selectFavorite, selectFavoritePending } from '@/machines/directory/favorites.machine';
import { selectIsLoggedIn } from '@/machines/account/session.machine';
import type { ListingSource } from '@/contract/shapes';
import { FavoriteButton } from '@/ui/directory/favorite-button';
import { useContext } from 'react';
import { AppSystemContext, useLoadedAppSystem } from '../-app/app-context';
import type { AppSystem } from '../-app/app-system';

/**
 * The favourite button of a detail page bound to the app's favourites actor. Adding goes through the session:
 * a guest gets the login dialog and the add is the pending action, run after login (with its toast) without a
 * second tap; a member's add runs at once. Removing needs a favourite, which only a member has.
 */
export function FavoriteToggle({ source, id, isFavorite }: { source: ListingSource; id: number; isFavorite: boolean }) {
  const system = useLoadedAppSystem();
  const pending = useContext(AppSystemContext)!;
  // A server-rendered page (a guest's, src/contract/first-paint.ts) shows the button before the system has
  // loaded; a tap starts it and asks as below.
  if (!system) {
    return <FavoriteButton saved={false} pending={false} onToggle={() => void pending.then(({ session }) => addThroughLogin(session, source, id))} />;
  }
  return <BoundFavoriteToggle system={system} source={source} id={id} isFavorite={isFavorite} />;
}

/** Adding goes through the session: a guest logs in first, and the add runs after. */
function addThroughLogin(session: AppSystem['session'], source: ListingSource, id: number) {
  session.send({ type: 'session.requireLogin', action: { type: 'favorite.add', params: { source, id } } });
}

function BoundFavoriteToggle({ system, source, id, isFavorite }: { system: AppSystem; source: ListingSource; id: number; isFavorite: boolean }) {
  const { favorites, session } = system;
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const saved = useSelector(favorites, (s) => loggedIn && selectFavorite(s, source, id, isFavorite));
  const pending = useSelector(favorites, (s) => selectFavoritePending(s, source, id));
  const onToggle = () => {
    if (saved) favorites.send({ type: 'favorite.cancel', source, id });
    else addThroughLogin(session, source, id);
  };
  return <FavoriteButton saved={saved} pending={pending} onToggle={onToggle} />;
}
