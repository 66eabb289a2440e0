/**
 * Which client this page is (spec sections 3 and 9) and the runtime config the server injects into index.html (the
 * envelope keys, the debug flag, the build version). Read by the app system and the update checks, which load after
 * the first paint, so none of this is in the first page's script.
 */

// ---------------------------------------------------------------------------------------------------------------
// Client id

export type ClientId = 'pwa' | 'web';

/** The parts of `window` that tell an installed app from a browser tab; tests pass a fake. */
export interface DisplayEnvironment {
  matchMedia?: (query: string) => { matches: boolean };
  /** iOS Safari's own flag for an app started from the home screen (it has no display-mode media query before 16.4). */
  navigator?: { standalone?: boolean };
}

/** 'pwa' when running as an installed app (standalone display), else 'web' (spec section 9). */
export function clientId(env: DisplayEnvironment = globalThis as unknown as DisplayEnvironment): ClientId {
  const standalone = env.matchMedia?.('(display-mode: standalone)').matches === true || env.navigator?.standalone === true;
  return standalone ? 'pwa' : 'web';
}

// ---------------------------------------------------------------------------------------------------------------
// Runtime config

/** What server/web/spa.plugin.ts injects as `<script id="app-config" type="application/json">`. */
export interface RuntimeConfig {
  /** 64 hex characters: the envelope's AES-256 key. */
  aesKey: string;
  /** 64 hex characters: the envelope's HMAC-SHA256 key. */
  signKey: string;
  /** The server accepts plain (unencrypted) debug requests. */
  debug: boolean;
  /** The build this page belongs to: the `version` of /build.json when the page was served. */
  version: string;
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.aesKey === 'string' && typeof v.signKey === 'string' && typeof v.debug === 'boolean' && typeof v.version === 'string';
}

/**
 * The runtime config of this page, or null when the page has none (the Vite dev server serves index.html
 * without it). A config that is present but malformed throws: the server and the client disagree, and running on
 * without keys would only fail later and less clearly.
 */
export function readRuntimeConfig(doc: Pick<Document, 'getElementById'> = document): RuntimeConfig | null {
  const text = doc.getElementById('app-config')?.textContent;
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  if (!isRuntimeConfig(value)) throw new Error('The app-config block of index.html does not have {aesKey, signKey, debug, version}.');
  return value;
}
