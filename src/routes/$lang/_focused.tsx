import { createFileRoute } from '@tanstack/react-router';
import { Frame } from '@/routes/-app/frame';

/** Layout `auth` (named `_focused`: `_auth` is the login guard): the form's bar and the language switch, no tab bar. */
export const Route = createFileRoute('/$lang/_focused')({
  component: FocusedLayout,
});

function FocusedLayout() {
  return <Frame header="page" tabBar={false} languageSwitch />;
}
