import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';
import { authBeforeLoad } from '@/routes/-app/guards';

/**
 * Layout `mine`: the page's bar (back, title), no language switch, no tab bar: settings and the KYC steps.
 * Every page of it is for members: the layout route is also their `auth` guard (STYLE rule 14a).
 */
export const Route = createFileRoute('/$lang/_mine')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: (args): Promise<void> | undefined => authBeforeLoad(args),
  component: MineLayout,
});

function MineLayout() {
  return <Frame header="page" tabBar={false} languageSwitch={false} />;
}
