import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { isStorageKey } from '../storage/file-storage';
import { END_OF_ARCHIVE, fileBlocks, readTar, TarFormatError } from './tar-format';

/**
 * A backup is one gzip-compressed tar of regular files, named as they lie under DATA_DIR:
 * - `pgdata.tar`: the embedded database, PGlite's own dump of its data directory (`dumpDataDir`);
 * - `uploads/…` and `kyc/…`: the stored pictures and the (encrypted) identity documents, named by their storage key;
 * - `keys.json`, `server-secret.json`: the generated keys (without them no client can talk to the restored server and
 *   no identity document decrypts), and `demo-images.json` when there is one;
 * - `venuely-backup.json` last: the manifest, with versions and the size and SHA-256 of every entry before it.
 * The manifest comes last because it is written as the files stream out; a restore reads the whole archive into a
 * directory of its own first and checks it against the manifest before it touches DATA_DIR.
 */

export const BACKUP_FORMAT = 'venuely-backup';
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'venuely-backup.json';
export const DATABASE_ENTRY = 'pgdata.tar';
/** Key files the server generates under DATA_DIR (config.ts) when the keys are not set in the environment. */
export const KEY_FILES = ['keys.json', 'server-secret.json'] as const;
/** The environment variables that replace those files; a backup cannot hold what the environment holds. */
export const KEY_VARIABLES = ['API_AES_KEY', 'API_SIGN_KEY', 'SERVER_SECRET', 'KYC_KEY'] as const;
const OTHER_FILES = ['demo-images.json'] as const;

export interface ManifestEntry {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  /** `online`: taken by the running server; `offline`: by the command, with no server running. */
  mode: 'online' | 'offline';
  app: { name: string; version: string };
  node: string;
  database: { kind: 'pglite'; pglite: string; migrations: string[] };
  /** `s3`: the files are in the bucket, not in the archive (README, "Backups"). */
  storage: 'local' | 's3';
  keys: { files: string[]; environment: string[] };
  entries: ManifestEntry[];
}

export class BackupArchiveError extends Error {
  override name = 'BackupArchiveError';
}

/** Whether `name` may be an entry of a backup: one of the fixed files, or a storage key (no `..`, no absolute path). */
export function isEntryName(name: string): boolean {
  return name === DATABASE_ENTRY || (KEY_FILES as readonly string[]).includes(name) || (OTHER_FILES as readonly string[]).includes(name) || isStorageKey(name);
}

/** Files of DATA_DIR besides the database and the storage areas that a backup carries, when they exist. */
export const DATA_DIR_FILES: readonly string[] = [...KEY_FILES, ...OTHER_FILES];

/** Entries readable only by the owner once restored: the keys, the documents and the database. */
export function isPrivateEntry(name: string): boolean {
  return name !== 'demo-images.json' && !name.startsWith('uploads/');
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Writes an archive to `out`: entries one by one (each whole in memory: a picture, a document, the database dump),
 * then the manifest. Backpressure is respected, so a slow reader (an HTTP client) holds the writer back.
 */
export class ArchiveWriter {
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;
  readonly entries: ManifestEntry[] = [];

  constructor(private readonly out: Writable) {
    // Its errors surface as the failed write or finish that follows; unheard, an 'error' event would end the process.
    this.gzip.on('error', () => {});
    this.gzip.pipe(out);
    this.done = finished(out);
    this.done.catch(() => {});
    // An output that fails or closes early (the client went away, the server is stopping) ends the writer: the next
    // write throws instead of waiting for a drain that never comes.
    out.on('error', (error) => this.gzip.destroy(error));
    out.on('close', () => {
      if (!out.writableFinished) this.gzip.destroy(new Error('the backup output was closed before the end'));
    });
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.gzip.destroyed) throw this.gzip.errored ?? new Error('the backup output was closed');
    if (!this.gzip.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.gzip.off('close', onClose);
          resolve();
        };
        const onClose = () => {
          this.gzip.off('drain', onDrain);
          reject(this.gzip.errored ?? new Error('the backup output was closed'));
        };
        this.gzip.once('drain', onDrain);
        this.gzip.once('close', onClose);
      });
    }
  }

  async add(name: string, data: Buffer, mode = 0o644): Promise<void> {
    if (!isEntryName(name)) throw new BackupArchiveError(`not a backup entry name: ${name}`);
    for (const block of fileBlocks(name, data, { mode })) await this.write(block);
    this.entries.push({ name, size: data.length, sha256: sha256(data) });
  }

  /** Writes the manifest (with the entries written) and the end of the archive, and waits until `out` has it all. */
  async finish(manifest: Omit<BackupManifest, 'entries'>): Promise<BackupManifest> {
    const complete: BackupManifest = { ...manifest, entries: this.entries };
    for (const block of fileBlocks(MANIFEST_NAME, Buffer.from(JSON.stringify(complete, null, 2)), { mode: 0o644 })) await this.write(block);
    await this.write(END_OF_ARCHIVE);
    this.gzip.end();
    await this.done;
    return complete;
  }

  /** Ends the output without a manifest: a reader then sees a truncated archive, never a complete-looking one. */
  abort(error: Error): void {
    this.gzip.destroy(error);
    this.out.destroy(error);
  }
}

