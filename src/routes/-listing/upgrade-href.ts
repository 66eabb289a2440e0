import { useRouter } from '@tanstack/react-router';

/** The membership upgrade screen's path pattern (spec section 2: /member/upgrade, auth). */
const UPGRADE_PATH = '/$lang/member/upgrade';

/**
 * The upgrade screen's address when the app has that screen, else undefined: the visit reports' call to action
 * then explains without linking to a page that does not exist yet. The screen arrives with the payments issue;
 * once its route is in the tree the link appears by itself.
 */
export function useUpgradeHref(lang: string): string | undefined {
  const router = useRouter();
  return Object.hasOwn(router.routesByPath, UPGRADE_PATH) ? `/${lang}/member/upgrade` : undefined;
}
