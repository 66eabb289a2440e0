import { useLingui } from '@lingui/react';
import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/ui/app/error-page';
import { ERROR_PAGE_TITLES } from '@/ui/app/error-titles';
import { useAppSystem } from '@/routes/-app/app-context';
import { useDocumentTitle } from '@/routes/-app/use-document-title';

export const Route = createFileRoute('/$lang/_default/403')({
  component: ErrorRoute,
});

function ErrorRoute() {
  const { lang } = Route.useParams();
  const { i18n } = useLingui();
  useDocumentTitle(i18n._(ERROR_PAGE_TITLES[403]));
  const { session } = useAppSystem();
  return (
    <ErrorPage
      status={403}
      path="/403"
      homeHref={`/${lang}`}
      onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member` } } })}
    />
  );
}
