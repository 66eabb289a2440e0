import { createContext, useContext } from 'react';

/**
 * Asks the console's frame to read the queue counts again (issue 31 item 9): a screen calls it after every action,
 * so the tabs' counts follow the work done.
 */
export const AdminCountsRefresh = createContext<() => void>(() => undefined);

export function useRefreshAdminCounts(): () => void {
  return useContext(AdminCountsRefresh);
}
