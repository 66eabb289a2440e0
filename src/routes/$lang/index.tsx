import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/ui/home-page';

export const Route = createFileRoute('/$lang/')({
  component: LocalizedHome,
});

function LocalizedHome() {
  const { lang } = Route.useParams();
  return <HomePage locale={lang} />;
}
