import { notFound, redirect } from '@tanstack/react-router';
import type { AppSystem } from './app-system';

/** Resolves once the session knows whether the stored token is good (boot finished). */
export function sessionSettled(system: AppSystem): Promise<boolean> {
  // A subscription rather than xstate's waitFor: route configs (and so this file) are in the initial bundle,
  // which must not pull XState in (issue 3 budget).
  return new Promise((resolve) => {
    const check = (snapshot: ReturnType<AppSystem['session']['getSnapshot']>) => {
      if (snapshot.hasTag('booting') || snapshot.hasTag('busy')) return false;
      resolve(snapshot.hasTag('loggedIn'));
      return true;
    };
    if (check(system.session.getSnapshot())) return;
    const subscription = system.session.subscribe((snapshot) => {
      if (check(snapshot)) subscription.unsubscribe();
    });
  });
}

/**
 * The `auth` guard (DESIGN section 7): a guest is sent home with the auth dialog open, and the route is saved as
 * the session's pending action so login continues to it.
 */
export async function requireAuth(pending: Promise<AppSystem>, lang: string, href: string): Promise<void> {
  const system = await pending;
  if (await sessionSettled(system)) return;
  // The session just expired: its info dialog is up and leads to /login when closed; no second (auth) dialog.
  if (system.tokenExpiry.getSnapshot().hasTag('pending')) throw redirect({ to: '/$lang', params: { lang } });
  system.session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: href } } });
  throw redirect({ to: '/$lang', params: { lang } });
}

/** /login, /register and /forget-password send a logged-in user home (spec section 2). */
export async function requireGuest(pending: Promise<AppSystem>, lang: string): Promise<void> {
  if (await sessionSettled(await pending)) throw redirect({ to: '/$lang', params: { lang } });
}

/**
 * A route's `params.parse` (TanStack Router) that lets through the params `valid` accepts; any other path is the 404
 * page. The router runs it while it matches a path, before any guard and for every visitor, and so does the server
 * (src/entry-server.tsx matchPage), which answers such a path with HTTP 404: the status is the page's.
 */
export function paramsWhere<P>(valid: (params: P) => boolean): (params: P) => P {
  return (params) => {
    if (!valid(params)) throw notFound();
    return params;
  };
}

/** Whether a matched route refused its params (paramsWhere): the path is the 404 page, whoever asks. */
export function refusedBelow(matches: readonly { paramsError?: unknown }[]): boolean {
  return matches.some((match) => match.paramsError);
}

/** What the guards' beforeLoad reads of the router's arguments. */
interface GuardArgs {
  context: { system: Promise<AppSystem>; shell?: boolean };
  params: { lang: string };
  location: { href: string };
  preload: boolean;
  matches: readonly { paramsError?: unknown }[];
}

/**
 * The `_auth` route's beforeLoad. A guard is a pathless route inside each layout that has guarded pages
 * (`_default/_auth`, `_mine/_auth`, …): one function, so every copy of the route guards alike. A path whose params a
 * page below refuses (/message/bad) is the 404 page for everyone, as the server answers it: nobody logs in to see that.
 */
export function authBeforeLoad({ context, params, location, matches }: GuardArgs): Promise<void> | undefined {
  // The server's skeleton of a signed-in page (src/entry-server.tsx renderShell): the browser checks the session.
  return refusedBelow(matches) || context.shell ? undefined : requireAuth(context.system, params.lang, location.href);
}

/**
 * The `_kyc` route's beforeLoad (kyc-status, spec section 2), inside an `_auth` route, so the member is known to be
 * logged in when it runs. Its code loads with the first page that needs it: it waits for the app system anyway. A
 * path a page below refuses (/member/content/hotel) is the 404 page, with no detour through the KYC flow.
 */
export async function kycBeforeLoad({ context, params, preload, matches }: GuardArgs): Promise<void> {
  if (refusedBelow(matches)) return;
  await (await import('../-owner/owner-guards')).requireKycApproved(context.system, params.lang, preload);
}
