import type { ApiCall, ResponseOf } from '@/contract/call';
import type { FirstCall } from '@/contract/first-paint';
import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@/contract/first-paint-keys';

/**
 * The answers a server-rendered page was rendered with (src/contract/first-paint.ts). On the server they are set
 * for the duration of one render; in the browser they are read once from the page and kept until the first
 * navigation, so the first render (the hydration) shows exactly what the server rendered. Every later render asks
 * the API as before.
 */
type Answers = Record<string, unknown>;

let answers: Answers | null | undefined;

function current(): Answers | null {
  if (answers !== undefined) return answers;
  answers = null;
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(FIRST_DATA_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answers = parsed as Answers;
  } catch {
    // A page whose data does not parse renders like any other: the API answers.
  }
  return answers;
}

/** The embedded answer to `call` with `payload`, if this render has one. */
export function firstAnswer<C extends ApiCall>({ call, payload }: FirstCall<C>): ResponseOf<C> | undefined {
  const all = current();
  if (!all) return undefined;
  const key = firstDataKey(call, payload);
  return Object.hasOwn(all, key) ? (all[key] as ResponseOf<C>) : undefined;
}

/**
 * Whether this render is a server-rendered page's first paint: on the server, during a render (its answers are set,
 * if only `{}`), and in the browser until the page's answers are forgotten.
 */
export function hasFirstData(): boolean {
  return current() !== null;
}

/** Sets the answers for a server render (null after it); in the browser, null forgets the page's answers. */
export function setFirstData(next: Answers | null): void {
  answers = next;
}
