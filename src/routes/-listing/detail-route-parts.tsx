import { useLingui } from '@lingui/react';
import { type ErrorComponentProps, useLocation, useRouter } from '@tanstack/react-router';
import { DetailLoadError, DetailSkeleton } from '@/ui/kit/detail-states';
import { NotFoundPage } from '@/ui/app/not-found-page';

/**
 * What the detail routes (and the owner's previews) show besides the page: the skeleton, the error with retry and
 * the 404 page. Deliberately light (no api client, no contract): a route's pendingComponent stays in the initial
 * bundle with its config.
 */

export const DetailPending = DetailSkeleton;

/** The server's msg of a refusal the api client reports (ApiError kind 'server'), read without importing it. */
function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { kind, message } = error as { kind?: unknown; message?: unknown };
  return kind === 'server' && typeof message === 'string' && message ? message : undefined;
}

export function DetailRouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <DetailLoadError
      message={serverMessage(error)}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}

/** An unknown, hidden or unpublished listing: the 404 page, the same for all (nothing tells them apart). */
export function DetailNotFound() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  return <NotFoundPage path={pathname} homeHref={`/${i18n.locale}`} />;
}
