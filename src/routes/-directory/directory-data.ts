import type { City, Region } from '@/contract/calls/city';
import { createDirectoryCache, type DirectoryCache } from '@/services/directory-cache';
import type { AppSystem } from '../-app/app-system';

/**
 * The directory's reference data for routes: one cache per app system (so per api client), made on first use.
 * Kept beside the routes rather than in the app system, which knows nothing of the directory.
 */
const caches = new WeakMap<AppSystem, DirectoryCache>();

export function directoryOf(system: AppSystem): DirectoryCache {
  let cache = caches.get(system);
  if (!cache) {
    cache = createDirectoryCache(system.api);
    caches.set(system, cache);
  }
  return cache;
}

/** What a place page knows of its place (the route context its guard returns). */
export interface PlaceContext {
  region: Region;
  /** The region's cities, in their reference order. */
  cities: City[];
  city?: City;
}

