/**
 * The app taking over a page the server rendered (src/main.tsx, public/first-paint-boot.js).
 *
 * React hydrates the root's markup first and each Suspense boundary inside it later, at idle priority (the
 * router wraps every page in one), so "the root has hydrated" is not "the page is live". `whenHydrated` waits for
 * the boundaries too; then the buttons tapped before the app ran (the boot script keeps them) are pressed again.
 *
 * Fields changed before React hydrated them (a filter picked, a language chosen, text typed into the search page's
 * box) report the change themselves, from an effect of their own (src/ui/kit/use-value-set-before-app.ts): only
 * React knows when it has committed a field. Links need nothing: before the app they work as plain links, after it
 * the router has them.
 */

import { nextTask } from './deferred-start';

declare global {
  interface Window {
    /** Set by the boot script: settles true once its worker has loaded the number formatters' data. */
    __numbersWarm?: Promise<boolean>;
  }
}

/**
 * Resolves once the browser's number data (ICU) is loaded, so that the hydration's first formatter does not load it
 * in the middle of a render: a page's first `Intl.NumberFormat` takes about 40 ms of the main thread here (150 ms on
 * a phone 4× slower), and the data, once loaded, serves every thread of the page. The boot script's worker loads it
 * (public/intl-warmup.js); where there is none, it did not answer within `limitMs`, or it failed, the data is loaded
 * here, in a task of its own.
 */
export async function numbersWarmed(
  locale: string,
  { warm = typeof window === 'undefined' ? undefined : window.__numbersWarm, limitMs = 1000 }: { warm?: Promise<boolean>; limitMs?: number } = {},
): Promise<'worker' | 'main thread'> {
  if (warm) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const warmed = await Promise.race([warm, new Promise<false>((resolve) => (timer = setTimeout(resolve, limitMs, false)))]);
    clearTimeout(timer);
    if (warmed) return 'worker';
  }
  await nextTask();
  try {
    new Intl.NumberFormat(locale).format(0);
  } catch {
    // Only a warm-up: the render formats with whatever the browser has.
  }
  return 'main thread';
}

/** React's own key on the elements it owns (its fiber), present once an element is hydrated. */
const hydratedElement = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/**
 * How many of the server's Suspense boundaries under `root` React has yet to hydrate: a boundary is the comment
 * pair `<!--$-->…<!--/$-->` in React's markup, hydrated once its first element is React's.
 */
export function pendingBoundaries(root: Node): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let pending = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node as Comment).data !== '$') continue;
    let first = node.nextSibling;
    while (first && first.nodeType !== Node.ELEMENT_NODE && !(first.nodeType === Node.COMMENT_NODE && (first as Comment).data === '/$')) {
      first = first.nextSibling;
    }
    if (first?.nodeType === Node.ELEMENT_NODE && !hydratedElement(first as Element)) pending += 1;
  }
  return pending;
}

/** Resolves once every Suspense boundary under `root` is hydrated (checked every `intervalMs`; at most `limitMs`). */
export function whenHydrated(root: Node, { intervalMs = 30, limitMs = 10_000 } = {}): Promise<void> {
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      if (pendingBoundaries(root) === 0 || Date.now() - started >= limitMs) resolve();
      else setTimeout(check, intervalMs);
    };
    check();
  });
}

/** Presses the buttons the boot script kept (`window.__firstPaintTaps`) that are still on the page and enabled. */
export function replayEarlyTaps(): void {
  const taps = (window as { __firstPaintTaps?: HTMLButtonElement[] }).__firstPaintTaps ?? [];
  for (const button of taps.splice(0)) if (button.isConnected && !button.disabled) button.click();
}
