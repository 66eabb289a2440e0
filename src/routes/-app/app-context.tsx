import { createContext, use, useContext } from 'react';
import type { AppSystem } from './app-system';

/**
 * The app-wide actors arrive as a promise: the system (XState, zod, the envelope's crypto) is loaded right after
 * the first render instead of before it, which keeps the home route's initial JavaScript inside its budget.
 */
export const AppSystemContext = createContext<Promise<AppSystem> | null>(null);

/** The app-wide actors, for route components (ui components get plain props instead); suspends until loaded. */
export function useAppSystem(): AppSystem {
  const system = useContext(AppSystemContext);
  if (!system) throw new Error('useAppSystem outside AppSystemContext');
  return use(system);
}
