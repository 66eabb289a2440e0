import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';
import { authBeforeLoad } from '@/routes/-app/guards';

/**
 * Layout `message`: the conversation's own header fills the top, the page the rest; no tab bar, no language switch.
 * Every page of it is for members: the layout route is also their `auth` guard (STYLE rule 14a).
 */
export const Route = createFileRoute('/$lang/_message')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: (args): Promise<void> | undefined => authBeforeLoad(args),
  component: MessageLayout,
});

function MessageLayout() {
  return <Frame header="page" tabBar={false} languageSwitch={false} flush />;
}
