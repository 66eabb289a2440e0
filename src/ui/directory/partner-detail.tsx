import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import type { PartnerDetail } from '@/contract/calls/partner';
import { DetailSection, FactList, LongText, TagList, type Fact } from './listing-detail-parts';
import { ListingGallery } from './listing-gallery';
import { AppLink } from '../kit/link';
import { PageHeader } from '../kit/page-header';
import './listing-detail.css';

/** The dictionary names a profile's ids stand for; a name missing from a dictionary is left out. */
export interface PartnerNames {
  sex: string | null;
  bodyType: string | null;
  driveType: string | null;
  languages: readonly string[];
  tags: readonly string[];
}

export interface PartnerDetailViewProps {
  partner: PartnerDetail;
  names: PartnerNames;
  backHref?: string;
  /** The page's actions: favourite, chat and report buttons. */
  actions: ReactNode;
  /** The venue the person works from, when they name one. */
  venueHref?: string;
  onOpenPhoto(index: number): void;
}

/** The images of a profile in viewer order: its photos (the first is the cover), else the cover alone. */
export function partnerImages(partner: Pick<PartnerDetail, 'cover' | 'photos'>): { image: string; thumb: string }[] {
  if (partner.photos.length > 0) return partner.photos;
  return partner.cover ? [partner.cover] : [];
}

/** A person's profile (route /partner/{id}); the owner's preview shows the same view. */
export function PartnerDetailView({ partner, names, backHref, actions, venueHref, onOpenPhoto }: PartnerDetailViewProps) {
  const { t, i18n } = useLingui();
  const ids = { about: useId(), intro: useId() };
  const age = partner.age;
  const sex = names.sex;
  const languages = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(names.languages);
  const facts: Fact[] = [
    { key: 'age', label: t`Age`, value: i18n.number(age) },
    ...(names.sex ? [{ key: 'sex', label: t`Sex`, value: names.sex }] : []),
    ...(names.bodyType ? [{ key: 'body', label: t`Body type`, value: names.bodyType }] : []),
    ...(partner.height !== null
      ? [{ key: 'height', label: t`Height`, value: i18n.number(partner.height, { style: 'unit', unit: 'centimeter' }) }]
      : []),
    ...(names.languages.length > 0 ? [{ key: 'languages', label: t`Languages`, value: languages }] : []),
    ...(names.driveType ? [{ key: 'drive', label: t`Transport`, value: names.driveType }] : []),
  ];
  return (
    <article className="listing-detail">
      <PageHeader title={partner.nickname} backHref={backHref} />
      <ListingGallery images={partnerImages(partner)} name={partner.nickname} onOpen={onOpenPhoto} />
      <div className="listing-summary">
        <div className="listing-summary-text">
          <p className="listing-kicker">
            {/* As on the profile's card (listing-card.tsx): one message for the age, in the form its number takes. */}
            {[t`${plural(age, { one: '# year', other: '# years' })}`, sex].filter(Boolean).join(' · ')}
          </p>
          {venueHref ? (
            <p>
              <AppLink className="text-link" href={venueHref}>
                <Trans>See the venue they work from</Trans>
              </AppLink>
            </p>
          ) : null}
        </div>
        <div className="listing-actions">{actions}</div>
      </div>
      <DetailSection id={ids.about} title={t`About`}>
        <FactList facts={facts} />
        <TagList names={names.tags} />
      </DetailSection>
      <DetailSection id={ids.intro} title={t`Introduction`}>
        <LongText text={partner.intro} />
      </DetailSection>
    </article>
  );
}
