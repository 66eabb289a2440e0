import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { MerchantSummary } from '@/contract/calls/merchant';
import type { PartnerSummary } from '@/contract/calls/partner';
import { DirectoryIcon } from './directory-icons';
import { type DictionaryNames, namesOf } from './directory-names';
import { AppLink } from '../kit/link';
import './directory.css';

/**
 * The card of a listing in every list (home sections, region and city pages, collections): a cover in a box that
 * keeps its 4:3 shape before the picture arrives (no layout shift) and loads lazily, the name as a link to the
 * detail page (the whole card is its click target), what it is, its tags, and its price level, rating and
 * favourites. Each figure has a spoken form, because "$$ ★ 4.5 ♥ 12" says nothing to a screen reader.
 */

const TAGS_SHOWN = 3;

interface CardFrameProps {
  href: string;
  title: string;
  cover: { image: string; thumb: string } | null;
  /** Heading level of the name: 3 under a section's h2 (the default), 2 directly under the page's h1. */
  headingLevel?: 2 | 3;
  /** The first image of a list loads eagerly: it is above the fold. */
  eager?: boolean;
  subtitle?: string;
  place?: string;
  tags: string[];
  children?: React.ReactNode;
  /** A control of the card's own (the collection's favourite button). */
  action?: React.ReactNode;
}

function CardFrame({ href, title, cover, headingLevel = 3, eager = false, subtitle, place, tags, children, action }: CardFrameProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="listing-card">
      <div className="listing-card-cover">
        {cover ? (
          <img
            src={cover.thumb}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            // An eager card is in the first screen: its photo is likely the page's largest paint.
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <span className="listing-card-placeholder" aria-hidden="true">
            <DirectoryIcon name="image" size={32} />
          </span>
        )}
      </div>
      <div className="listing-card-body">
        <Heading className="listing-card-title">
          <AppLink className="listing-card-link" href={href}>
            {title}
          </AppLink>
        </Heading>
        {subtitle || place ? (
          <p className="listing-card-meta">
            {subtitle}
            {subtitle && place ? <span aria-hidden="true"> · </span> : null}
            {place ? <span className="listing-card-place">{place}</span> : null}
          </p>
        ) : null}
        {tags.length > 0 ? (
          <ul className="listing-card-tags">
            {tags.slice(0, TAGS_SHOWN).map((tag) => (
              <li key={tag} className="badge badge--muted">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="listing-card-facts">{children}</div>
        {action ? <div className="listing-card-action">{action}</div> : null}
      </div>
    </article>
  );
}

function Favorites({ count }: { count: number }) {
  const { i18n } = useLingui();
  return (
    <span className="listing-fact">
      <DirectoryIcon name="heart" size={16} />
      <span aria-hidden="true">{i18n.number(count)}</span>
      <span className="visually-hidden">
        <Plural value={count} one="# favourite" other="# favourites" />
      </span>
    </span>
  );
}

function PriceLevel({ level }: { level: number }) {
  return (
    <span className="listing-fact listing-price">
      <span aria-hidden="true">{'$'.repeat(level)}</span>
      <span className="visually-hidden">
        <Trans>Price level {level} of 4</Trans>
      </span>
    </span>
  );
}

function Rating({ rating, reports }: { rating: number | null; reports: number }) {
  const { i18n } = useLingui();
  if (rating === null) return null;
  const value = i18n.number(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <span className="listing-fact listing-rating">
      <DirectoryIcon name="star" size={16} filled />
      <span aria-hidden="true">
        {value} ({i18n.number(reports)})
      </span>
      <span className="visually-hidden">
        <Trans>Rated {value} out of 5</Trans>
        {', '}
        <Plural value={reports} one="# visit report" other="# visit reports" />
      </span>
    </span>
  );
}

export interface MerchantCardProps {
  merchant: MerchantSummary;
  href: string;
  names: DictionaryNames;
  /** The city's name, where the list spans several cities (home, region, collection). */
  place?: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
  action?: React.ReactNode;
}

export function MerchantCard({ merchant, href, names, place, headingLevel, eager, action }: MerchantCardProps) {
  const [type] = namesOf(names, 'merchant_type', [merchant.merchant_type]);
  return (
    <CardFrame
      href={href}
      title={merchant.name}
      cover={merchant.cover}
      subtitle={type}
      place={place}
      tags={namesOf(names, 'merchant_tag', merchant.tags)}
      headingLevel={headingLevel}
      eager={eager}
      action={action}
    >
      <PriceLevel level={merchant.price_level} />
      <Rating rating={merchant.rating} reports={merchant.report_count} />
      <Favorites count={merchant.favorite_count} />
    </CardFrame>
  );
}

export interface PartnerCardProps {
  partner: PartnerSummary;
  href: string;
  names: DictionaryNames;
  place?: string;
  headingLevel?: 2 | 3;
  eager?: boolean;
  action?: React.ReactNode;
}

export function PartnerCard({ partner, href, names, place, headingLevel, eager, action }: PartnerCardProps) {
  const { t } = useLingui();
  const [sex] = namesOf(names, 'sex', [partner.sex]);
  const age = partner.age;
  const languages = namesOf(names, 'language', partner.languages);
  const subtitle = [t`${plural(age, { one: '# year', other: '# years' })}`, sex].filter(Boolean).join(' · ');
  return (
    <CardFrame
      href={href}
      title={partner.nickname}
      cover={partner.cover}
      subtitle={subtitle}
      place={place}
      tags={[...languages.slice(0, 2), ...namesOf(names, 'partner_tag', partner.tags)]}
      headingLevel={headingLevel}
      eager={eager}
      action={action}
    >
      <Favorites count={partner.favorite_count} />
    </CardFrame>
  );
}

/** The card's shape while the list loads. */
export function ListingCardSkeleton() {
  return (
    <div className="listing-card listing-card--skeleton" aria-hidden="true">
      <div className="listing-card-cover skeleton" />
      <div className="listing-card-body">
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
    </div>
  );
}
