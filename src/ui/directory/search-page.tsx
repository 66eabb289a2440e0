import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { BrowseSection, ChipSkeletons, type PlaceChip, PlaceChipLink, PlaceChips, SectionState } from './browse-section';
import { Button } from '../kit/button';
import { DirectoryIcon } from './directory-icons';
import { AppLink } from '../kit/link';
import { EmptyState, ErrorState } from './listing-list';
import { PageHeader } from '../kit/page-header';
import { useValueSetBeforeApp } from '../kit/use-value-set-before-app';
import './directory.css';

/**
 * The search page (/{lang}/search): the box (results as you type), and, while it is empty, the search history
 * with its clear button and the popular cities. Results come in four groups: regions, cities, venues, profiles.
 * Picking a city (a result, a history entry or a popular city) goes through `onPickCity`, which records it first.
 */

export interface SearchResultRow {
  key: string;
  href: string;
  name: string;
  detail?: string;
  thumb?: string | null;
}

export interface SearchResultsView {
  regions: PlaceChip[];
  cities: PlaceChip[];
  venues: SearchResultRow[];
  profiles: SearchResultRow[];
}

export type HistoryEntry = { key: string; kind: 'keyword'; keyword: string } | { key: string; kind: 'city'; chip: PlaceChip };

export interface LoadView {
  status: 'loading' | 'ready' | 'error';
  /** The failure, already translated. */
  error?: string;
  onRetry(): void;
}

export interface SearchPageProps {
  backHref: string;
  initialText: string;
  onType(text: string): void;
  onSubmit(): void;
  /** The keyword being searched (the box's text, trimmed); '' when the box is blank. */
  keyword: string;
  /** Waiting for the debounce or the answer. */
  searching: boolean;
  /** The newest answer and the keyword it is for; null before the first. */
  results: SearchResultsView | null;
  resultsFor: string;
  /** The search failed, already translated. */
  searchError?: string;
  onRetrySearch(): void;
  history: LoadView & {
    entries: HistoryEntry[];
    clearing: boolean;
    clearError?: string;
    onClear(): void;
  };
  hot: LoadView & { chips: PlaceChip[] };
  onPickCity(chip: PlaceChip): void;
  /** A city is being recorded before the page leaves: the page is busy. */
  leaving: boolean;
}

