import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AppSystem } from './app-system';

/** Resolves once the session knows whether the stored token is good (boot finished). */
export async function sessionSettled(system: AppSystem): Promise<boolean> {
  const snapshot = await waitFor(system.session, (s) => !s.hasTag('booting') && !s.hasTag('busy'));
  return snapshot.hasTag('loggedIn');
}

/**
 * The `auth` guard (DESIGN section 7): a guest is sent home with the auth dialog open, and the route is saved as
 * the session's pending action so login continues to it.
 */
export async function requireAuth(system: AppSystem, lang: string, href: string): Promise<void> {
  if (await sessionSettled(system)) return;
  system.session.send({ type: 'session.requireLogin', action: { type: 'navigate', params: { to: href } } });
  throw redirect({ to: '/$lang', params: { lang } });
}

/** /login, /register and /forget-password send a logged-in user home (spec section 2). */
export async function requireGuest(system: AppSystem, lang: string): Promise<void> {
  if (await sessionSettled(system)) throw redirect({ to: '/$lang', params: { lang } });
}
