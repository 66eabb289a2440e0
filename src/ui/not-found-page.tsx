import { Trans } from '@lingui/react/macro';

/** The 404 page (spec section 2 overlay 7): the title and the path that matched nothing. */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">
        <Trans>Page Not Found</Trans>
      </h1>
      <p>
        <Trans>Page not found: {path}</Trans>
      </p>
    </section>
  );
}
