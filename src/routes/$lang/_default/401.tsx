import { createFileRoute } from '@tanstack/react-router';
import { ErrorStatusRoute } from '@/routes/-app/error-status-route';

export const Route = createFileRoute('/$lang/_default/401')({
  component: () => <ErrorStatusRoute status={401} />,
});
