import { SIGNED_IN_COOKIE } from '@/contract/first-paint-keys';

/**
 * The signed-in hint cookie (src/contract/first-paint.ts): the server renders a guest's first paint, and leaves a
 * signed-in browser's pages to the app. No secret in it; the token itself never leaves storage. Written by storage
 * at login and logout, and at every start (src/main.tsx) for sessions from before the hint existed.
 */
export function markSignedIn(signedIn: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIGNED_IN_COOKIE}=${signedIn ? '1' : ''}; path=/; max-age=${signedIn ? 31_536_000 : 0}; samesite=lax`;
}
