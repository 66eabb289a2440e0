import { type DBSchema, openDB } from 'idb';

/**
 * Where an identity verification in progress survives a reload (issue 13 item 1): the step and the typed values in
 * localStorage, the photos (too large for it) in IndexedDB, both under the member's uuid so another account on the
 * same phone never sees them. Cleared once the application is sent. Failures (private mode, full storage) lose the
 * draft, never the verification: the member simply starts again.
 */

export interface StoredKycDraft<S extends string = string, V = Record<string, string>> {
  step: S;
  values: V;
  photos: Record<string, Blob | null>;
  /** The member agreed to the check (the intro of step 1) for this application. */
  consented?: boolean;
}

interface DraftDb extends DBSchema {
  photos: { key: string; value: Blob };
}

const DB_NAME = 'venuely-kyc';
const keyOf = (user: string) => `kyc-draft:${user}`;
const photoKey = (user: string, part: string) => `${user}:${part}`;

const database = () =>
  openDB<DraftDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('photos');
    },
  });

export async function loadKycDraft<S extends string, V>(user: string, parts: readonly string[]): Promise<StoredKycDraft<S, V> | null> {
  try {
    const text = globalThis.localStorage?.getItem(keyOf(user));
    if (!text) return null;
    const saved = JSON.parse(text) as { step: S; values: V; photos: string[]; consented?: boolean };
    const db = await database();
    const photos: Record<string, Blob | null> = {};
    for (const part of parts) photos[part] = saved.photos.includes(part) ? ((await db.get('photos', photoKey(user, part))) ?? null) : null;
    db.close();
    return { step: saved.step, values: saved.values, photos, consented: saved.consented === true };
  } catch {
    return null;
  }
}

/** The photos written last, so an unchanged photo is not written again on every keystroke. */
const written = new Map<string, Blob | null>();

export async function saveKycDraft(user: string, draft: StoredKycDraft): Promise<void> {
  try {
    const present = Object.entries(draft.photos).filter(([, photo]) => photo !== null).map(([part]) => part);
    globalThis.localStorage?.setItem(keyOf(user), JSON.stringify({ step: draft.step, values: draft.values, photos: present, consented: draft.consented === true }));
    const changed = Object.entries(draft.photos).filter(([part, photo]) => written.get(photoKey(user, part)) !== photo);
    if (changed.length === 0) return;
    const db = await database();
    for (const [part, photo] of changed) {
      if (photo) await db.put('photos', photo, photoKey(user, part));
      else await db.delete('photos', photoKey(user, part));
      written.set(photoKey(user, part), photo);
    }
    db.close();
  } catch {
    // Storage refused (private mode, quota): the draft is not kept.
  }
}

export async function clearKycDraft(user: string, parts: readonly string[]): Promise<void> {
  try {
    globalThis.localStorage?.removeItem(keyOf(user));
    const db = await database();
    for (const part of parts) {
      await db.delete('photos', photoKey(user, part));
      written.delete(photoKey(user, part));
    }
    db.close();
  } catch {
    // Nothing to clear.
  }
}
