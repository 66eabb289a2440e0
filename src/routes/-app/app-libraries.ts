import { nextTask } from '@/services/deferred-start';

export type Step = () => Promise<unknown>;

/**
 * A loader that runs `steps` in order, awaiting `yieldTask` after each, once for all its callers; when a step fails
 * (offline), the next call starts again. `steps` may be a function that loads the list (a lazy module of its own).
 */
export function stepLoader(steps: readonly Step[] | (() => Promise<readonly Step[]>), yieldTask: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    if (!loading) {
      loading = (async () => {
        for (const step of typeof steps === 'function' ? await steps() : steps) {
          await step();
          await yieldTask();
        }
      })();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
}

/**
 * Evaluates the libraries of the app's machines and calls (zod; the contract's shared fields and shapes; the listing
 * calls; the API client; XState) one step per task. A chunk that needs them would otherwise evaluate them with
 * itself, in one task that holds a slow phone's main thread for a few hundred milliseconds while a tap on the page
 * waits (issue 10, total blocking time). Whatever imports such a chunk awaits this first: the app system, the
 * search screen, the overlays, and the place and detail routes' beforeLoad. It runs once; a step that fails
 * (offline) is tried again by the next caller. The steps are listed in a module of their own
 * (app-library-steps.ts), loaded first: each lazy import carries the list of the chunks it needs, and those lists
 * are not the first page's to download.
 */
export const loadAppLibraries: () => Promise<void> = stepLoader(() => import('./app-library-steps').then((m) => m.STEPS), nextTask);
