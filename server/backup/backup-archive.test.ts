import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import { BackupArchiveError, DATABASE_ENTRY, MANIFEST_NAME, readArchive } from './backup-archive';
import { writeBackup } from './backup.service';
import { withDeferredDeletes } from './deferred-deletes';
import { END_OF_ARCHIVE, fileBlocks, readTar } from './tar-format';

/**
 * The backup archive (issue 33 item 2) without a database: the tar format against GNU tar, the manifest's checks
 * (a truncated, damaged, foreign or padded archive is refused), and the order that keeps every file a snapshot names
 * (deletions held from before the dump until the files are copied). The whole path, with a real server and
 * PGlite, is backup.test.ts.
 */

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'venuely-archive-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const KYC_KEY = 'kyc/2026/11/6f0c1a44-58f3-4a4c-9d1e-2c4b8f1e0a77.bin';
const LONG_KEY = `uploads/avatar/${'a'.repeat(120)}/picture.webp`;

/** A DATA_DIR with pictures (one under a name longer than a ustar name), a document, the key files and a temp file. */
function dataDirWithFiles(): { dir: string; files: Record<string, Buffer> } {
  const dir = tempDir();
  const files: Record<string, Buffer> = {
    'uploads/avatar/2026/11/b1.webp': Buffer.from('picture one'),
    'uploads/avatar/2026/11/b1.thumb.webp': Buffer.from('thumb one'),
    [LONG_KEY]: Buffer.alloc(1500, 7),
    [KYC_KEY]: Buffer.from('sealed document bytes'),
    'keys.json': Buffer.from('{"aesKey":"00","signKey":"11"}'),
    'server-secret.json': Buffer.from('{"serverSecret":"22"}'),
  };
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), data);
  }
  // Half-written uploads (local-storage.ts writes `.name.uuid.tmp` and renames) and foreign files are not backed up.
  writeFileSync(path.join(dir, 'uploads/avatar/2026/11/.b2.webp.1234.tmp'), 'half');
  writeFileSync(path.join(dir, 'notes.txt'), 'not ours');
  return { dir, files };
}

async function backupOf(dir: string, options: { dump?: Buffer; onDump?: () => Promise<void>; holdDeletes?: () => () => Promise<void> } = {}) {
  const file = path.join(tempDir(), 'backup.tar.gz');
  const manifest = await writeBackup(
    {
      dataDir: dir,
      mode: 'offline',
      storage: 'local',
      dumpDatabase: async () => {
        await options.onDump?.();
        return options.dump ?? Buffer.from('a database dump');
      },
      migrations: async () => ['2026-11-23-0001-accounts'],
      holdDeletes: options.holdDeletes,
      keysFromEnvironment: ['KYC_KEY'],
    },
    createWriteStream(file),
  );
  return { file, manifest };
}

