import { useLingui } from '@lingui/react/macro';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { DirectoryIcon, type DirectoryIconName } from './directory-icons';
import { AppLink } from '../kit/link';
import { ErrorState, ListingSkeletonGrid } from './listing-list';
import './directory.css';

/**
 * Building blocks of the browse screens: a titled section, the loading / error / empty / content switch every
 * section goes through (DESIGN section 10), and place chips (regions, cities, history).
 */

export interface BrowseSectionProps {
  title: ReactNode;
  icon?: DirectoryIconName;
  /** A link after the title ("See all"), already rendered. */
  more?: ReactNode;
  children: ReactNode;
}

export function BrowseSection({ title, icon, more, children }: BrowseSectionProps) {
  const id = useId();
  return (
    <section className="browse-section" aria-labelledby={id}>
      <div className="browse-section-header">
        <h2 className="browse-section-title" id={id}>
          {icon ? <DirectoryIcon name={icon} /> : null}
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  );
}

/**
 * A section's "See all" link. Its accessible name names the section ("See all: New venues"), so the page's several
 * "See all" links are told apart by screen readers.
 */
export function SeeAllLink({ href, section }: { href: string; section: string }) {
  const { t } = useLingui();
  return (
    <AppLink className="text-link" href={href} aria-label={t`See all: ${section}`}>
      {t({ message: 'See all', context: 'link after a section title, to the page listing everything' })}
    </AppLink>
  );
}

export interface SectionStateProps {
  status: 'loading' | 'ready' | 'error';
  /** The failure, already translated. */
  error?: string;
  onRetry(): void;
  /** Shown while loading. */
  skeleton: ReactNode;
  isEmpty: boolean;
  /** The empty state, with a next step. */
  empty: ReactNode;
  children: ReactNode;
}

/** Loading → skeleton; failed → error with retry; loaded and empty → the empty state; else the content. */
export function SectionState({ status, error, onRetry, skeleton, isEmpty, empty, children }: SectionStateProps) {
  if (status === 'loading') return <>{skeleton}</>;
  if (status === 'error') return <ErrorState message={error ?? ''} onRetry={onRetry} />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}

export interface PlaceChip {
  key: string;
  href: string;
  label: string;
  /** A second, quieter text: the region of a city, a count. */
  detail?: ReactNode;
  /** The language of `label` when it is not the page's (a history entry typed in another script). */
  lang?: string;
}

export interface PlaceChipsProps {
  label: string;
  chips: PlaceChip[];
  /** A plain click on a chip (the search page records the pick first); modified clicks open the link. */
  onPick?(chip: PlaceChip): void;
}

function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** One chip: a link to the place; `onPick` takes plain clicks (the search page records the pick first). */
export function PlaceChipLink({ chip, onPick }: { chip: PlaceChip; onPick?(chip: PlaceChip): void }) {
  return (
    <AppLink
      className="chip"
      href={chip.href}
      onClick={
        onPick
          ? (event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              onPick(chip);
            }
          : undefined
      }
    >
      <DirectoryIcon name="pin" size={18} />
      <span lang={chip.lang}>{chip.label}</span>
      {chip.detail ? <span className="chip-detail">{chip.detail}</span> : null}
    </AppLink>
  );
}

export function PlaceChips({ label, chips, onPick }: PlaceChipsProps) {
  return (
    <ul className="chip-list" aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <PlaceChipLink chip={chip} onPick={onPick} />
        </li>
      ))}
    </ul>
  );
}

export function ChipSkeletons({ count = 6 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div className="chip-list" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <span key={i} className="skeleton chip-skeleton" aria-hidden="true" />
      ))}
      <span className="visually-hidden" role="status">
        {t`Loading…`}
      </span>
    </div>
  );
}

/** A listing section's skeleton: a few card shapes. */
export function CardSkeletons({ count = 4 }: { count?: number }) {
  return <ListingSkeletonGrid count={count} />;
}
