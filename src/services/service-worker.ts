/**
 * The build manifest and the service worker (app updates): used after the first paint only, apart from pwa.ts, whose
 * start-up helpers are in the home page's initial JavaScript.
 */

// ---------------------------------------------------------------------------------------------------------------
// Build manifest

/** GET /build.json (server/web/spa.plugin.ts). */
export interface BuildInfo {
  version: string;
  builtAt: string | null;
}

export const BUILD_INFO_URL = '/build.json';

function isBuildInfo(value: unknown): value is BuildInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.version === 'string' && v.version !== '' && (v.builtAt === null || typeof v.builtAt === 'string');
}

/**
 * The build the server serves now. `no-store`: the answer must come from the server (the service worker never
 * answers this path either), or a new build would go unnoticed.
 */
export async function fetchBuildInfo(signal?: AbortSignal): Promise<BuildInfo> {
  const response = await fetch(BUILD_INFO_URL, { cache: 'no-store', signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${BUILD_INFO_URL}: HTTP ${response.status}`);
  const body: unknown = await response.json();
  if (!isBuildInfo(body)) throw new Error(`GET ${BUILD_INFO_URL}: not {version, builtAt}`);
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// Service worker

/** How long an update may take to fetch sw.js, to install (precache) and to take control, before a plain reload. */
const SW_UPDATE_CHECK_MS = 5_000;
const SW_INSTALL_MS = 15_000;
const SW_ACTIVATE_MS = 3_000;

export interface ServiceWorkerControl {
  registration: ServiceWorkerRegistration;
  /**
   * Loads the new version: activates the waiting service worker (fetching and installing it first when the browser
   * has not yet), then reloads once it controls the page. Without a new worker, or when it does not get there in
   * time, a plain reload: navigations are network-first, so the page and its chunks still come from the new build.
   */
  applyUpdate(): Promise<void>;
}

export interface RegisterServiceWorkerOptions {
  /** Called when a new service worker is installed and waits for `applyUpdate` (a new build is deployed). */
  onUpdateWaiting?: () => void;
  /** For tests: what a reload does. */
  reload?: () => void;
}

function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** Resolves when `worker` reaches `installed` (waiting), or fails to (redundant), or after `ms`. */
function installedWithin(worker: ServiceWorker, ms: number): Promise<boolean> {
  if (worker.state !== 'installing') return Promise.resolve(worker.state === 'installed');
  return new Promise((resolve) => {
    const done = () => {
      worker.removeEventListener('statechange', onChange);
      clearTimeout(timer);
      resolve(worker.state === 'installed');
    };
    const onChange = () => {
      if (worker.state !== 'installing') done();
    };
    const timer = setTimeout(done, ms);
    worker.addEventListener('statechange', onChange);
  });
}

/**
 * Registers the generated service worker (/sw.js, scope /) in production builds; null in development, where there
 * is none, in browsers without service workers, and when registration fails (the app works without one).
 * workbox-window is imported lazily: it is not needed for the first render.
 *
 * The worker precaches the app shell and serves it offline; it never replaces a page that the network can serve
 * (vite.config.ts, pwa()).
 */
export async function registerServiceWorker(options: RegisterServiceWorkerOptions = {}): Promise<ServiceWorkerControl | null> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => options.onUpdateWaiting?.());
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register();
  } catch (error) {
    console.warn('Service worker registration failed; the app runs without offline support.', error);
    return null;
  }
  if (!registration) return null;
  const reg = registration;

  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    (options.reload ?? (() => window.location.reload()))();
  };

  return {
    registration: reg,
    async applyUpdate() {
      await settleWithin(reg.update().catch(() => undefined), SW_UPDATE_CHECK_MS);
      const next = reg.waiting ?? reg.installing;
      if (!next || !(await installedWithin(next, SW_INSTALL_MS)) || !reg.waiting) {
        reload();
        return;
      }
      navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
      wb.messageSkipWaiting();
      setTimeout(reload, SW_ACTIVATE_MS);
    },
  };
}
