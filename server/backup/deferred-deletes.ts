import type { FileStorage } from '../storage/file-storage';

/** A storage whose deletions a backup can hold back while it copies the files. */
export interface HoldableStorage extends FileStorage {
  /**
   * From now until the returned release is called, `delete` only notes the key (the file is gone for every reader
   * of this storage) and the file stays on disk; the release deletes what was noted.
   */
  holdDeletes(): () => Promise<void>;
}

/**
 * Deletions wait while a backup runs. A backup snapshots the database first and copies the files after; a file a
 * committed row names was stored before that commit, so the copy finds it, unless it is deleted between the snapshot
 * and the copy (a listing edited meanwhile drops a photo: its row goes, then its file). Holding deletions from before
 * the snapshot until the copy is done keeps every file the snapshot names. A process that dies while holding leaves
 * the files undeleted: unreferenced, never shown (as a publish that never committed leaves them).
 */
export function withDeferredDeletes(storage: FileStorage): HoldableStorage {
  let holds = 0;
  const pending = new Set<string>();

  async function flush(): Promise<void> {
    const keys = [...pending];
    pending.clear();
    await Promise.all(keys.map((key) => storage.delete(key)));
  }

  return {
    backend: storage.backend,
    put: (key, data, options) => {
      pending.delete(key);
      return storage.put(key, data, options);
    },
    get: async (key) => (pending.has(key) ? null : storage.get(key)),
    open: async (key) => (pending.has(key) ? null : storage.open(key)),
    exists: async (key) => !pending.has(key) && storage.exists(key),
    async delete(key) {
      if (holds === 0) return storage.delete(key);
      // Checked (and refused) as the backend would, so a bad key fails now rather than after the backup.
      await storage.exists(key);
      pending.add(key);
    },
    check: () => storage.check(),
    describe: () => storage.describe(),
    close: () => storage.close(),
    holdDeletes() {
      holds += 1;
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        holds -= 1;
        if (holds === 0) await flush();
      };
    },
  };
}
