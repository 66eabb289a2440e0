import { ErrorPage } from './error-page';

/** The 404 page (spec section 2 overlay 7): the title and the path that matched nothing. */
export function NotFoundPage({ path, homeHref }: { path: string; homeHref?: string }) {
  return <ErrorPage status={404} path={path} homeHref={homeHref} />;
}
