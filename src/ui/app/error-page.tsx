import { Trans } from '@lingui/react/macro';
import { Button } from '../kit/button';
import { NavIcon } from '../kit/nav-icons';
import { StatusIcon } from '../kit/status-icon';
import { AppLink } from '../kit/link';

export type ErrorPageStatus = 401 | 403 | 404 | 500;

export interface ErrorPageProps {
  status: ErrorPageStatus;
  /** The path that matched nothing (404). */
  path?: string;
  /** The localized home page. */
  homeHref?: string;
  /** 401: opens the login dialog. */
  onLogin?(): void;
  /** 500: tries again; without it the page reloads. */
  onRetry?(): void;
}

function Title({ status }: { status: ErrorPageStatus }) {
  switch (status) {
    case 401:
      return <Trans>Please log in</Trans>;
    case 403:
      return <Trans>Access denied</Trans>;
    case 404:
      return <Trans>Page Not Found</Trans>;
    case 500:
      return <Trans>Internal Server Error</Trans>;
  }
}

function Text({ status, path }: { status: ErrorPageStatus; path: string }) {
  switch (status) {
    case 401:
      return <Trans>You need to be logged in to see this page.</Trans>;
    case 403:
      return <Trans>Your account does not have access to this page.</Trans>;
    case 404:
      return <Trans>Page not found: {path}</Trans>;
    case 500:
      return <Trans>Something went wrong on our side. Please try again in a moment.</Trans>;
  }
}

/** The error pages (spec section 2, overlay 7, and routes /401, /403, /404), each with a way home. */
export function ErrorPage({ status, path = '', homeHref = '/', onLogin, onRetry }: ErrorPageProps) {
  return (
    <section className="error-page" aria-labelledby="error-title">
      <StatusIcon kind={status === 500 ? 'error' : status === 404 ? 'info' : 'warning'} />
      <h1 id="error-title">
        <Title status={status} />
      </h1>
      <p>
        <Text status={status} path={path} />
      </p>
      <div className="error-page-actions">
        {status === 401 && onLogin ? (
          <Button onClick={onLogin}>
            <Trans>Log in</Trans>
          </Button>
        ) : null}
        {status === 500 ? (
          <Button onClick={onRetry ?? (() => window.location.reload())}>
            <NavIcon name="retry" size={20} />
            <Trans>Try again</Trans>
          </Button>
        ) : null}
        <AppLink className="button button--secondary" href={homeHref}>
          <NavIcon name="home" size={20} />
          <Trans>Go to the home page</Trans>
        </AppLink>
      </div>
    </section>
  );
}
