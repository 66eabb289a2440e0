import type { I18n } from '@lingui/core';
import type { AnyRouter } from '@tanstack/react-router';
import type { SessionSnapshot } from '@/machines/account/session.machine';
import type { ChatActor } from '../-chat/chat-system';
import type { AppSystem } from './app-system';
import { loadFeatureCatalog } from './use-feature-catalog';

/**
 * What a signed-in page painted by the server (src/entry-server.tsx renderShell) waits for before the app renders it
 * in its place (src/main.tsx): the router's matches (the session checked, the page's chunks), and what the page's
 * first render would otherwise suspend on, showing nothing for a moment (settled.ts): the app system, the chat (a
 * session connects it at once; the conversations page reads it) and the page's feature catalog, which the server
 * names on #root.
 *
 * A page the server filled with the member's content (`member`) also waits for the data the app's own render shows
 * (MEMBER_DATA), so that the member's content stays on screen instead of giving way to the page's loading state;
 * at most MEMBER_DATA_WAIT_MS, after which a page whose data is late shows its own loading state as any page would.
 */
export async function whenShellPageReady(router: AnyRouter, system: Promise<AppSystem>, catalog: string | undefined, i18n: I18n, member: boolean): Promise<unknown> {
  // Watched from the start: the contact list may sync while the page's modules still load.
  const data = member ? system.then(watchMemberData) : null;
  // Its failure is the system's, which the wait below reports.
  data?.catch(() => undefined);
  await Promise.all([router.load(), system.then((s) => s.loadChat()), catalog ? loadFeatureCatalog(catalog, i18n) : null]);
  const needs = data ? MEMBER_DATA[router.state.matches.at(-1)?.routeId ?? ''] : undefined;
  if (!data || !needs) return;
  const watched = await data;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.all(needs.map((need) => watched[need])), new Promise((resolve) => (timer = setTimeout(resolve, MEMBER_DATA_WAIT_MS)))]);
  clearTimeout(timer);
}

export const MEMBER_DATA_WAIT_MS = 8_000;

/** The session has the member as the server has them now: their user and config asked once (or it has ended). */
const sessionSettled = (snapshot: SessionSnapshot) =>
  snapshot.matches('guest') || snapshot.matches('unreachable') || snapshot.matches({ authenticated: 'idle' });

function until<T extends { hasTag(tag: never): boolean }>(actor: { getSnapshot(): T; subscribe(next: (snapshot: T) => void): { unsubscribe(): void } }, done: (snapshot: T) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done(actor.getSnapshot())) return resolve();
    const subscription = actor.subscribe((snapshot) => {
      if (!done(snapshot)) return;
      subscription.unsubscribe();
      resolve();
    });
  });
}

/** The chat's contact list has been synced once since now (or the sync failed: the page shows its error). */
function contactsSynced(chat: ChatActor): Promise<void> {
  let seen = chat.getSnapshot().hasTag('syncing');
  return until(chat, (snapshot) => {
    if (snapshot.hasTag('syncing')) seen = true;
    return seen && !snapshot.hasTag('syncing');
  });
}

type MemberData = 'session' | 'contacts';

async function watchMemberData(app: AppSystem): Promise<Record<MemberData, Promise<void>>> {
  const session = until(app.session, sessionSettled);
  return { session, contacts: contactsSynced(await app.loadChat()) };
}

/** By route id (src/routes/-app/signed-in-pages.tsx): what the page's own render reads, in the app. */
const MEMBER_DATA: Record<string, MemberData[]> = {
  '/$lang/_default/member/': ['session'],
  // The balance (user/me) and the test-mode notice (home/config); the economy comes with the page.
  '/$lang/_default/_auth/member/point/': ['session'],
  '/$lang/_default/_auth/message/': ['session', 'contacts'],
};

/** A button's place in the server's paint: the index of each element on the way down from #root. */
function pathOf(top: readonly Element[], element: Element): number[] | null {
  const path: number[] = [];
  let node: Element = element;
  // The paint is detached by then (the app's render took its place): its top element is one of #root's former children.
  while (node.parentElement) {
    path.unshift([...node.parentElement.children].indexOf(node));
    node = node.parentElement;
  }
  const index = top.indexOf(node);
  return index < 0 ? null : [index, ...path];
}

/** The same button to a member: its text and its accessible name as the markup gives it. */
const sameButton = (a: Element, b: Element) => a.textContent === b.textContent && a.getAttribute('aria-label') === b.getAttribute('aria-label');

/**
 * The buttons tapped on the server's paint before the app had the page (the boot script keeps them:
 * public/first-paint-boot.js, until `data-app` is set), to press on the app's render in its place. The render is the
 * same markup, so the button at the same place, with the same text and name, is the one the member meant. Where the
 * render differs before it (a notice one has and the other not, a row that changed meanwhile), the button with that
 * text and name is still the one meant if the render has exactly one: a tap is never lost to a shifted place, and
 * never pressed on a button the member could mistake for another. Called just before the app renders (which, as a
 * transition, takes a while: a tap meanwhile still lands on the paint); the returned function runs once the render
 * has taken the paint's place: from then on React has the taps.
 */
export function carryEarlyTaps(root: HTMLElement): () => void {
  const paint = [...root.children];
  return () => {
    document.documentElement.dataset.app ||= 'hydrating';
    const kept = (window as { __firstPaintTaps?: HTMLButtonElement[] }).__firstPaintTaps ?? [];
    for (const button of kept.splice(0)) {
      // A tap on the app's own render (between its commit and now) was React's already.
      if (button.isConnected) continue;
      const path = pathOf(paint, button);
      let element: Element | undefined = path ? root : undefined;
      for (const index of path ?? []) element = element?.children[index];
      if (!(element instanceof HTMLButtonElement && sameButton(element, button))) {
        const named = path ? [...root.querySelectorAll('button')].filter((candidate) => sameButton(candidate, button)) : [];
        element = named.length === 1 ? named[0] : undefined;
      }
      if (element instanceof HTMLButtonElement && !element.disabled) element.click();
    }
  };
}
