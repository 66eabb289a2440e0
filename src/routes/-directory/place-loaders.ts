import type { AppSystem } from '../-app/app-system';
import type { PlaceContext } from './directory-data';

/**
 * beforeLoad of the place routes: the region-route-verify guard (place-guard.ts), loaded on first use. One shared
 * function, so the route configs (in the initial bundle) carry no import list of their own.
 */
export async function placeBeforeLoad({
  context,
  params,
}: {
  context: { system: Promise<AppSystem> };
  params: { lang: string; region: string; city?: string; source?: string };
}): Promise<{ place: PlaceContext }> {
  const { verifyPlace } = await import('./place-guard');
  return { place: await verifyPlace(context.system, params) };
}
