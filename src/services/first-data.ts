import type { ApiCall, ResponseOf } from '@/contract/call';
import type { FirstCall } from '@/contract/first-paint';
import { FIRST_DATA_ELEMENT_ID, firstDataKey } from '@/contract/first-paint-keys';

/**
 * The answers a server-rendered page was rendered with (src/contract/first-paint.ts). On the server they are set
 * for the duration of one render; in the browser they are read once from the page and kept until the first
 * navigation, so the first render (the hydration) shows exactly what the server rendered. Every later render asks
 * the API as before.
 */
export type Answers = Record<string, unknown>;

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

/**
 * The embedded answer to `call` with `payload`, if this render has one; from `kept` when given (answers a part of
 * the page kept for its own later hydration, src/routes/-app/kept-first-answers.tsx).
 */
export function firstAnswer<C extends ApiCall>({ call, payload }: FirstCall<C>, kept: Answers | null = current()): ResponseOf<C> | undefined {
  if (!kept) return undefined;
  const key = firstDataKey(call, payload);
  return Object.hasOwn(kept, key) ? (kept[key] as ResponseOf<C>) : undefined;
}

/**
 * Whether this render is a server-rendered page's first paint: on the server, during a render (its answers are set,
 * if only `{}`), and in the browser until the page's answers are forgotten.
 */
export function hasFirstData(): boolean {
  return current() !== null;
}

/** The page's answers as they are now (null once forgotten): for a part that hydrates later to keep. */
export function firstAnswers(): Answers | null {
  return current();
}

/** Sets the answers for a server render (null after it); in the browser, null forgets the page's answers. */
export function setFirstData(next: Answers | null): void {
  answers = next;
}
