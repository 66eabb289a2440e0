import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';
import { authBeforeLoad } from '@/routes/-app/guards';

/**
 * Layout `content`: the page's bar only (back and plus buttons), no tab bar: an owner's listings, forms and previews.
 * Every page of it is for members: the layout route is also their `auth` guard (STYLE rule 14a).
 */
export const Route = createFileRoute('/$lang/_content')({
  // Typed: the matches' type is read from the route tree this route is part of.
  beforeLoad: (args): Promise<void> | undefined => authBeforeLoad(args),
  component: ContentLayout,
});

function ContentLayout() {
  return <Frame header="page" tabBar={false} languageSwitch={false} />;
}
