import { createContext, type ReactNode } from 'react';

/**
 * What the page's layout adds to its title bar when that bar is the page's top bar (AppShell `header="page"`): the
 * white look (the collection layout) and controls of the frame at its end (the language switch).
 */
export interface PageHeaderFrame {
  white?: boolean;
  end?: ReactNode;
}

/** Provided by AppShell (ui/app/app-shell.tsx), read by PageHeader; apart from it so the shell does not load the icons. */
export const PageHeaderFrameContext = createContext<PageHeaderFrame>({});
