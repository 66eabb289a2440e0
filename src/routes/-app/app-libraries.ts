import { nextTask } from '@/services/deferred-start';

let loading: Promise<void> | null = null;

/**
 * Evaluates the libraries of the app's machines and calls (zod; the contract's shared fields and shapes; the listing
 * calls) one step per task; XState, quick to evaluate, comes with the first chunk that needs it. A chunk that needs
 * them would otherwise evaluate them with itself, in one task that holds a slow phone's main thread for a few
 * hundred milliseconds while a tap on the page waits (issue 10, total blocking time). The app system and the lazy
 * screens that start machines of their own (the search) await this before they import their chunk; it runs once.
 */
export function loadAppLibraries(): Promise<void> {
  loading ??= (async () => {
    // zod with the call envelope's few schemas (not `import('zod')`: a chunk of zod's own would be all of zod,
    // every locale included, since nothing could be left out of a namespace imported whole).
    await import('@/contract/call');
    await nextTask();
    await import('@/contract/fields');
    await nextTask();
    await import('@/contract/economy');
    await nextTask();
    await import('@/contract/shapes');
    await nextTask();
    await import('@/contract/calls/merchant');
    await nextTask();
    await import('@/contract/calls/partner');
    await nextTask();
  })();
  return loading;
}
