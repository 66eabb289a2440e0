import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Extract } from 'tar-stream';
import { isStorageKey } from '../storage/file-storage';

/**
 * A backup is one gzip-compressed tar of regular files, named as they lie under DATA_DIR:
 * - `pgdata.tar`: the embedded database, PGlite's own dump of its data directory (`dumpDataDir`);
 * - `uploads/…` and `kyc/…`: the stored pictures and the (encrypted) identity documents, named by their storage key;
 * - `keys.json`, `server-secret.json`: the generated keys (without them no client can talk to the restored server and
 *   no identity document decrypts), and `demo-images.json` when there is one;
 * - `venuely-backup.json` last: the manifest, with versions and the size and SHA-256 of every entry before it.
 * The manifest comes last because it is written as the files stream out; a restore reads the whole archive into a
 * directory of its own first and checks it against the manifest before it touches DATA_DIR.
 *
 * The tar encoding is tar-stream's (ustar headers, a long name in the ustar prefix or in a pax record; any `tar` reads
 * it). What is ours is what a backup accepts of a tar: regular files only, named as a backup names them, ending with
 * the end-of-archive blocks.
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
 * then the manifest. Backpressure is respected, so a slow reader (an HTTP client) holds the writer back: an entry is
 * done when the gzip stream has taken its bytes.
 */
export class ArchiveWriter {
  private readonly tar = pack();
  private readonly gzip = createGzip({ level: 6 });
  private readonly done: Promise<void>;
  readonly entries: ManifestEntry[] = [];

  constructor(private readonly out: Writable) {
    // Errors surface as the failed entry or finish that follows; unheard, an 'error' event would end the process.
    // tar-stream's pack is a streamx stream: its pipe ends gzip after the end-of-archive blocks, and a gzip that fails
    // or closes early destroys the pack (the entry being written then fails).
    this.tar.pipe(this.gzip, () => {});
    this.gzip.on('error', () => {});
    this.gzip.pipe(out);
    this.done = finished(out);
    this.done.catch(() => {});
    // An output that fails or closes early (the client went away, the server is stopping) ends the writer: the entry
    // being written fails instead of waiting for a drain that never comes, and so does the next.
    out.on('error', (error) => this.gzip.destroy(error));
    out.on('close', () => {
      if (!out.writableFinished) this.gzip.destroy(new Error('the backup output was closed before the end'));
    });
  }

  private closed(): Error {
    return this.gzip.errored ?? new Error('the backup output was closed');
  }

  /** One regular file; resolves once the gzip stream has taken its bytes. */
  private entry(name: string, data: Buffer, mode: number): Promise<void> {
    if (this.gzip.destroyed || this.tar.destroying) return Promise.reject(this.closed());
    return new Promise<void>((resolve, reject) => {
      const sink = this.tar.entry({ name, type: 'file', size: data.length, mode }, data, (error) => (error ? reject(this.gzip.errored ?? error) : resolve()));
      // Reported through the callback above.
      sink.on('error', () => {});
    });
  }

  async add(name: string, data: Buffer, mode = 0o644): Promise<void> {
    if (!isEntryName(name)) throw new BackupArchiveError(`not a backup entry name: ${name}`);
    await this.entry(name, data, mode);
    this.entries.push({ name, size: data.length, sha256: sha256(data) });
  }

  /** Writes the manifest (with the entries written) and the end of the archive, and waits until `out` has it all. */
  async finish(manifest: Omit<BackupManifest, 'entries'>): Promise<BackupManifest> {
    const complete: BackupManifest = { ...manifest, entries: this.entries };
    await this.entry(MANIFEST_NAME, Buffer.from(JSON.stringify(complete, null, 2)), 0o644);
    this.tar.finalize();
    await this.done;
    return complete;
  }

