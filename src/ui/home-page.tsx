import { Trans } from '@lingui/react/macro';

/** Home: what the app is. The directory issue adds the search box, hot cities, regions and listings. */
export function HomePage(_props: { locale: string }) {
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title">
        <Trans>Venues and hosts in your city</Trans>
      </h1>
      <p>
        <Trans>Find places to go and people who know them, in your language.</Trans>
      </p>
    </section>
  );
}
