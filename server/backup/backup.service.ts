import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { isStorageKey, STORAGE_AREAS } from '../storage/file-storage';
import { ArchiveWriter, BACKUP_FORMAT, BACKUP_VERSION, type BackupManifest, DATA_DIR_FILES, DATABASE_ENTRY, isPrivateEntry, KEY_FILES, KEY_VARIABLES } from './backup-archive';

/** What a backup is taken from: the running server (online) or the command with the server stopped (offline). */
export interface BackupSource {
  dataDir: string;
  mode: 'online' | 'offline';
  /** `s3`: the files are in the bucket, backed up by the bucket's own means; the archive has the database and keys. */
  storage: 'local' | 's3';
  dumpDatabase(): Promise<Buffer>;
  migrations(): Promise<string[]>;
  /** Holds the storage's deletions back until the files are copied (deferred-deletes.ts); online only. */
  holdDeletes?: () => () => Promise<void>;
  /** Key variables set in the process's environment, which the archive therefore cannot hold. */
  keysFromEnvironment: string[];
}

/** The migrations the database has run, by name (Kysely's table). */
export async function migrationsOf(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

export function keysFromEnvironment(env: NodeJS.ProcessEnv): string[] {
  return KEY_VARIABLES.filter((name) => Boolean(env[name]));
}

function packageVersion(file: string | URL): string {
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The installed PGlite's version: its package.json, found above its entry point (the package exports no such path). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (dir !== path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === '@electric-sql/pglite') return packageVersion(file);
    dir = path.dirname(dir);
  }
  return 'unknown';
}

const APP_PACKAGE = new URL('../../package.json', import.meta.url);

/** Every stored file of an area under DATA_DIR by its storage key, in order; temp files (dot names) are not keys. */
async function storedKeys(dataDir: string, area: string): Promise<string[]> {
  const keys: string[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
      else if (entry.isFile() && isStorageKey(key)) keys.push(key);
    }
  };
  await walk(path.join(dataDir, area), area);
  return keys;
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Writes a backup of DATA_DIR to `out`. The order is what makes it whole:
 * 1. deletions are held (online): no file can disappear from here on;
 * 2. the database is dumped: the snapshot;
 * 3. the files are copied: every file a row of the snapshot names was stored before that row committed, so it is
 *    here; files stored after the snapshot may come too, unreferenced and harmless;
 * 4. the key files, then the manifest with every entry's checksum. An error at any step ends the output without a
 *    manifest, which no restore accepts.
 */
export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  const writer = new ArchiveWriter(out);
  const release = source.holdDeletes?.() ?? (async () => {});
  try {
    const migrations = await source.migrations();
    await writer.add(DATABASE_ENTRY, await source.dumpDatabase(), 0o600);
    if (source.storage === 'local') {
      for (const area of STORAGE_AREAS) {
        for (const key of await storedKeys(source.dataDir, area)) {
          // Removed since it was listed, by something other than the app (whose deletions are held): not named by the
          // snapshot either, or the app would not have deleted it.
          const data = await readIfThere(path.join(source.dataDir, ...key.split('/')));
          if (data) await writer.add(key, data, isPrivateEntry(key) ? 0o600 : 0o644);
        }
      }
    }
    await release();
    const keyFiles: string[] = [];
    for (const name of DATA_DIR_FILES) {
      const data = await readIfThere(path.join(source.dataDir, name));
      if (!data) continue;
      await writer.add(name, data, isPrivateEntry(name) ? 0o600 : 0o644);
      if ((KEY_FILES as readonly string[]).includes(name)) keyFiles.push(name);
    }
    return await writer.finish({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      created_at: new Date().toISOString(),
      mode: source.mode,
      app: { name: 'venuely', version: packageVersion(APP_PACKAGE) },
      node: process.version,
      database: { kind: 'pglite', pglite: pgliteVersion(), migrations },
      storage: source.storage,
      keys: { files: keyFiles, environment: source.keysFromEnvironment },
    });
  } catch (error) {
    writer.abort(error as Error);
    throw error;
  } finally {
    await release();
  }
}
