import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react';
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

/** Systems that have loaded, by their promise (recorded without starting a lazy one: see useLoadedAppSystem). */
const loaded = new WeakMap<Promise<AppSystem>, AppSystem>();

/** Records the system once it has loaded, so every render after that reads it at once (main.tsx calls it). */
export function trackAppSystem(pending: Promise<AppSystem>): Promise<AppSystem> {
  // Promise.prototype.then rather than the promise's own: waiting here must not start a lazy system.
  return Promise.prototype.then.call(pending, (system: AppSystem) => {
    loaded.set(pending, system);
    // As React's `use` marks a promise it has seen settle (settled.ts): a render that needs the system reads it at once.
    Object.assign(pending, { status: 'fulfilled', value: system });
    return system;
  }) as Promise<AppSystem>;
}

function subscribeTo(pending: Promise<AppSystem>) {
  return (notify: () => void) => {
    let live = true;
    trackAppSystem(pending).then(
      () => live && notify(),
      () => undefined,
    );
    return () => {
      live = false;
    };
  };
}

/**
 * The app-wide actors once they have loaded, else null, without suspending and without starting them: for parts of
 * a page the server renders (src/contract/first-paint.ts), which render for a guest until the system is there. On
 * the server, and in the hydration of what it rendered, it is null.
 */
export function useLoadedAppSystem(): AppSystem | null {
  const pending = useContext(AppSystemContext);
  if (!pending) throw new Error('useLoadedAppSystem outside AppSystemContext');
  return useSyncExternalStore(
    useMemo(() => subscribeTo(pending), [pending]),
    () => loaded.get(pending) ?? null,
    () => null,
  );
}
