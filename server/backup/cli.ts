import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { link, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { BackupArchiveError, type BackupManifest, readArchive } from './backup-archive';
import { keysFromEnvironment, migrationsOf, writeBackup } from './backup.service';
import { claimDataDir, DataDirInUse, type OwnerRecord, ownerState, readOwner } from './data-dir-owner';
import { restoreBackup, RestoreRefused } from './restore.service';

/**
 * `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]`, for the embedded database (PGlite under
 * DATA_DIR/pgdata) and the files under DATA_DIR (README, "Backups"):
 * - backup: when a server runs on DATA_DIR (DATA_DIR/owner.json names it and it answers), the server takes the backup
 *   and streams it here (ops-listener.ts): PGlite's files are that process's alone. Otherwise the command opens the
 *   database itself, having claimed DATA_DIR so no server starts meanwhile. Either way the archive is checked against
 *   its manifest before it gets its name: a file that has the name is a whole backup.
 * - restore: into DATA_DIR, which must be empty (or `--force`: its contents are moved aside) and not in use; see
 *   restore.service.ts.
 * With DATABASE_URL set the database is PostgreSQL, which its own tools back up: both commands say so and stop.
 */

const USAGE = `Usage:
  npm run backup [-- --out FILE]     back up DATA_DIR (database, files, keys) to FILE
                                     (default: BACKUP_DIR/venuely-<time>.tar.gz)
  npm run restore -- FILE [--force]  restore FILE into DATA_DIR (must be empty, unless --force)`;

const POSTGRES = `DATABASE_URL is set: the database is PostgreSQL, which these commands do not back up. Use PostgreSQL's own tools
(pg_dump, or continuous archiving for point-in-time recovery) and the bucket's versioning and replication for S3_BUCKET,
and keep the keys (API_AES_KEY, API_SIGN_KEY, SERVER_SECRET, KYC_KEY) with the backups: see README, "Backups".`;

class CommandFailed extends Error {
  override name = 'CommandFailed';
}

interface Settings {
  dataDir: string;
  databaseUrl: string | null;
  storage: 'local' | 's3';
  backupDir: string;
}

/** The few settings these commands need, read as config.ts reads them (loadConfig would create key files in DATA_DIR). */
function settingsFrom(env: NodeJS.ProcessEnv): Settings {
  return {
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    storage: env.S3_BUCKET ? 's3' : 'local',
    backupDir: path.resolve(env.BACKUP_DIR || './backups'),
  };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function warnings(manifest: BackupManifest): string[] {
  const lines: string[] = [];
  if (manifest.keys.environment.length > 0) {
    lines.push(
      `Keys set in the server's environment are not in the backup: ${manifest.keys.environment.join(', ')}. Keep their values with it: ` +
        'the restored server needs the same ones (without KYC_KEY, or SERVER_SECRET while KYC_KEY is unset, no identity document can be decrypted).',
    );
  }
  if (manifest.storage === 's3') {
    lines.push('The files (pictures, identity documents) are in the S3 bucket, not in this backup: back the bucket up as README "Backups" says.');
  }
  return lines;
}

function describe(manifest: BackupManifest): string[] {
  const count = (area: string) => manifest.entries.filter((entry) => entry.name.startsWith(`${area}/`)).length;
  const migrations = manifest.database.migrations;
  return [
    `  database: PGlite ${manifest.database.pglite}, ${migrations.length} migrations (latest ${migrations.at(-1) ?? 'none'})`,
    manifest.storage === 'local' ? `  files: ${count('uploads')} in uploads/, ${count('kyc')} in kyc/` : '  files: in the S3 bucket (not in the archive)',
    `  keys: ${manifest.keys.files.length > 0 ? manifest.keys.files.join(', ') : 'none in files'}`,
  ];
}

/** Asks the running server for a backup and writes what it streams to `file`. */
async function backupFromServer(owner: OwnerRecord, file: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${owner.port}/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
  if (res.status !== 200 || !res.body) throw new CommandFailed(`The server refused the backup (${res.status}: ${await res.text()}).`);
  await pipeline(Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
}

/** Takes the backup itself, the server being stopped: DATA_DIR is claimed first, so no server starts meanwhile. */
async function backupOffline(settings: Settings, file: string): Promise<void> {
  if (!existsSync(path.join(settings.dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new CommandFailed(`There is no embedded database in ${path.join(settings.dataDir, 'pgdata')}: nothing to back up. Is DATA_DIR right?`);
  }
  const claim = await claimDataDir(settings.dataDir, { role: 'backup' });
  try {
    const database = await openDatabase({ databaseUrl: null, dataDir: settings.dataDir });
    try {
      await writeBackup(
        {
          dataDir: settings.dataDir,
          mode: 'offline',
          storage: settings.storage,
          dumpDatabase: database.dump!,
          migrations: () => migrationsOf(database.db),
          keysFromEnvironment: keysFromEnvironment(process.env),
        },
        createWriteStream(file, { flags: 'wx', mode: 0o600 }),
      );
    } finally {
      await database.close();
    }
  } finally {
    await claim.release();
  }
}

async function backup(out: string | undefined): Promise<void> {
  const settings = settingsFrom(process.env);
  if (settings.databaseUrl) throw new CommandFailed(POSTGRES);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.resolve(out ?? path.join(settings.backupDir, `venuely-${stamp}.tar.gz`));
  if (existsSync(file)) throw new CommandFailed(`${file} exists already: name another file with --out.`);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const owner = await readOwner(settings.dataDir);
  const state = owner ? await ownerState(owner) : 'stale';
  const online = owner !== null && state === 'live' && owner.role === 'server';
  if (owner && state !== 'stale' && !online) throw new DataDirInUse(settings.dataDir, owner, state);
  let manifest: BackupManifest;
  try {
    if (online) await backupFromServer(owner, partial);
    else await backupOffline(settings, partial);
    // What was written is read back whole and checked against its manifest before it gets its name.
    manifest = await readArchive(createReadStream(partial), null).catch((error: unknown) => {
      throw error instanceof BackupArchiveError ? new CommandFailed(`The backup came out damaged (${error.message}); no file was written.`) : error;
    });
    // link, not rename: never replaces a file that appeared under the name meanwhile (rename where the file system has
    // no hard links, after checking again).
    await link(partial, file).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST' || existsSync(file)) throw new CommandFailed(`${file} appeared while the backup was written: name another file with --out.`);
      await rename(partial, file);
    });
  } finally {
    await rm(partial, { force: true });
  }
  const size = (await stat(file)).size;
  console.log(
    [
      `Backup written: ${file} (${megabytes(size)}), ${online ? `taken by the running server (pid ${owner.pid})` : 'taken with no server running'}`,
      ...describe(manifest),
      ...warnings(manifest).map((line) => `Note: ${line}`),
      'It holds the keys: keep it as private as DATA_DIR itself.',
    ].join('\n'),
  );
}

async function restore(file: string, force: boolean): Promise<void> {
  const settings = settingsFrom(process.env);
  if (settings.databaseUrl) throw new CommandFailed(`${POSTGRES}\nUnset DATABASE_URL to restore a backup of the embedded database into DATA_DIR.`);
  const { manifest, previous } = await restoreBackup({ file: path.resolve(file), dataDir: settings.dataDir, force });
  console.log(
    [
      `Restored ${path.resolve(file)} into ${settings.dataDir} (backup of ${manifest.created_at}, release ${manifest.app.version}).`,
      ...describe(manifest),
      ...(previous ? [`What ${settings.dataDir} held before is in ${previous}: delete it once the restored server runs as it should.`] : []),
      ...warnings(manifest).map((line) => `Note: ${line}`),
      'Start the server as usual (npm start); it applies any newer migrations.',
    ].join('\n'),
  );
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { out: { type: 'string', short: 'o' }, force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new CommandFailed(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'backup' && positionals.length === 0 && !values.force) return backup(values.out);
  if (command === 'restore' && positionals.length === 1 && values.out === undefined) return restore(positionals[0], values.force ?? false);
  throw new CommandFailed(USAGE);
}

main().catch((error: unknown) => {
  const known = error instanceof CommandFailed || error instanceof RestoreRefused || error instanceof DataDirInUse || error instanceof BackupArchiveError;
  // A refused or damaged backup is the operator's to act on: its message alone. Anything else with its stack.
  console.error(known ? (error instanceof BackupArchiveError ? `The backup cannot be restored: ${error.message}. Nothing was changed.` : (error as Error).message) : error);
  process.exit(1);
});
