import { useLingui } from '@lingui/react';
import { useParams } from '@tanstack/react-router';
import { ErrorPage } from '@/ui/app/error-page';
import { ERROR_PAGE_TITLES } from '@/ui/app/error-titles';
import { useAppSystem } from './app-context';
import { useDocumentTitle } from './use-document-title';

/**
 * The 401, 403 and 404 pages (/{lang}/401, /403, /404): the error page of that status, with its own document title
 * (the server writes the same one into the HTML it answers with that status). Login goes to the member page.
 */
export function ErrorStatusRoute({ status }: { status: 401 | 403 | 404 }) {
  const { lang } = useParams({ from: '/$lang' });
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(ERROR_PAGE_TITLES[status]));
  const { session } = useAppSystem();
  return (
    <ErrorPage
      status={status}
      path={`/${status}`}
      homeHref={`/${lang}`}
      onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member` } } })}
    />
  );
}
