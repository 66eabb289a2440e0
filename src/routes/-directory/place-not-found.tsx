import { useLocation } from '@tanstack/react-router';
import { NotFoundPage } from '@/ui/app/not-found-page';

/**
 * The 404 page of a route whose guard refused its params (region-route-verify, a bad collection source). Given to
 * the route itself as its notFoundComponent, so the page renders inside the app shell (header, tabs, language
 * switch) like any other 404; left to the router, a not-found thrown in beforeLoad replaces the whole `$lang`
 * layout.
 */
export function PlaceNotFound() {
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} />;
}
