import { Trans } from '@lingui/react/macro';
import { createFileRoute, notFound, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { Locale } from '@/contract/enums';
import { selectIsLoggedIn } from '@/machines/account/session.machine';
import { Button } from '@/ui/kit/button';
import { AppLink } from '@/ui/kit/link';
import { dictionaryNames, namesOf } from '@/ui/directory/directory-names';
import { ListingIcon } from '@/ui/directory/listing-icons';
import { PartnerDetailView, partnerImages } from '@/ui/directory/partner-detail';
import { useAppSystem } from '../../-app/app-context';
import { useImageViewer } from '../../-app/image-viewer';
import { useDocumentTitle } from '../../-app/use-document-title';
import { placeHref } from '../../-directory/listing-links';
import { DetailNotFound, DetailPending, DetailRouteError } from '../../-listing/detail-route-parts';
import { isListingId } from '../../-listing/listing-id';
import { reportDialogSearch } from '../../-listing/dialog-search';
import { FavoriteToggle } from '../../-listing/favorite-toggle';
import { ReportDialogHost } from '../../-listing/report-dialog-host';
import { loadAppLibraries } from '../../-app/app-libraries';

/** /partner/{id}: a person's profile. Unknown, hidden and unpublished profiles are the 404 page alike. */
export const Route = createFileRoute('/$lang/partner/$id')({
  // The page's code needs zod and the contract: they are evaluated first, a step per task (app-libraries.ts), before
  // the router loads the page's chunk and its loader's.
  beforeLoad: async ({ params }) => {
    if (!isListingId(params.id)) throw notFound();
    await loadAppLibraries();
  },
  validateSearch: reportDialogSearch,
  // Loaded on demand: route configs are in the initial bundle, the contract's calls (and zod) are not.
  loader: async ({ context, params, abortController }) => {
    const { loadPartnerPage } = await import('../../-listing/detail-loaders');
    return loadPartnerPage(context.system, Number(params.id), params.lang as Locale, abortController.signal);
  },
  pendingComponent: DetailPending,
  pendingMs: 150,
  errorComponent: DetailRouteError,
  notFoundComponent: DetailNotFound,
  component: PartnerPage,
});

function PartnerPage() {
  const { lang, id } = Route.useParams();
  const { dialog } = Route.useSearch();
  const { partner, dicts } = Route.useLoaderData();
  const { session } = useAppSystem();
  const loggedIn = useSelector(session, selectIsLoggedIn);
  const navigate = useNavigate();
  const photoViewer = useImageViewer();
  useDocumentTitle(partner.nickname);

  const names = dictionaryNames(dicts);
  const base = `/${lang}/partner/${id}`;
  const images = partnerImages(partner);
  const nameIn = (type: 'sex' | 'body_type' | 'drive_type', value: number | null) =>
    value === null ? null : (names[type]?.get(value) ?? null);
  const openReport = () =>
    session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `${base}?dialog=report` } } });
  const closeReport = () => void navigate({ to: '/$lang/partner/$id', params: { lang, id }, search: {}, replace: true });
  // Chatting needs an account: a guest's Chat asks them to log in and then opens the conversation. The owner of the
  // profile has no chat button on it: their conversations as the profile are in their messages.
  const chatHref = `/${lang}/chat/${partner.uuid}/${partner.uuid}`;
  const logInToChat = () => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: chatHref } } });

  return (
    <>
      <PartnerDetailView
        partner={partner}
        names={{
          sex: nameIn('sex', partner.sex),
          bodyType: nameIn('body_type', partner.body_type),
          driveType: nameIn('drive_type', partner.drive_type),
          languages: namesOf(names, 'language', partner.languages),
          tags: namesOf(names, 'partner_tag', partner.tags),
        }}
        backHref={placeHref(lang, partner.region_slug, partner.city_slug, 'partner')}
        venueHref={partner.merchant_id === null ? undefined : `/${lang}/merchant/${partner.merchant_id}`}
        onOpenPhoto={(index) => photoViewer.open(images.map((image) => ({ src: image.image, thumb: image.thumb, alt: partner.nickname })), index)}
        actions={
          <>
            {partner.is_own ? null : loggedIn ? (
              <AppLink className="button button--primary" href={chatHref}>
                <ListingIcon name="chat" size={20} />
                <Trans>Chat</Trans>
              </AppLink>
            ) : (
              <Button onClick={logInToChat}>
                <ListingIcon name="chat" size={20} />
                <Trans>Chat</Trans>
              </Button>
            )}
            <FavoriteToggle source="partner" id={partner.id} isFavorite={partner.is_favorite} />
            <Button variant="link" onClick={openReport}>
              <ListingIcon name="flag" size={20} />
              <Trans>Report this profile</Trans>
            </Button>
          </>
        }
      />
      {photoViewer.viewer}
      {dialog === 'report' && loggedIn ? <ReportDialogHost target="partner" id={partner.id} onClose={closeReport} /> : null}
    </>
  );
}
