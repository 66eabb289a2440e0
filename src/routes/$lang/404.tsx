import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/ui/app/error-page';
import { useAppSystem } from '../-app/app-context';

export const Route = createFileRoute('/$lang/404')({
  component: ErrorRoute,
});

function ErrorRoute() {
  const { lang } = Route.useParams();
  const { session } = useAppSystem();
  return (
    <ErrorPage
      status={404}
      path="/404"
      homeHref={`/${lang}`}
      onLogin={() => session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: `/${lang}/member` } } })}
    />
  );
}
