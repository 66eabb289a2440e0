import { loadAppLibraries } from '../-app/app-libraries';
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
  // The guard's chunk needs zod and the contract: evaluated first, a step per task (app-libraries.ts).
  await loadAppLibraries();
  const { verifyPlace } = await import('./place-guard');
  return { place: await verifyPlace(context.system, params) };
}
