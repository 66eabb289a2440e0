import { createFileRoute, notFound } from '@tanstack/react-router';
import { CollectionRoutePage } from '../../-directory/collection-screen';
import { PlaceNotFound } from '../../-directory/place-not-found';

/** The sources of a collection (LISTING_SOURCES; spelled out so this config does not import the contract's zod). */
const SOURCES: readonly string[] = ['merchant', 'partner'];

/**
 * /collection/{source} (auth): the viewer's favourite venues (merchant) or profiles (partner), newest first, with
 * infinite scroll. The `_auth` layout sends guests to log in first; any other source is the 404 page. The page is
 * -directory/collection-screen.tsx.
 */
export const Route = createFileRoute('/$lang/_auth/collection/$source')({
  beforeLoad: ({ params }) => {
    if (!SOURCES.includes(params.source)) throw notFound();
  },
  component: CollectionRoutePage,
  notFoundComponent: PlaceNotFound,
});
