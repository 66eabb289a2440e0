import { createFileRoute } from '@tanstack/react-router';
import { paramsWhere } from '../../-app/guards';
import { CollectionRoutePage } from '../../-directory/collection-screen';
import { PlaceNotFound } from '../../-directory/place-not-found';
import { isListingSource } from '../../-owner/owner-links';

/**
 * /collection/{source} (auth): the viewer's favourite venues (merchant) or profiles (partner), newest first, with
 * infinite scroll. The `_auth` layout sends guests to log in first; any other source is the 404 page. The page is
 * -directory/collection-screen.tsx.
 */
export const Route = createFileRoute('/$lang/_auth/collection/$source')({
  params: { parse: paramsWhere((params: { source: string }) => isListingSource(params.source)) },
  component: CollectionRoutePage,
  notFoundComponent: PlaceNotFound,
});
