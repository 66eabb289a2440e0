import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';
import { authBeforeLoad } from '@/routes/-app/guards';

/**
 * Layout `collection`: the white title bar (label.collection), the language switch and the tab bar (a tab's page).
 * Every page of it is for members: the layout route is also their `auth` guard (STYLE rule 14a).
 */
export const Route = createFileRoute('/$lang/_collection')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: (args): Promise<void> | undefined => authBeforeLoad(args),
  component: CollectionLayout,
});

function CollectionLayout() {
  return <Frame header="page" white tabBar languageSwitch />;
}