function ResultRows({ label, rows }: { label: string; rows: SearchResultRow[] }) {
  return (
    <ul className="result-list" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <AppLink className="result-row" href={row.href}>
            {row.thumb ? (
              <img className="result-thumb" src={row.thumb} alt="" width={48} height={48} loading="lazy" decoding="async" />
            ) : (
              <span className="result-thumb" aria-hidden="true" />
            )}
            <span className="result-text">
              <span className="result-name">{row.name}</span>
              {row.detail ? <span className="result-detail">{row.detail}</span> : null}
            </span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

function Group({ title, children }: { title: ReactNode; children: ReactNode }) {
  return <BrowseSection title={title}>{children}</BrowseSection>;
}

export function SearchPage(props: SearchPageProps) {
  const { t } = useLingui();
  const [text, setText] = useState(props.initialText);
  const { results, history, hot } = props;

  const type = (value: string) => {
    setText(value);
    props.onType(value);
  };
  const box = useRef<HTMLInputElement>(null);
  // Text typed into the server-rendered box before the app had it is searched once the app has it.
  useValueSetBeforeApp(box, text, type);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const searchKeyword = (keyword: string) => {
    type(keyword);
    props.onSubmit();
  };

  const total = results ? results.regions.length + results.cities.length + results.venues.length + results.profiles.length : 0;
  const showResults = props.keyword !== '';
  const resultsFor = props.resultsFor;

  return (
    <section className="search-page" aria-busy={props.leaving || undefined}>
      <PageHeader title={t`Search`} backHref={props.backHref} />
      <form className="search-form" role="search" onSubmit={submit}>
        <label className="search-field">
          <span className="visually-hidden">{t`Search cities, venues and profiles`}</span>
          <DirectoryIcon name="search" />
          <input
            ref={box}
            className="search-input"
            type="search"
            name="q"
            value={text}
            onChange={(event) => type(event.target.value)}
            maxLength={50}
            autoComplete="off"
            enterKeyHint="search"
            placeholder={t`City, venue or name`}
          />
        </label>
        <Button type="submit">{t({ message: 'Search', context: 'button' })}</Button>
      </form>

      <p className="search-status" role="status">
        {showResults && props.searching ? <Trans>Searching…</Trans> : null}
        {showResults && !props.searching && results && resultsFor === props.keyword ? (
          <Plural value={total} _0={`No results for “${resultsFor}”`} one={`# result for “${resultsFor}”`} other={`# results for “${resultsFor}”`} />
        ) : null}
      </p>

      {showResults ? (
        <div className="search-results">
          {props.searchError ? <ErrorState message={props.searchError} onRetry={props.onRetrySearch} /> : null}
          {results && total === 0 && !props.searching && !props.searchError ? (
            <EmptyState title={<Trans>Nothing matches “{resultsFor}”.</Trans>}>
              <p>
                <Trans>Try the name of a city or region, in any language.</Trans>
              </p>
            </EmptyState>
          ) : null}
          {results && results.regions.length > 0 ? (
            <Group title={<Trans>Regions</Trans>}>
              <PlaceChips label={t`Regions`} chips={results.regions} />
            </Group>
          ) : null}
          {results && results.cities.length > 0 ? (
            <Group title={<Trans>Cities</Trans>}>
              <PlaceChips label={t`Cities`} chips={results.cities} onPick={props.onPickCity} />
            </Group>
          ) : null}
          {results && results.venues.length > 0 ? (
            <Group title={<Trans>Venues</Trans>}>
              <ResultRows label={t`Venues`} rows={results.venues} />
            </Group>
          ) : null}
          {results && results.profiles.length > 0 ? (
            <Group title={<Trans>Profiles</Trans>}>
              <ResultRows label={t`Profiles`} rows={results.profiles} />
            </Group>
          ) : null}
        </div>
      ) : (
        <>
          <BrowseSection
            title={<Trans>Recent searches</Trans>}
            icon="clock"
            more={
              history.status === 'ready' && history.entries.length > 0 ? (
                <Button variant="link" busy={history.clearing} onClick={history.onClear}>
                  {t`Clear history`}
                </Button>
              ) : undefined
            }
          >
            <SectionState
              status={history.status}
              error={history.error}
              onRetry={history.onRetry}
              skeleton={<ChipSkeletons count={3} />}
              isEmpty={history.entries.length === 0}
              empty={
                <p className="search-status">
                  <Trans>Your searches will appear here.</Trans>
                </p>
              }
            >
              <ul className="chip-list history-list" aria-label={t`Recent searches`}>
                {history.entries.map((entry) => (
                  <li key={entry.key}>
                    {entry.kind === 'city' ? (
                      <PlaceChipLink chip={entry.chip} onPick={props.onPickCity} />
                    ) : (
                      <button type="button" className="chip" onClick={() => searchKeyword(entry.keyword)}>
                        <DirectoryIcon name="search" size={18} />
                        <span>{entry.keyword}</span>
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            </SectionState>
            {history.clearError ? (
              <p className="form-error" role="alert">
                {history.clearError}
              </p>
            ) : null}
          </BrowseSection>

          <BrowseSection title={<Trans>Popular cities</Trans>} icon="trendUp">
            <SectionState
              status={hot.status}
              error={hot.error}
              onRetry={hot.onRetry}
              skeleton={<ChipSkeletons />}
              isEmpty={hot.chips.length === 0}
              empty={
                <p className="search-status">
                  <Trans>No city is trending yet. Type a city above.</Trans>
                </p>
              }
            >
              <PlaceChips label={t`Popular cities`} chips={hot.chips} onPick={props.onPickCity} />
            </SectionState>
          </BrowseSection>
        </>
      )}
    </section>
  );
}
