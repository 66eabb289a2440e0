import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';

/** Layout `search`: the page's bar (back button, the place's title) with the language switch, no tab bar: region, city and source pages. */
export const Route = createFileRoute('/$lang/_search')({
  component: SearchLayout,
});

function SearchLayout() {
  return <Frame header="page" tabBar={false} languageSwitch />;
}
