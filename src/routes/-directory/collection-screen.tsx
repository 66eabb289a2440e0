import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import * as favoriteCalls from '@/contract/calls/favorite';
import type { FavoriteItem } from '@/contract/calls/favorite';
import type { Locale } from '@/contract/enums';
import { LISTING_SOURCES, type ListingSource } from '@/contract/shapes';
import { CollectionPage, EmptyCollectionText } from '@/ui/directory/collection-page';
import { MerchantCard, PartnerCard } from '@/ui/directory/listing-card';
import { EmptyState } from '@/ui/directory/listing-list';
import { AppLink } from '@/ui/kit/link';
import { MESSAGES } from '@/ui/app/messages';
import { useAppSystem } from '../-app/app-context';
import { useDocumentTitle } from '../-app/use-document-title';
import { FavoriteToggle } from '../-listing/favorite-toggle';
import { LIST_PAGE_SIZE, ListingFeed } from './listing-feed';
import { listingHref, useListingNames } from './listing-links';

/** The page of /{lang}/collection/{source} (route: $lang/_auth/collection.$source.tsx). */
const collectionRoute = getRouteApi('/$lang/_collection/collection/$source');

export function CollectionRoutePage() {
  const { lang, source } = collectionRoute.useParams();
  return <Collection key={lang} lang={lang as Locale} source={source as ListingSource} />;
}

const keyOfRow = (row: unknown) => {
  const { source, item } = row as FavoriteItem;
  return `${source}:${item.id}`;
};

function Collection({ lang, source }: { lang: Locale; source: ListingSource }) {
  const { i18n, t } = useLingui();
  const system = useAppSystem();
  const names = useListingNames(system, lang);
  const title = i18n._(MESSAGES['label.collection']);
  useDocumentTitle(title);
  const tabs = LISTING_SOURCES.map((tab) => ({
    key: tab,
    label: tab === 'merchant' ? t`Venues` : t`Profiles`,
    href: `/${lang}/collection/${tab}`,
    current: tab === source,
  }));
  return (
    <CollectionPage title={title} tabs={tabs}>
      <ListingFeed
        key={source}
        query={{ source, limit: LIST_PAGE_SIZE }}
        keyOf={keyOfRow}
        fetchPage={({ cursor }, signal) =>
          system.api.call(favoriteCalls.list, { source, limit: LIST_PAGE_SIZE, ...(cursor ? { cursor } : {}) }, { signal })
        }
        label={title}
        renderItem={(row) => {
          const favorite = row as FavoriteItem;
          // Removing keeps the card on the page (its button turns to "Add"), so a mistaken tap can be undone.
          const action = <FavoriteToggle source={favorite.source} id={favorite.item.id} isFavorite />;
          return favorite.source === 'merchant' ? (
            <MerchantCard merchant={favorite.item} href={listingHref(lang, 'merchant', favorite.item.id)} names={names} headingLevel={2} action={action} />
          ) : (
            <PartnerCard partner={favorite.item} href={listingHref(lang, 'partner', favorite.item.id)} names={names} headingLevel={2} action={action} />
          );
        }}
        empty={
          <EmptyState title={<EmptyCollectionText partner={source === 'partner'} />}>
            <AppLink className="button button--secondary" href={`/${lang}/search`}>
              {source === 'merchant' ? <Trans>Find venues</Trans> : <Trans>Find profiles</Trans>}
            </AppLink>
          </EmptyState>
        }
      />
    </CollectionPage>
  );
}
