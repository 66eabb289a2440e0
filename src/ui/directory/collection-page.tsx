import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ListingTabs, type ListingTab } from './listing-filters';
import { PageHeader } from '../kit/page-header';
import './directory.css';

/**
 * /collection/{source} (spec section 2: collection layout, title label.collection, white header): the viewer's
 * favourite venues or profiles, newest first.
 */
export interface CollectionPageProps {
  /** The page title, already translated (label.collection). */
  title: string;
  /** The favourites are a main tab: no back button unless a caller gives one. */
  backHref?: string;
  tabs: ListingTab[];
  /** The list of the current tab. */
  children: ReactNode;
}

export function CollectionPage({ title, backHref, tabs, children }: CollectionPageProps) {
  const { t } = useLingui();
  return (
    <section className="browse-page">
      <PageHeader title={title} backHref={backHref} white />
      <ListingTabs label={t`Favourites`} tabs={tabs} />
      <section className="browse-section" aria-label={t`Saved listings`}>
        {children}
      </section>
    </section>
  );
}

/** What an empty collection says, with the way to fill it. */
export function EmptyCollectionText({ partner }: { partner: boolean }) {
  return partner ? (
    <Trans>You have not saved any profile yet. Tap the heart on a profile to keep it here.</Trans>
  ) : (
    <Trans>You have not saved any venue yet. Tap the heart on a venue to keep it here.</Trans>
  );
}
