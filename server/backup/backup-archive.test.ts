import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { type Header, pack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../storage/local-storage';
import { ArchiveWriter, BackupArchiveError, DATABASE_ENTRY, MANIFEST_NAME, readArchive } from './backup-archive';
import { writeBackup } from './backup.service';
import { withDeferredDeletes } from './deferred-deletes';

/**
 * The backup archive (issue 33 item 2) without a database: the tar (tar-stream's) against GNU tar, what the reader
 * refuses (anything but a regular file, a name no backup has, a truncated, damaged, foreign or padded archive, a
 * manifest that does not match), and the order that keeps every file a snapshot names
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
/** Longer than a ustar name: split into the header's prefix and name fields. */
const LONG_KEY = `uploads/avatar/${'a'.repeat(120)}/picture.webp`;
/** Its last part alone is longer than a ustar name: only a pax record holds it. */
const PAX_KEY = `uploads/avatar/2026/${'b'.repeat(120)}.webp`;

/**
 * A DATA_DIR with pictures (two under names longer than a ustar name), a document, the key files and a temp file.
 */
function dataDirWithFiles(): { dir: string; files: Record<string, Buffer> } {
  const dir = tempDir();
  const files: Record<string, Buffer> = {
    'uploads/avatar/2026/11/b1.webp': Buffer.from('picture one'),
    'uploads/avatar/2026/11/b1.thumb.webp': Buffer.from('thumb one'),
    [LONG_KEY]: Buffer.alloc(1500, 7),
    [PAX_KEY]: Buffer.alloc(700, 9),
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
    expect(names).toEqual([DATABASE_ENTRY, 'uploads/avatar/2026/11/b1.thumb.webp', 'uploads/avatar/2026/11/b1.webp', PAX_KEY, LONG_KEY, KYC_KEY, 'keys.json', 'server-secret.json']);
    for (const [name, data] of Object.entries(files)) expect(manifest.entries.find((entry) => entry.name === name)).toEqual({ name, size: data.length, sha256: sha256(data) });
    expect(manifest).toMatchObject({ format: 'venuely-backup', version: 1, mode: 'offline', storage: 'local', keys: { files: ['keys.json', 'server-secret.json'], environment: ['KYC_KEY'] } });
    expect(manifest.database).toMatchObject({ kind: 'pglite', migrations: ['2026-11-23-0001-accounts'] });
    expect(manifest.database.pglite).toMatch(/^\d+\.\d+\.\d+/);

    // GNU tar lists and extracts it as it is, the long names (a ustar prefix, a pax record) included, the manifest last.
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

  const refusal = async (data: Buffer, target = tempDir()) => {
    const error = await readArchive(Readable.from([data]), target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupArchiveError);
    return (error as Error).message;
  };

  /** A tar of the given entries (regular files unless a header says otherwise), written by tar-stream. */
  type EntryHeader = Partial<Header> & Pick<Header, 'name'>;
  const tarOf = async (entries: { header: EntryHeader; data?: Buffer }[], options: { end?: boolean } = {}) => {
    const tar = pack();
    for (const { header, data } of entries) (data ? tar.entry(header, data) : tar.entry(header)).on('error', () => {});
    tar.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of tar) chunks.push(chunk as Buffer);
    const whole = Buffer.concat(chunks);
    // tar-stream ends an archive with two zero blocks; without them it is cut at an entry's end.
    return options.end === false ? whole.subarray(0, whole.length - 1024) : whole;
  };
  const files = (entries: [string, Buffer][]) => entries.map(([name, data]) => ({ header: { name, type: 'file' } as EntryHeader, data }));
  const manifest = (entries: { name: string; size: number; sha256: string }[]) =>
    Buffer.from(JSON.stringify({ format: 'venuely-backup', version: 1, app: { version: '0.1.0' }, database: { kind: 'pglite', migrations: [] }, entries }));
  const dump = Buffer.from('dump');
  const whole = () => files([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }])]]);

  it('refuses a truncated archive, a damaged one and one whose manifest does not match', async () => {
    const { dir } = dataDirWithFiles();
    const { file } = await backupOf(dir);
    const backup = readFileSync(file);
    for (const cut of [backup.length - 10, Math.floor(backup.length / 2), 30]) expect(await refusal(backup.subarray(0, cut))).toMatch(/damaged|truncated/);
    const flipped = Buffer.from(backup);
    flipped[Math.floor(flipped.length / 2)] ^= 0xff;
    expect(await refusal(flipped)).toMatch(/damaged|truncated|checksum/);
    expect(await refusal(Buffer.from('not a gzip stream at all'))).toMatch(/damaged|truncated/);

    // The smallest whole archive is read; the same tar cut anywhere is refused, in a gzip stream that is itself whole.
    const tar = await tarOf(whole());
    expect((await readArchive(Readable.from([gzipSync(tar)]), tempDir())).entries).toHaveLength(1);
    for (const cut of [tar.length - 1024, tar.length - 512, tar.length - 700, 1024 + 512, 100]) expect(await refusal(gzipSync(tar.subarray(0, cut)))).toMatch(/truncated/);
    // A header whose checksum does not match (one byte of a name changed), bytes after the end that are not a tar.
    const renamed = Buffer.from(tar);
    renamed[0] ^= 0x01;
    expect(await refusal(gzipSync(renamed))).toMatch(/damaged: an entry header is damaged \(its checksum does not match\)/);
    expect(await refusal(gzipSync(Buffer.concat([tar, Buffer.alloc(512, 1)])))).toMatch(/damaged/);
    // More zero blocks after the end (a writer padding to its record size) are an end like any other.
    expect((await readArchive(Readable.from([gzipSync(Buffer.concat([tar, Buffer.alloc(10240)]))]), null)).entries).toHaveLength(1);

    // A tar that is whole but whose bytes do not match the manifest, or whose manifest is missing.
    const refused = async (entries: [string, Buffer][]) => refusal(gzipSync(await tarOf(files(entries))));
    expect(await refused([[DATABASE_ENTRY, dump]])).toMatch(/no manifest/);
    expect(await refused([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(Buffer.from('pump')) }])]])).toMatch(/does not match its checksum/);
    expect(await refused([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }, { name: 'keys.json', size: 2, sha256: sha256(Buffer.from('{}')) }])]])).toMatch(/missing from the archive/);
    expect(await refused([[DATABASE_ENTRY, dump], ['keys.json', Buffer.from('{}')], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }])]])).toMatch(/not in its manifest/);
    expect(await refused([[DATABASE_ENTRY, dump], [MANIFEST_NAME, manifest([{ name: DATABASE_ENTRY, size: 4, sha256: sha256(dump) }])], ['keys.json', Buffer.from('{}')]])).toMatch(/entries after its manifest/);
    expect(await refused([[MANIFEST_NAME, manifest([])]])).toMatch(/no database/);
    expect(await refused([[MANIFEST_NAME, Buffer.from('{"format":"something-else"}')]])).toMatch(/not a Venuely backup/);
    expect(await refused([[MANIFEST_NAME, Buffer.from(JSON.stringify({ format: 'venuely-backup', version: 2, app: { version: '9.0.0' } }))]])).toMatch(/format version 2.*9\.0\.0/);
  });

  it('refuses entries no backup has, before writing anything of them: traversal, absolute paths, links, devices', async () => {
    const noEscape = (target: string) => {
      expect(readdirSync(target)).toEqual([]);
      expect(existsSync(path.join(path.dirname(target), 'escape.txt'))).toBe(false);
    };
    for (const name of ['../escape.txt', '/etc/passwd', 'uploads/../../escape', 'pgdata/base/1', 'owner.json', 'uploads/a\\b.webp', `uploads/${'x/'.repeat(60)}../../escape.txt`]) {
      const target = tempDir();
      expect(await refusal(gzipSync(await tarOf(files([[name, Buffer.from('x')]]))), target)).toMatch(/holds an entry no backup has/);
      noEscape(target);
    }
    // Whatever its name, an entry that is not a regular file: a link to a file outside or inside, a device, a fifo, a
    // directory; each first in a whole archive, so nothing before it is taken either.
    const others: EntryHeader[] = [
      { name: 'uploads/avatar/2026/11/link.webp', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'keys.json', type: 'link', linkname: '../escape.txt' },
      { name: 'uploads/avatar/2026/11/b1.webp', type: 'link', linkname: 'pgdata.tar' },
      { name: 'uploads/avatar/2026/11/dev.webp', type: 'character-device', devmajor: 1, devminor: 3 },
      { name: 'uploads/avatar/2026/11/pipe.webp', type: 'fifo' },
      { name: 'uploads/avatar/', type: 'directory' },
    ];
    for (const header of others) {
      const target = tempDir();
      expect(await refusal(gzipSync(await tarOf([{ header }, ...whole()])), target)).toMatch(/not a regular file/);
      noEscape(target);
    }
    // A symbolic link and a directory as GNU tar writes them.
    const source = tempDir();
    mkdirSync(path.join(source, 'uploads'));
    execFileSync('ln', ['-s', '/etc/passwd', path.join(source, 'uploads', 'link.webp')]);
    expect(await refusal(execFileSync('tar', ['czf', '-', '-C', source, 'uploads/link.webp']))).toMatch(/not a regular file/);
    expect(await refusal(execFileSync('tar', ['czf', '-', '-C', source, 'uploads']))).toMatch(/not a regular file/);
  });

  it('streams: a reader that does not read holds the writer back, and one that stops ends it', async () => {
    // Bytes gzip cannot shrink, so what is held is what was written.
    const entries = Array.from({ length: 8 }, () => randomBytes(512 * 1024));
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const writer = new ArchiveWriter(out);
    let added = 0;
    const adding = (async () => {
      for (const data of entries) {
        await writer.add(DATABASE_ENTRY, data);
        added += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // At most one entry is taken ahead of a reader that reads nothing: the archive is never held whole.
    expect(added).toBeLessThanOrEqual(1);
    let read = 0;
    out.on('data', (chunk: Buffer) => {
      read += chunk.length;
      // The reader goes away after about two entries (a client that disconnects).
      if (read > 1024 * 1024) out.destroy();
    });
    expect(String(await adding.catch((error: unknown) => error))).toMatch(/closed/);
    expect(added).toBeLessThan(entries.length);
  });

  it('reads an archive however its stream is cut into chunks', async () => {
    const { dir, files: stored } = dataDirWithFiles();
    const { file, manifest: written } = await backupOf(dir, { dump: Buffer.alloc(200_000, 5) });
    const backup = readFileSync(file);
    for (const size of [1, 333, 4096]) {
      const stream = new PassThrough();
      const target = tempDir();
      const read = readArchive(stream, target);
      for (let at = 0; at < backup.length; at += size) stream.write(backup.subarray(at, at + size));
      stream.end();
      expect(await read).toEqual(written);
      for (const [name, data] of Object.entries(stored)) expect(readFileSync(path.join(target, name))).toEqual(data);
    }
  });
});
