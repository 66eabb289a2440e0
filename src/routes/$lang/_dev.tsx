import { createFileRoute, notFound } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';

/**
 * Layout `dev` (spec section 2): pages served only in development, in the default frame without tabs. It has none
 * yet; in a production build a page under it is the 404 page.
 */
export const Route = createFileRoute('/$lang/_dev')({
  beforeLoad: () => {
    if (!import.meta.env.DEV) throw notFound();
  },
  component: DevLayout,
});

function DevLayout() {
  return <Frame header="brand" tabBar={false} languageSwitch />;
}
