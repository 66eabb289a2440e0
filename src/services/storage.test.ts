import { describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@/contract/calls/user';
import { StorageKey } from '@/contract/enums';
import { createAppStorage, detectLocalStorage, randomUuidV4, type KeyValueStore } from './storage';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A Web Storage stand-in; `failWrites` makes setItem throw like a full quota or old Safari private mode. */
function fakeStorage(options: { failWrites?: boolean; failAll?: boolean } = {}) {
  const map = new Map<string, string>();
  const store: KeyValueStore & { map: Map<string, string> } = {
    map,
    getItem: vi.fn((key: string) => {
      if (options.failAll) throw new DOMException('denied', 'SecurityError');
      return map.get(key) ?? null;
    }),
    setItem: vi.fn((key: string, value: string) => {
      if (options.failWrites || options.failAll) throw new DOMException('quota', 'QuotaExceededError');
      map.set(key, value);
    }),
    removeItem: vi.fn((key: string) => {
      if (options.failAll) throw new DOMException('denied', 'SecurityError');
      map.delete(key);
    }),
  };
  return store;
}

const USER: CurrentUser = {
  uuid: '0b6a3c52-5f0e-4d8e-9a51-2a4f0a1f6c11',
  is_login: true,
  nickname: 'Demo',
  username: 'demo',
  email: 'demo@example.com',
  email_validation: true,
  is_kyc: false,
  kyc_status: 0,
  kyc_created_date: null,
  is_payed: true,
  vip_txt: 'Member until 2026-01-01',
  vip_end_date: '2026-01-01',
  image: '',
  thumb: '',
  fun_score: 10,
  merchant_count: 0,
  partner_count: 0,
  withdrawal_rate: 1,
  withdrawable_fun_score: 0,
  withdrawable_amount: 0,
  held_fun_score: 0,
  version: 3,
  membership: 2,
  role: 'member',
};

describe('storage', () => {
  it('creates the guest id once under __OAUTH_ID and returns it forever after', () => {
    const backing = fakeStorage();
    const storage = createAppStorage(backing);
    const id = storage.getGuestId();
    expect(id).toMatch(UUID_V4);
    expect(storage.getGuestId()).toBe(id);
    expect(backing.map.get('__OAUTH_ID')).toBe(id);
    // A new page load over the same browser storage keeps it.
    expect(createAppStorage(backing).getGuestId()).toBe(id);
  });

  it('replaces a stored guest id that is not a UUID (the server would reject every call)', () => {
    const backing = fakeStorage();
    backing.map.set(StorageKey.guestId, 'garbage');
    const id = createAppStorage(backing).getGuestId();
    expect(id).toMatch(UUID_V4);
    expect(backing.map.get(StorageKey.guestId)).toBe(id);
  });

  it('makes v4 UUIDs without crypto.randomUUID (insecure contexts)', () => {
    const original = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const ids = new Set(Array.from({ length: 50 }, () => randomUuidV4()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('gets, sets and removes the token under auth', () => {
    const backing = fakeStorage();
    const storage = createAppStorage(backing);
    expect(storage.getToken()).toBeNull();
    storage.setToken('tok_123');
    expect(storage.getToken()).toBe('tok_123');
    expect(backing.map.get('auth')).toBe('tok_123');
    storage.removeToken();
    expect(storage.getToken()).toBeNull();
    expect(backing.map.has('auth')).toBe(false);
  });

  it('keeps user data as JSON and drops a corrupt or outdated copy', () => {
    const backing = fakeStorage();
    const storage = createAppStorage(backing);
    expect(storage.getUserData()).toBeNull();
    storage.setUserData(USER);
    expect(JSON.parse(backing.map.get(StorageKey.userData)!)).toEqual(USER);
    expect(storage.getUserData()).toEqual(USER);

    backing.map.set(StorageKey.userData, '{not json');
    expect(storage.getUserData()).toBeNull();
    expect(backing.map.has(StorageKey.userData)).toBe(false);

    backing.map.set(StorageKey.userData, JSON.stringify({ uuid: 'x' }));
    expect(storage.getUserData()).toBeNull();

    storage.setUserData(USER);
    storage.removeUserData();
    expect(storage.getUserData()).toBeNull();
  });

  it('works in memory without browser storage', () => {
    const storage = createAppStorage(null);
    const id = storage.getGuestId();
    expect(storage.getGuestId()).toBe(id);
    storage.setToken('t');
    expect(storage.getToken()).toBe('t');
    storage.setItem(StorageKey.locale, 'ja');
    expect(storage.getItem(StorageKey.locale)).toBe('ja');
    storage.removeItem(StorageKey.locale);
    expect(storage.getItem(StorageKey.locale)).toBeNull();
  });

  it('falls back to memory when writes fail, never reading a stale stored value', () => {
    const failing = fakeStorage({ failWrites: true });
    failing.map.set(StorageKey.auth, 'old_token');
    const storage = createAppStorage(failing);
    storage.setToken('new_token');
    expect(storage.getToken()).toBe('new_token');
    const id = storage.getGuestId();
    expect(storage.getGuestId()).toBe(id);
    storage.removeToken();
    expect(storage.getToken()).toBeNull();
  });

  it('survives a storage that throws on every access', () => {
    const storage = createAppStorage(fakeStorage({ failAll: true }));
    const id = storage.getGuestId();
    expect(storage.getGuestId()).toBe(id);
    storage.setToken('t');
    expect(storage.getToken()).toBe('t');
    storage.removeToken();
    expect(storage.getToken()).toBeNull();
  });

  it('detects unusable localStorage', () => {
    const g = globalThis as { localStorage?: unknown };
    const had = 'localStorage' in g;
    const original = g.localStorage;
    try {
      g.localStorage = fakeStorage({ failWrites: true });
      expect(detectLocalStorage()).toBeNull();
      const working = fakeStorage();
      g.localStorage = working;
      expect(detectLocalStorage()).toBe(working);
      expect(working.map.size).toBe(0);
      delete g.localStorage;
      expect(detectLocalStorage()).toBeNull();
    } finally {
      if (had) g.localStorage = original;
      else delete g.localStorage;
    }
  });
});
