import { nextTask } from '@/services/deferred-start';

/**
 * The steps, in order, each a chunk evaluated in a task of its own: zod with the call envelope's few schemas (not
 * `import('zod')`: a chunk of zod's own would be all of zod, every locale included, since nothing could be left out of
 * a namespace imported whole), then the contract's shared fields, economy, shapes, the venue calls and the profile
 * calls.
 */
const STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('@/contract/call'),
  () => import('@/contract/fields'),
  () => import('@/contract/economy'),
  () => import('@/contract/shapes'),
  () => import('@/contract/calls/merchant'),
  () => import('@/contract/calls/partner'),
];

/**
 * A loader that runs `steps` in order, awaiting `yieldTask` after each, once for all its callers; when a step fails
 * (offline), the next call starts again.
 */
export function stepLoader(steps: readonly (() => Promise<unknown>)[], yieldTask: () => Promise<void>): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    if (!loading) {
      loading = (async () => {
        for (const step of steps) {
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
 * calls) one step per task; XState, quick to evaluate, comes with the first chunk that needs it. A chunk that needs
 * them would otherwise evaluate them with itself, in one task that holds a slow phone's main thread for a few
 * hundred milliseconds while a tap on the page waits (issue 10, total blocking time). Whatever imports such a chunk
 * awaits this first: the app system, the search screen, the overlays, and the place and detail routes' beforeLoad.
 * It runs once; a step that fails (offline) is tried again by the next caller.
 */
export const loadAppLibraries: () => Promise<void> = stepLoader(STEPS, nextTask);
