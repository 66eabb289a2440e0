import { currentUser, type CurrentUser } from '@/contract/calls/user';
import { StorageKey } from '@/contract/enums';
import { markSignedIn } from './signed-in-hint';

/**
 * Typed browser storage under the spec's key names (spec section 3). localStorage when it works; otherwise an
 * in-memory map, so the app keeps running for the session where storage is missing or throws (Safari private
 * mode, storage disabled by policy, a full quota, Node tests).
 */

/** The part of the Web Storage interface this module uses; tests pass a fake. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AppStorage {
  getItem(key: StorageKey): string | null;
  setItem(key: StorageKey, value: string): void;
  removeItem(key: StorageKey): void;
  /** The guest id (UUID v4): created once under `__OAUTH_ID`, the same value on every call after. */
  getGuestId(): string;
  getToken(): string | null;
  setToken(token: string): void;
  removeToken(): void;
  /** The cached current user; null when absent or when the stored JSON no longer matches the contract. */
  getUserData(): CurrentUser | null;
  setUserData(user: CurrentUser): void;
  removeUserData(): void;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const PROBE_KEY = '__storage_probe__';

/**
 * localStorage if it can be read and written, else null. Reading `window.localStorage` itself can throw
 * (SecurityError with cookies blocked), and old Safari private mode throws on the first setItem.
 */
export function detectLocalStorage(): KeyValueStore | null {
  try {
    const candidate = (globalThis as { localStorage?: KeyValueStore }).localStorage;
    if (!candidate) return null;
    candidate.setItem(PROBE_KEY, PROBE_KEY);
    candidate.removeItem(PROBE_KEY);
    return candidate;
  } catch {
    return null;
  }
}

/** A UUID v4. crypto.randomUUID exists only in secure contexts; getRandomValues works everywhere. */
export function randomUuidV4(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Storage over `backing` (null: memory only). A value that could not be written to the backing store lives in
 * memory and shadows the backing store until it is written or removed, so a failed write never leaves a stale
 * value readable.
 */
export function createAppStorage(backing: KeyValueStore | null = detectLocalStorage()): AppStorage {
  const memory = new Map<string, string>();

  function getItem(key: StorageKey): string | null {
    if (memory.has(key)) return memory.get(key) ?? null;
    if (!backing) return null;
    try {
      return backing.getItem(key);
    } catch {
      return null;
    }
  }

  function setItem(key: StorageKey, value: string): void {
    if (backing) {
      try {
        backing.setItem(key, value);
        memory.delete(key);
        return;
      } catch {
        try {
          backing.removeItem(key);
        } catch {
          // The memory copy below shadows whatever the backing store still holds.
        }
      }
    }
    memory.set(key, value);
  }

  function removeItem(key: StorageKey): void {
    memory.delete(key);
    if (!backing) return;
    try {
      backing.removeItem(key);
    } catch {
      // Nothing left to do: the memory copy is gone and the backing store refuses access.
    }
  }

  return {
    getItem,
    setItem,
    removeItem,

    getGuestId() {
      const existing = getItem(StorageKey.guestId);
      // The server validates oauth_id as a UUID, so a corrupted value would fail every call: replace it.
      if (existing && UUID_V4.test(existing)) return existing;
      const id = randomUuidV4();
      setItem(StorageKey.guestId, id);
      return id;
    },

    getToken() {
      const token = getItem(StorageKey.auth);
      return token ? token : null;
    },
    setToken(token) {
      setItem(StorageKey.auth, token);
      markSignedIn(true);
    },
    removeToken() {
      removeItem(StorageKey.auth);
      markSignedIn(false);
    },

    getUserData() {
      const raw = getItem(StorageKey.userData);
      if (raw === null) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        removeItem(StorageKey.userData);
        return null;
      }
      // A cache written by an older build may miss fields; drop it rather than hand the app a wrong shape.
      const result = currentUser.safeParse(parsed);
      if (!result.success) {
        removeItem(StorageKey.userData);
        return null;
      }
      return result.data;
    },
    setUserData(user) {
      setItem(StorageKey.userData, JSON.stringify(user));
    },
    removeUserData() {
      removeItem(StorageKey.userData);
    },
  };
}

/** The app's storage: localStorage in the browser, memory where it is unavailable. */
export const storage: AppStorage = createAppStorage();

export const getGuestId = (): string => storage.getGuestId();
export const getToken = (): string | null => storage.getToken();
export const setToken = (token: string): void => storage.setToken(token);
export const removeToken = (): void => storage.removeToken();
export const getUserData = (): CurrentUser | null => storage.getUserData();
export const setUserData = (user: CurrentUser): void => storage.setUserData(user);
export const removeUserData = (): void => storage.removeUserData();
