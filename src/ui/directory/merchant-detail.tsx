import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { MerchantDetail } from '@/contract/calls/merchant';
import {
  DetailSection,
  FactList,
  LongText,
  OpeningHours,
  PriceLevel,
  RatingStars,
  ReportCount,
  SocialLinks,
  TagList,
  type Fact,
} from './listing-detail-parts';
import { ListingGallery } from './listing-gallery';
import { ListingIcon } from './listing-icons';
import { telHref } from './listing-format';
import { PageHeader } from '../kit/page-header';
import './listing-detail.css';

export interface MerchantDetailViewProps {
  merchant: MerchantDetail;
  /** The venue type's name (dict/merchant_type); null when unknown. */
  typeName: string | null;
  /** The tags' names (dict/merchant_tag), in the venue's order. */
  tagNames: readonly string[];
  /** Where the back button leads (the city's venues). */
  backHref?: string;
  /** The page's actions: favourite and report buttons. */
  actions: ReactNode;
  /** Opens the viewer at `index` of [cover, ...gallery]. */
  onOpenPhoto(index: number): void;
  /** The latest visit reports with links to all of them and to write one. */
  reports: ReactNode;
}

/** The images of a venue in viewer order: the cover, then the gallery. */
export function merchantImages(merchant: Pick<MerchantDetail, 'cover' | 'gallery'>): { image: string; thumb: string }[] {
  return [...(merchant.cover ? [merchant.cover] : []), ...merchant.gallery];
}

/** A venue's page (route /merchant/{id}); the owner's preview shows the same view. */
export function MerchantDetailView({ merchant, typeName, tagNames, backHref, actions, onOpenPhoto, reports }: MerchantDetailViewProps) {
  const { t } = useLingui();
  const ids = { about: useId(), hours: useId(), contact: useId(), description: useId(), reports: useId() };
  const facts: Fact[] = [
    ...(typeName ? [{ key: 'type', label: t`Type`, value: typeName }] : []),
    { key: 'price', label: t`Price`, value: <PriceLevel level={merchant.price_level} /> },
    {
      key: 'address',
      label: t`Address`,
      value: (
        <span className="fact-with-icon">
          <ListingIcon name="pin" size={18} />
          <span>{merchant.address}</span>
        </span>
      ),
    },
    ...(merchant.phone
      ? [
          {
            key: 'phone',
            label: t`Phone`,
            value: (
              <a className="text-link fact-with-icon" href={telHref(merchant.phone)}>
                <ListingIcon name="phone" size={18} />
                <bdi dir="ltr">{merchant.phone}</bdi>
              </a>
            ),
          },
        ]
      : []),
  ];
  return (
    <article className="listing-detail">
      <PageHeader title={merchant.name} backHref={backHref} />
      <ListingGallery images={merchantImages(merchant)} name={merchant.name} onOpen={onOpenPhoto} />
      <div className="listing-summary">
        <div className="listing-summary-text">
          {typeName ? <p className="listing-kicker">{typeName}</p> : null}
          <p className="listing-rating">
            {merchant.rating !== null ? (
              <>
                <RatingStars rating={merchant.rating} />
                <span className="detail-muted">
                  <ReportCount count={merchant.report_count} />
                </span>
              </>
            ) : (
              <span className="detail-muted">
                <Trans>No ratings yet</Trans>
              </span>
            )}
          </p>
        </div>
        <div className="listing-actions">{actions}</div>
      </div>
      <DetailSection id={ids.about} title={t`About this venue`}>
        <FactList facts={facts} />
        <TagList names={tagNames} />
      </DetailSection>
      <DetailSection id={ids.hours} title={t`Opening hours`}>
        <OpeningHours periods={merchant.opening_hours} />
      </DetailSection>
      {merchant.social.length > 0 ? (
        <DetailSection id={ids.contact} title={t`Contact`}>
          <SocialLinks links={merchant.social} />
        </DetailSection>
      ) : null}
      <DetailSection id={ids.description} title={t`Description`}>
        <LongText text={merchant.description} />
      </DetailSection>
      <DetailSection id={ids.reports} title={t`Visit reports`}>
        {reports}
      </DetailSection>
    </article>
  );
}
