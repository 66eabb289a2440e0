import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MIGRATIONS } from '../db/database';
import { BackupArchiveError, type BackupManifest, DATABASE_ENTRY, readArchive } from './backup-archive';
import { claimDataDir, DataDirInUse, OWNER_FILE, ownerState, readOwner } from './data-dir-owner';

/** A restore that is refused before anything changed: the message says why and what to do. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Where DATA_DIR's previous contents were moved (`--force` over a directory that had data), or null. */
  previous: string | null;
}

/** What DATA_DIR holds besides an owner record: nothing means it is empty (or absent). */
async function contentsOf(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name !== OWNER_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function refuseIfOwned(dataDir: string): Promise<void> {
  const owner = await readOwner(dataDir);
  if (!owner) return;
  const state = await ownerState(owner);
  if (state !== 'stale') throw new DataDirInUse(dataDir, owner, state);
}

/**
 * Loads the archive's database dump into `dir`/pgdata with PGlite's own loader (`loadDataDir`), which runs recovery
 * to the snapshot's last commit, and checks what it finds: the migrations the manifest lists, all known to this
 * release (a backup of a newer release would not start here).
 */
async function loadDatabase(dir: string, manifest: BackupManifest): Promise<void> {
  const unknown = manifest.database.migrations.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    throw new BackupArchiveError(`the backup's database has migrations this release does not know (${unknown.join(', ')}): restore it with the release that made it (${manifest.app.version}) or a later one`);
  }
  const tar = await readFile(path.join(dir, DATABASE_ENTRY));
  const pglite = new PGlite(path.join(dir, 'pgdata'), {
    extensions: { pg_trgm },
    loadDataDir: new Blob([new Uint8Array(tar)], { type: 'application/x-tar' }),
  });
  try {
    await pglite.waitReady;
    const { rows } = await pglite.query<{ name: string }>('select name from kysely_migration order by name');
    const found = rows.map((row) => row.name);
    if (JSON.stringify(found) !== JSON.stringify(manifest.database.migrations)) {
      throw new BackupArchiveError('the database in the archive does not hold the migrations its manifest lists');
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    throw new BackupArchiveError(`the database in the archive does not open (${(error as Error).message})`);
  } finally {
    await pglite.close().catch(() => {});
  }
  await unlink(path.join(dir, DATABASE_ENTRY));
}

/**
 * Restores a backup into DATA_DIR:
 * 1. refuses while a process owns DATA_DIR (a server, a backup) and, without `force`, when DATA_DIR has anything in it;
 * 2. extracts the archive into a new directory beside DATA_DIR and checks it all there (every entry against the
 *    manifest's checksums, the database opened and its migrations known): a damaged, truncated or foreign archive
 *    stops here, and DATA_DIR is as it was;
 * 3. claims DATA_DIR, moves what it held aside (kept as `.NAME.before-restore-…`, never deleted) and renames the new
 *    directory into its place.
 */
export async function restoreBackup(options: { file: string; dataDir: string; force: boolean }): Promise<RestoreResult> {
  const dataDir = path.resolve(options.dataDir);
  const info = await stat(options.file).catch(() => null);
  if (!info?.isFile()) throw new RestoreRefused(`${options.file} is not a file.`);
  await refuseIfOwned(dataDir);
  const checkEmpty = async () => {
    const contents = await contentsOf(dataDir);
    if (contents.length > 0 && !options.force) {
      throw new RestoreRefused(`${dataDir} is not empty (${contents.slice(0, 5).join(', ')}${contents.length > 5 ? ', …' : ''}). Restore into an empty or new DATA_DIR, or add --force: what it holds is then moved aside, not deleted.`);
    }
  };
  await checkEmpty();

  const parent = path.dirname(dataDir);
  const base = path.basename(dataDir);
  await mkdir(parent, { recursive: true });
  const staging = path.join(parent, `.${base}.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  let manifest: BackupManifest;
  try {
    manifest = await readArchive(createReadStream(options.file), staging);
    await loadDatabase(staging, manifest);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }

  let createdDataDir = false;
  try {
    createdDataDir = !(await stat(dataDir).catch(() => null));
    await mkdir(dataDir, { recursive: true });
    const claim = await claimDataDir(dataDir, { role: 'restore' });
    let previous: string | null = null;
    try {
      // Checked again under the claim: a server or some data may have arrived while the archive was checked.
      await checkEmpty();
      const aside = path.join(parent, `.${base}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      await rename(dataDir, aside).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EBUSY' && error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        throw new RestoreRefused(
          `${dataDir} cannot be moved (${error.code}): it is probably a mount point (a volume). Restore into a directory inside it ` +
            `(for example DATA_DIR=${path.join(dataDir, 'data')}) and point DATA_DIR there.`,
        );
      });
      try {
        await rename(staging, dataDir);
      } catch (error) {
        await rename(aside, dataDir);
        throw error;
      }
      previous = (await contentsOf(aside)).length > 0 ? aside : null;
      if (previous) await rm(path.join(aside, OWNER_FILE), { force: true });
      else await rm(aside, { recursive: true, force: true });
    } catch (error) {
      await claim.release();
      throw error;
    }
    return { manifest, previous };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (createdDataDir && (await contentsOf(dataDir)).length === 0) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
