import { createFileRoute } from '@tanstack/react-router';
import { paramsWhere } from '@/routes/-app/guards';
import { CollectionRoutePage } from '@/routes/-directory/collection-screen';
import { PlaceNotFound } from '@/routes/-directory/place-not-found';
import { isListingSource } from '@/routes/-owner/owner-links';

/**
 * /collection/{source} (auth): the viewer's favourite venues (merchant) or profiles (partner), newest first, with
 * infinite scroll. The `_auth` layout sends guests to log in first; any other source is the 404 page. The page is
 * -directory/collection-screen.tsx.
 */
export const Route = createFileRoute('/$lang/_collection/collection/$source')({
  params: { parse: paramsWhere((params: { source: string }) => isListingSource(params.source)) },
  component: CollectionRoutePage,
  notFoundComponent: PlaceNotFound,
});
