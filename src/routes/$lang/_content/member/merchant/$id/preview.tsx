import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Locale } from '@/contract/enums';
import { ListingPreviewPage } from '@/routes/-owner/listing-preview-page';
import { listingIdParams } from '@/routes/-listing/listing-id';

/** /member/merchant/{id}/preview (auth, content layout): the owner's venue as guests will see it, in any status. */
export const Route = createFileRoute('/$lang/_content/member/merchant/$id/preview')({
  params: { parse: listingIdParams },
  loader: async ({ context, params, abortController }) => {
    const { loadOwnPreview } = await import('@/routes/-owner/preview-loader');
    return loadOwnPreview(context.system, 'merchant', Number(params.id), params.lang as Locale, abortController.signal);
  },
  // Loaded on demand: the route config is in the initial bundle, and these parts bring the api client along.
  pendingComponent: lazyRouteComponent(() => import('@/routes/-listing/detail-route-parts'), 'DetailPending'),
  pendingMs: 150,
  errorComponent: lazyRouteComponent(() => import('@/routes/-listing/detail-route-parts'), 'DetailRouteError'),
  notFoundComponent: lazyRouteComponent(() => import('@/routes/-listing/detail-route-parts'), 'DetailNotFound'),
  component: PreviewPage,
});

function PreviewPage() {
  const { lang } = Route.useParams();
  return <ListingPreviewPage lang={lang} data={Route.useLoaderData()} />;
}
