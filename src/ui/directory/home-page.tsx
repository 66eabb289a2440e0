import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { NavIcon } from '../kit/nav-icons';
import './directory.css';

export interface HomeSearchFormProps {
  locale: string;
  /**
   * Opens the search page with the keyword. Without it the box is a plain form that loads
   * /{locale}/search?q=… (it works before any script of the app has loaded).
   */
  onSearch?(keyword: string): void;
}

/** Home: what the app is, then the browse sections (the search box is in the header: HomeSearchForm). */
export function HomePage({ children }: { children?: ReactNode }) {
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title">
          <Trans>Venues and hosts in your city</Trans>
        </h1>
        <p>
          <Trans>Find places to go and people who know them, in your language.</Trans>
        </p>
      </section>
      {children}
    </>
  );
}

/** The home's search box, in the header of the `default-search` layout. */
export function HomeSearchForm({ locale, onSearch }: HomeSearchFormProps) {
  const { t } = useLingui();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSearch) return;
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onSearch(keyword);
  };
  return (
    <form className="search-form" role="search" action={`/${locale}/search`} method="get" onSubmit={submit}>
      <label className="search-field">
        <span className="visually-hidden">{t`Search cities, venues and profiles`}</span>
        <NavIcon name="search" />
        <input className="search-input" type="search" name="q" maxLength={50} autoComplete="off" placeholder={t`City, venue or name`} />
      </label>
      <button className="button button--primary" type="submit">
        {t({ message: 'Search', context: 'button' })}
      </button>
    </form>
  );
}
