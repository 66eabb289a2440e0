import { createContext, type ReactNode } from 'react';

/**
 * A signed-in page's first paint from the server (src/entry-server.tsx `renderShell`, docs/decisions.md "Signed-in
 * pages"): the layout's frame around this skeleton of the page, in place of the page itself, which needs the
 * member's session (in the browser's storage, not on the server). Null everywhere else: the layout shows its page.
 */
export const ServerShellContext = createContext<ReactNode>(null);
