import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';

/** Layout `default` (spec section 2): brand header and tab bar, for the top-level pages. */
export const Route = createFileRoute('/$lang/_default')({
  component: DefaultLayout,
});

function DefaultLayout() {
  return <Frame header="brand" tabBar languageSwitch />;
}
