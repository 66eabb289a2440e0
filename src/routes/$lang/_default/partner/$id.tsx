import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import type { Locale } from '@/contract/enums';
import { selectIsLoggedIn } from '@/machines/account/session.machine';
import { Button } from '@/ui/kit/button';
import { ChatPriceLabel } from '@/ui/chat/chat-price';
import { dictionaryNames, namesOf } from '@/ui/directory/directory-names';
import { ListingIcon } from '@/ui/directory/listing-icons';
import { PartnerDetailView, partnerImages } from '@/ui/directory/partner-detail';
import { useAppSystem } from '@/routes/-app/app-context';
import { useImageViewer } from '@/routes/-app/image-viewer';
import { useDocumentTitle } from '@/routes/-app/use-document-title';
import { placeHref } from '@/routes/-directory/listing-links';
import { DetailNotFound, DetailPending, DetailRouteError } from '@/routes/-listing/detail-route-parts';
import { listingIdParams } from '@/routes/-listing/listing-id';
import { reportDialogSearch } from '@/routes/-listing/dialog-search';
import { FavoriteToggle } from '@/routes/-listing/favorite-toggle';
import { ReportDialogHost } from '@/routes/-listing/report-dialog-host';
import { loadAppLibraries } from '@/routes/-app/app-libraries';
import { useFeatureCatalog } from '@/routes/-app/use-feature-catalog';
import { channelOf } from '@/routes/-chat/channel';
import type { LinkedProfile } from '@/routes/-chat/linked-profile';

/** /partner/{id}: a person's profile. Unknown, hidden and unpublished profiles are the 404 page alike. */
export const Route = createFileRoute('/$lang/_default/partner/$id')({
  params: { parse: listingIdParams },
  // The page's code needs zod and the contract: they are evaluated first, a step per task (app-libraries.ts), before
  // the router loads the page's chunk and its loader's.
  beforeLoad: loadAppLibraries,
  validateSearch: reportDialogSearch,
  // Loaded on demand: route configs are in the initial bundle, the contract's calls (and zod) are not.
  loader: async ({ context, params, abortController }) => {
    const { loadPartnerPage } = await import('@/routes/-listing/detail-loaders');
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
  // A member goes straight to the conversation (the member's side of a profile's is `{profile}-{profile}`), with the
  // name and picture this page shows, so its header has them from the first paint (-chat/linked-profile.ts).
  const chatProfile: LinkedProfile = { uuid: partner.uuid, nickname: partner.nickname, thumb: partner.cover?.thumb ?? '' };
  // Until the viewer has unlocked the chat, its button says what it costs.
  const chatPrice = partner.is_unlocked ? 0 : partner.unlock_price;

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
              <Link
                className="button button--primary"
                to="/$lang/message/$channel"
                params={{ lang, channel: channelOf({ peer: partner.uuid, partnerUuid: partner.uuid }) }}
                state={{ chatProfile }}
              >
                <ListingIcon name="chat" size={20} />
                <ChatLabel price={chatPrice} />
              </Link>
            ) : (
              <Button onClick={logInToChat}>
                <ListingIcon name="chat" size={20} />
                <ChatLabel price={chatPrice} />
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

/**
 * "Chat", or "Chat · 50 points" while the chat is locked. The priced label is in the chat catalog (lingui.config.ts),
 * loaded for it, so the first page's catalog does not grow; "Chat" shows until it is in.
 */
function ChatLabel({ price }: { price: number }) {
  if (price <= 0) return <Trans>Chat</Trans>;
  return (
    <Suspense fallback={<Trans>Chat</Trans>}>
      <PricedChatLabel price={price} />
    </Suspense>
  );
}

function PricedChatLabel({ price }: { price: number }) {
  useFeatureCatalog('chat');
  return <ChatPriceLabel price={price} />;
}
