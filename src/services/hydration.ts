/**
 * The app taking over a page the server rendered (src/main.tsx, public/first-paint-boot.js).
 *
 * React hydrates the root's markup first and each Suspense boundary inside it later, at idle priority (the
 * router wraps every page in one), so "the root has hydrated" is not "the page is live". `whenHydrated` waits for
 * the boundaries too; then what the user did before is handed to the app:
 *
 * - **Buttons tapped** before the app ran (the boot script keeps them): pressed again.
 * - **Fields changed** before React hydrated them (a filter picked, text typed): React 19 neither reports such a
 *   change nor resets it (its "replay change events after hydration" is still behind a flag), so the field would
 *   show the user's choice while the app goes on with the server's. Each field the user changed (the boot script
 *   keeps them) whose value differs from the app's gets the change event React would have had.
 *
 * Links need nothing: before the app they work as plain links, after it the router has them.
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

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Input types whose value is text a user types or picks; checkboxes, radios, files and buttons are left alone. */
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', 'date', 'time', 'month', 'week', 'datetime-local', 'color', 'range']);

function isUserField(field: Element): field is Field {
  if (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) return !field.disabled;
  return field instanceof HTMLInputElement && TEXT_TYPES.has(field.type) && !field.disabled && !field.readOnly;
}

/**
 * The value the app holds for a field the user changed before it took the page over: the one the server rendered
 * (a select's option marked `selected`, an input's `value` attribute), which React hydrates the field with. The
 * user's choice stays on screen meanwhile, until React renders the field again and puts its own value back.
 * (Should a select's change reach the app during the hydration as well, reporting it again sets the same value;
 * should React have hydrated the select for the pick and put the server's option back, reporting it restores it.)
 */
function appValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const options = Array.from(field.options);
    return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? '';
  }
  return field.defaultValue;
}

/**
 * Reports to the app each field the user changed before it took the page over (the boot script keeps their last
 * values in `window.__firstPaintFields`), where the app still holds another value. React notices a change by
 * comparing a field's value with the one it last saw (set through the element's own `value` property), so the
 * field is first given the app's value that way, then the user's past it (the prototype's setter), and the event
 * React listens to is dispatched. Both writes happen in one task: nothing flickers.
 */
export function replayEarlyChanges(): void {
  const kept = (window as { __firstPaintFields?: { field: Element; value: string }[] }).__firstPaintFields ?? [];
  const latest = new Map<Field, string>();
  for (const { field, value } of kept.splice(0)) if (isUserField(field)) latest.set(field, value);
  for (const [field, user] of latest) {
    const held = appValue(field);
    if (!field.isConnected || user === held) continue;
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
    if (!setValue) continue;
    field.value = held;
    setValue.call(field, user);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

/** Presses the buttons the boot script kept (`window.__firstPaintTaps`) that are still on the page and enabled. */
export function replayEarlyTaps(): void {
  const taps = (window as { __firstPaintTaps?: HTMLButtonElement[] }).__firstPaintTaps ?? [];
  for (const button of taps.splice(0)) if (button.isConnected && !button.disabled) button.click();
}
