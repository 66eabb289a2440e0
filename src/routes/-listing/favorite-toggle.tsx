import { useSelector } from '@xstate/react';
import { selectFavorite, selectFavoritePending } from '@/machines/directory/favorites.machine';
import { selectIsLoggedIn } from '@/machines/account/session.machine';
import type { ListingSource } from '@/contract/shapes';
import { FavoriteButton } from '@/ui/directory/favorite-button';
import { useAppSystem } from '../-app/app-context';

/**
 * The favourite button of a detail page bound to the app's favourites actor. Adding goes through the session:
 * a guest gets the login dialog and the add is the pending action, run after login (with its toast) without a
 * second tap; a member's add runs at once. Removing needs a favourite, which only a member has.
 */
export function FavoriteToggle({ source, id, isFavorite }: { source: ListingSource; id: number; isFavorite: boolean }) {
  const { favorites, session } = useAppSystem();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const saved = useSelector(favorites, (s) => loggedIn && selectFavorite(s, source, id, isFavorite));
  const pending = useSelector(favorites, (s) => selectFavoritePending(s, source, id));
  const onToggle = () => {
    if (saved) favorites.send({ type: 'favorite.cancel', source, id });
    else session.send({ type: 'session.requireLogin', action: { type: 'favorite.add', params: { source, id } } });
  };
  return <FavoriteButton saved={saved} pending={pending} onToggle={onToggle} />;
}
