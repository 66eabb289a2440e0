import { createContext, useContext } from 'react';
import type { AppSystem } from './app-system';

export const AppSystemContext = createContext<AppSystem | null>(null);

/** The app-wide actors, for route components (ui components get plain props instead). */
export function useAppSystem(): AppSystem {
  const system = useContext(AppSystemContext);
  if (!system) throw new Error('useAppSystem outside AppSystemContext');
  return system;
}
