import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, contentTypeOfKey, type FileStorage, StorageKeyError } from './file-storage';

/** Missing-file errors: the key names nothing (or names a directory, which is never an object). */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isAbsent = (error: unknown) => ABSENT.has((error as NodeJS.ErrnoException).code ?? '');

/**
 * The embedded default: key `a/b/c` is the file DATA_DIR/a/b/c, exactly where uploads and documents were kept before
 * the storage interface (DATA_DIR/uploads, DATA_DIR/kyc), so an existing data directory keeps working.
 */
export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir);

  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.join(root, ...key.split('/'));
    // The key shape already rules out '..' and absolute paths; this is the second lock on the same door.
    const rel = path.relative(root, file);
    if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) throw new StorageKeyError(key);
    return file;
  }

  return {
    backend: 'local',

    /** Temp file in the same directory, then a rename: readers never see a partial file. */
    async put(key, data, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: options.private ? 0o700 : 0o755 });
      const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
      try {
        await writeFile(tmp, data, { flag: 'wx', mode: options.private ? 0o600 : 0o644 });
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true }).catch(() => {});
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        return await readFile(file);
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
    },

    async open(key) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (error) {
        if (isAbsent(error)) return null;
        throw error;
      }
      try {
        const info = await handle.stat();
        if (!info.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        const body = handle.createReadStream({ autoClose: true });
        return { body, size: info.size, contentType: contentTypeOfKey(key), etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async exists(key) {
      const file = fileOf(key);
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isAbsent(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isAbsent(error)) throw error;
      }
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    describe: () => `the local directory ${root} (uploads/ and kyc/)`,
    close() {},
  };
}