  /** Ends the output without a manifest: a reader then sees a truncated archive, never a complete-looking one. */
  abort(error: Error): void {
    this.tar.destroy(error);
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

const BLOCK = 512;
/** An entry as tar-stream's extract yields it: its header, its offset in the tar, and its body as a stream. */
type TarEntry = Extract extends AsyncIterable<infer Entry> ? Entry : never;
const ZLIB_ERROR = /^Z_/;
/** tar-stream's messages (3.x), said for the operator. */
const TAR_STREAM_ERRORS: Record<string, string> = {
  'Invalid tar header. Maybe the tar is corrupted or it needs to be gunzipped?': 'an entry header is damaged (its checksum does not match)',
  'Invalid tar header: unknown format.': 'an entry header is not a ustar header',
  'Unexpected end of data': 'it ends in the middle of an entry (truncated)',
};

/**
 * What reading the archive threw, as the archive error it is: zlib's (a damaged or cut gzip stream) and tar-stream's
 * (a header whose checksum does not match, an unknown format, data that ends inside an entry; its errors have no
 * code). Errors of the input itself (a file that cannot be read) stay as they are.
 */
function archiveError(error: unknown): unknown {
  if (error instanceof BackupArchiveError || !(error instanceof Error)) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === undefined) return new BackupArchiveError(`the archive is damaged: ${TAR_STREAM_ERRORS[error.message] ?? error.message}`);
  if (ZLIB_ERROR.test(code) || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'PREMATURE_CLOSE') {
    return new BackupArchiveError(`the archive is damaged or truncated (${error.message})`);
  }
  return error;
}

/**
 * Reads a whole archive. Each entry is checked (a regular file, by name), then either written under `targetDir`
 * (restore) or only hashed (`targetDir` null: checking a backup just written); at the end the entries must be exactly
 * the manifest's, byte for byte. Throws BackupArchiveError (a damaged, truncated or foreign archive) before returning
 * anything: a link, a device or a directory entry, a name no backup has (absolute, `..`), a damaged header, data that
 * ends inside an entry or before the end-of-archive blocks.
 */
export async function readArchive(input: Readable, targetDir: string | null): Promise<BackupManifest> {
  const seen = new Map<string, ManifestEntry>();
  let manifest: BackupManifest | null = null;
  const gunzip = createGunzip();
  const tar = extract();
  input.on('error', (error) => gunzip.destroy(error));
  gunzip.on('error', (error) => tar.destroy(error));
  // What stopped the tar reader: an entry's body only says it was destroyed when it was destroyed before being read.
  let tarError: Error | null = null;
  tar.on('error', (error) => {
    tarError = error;
  });
  /** The items of the tar stream or of an entry's body, with what reading them throws as archive errors. */
  async function* reading<T>(source: AsyncIterable<unknown>): AsyncGenerator<T> {
    try {
      for await (const item of source) yield item as T;
    } catch (error) {
      throw archiveError(tarError ?? error);
    }
  }
  // tar-stream reads past the end-of-archive blocks without requiring them; the bytes of the tar and where its last
  // entry ends tell whether they were there.
  let tarBytes = 0;
  let entriesEnd = 0;
  gunzip.on('data', (chunk: Buffer) => {
    tarBytes += chunk.length;
  });
  // tar-stream's extract is a streamx Writable: Node's pipe feeds it, with backpressure ('drain').
  input.pipe(gunzip).pipe(tar as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of reading<TarEntry>(tar)) {
      const { name, type, size } = entry.header;
      if (type !== 'file') throw new BackupArchiveError(`the archive holds an entry that is not a regular file (${String(type)}: ${JSON.stringify(name).slice(0, 200)})`);
      entriesEnd = entry.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      if (manifest) throw new BackupArchiveError('the archive has entries after its manifest');
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const piece of reading<Buffer>(entry)) chunks.push(piece);
        manifest = parseManifest(Buffer.concat(chunks));
        continue;
      }
      if (!isEntryName(name)) throw new BackupArchiveError(`the archive holds an entry no backup has: ${JSON.stringify(name).slice(0, 200)}`);
      if (seen.has(name)) throw new BackupArchiveError(`the archive holds ${name} twice`);
      const hash = createHash('sha256');
      let bytes = 0;
      if (targetDir === null) {
        for await (const piece of reading<Buffer>(entry)) {
          hash.update(piece);
          bytes += piece.length;
        }
      } else {
        const file = path.join(targetDir, ...name.split('/'));
        const privateEntry = isPrivateEntry(name);
        await mkdir(path.dirname(file), { recursive: true, mode: privateEntry ? 0o700 : 0o755 });
        const out = createWriteStream(file, { flags: 'wx', mode: privateEntry ? 0o600 : 0o644 });
        try {
          for await (const piece of reading<Buffer>(entry)) {
            hash.update(piece);
            bytes += piece.length;
            if (!out.write(piece)) await new Promise((resolve) => out.once('drain', resolve));
          }
        } finally {
          out.end();
          await finished(out);
        }
      }
      seen.set(name, { name, size: bytes, sha256: hash.digest('hex') });
    }
    if (tarBytes - entriesEnd < 2 * BLOCK) throw new BackupArchiveError('the archive is damaged: it ends without its end-of-archive blocks (truncated)');
  } finally {
    // Stops reading what is left of an archive refused halfway (a no-op once it was read whole).
    tar.destroy();
    gunzip.destroy();
    input.destroy();
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