function parseManifest(data: Buffer): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(data.toString('utf8')) as BackupManifest;
  } catch {
    throw new BackupArchiveError(`${MANIFEST_NAME} is not valid JSON`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupArchiveError('not a Venuely backup (its manifest names another format)');
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupArchiveError(`the backup has format version ${String(manifest.version)}; this release reads version ${BACKUP_VERSION}: restore it with the release that made it (${manifest.app?.version ?? 'unknown'})`);
  }
  if (!Array.isArray(manifest.entries) || manifest.database?.kind !== 'pglite' || !Array.isArray(manifest.database.migrations)) {
    throw new BackupArchiveError('the backup manifest is incomplete');
  }
  return manifest;
}

/**
 * Reads a whole archive. Each entry is checked by name, then either written under `targetDir` (restore) or only
 * hashed (`targetDir` null: checking a backup just written); at the end the entries must be exactly the manifest's,
 * byte for byte. Throws BackupArchiveError (a damaged, truncated or foreign archive) before returning anything.
 */
export async function readArchive(input: Readable, targetDir: string | null): Promise<BackupManifest> {
  const seen = new Map<string, ManifestEntry>();
  let manifest: BackupManifest | null = null;
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    for await (const entry of readTar(gunzip)) {
      if (manifest) throw new BackupArchiveError('the archive has entries after its manifest');
      if (entry.name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const piece of entry.body) chunks.push(piece);
        manifest = parseManifest(Buffer.concat(chunks));
        continue;
      }
      if (!isEntryName(entry.name)) throw new BackupArchiveError(`the archive holds an entry no backup has: ${JSON.stringify(entry.name).slice(0, 200)}`);
      if (seen.has(entry.name)) throw new BackupArchiveError(`the archive holds ${entry.name} twice`);
      const hash = createHash('sha256');
      let size = 0;
      if (targetDir === null) {
        for await (const piece of entry.body) {
          hash.update(piece);
          size += piece.length;
        }
      } else {
        const file = path.join(targetDir, ...entry.name.split('/'));
        const privateEntry = isPrivateEntry(entry.name);
        await mkdir(path.dirname(file), { recursive: true, mode: privateEntry ? 0o700 : 0o755 });
        const out = createWriteStream(file, { flags: 'wx', mode: privateEntry ? 0o600 : 0o644 });
        try {
          for await (const piece of entry.body) {
            hash.update(piece);
            size += piece.length;
            if (!out.write(piece)) await new Promise((resolve) => out.once('drain', resolve));
          }
        } finally {
          out.end();
          await finished(out);
        }
      }
      seen.set(entry.name, { name: entry.name, size, sha256: hash.digest('hex') });
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    if (error instanceof TarFormatError) throw new BackupArchiveError(`the archive is damaged: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw new BackupArchiveError(`the archive is damaged or truncated (${(error as Error).message})`);
    }
    throw error;
  }
  if (!manifest) throw new BackupArchiveError(`the archive has no manifest (${MANIFEST_NAME}): it is truncated or not a Venuely backup`);
  const listed = new Map(manifest.entries.map((entry) => [entry.name, entry]));
  for (const [name, entry] of seen) {
    const expected = listed.get(name);
    if (!expected) throw new BackupArchiveError(`${name} is in the archive but not in its manifest`);
    if (expected.size !== entry.size || expected.sha256 !== entry.sha256) throw new BackupArchiveError(`${name} does not match its checksum in the manifest`);
  }
  for (const name of listed.keys()) if (!seen.has(name)) throw new BackupArchiveError(`${name} is in the manifest but missing from the archive`);
  if (!seen.has(DATABASE_ENTRY)) throw new BackupArchiveError(`the archive has no database (${DATABASE_ENTRY})`);
  return manifest;
}