describe('backup archive', () => {
  it('holds the database, every stored file and the key files, readable by tar, with a manifest of their checksums', async () => {
    const { dir, files } = dataDirWithFiles();
    const { file, manifest } = await backupOf(dir);
    const names = manifest.entries.map((entry) => entry.name);
    expect(names).toEqual([DATABASE_ENTRY, 'uploads/avatar/2026/11/b1.thumb.webp', 'uploads/avatar/2026/11/b1.webp', LONG_KEY, KYC_KEY, 'keys.json', 'server-secret.json']);
    for (const [name, data] of Object.entries(files)) expect(manifest.entries.find((entry) => entry.name === name)).toEqual({ name, size: data.length, sha256: sha256(data) });
    expect(manifest).toMatchObject({ format: 'venuely-backup', version: 1, mode: 'offline', storage: 'local', keys: { files: ['keys.json', 'server-secret.json'], environment: ['KYC_KEY'] } });
    expect(manifest.database).toMatchObject({ kind: 'pglite', migrations: ['2026-11-23-0001-accounts'] });
    expect(manifest.database.pglite).toMatch(/^\d+\.\d+\.\d+/);

    // GNU tar lists and extracts it as it is, the long name (a pax record) included, the manifest last.
    const listed = execFileSync('tar', ['tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([...names, MANIFEST_NAME]);
    const extracted = tempDir();
    execFileSync('tar', ['xzf', file, '-C', extracted]);
    for (const [name, data] of Object.entries(files)) expect(readFileSync(path.join(extracted, name))).toEqual(data);
    expect(JSON.parse(readFileSync(path.join(extracted, MANIFEST_NAME), 'utf8'))).toEqual(manifest);

    // And this reader gets back every byte, into a directory of its own, with documents and keys private.
    const target = tempDir();
    expect(await readArchive(createReadStream(file), target)).toEqual(manifest);
    for (const [name, data] of Object.entries(files)) expect(readFileSync(path.join(target, name))).toEqual(data);
    expect(readFileSync(path.join(target, DATABASE_ENTRY)).toString()).toBe('a database dump');
    expect(existsSync(path.join(target, 'notes.txt'))).toBe(false);
    expect(readdirSync(path.join(target, 'uploads/avatar/2026/11')).sort()).toEqual(['b1.thumb.webp', 'b1.webp']);
  });

  it('keeps a file the snapshot names even when it is deleted between the dump and the copy', async () => {
    const { dir, files } = dataDirWithFiles();
    const storage = withDeferredDeletes(createLocalStorage(dir));
    const key = 'uploads/avatar/2026/11/b1.webp';
    // The app drops the picture right after the snapshot (its row went in a later commit): the file must still come.
    const { manifest } = await backupOf(dir, { holdDeletes: storage.holdDeletes, onDump: () => storage.delete(key) });
    expect(manifest.entries.find((entry) => entry.name === key)?.sha256).toBe(sha256(files[key]));
    // Deleted for real once the files are copied.
    expect(existsSync(path.join(dir, key))).toBe(false);
    expect(await storage.exists(key)).toBe(false);

    // Without a backup running, a delete is a delete at once.
    await storage.delete('uploads/avatar/2026/11/b1.thumb.webp');
    expect(existsSync(path.join(dir, 'uploads/avatar/2026/11/b1.thumb.webp'))).toBe(false);
    // While a hold lasts, the file is gone for every reader of the storage but stays on disk.
    const release = storage.holdDeletes();
    await storage.delete(LONG_KEY);
    expect([await storage.exists(LONG_KEY), await storage.get(LONG_KEY), existsSync(path.join(dir, LONG_KEY))]).toEqual([false, null, true]);
    await release();
    expect(existsSync(path.join(dir, LONG_KEY))).toBe(false);
  });

  const refusal = async (data: Buffer) => {
    const target = tempDir();
    const error = await readArchive(Readable.from([data]), target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupArchiveError);
    return (error as Error).message;
  };

  it('refuses a truncated archive, a damaged one and one whose manifest does not match', async () => {
    const { dir } = dataDirWithFiles();
    const { file } = await backupOf(dir);
    const whole = readFileSync(file);
    for (const cut of [whole.length - 10, Math.floor(whole.length / 2), 30]) expect(await refusal(whole.subarray(0, cut))).toMatch(/damaged|truncated/);
    const flipped = Buffer.from(whole);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    expect(await refusal(flipped)).toMatch(/damaged|truncated|checksum/);
    expect(await refusal(Buffer.from('not a gzip stream at all'))).toMatch(/damaged|truncated/);

    // A tar that is whole but whose bytes do not match the manifest, or whose manifest is missing.
    const tarOf = (entries: [string, Buffer][]) => gzipSync(Buffer.concat([...entries.flatMap(([name, data]) => fileBlocks(name, data)), END_OF_ARCHIVE]));
    const manifest = (entries: { name: string; size: number; sha256: string }[]) =>
      Buffer.from(JSON.stringify({ format: 'venuely-backup', version: 1, app: { version: '0.1.0' }, database: { kind: 'pglite', migrations: [] }, entries }));
    const dump = Buffer.from('dump');
    expect(await refusal(tarOf([[DATABASE_ENTRY, dump]]))).toMatch(/no manifest/);
    expect(await refusal(tarOf([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(Buffer.from('pump')) }])]]))).toMatch(/does not match its checksum/);
    expect(await refusal(tarOf([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }, { name: 'keys.json', size: 2, sha256: sha256(Buffer.from('{}')) }])]]))).toMatch(/missing from the archive/);
    expect(await refusal(tarOf([[DATABASE_ENTRY, dump], ['keys.json', Buffer.from('{}')], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }])]]))).toMatch(/not in its manifest/);
    expect(await refusal(tarOf([[MANIFEST_NAME, manifest([])]]))).toMatch(/no database/);
    expect(await refusal(tarOf([[MANIFEST_NAME, Buffer.from('{"format":"something-else"}')]]))).toMatch(/not a Venuely backup/);
    expect(await refusal(tarOf([[MANIFEST_NAME, Buffer.from(JSON.stringify({ format: 'venuely-backup', version: 2, app: { version: '9.0.0' } }))]]))).toMatch(/format version 2.*9\.0\.0/);
  });

  it('refuses entries no backup has, before writing anything of them: traversal, absolute paths, links', async () => {
    for (const name of ['../escape.txt', '/etc/passwd', 'uploads/../../escape', 'pgdata/base/1', 'owner.json', 'uploads/a\\b.webp']) {
      const target = tempDir();
      const tar = gzipSync(Buffer.concat([...fileBlocks(name, Buffer.from('x')), END_OF_ARCHIVE]));
      expect(await refusal(tar)).toMatch(/holds an entry no backup has/);
      expect(readdirSync(target)).toEqual([]);
      expect(existsSync(path.join(path.dirname(target), 'escape.txt'))).toBe(false);
    }
    // A symbolic link (made by GNU tar) is not a regular file: refused whatever its name.
    const source = tempDir();
    mkdirSync(path.join(source, 'uploads'));
    execFileSync('ln', ['-s', '/etc/passwd', path.join(source, 'uploads', 'link.webp')]);
    const linked = execFileSync('tar', ['czf', '-', '-C', source, 'uploads/link.webp']);
    expect(await refusal(linked)).toMatch(/not a regular file/);
  });

  it('reads a tar stream however it is cut into chunks, and skips a body its reader left', async () => {
    const data = Buffer.alloc(5000, 3);
    const tar = Buffer.concat([...fileBlocks('a', data), ...fileBlocks(LONG_KEY, Buffer.from('long')), END_OF_ARCHIVE]);
    const stream = new PassThrough();
    const read = (async () => {
      const seen: [string, number][] = [];
      for await (const entry of readTar(stream, 700)) {
        if (entry.name === 'a') {
          seen.push([entry.name, entry.size]);
          continue;
        }
        const chunks: Buffer[] = [];
        for await (const piece of entry.body) chunks.push(piece);
        seen.push([entry.name, Buffer.concat(chunks).length]);
      }
      return seen;
    })();
    for (let at = 0; at < tar.length; at += 333) stream.write(tar.subarray(at, at + 333));
    stream.end();
    expect(await read).toEqual([
      ['a', 5000],
      [LONG_KEY, 4],
    ]);
  });
});
