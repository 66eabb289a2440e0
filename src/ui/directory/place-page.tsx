import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { BrowseSection, type PlaceChip, PlaceChips } from './browse-section';
import { PageHeader } from '../kit/page-header';
import './directory.css';

/**
 * A region or city page (/{lang}/{region}, /{lang}/{region}/{city}[/{source}]): the title with a back button, the
 * region's cities, then the listings with their tabs and filters.
 */
export interface PlacePageProps {
  title: string;
  /** The region of a city page; a count on a region page. */
  subtitle?: ReactNode;
  backHref: string;
  /** A region page lists its cities. */
  cities?: PlaceChip[];
  /** The heading of the listings part (read by screen readers; the tabs show it visually). */
  listTitle: string;
  /** The tabs, filters and list. */
  children: ReactNode;
}

export function PlacePage({ title, subtitle, backHref, cities, listTitle, children }: PlacePageProps) {
  const { t } = useLingui();
  return (
    <section className="browse-page">
      <div>
        <PageHeader title={title} backHref={backHref} />
        {subtitle ? <p className="place-subtitle">{subtitle}</p> : null}
      </div>
      {cities && cities.length > 0 ? (
        <BrowseSection title={<Trans>Cities</Trans>} icon="pin">
          <PlaceChips label={t`Cities`} chips={cities} />
        </BrowseSection>
      ) : null}
      <section className="browse-section" aria-labelledby="place-listings">
        <h2 className="visually-hidden" id="place-listings">
          {listTitle}
        </h2>
        {children}
      </section>
    </section>
  );
}
