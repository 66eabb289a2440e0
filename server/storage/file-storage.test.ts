import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../tests/support/s3-server';
import { createImageStore } from '../images/image.service';
import { createDocumentStore, openDocument } from '../kyc/document-store';
import { createFileStorage, type FileStorage, StorageKeyError } from './file-storage';
import { createS3Storage } from './s3-storage';

/**
 * The storage contract (DESIGN section 9), one test body run against both backends: the local DATA_DIR and a real
 * S3-compatible server (s3rver) on loopback. Then the image store and the identity document store on each, the
 * documents proven to reach the backend as ciphertext only.
 */

interface Backend {
  storage: FileStorage;
  /** Every stored object's key, read behind the storage's back (the directory tree, or the bucket listing). */
  listAll(): Promise<string[]>;
  /** The stored bytes of a key, read behind the storage's back. */
  raw(key: string): Promise<Buffer | null>;
  /** The local backend's DATA_DIR. */
  dataDir?: string;
  close(): Promise<void>;
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.stop());

async function localBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-storage-'));
  const storage = createFileStorage({ dataDir, storage: { kind: 'local' } });
  const walk = () =>
    readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  return {
    storage,
    listAll: async () => walk(),
    raw: async (key) => storage.get(key),
    dataDir,
    close: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function s3Backend(): Promise<Backend> {
  const storage = createFileStorage({ dataDir: '/nonexistent-data-dir', storage: s3.storage });
  const client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: s3.storage.credentials! });
  const listAll = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  // The bucket is shared by the tests of this file: each starts from an empty one.
  for (const key of await listAll()) await storage.delete(key);
  return {
    storage,
    listAll,
    raw: async (key) => storage.get(key),
    close: async () => {
      for (const key of await listAll()) await storage.delete(key);
      storage.close();
      client.destroy();
    },
  };
}

const BACKENDS = [
  ['local directory', localBackend],
  ['S3 (s3rver on loopback)', s3Backend],
] as const;

const HOSTILE_KEYS = [
  '',
  'uploads',
  'uploads/',
  '/uploads/a.webp',
  '/etc/passwd',
  '../etc/passwd',
  'uploads/../keys.json',
  'uploads/../../etc/passwd',
  'uploads/./a.webp',
  'uploads//a.webp',
  'uploads/a/../../kyc/x.bin',
  'uploads\\..\\keys.json',
  'uploads/a.webp\0.png',
  'uploads/%2e%2e/keys.json',
  'uploads/.hidden',
  'pgdata/PG_VERSION',
  'keys.json',
  'server-secret.json',
  'kyc',
  'C:\\kyc\\a.bin',
  'uploads/a b.webp',
  `uploads/${'a'.repeat(600)}`,
  'uploads/1/2/3/4/5/6/7/8/9.webp',
];

describe.each(BACKENDS)('file storage: %s', (_name, makeBackend) => {
  let b: Backend;
  beforeAll(async () => {
    b = await makeBackend();
  });
  afterAll(async () => b?.close());

  it('puts, gets, opens and deletes an object; a missing key is null, deleting twice is fine', async () => {
    const key = 'uploads/listing/2026/11/roundtrip.webp';
    const data = randomBytes(4096);
    expect(await b.storage.get(key)).toBeNull();
    expect(await b.storage.open(key)).toBeNull();
    expect(await b.storage.exists(key)).toBe(false);

    await b.storage.put(key, data, { contentType: 'image/webp' });
    expect(await b.storage.exists(key)).toBe(true);
    expect((await b.storage.get(key))!.equals(data)).toBe(true);
    const opened = (await b.storage.open(key))!;
    expect(opened.size).toBe(data.length);
    expect(opened.contentType).toBe('image/webp');
    expect(opened.etag).toMatch(/^"[^"]+"$/);
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    expect(await b.listAll()).toEqual([key]);

    await b.storage.delete(key);
    expect(await b.storage.get(key)).toBeNull();
    expect(await b.storage.open(key)).toBeNull();
    expect(await b.storage.exists(key)).toBe(false);
    await expect(b.storage.delete(key)).resolves.toBeUndefined();
    expect(await b.listAll()).toEqual([]);
  });

  it('overwrites an object whole, and keeps the content type it was given', async () => {
    const key = 'kyc/2026/11/overwrite.bin';
    await b.storage.put(key, Buffer.alloc(10_000, 1), { contentType: 'application/octet-stream', private: true });
    const second = Buffer.from('short');
    await b.storage.put(key, second, { contentType: 'application/octet-stream', private: true });
    expect((await b.storage.get(key))!.equals(second)).toBe(true);
    const opened = (await b.storage.open(key))!;
    opened.body.destroy();
    expect(opened.size).toBe(second.length);
    expect(opened.contentType).toBe('application/octet-stream');
    expect(await b.listAll()).toEqual([key]);
    await b.storage.delete(key);
  });

  it('keeps a large object (9 MB) intact', async () => {
    const key = 'uploads/listing/2026/11/large.webp';
    const data = randomBytes(9 * 1024 * 1024);
    await b.storage.put(key, data, { contentType: 'image/webp' });
    expect((await b.storage.get(key))!.equals(data)).toBe(true);
    const opened = (await b.storage.open(key))!;
    let length = 0;
    for await (const chunk of opened.body) length += (chunk as Buffer).length;
    expect(length).toBe(data.length);
    await b.storage.delete(key);
  });

  it('refuses hostile keys before touching anything, and writes nothing for them', async () => {
    const sentinel = 'uploads/listing/2026/11/sentinel.webp';
    await b.storage.put(sentinel, Buffer.from('kept'), { contentType: 'image/webp' });
    for (const key of HOSTILE_KEYS) {
      await expect(b.storage.put(key, Buffer.from('x'), { contentType: 'image/webp' }), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(b.storage.get(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(b.storage.open(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(b.storage.exists(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(b.storage.delete(key), JSON.stringify(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    await expect(b.storage.put(42 as unknown as string, Buffer.from('x'), { contentType: 'image/webp' })).rejects.toBeInstanceOf(StorageKeyError);
    expect(await b.listAll()).toEqual([sentinel]);
    expect((await b.storage.get(sentinel))!.toString()).toBe('kept');
    await b.storage.delete(sentinel);
  });

  it('answers its check, and names where the files go', async () => {
    await expect(b.storage.check()).resolves.toBeUndefined();
    expect(b.storage.describe()).toMatch(b.storage.backend === 's3' ? /venuely-test/ : /local directory/);
  });

  it('stores images through the image store: main and thumb, found, removed by either URL', async () => {
    const images = createImageStore({ storage: b.storage });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6' } }).png().toBuffer();
    const saved = await images.save('listing', png);
    expect(saved.image).toMatch(/^\/uploads\/listing\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.webp$/);
    const mainKey = images.keyOf(saved.image)!;
    const thumbKey = images.keyOf(saved.thumb)!;
    expect(mainKey).toBe(saved.image.slice(1));
    expect((await b.listAll()).sort()).toEqual([mainKey, thumbKey].sort());
    const main = (await b.raw(mainKey))!;
    expect((await sharp(main).metadata()).format).toBe('webp');
    expect([(await sharp(main).metadata()).width, (await sharp(main).metadata()).height]).toEqual([900, 600]);
    expect(await images.exists(saved.image)).toBe(true);
    if (b.storage.backend === 's3') expect((await b.storage.open(mainKey))!.contentType).toBe('image/webp');

    await images.remove(saved.thumb);
    expect(await images.exists(saved.image)).toBe(false);
    expect(await b.listAll()).toEqual([]);
    // Refused uploads store nothing; URLs that are not the store's are ignored.
    await expect(images.save('listing', Buffer.from('%PDF-1.7\n'))).rejects.toMatchObject({ code: 'image.invalid' });
    await images.remove('/uploads/../kyc/2026/11/x.bin');
    expect(images.keyOf('/uploads/../kyc/2026/11/x.bin')).toBeNull();
    expect(await b.listAll()).toEqual([]);
  });

  it('stores identity documents sealed: the backend holds ciphertext, never the picture', async () => {
    const kycKey = randomBytes(32).toString('hex');
    const documents = createDocumentStore({ storage: b.storage, key: kycKey });
    const webp = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#b03' } }).webp().toBuffer();
    const ref = await documents.save('front', { data: webp, width: 300, height: 200 });
    const key = documents.keyOf(ref.file)!;
    expect(key).toBe(`kyc/${ref.file}`);
    expect(await b.listAll()).toEqual([key]);

    const stored = (await b.raw(key))!;
    expect(stored.length).toBe(webp.length);
    expect(stored.equals(webp)).toBe(false);
    expect(stored.includes(Buffer.from('RIFF'))).toBe(false);
    expect(stored.includes(Buffer.from('WEBP'))).toBe(false);
    expect(openDocument(kycKey, stored, ref, 'front').equals(webp)).toBe(true);
    expect((await documents.read(ref, 'front'))!.equals(webp)).toBe(true);
    if (b.dataDir) expect(statSync(path.join(b.dataDir, key)).mode & 0o777).toBe(0o600);

    await documents.remove([ref, null]);
    expect(await documents.read(ref, 'front')).toBeNull();
    expect(await b.listAll()).toEqual([]);
  });
});

describe('S3 storage that cannot be used', () => {
  it('fails its check (the start refuses to run on it) and its writes, saying why', async () => {
    const missing = createS3Storage({ ...s3.storage, bucket: 'no-such-bucket' });
    const stranger = createS3Storage({ ...s3.storage, credentials: { accessKeyId: 'NOT-AN-ACCOUNT', secretAccessKey: 'x' } });
    try {
      await expect(missing.check()).rejects.toThrow('the bucket does not exist');
      await expect(missing.put('uploads/listing/2026/11/a.webp', Buffer.from('x'), { contentType: 'image/webp' })).rejects.toThrow();
      await expect(stranger.check()).rejects.toThrow(/access denied/);
      await expect(stranger.get('uploads/listing/2026/11/a.webp')).rejects.toThrow();
    } finally {
      missing.close();
      stranger.close();
    }
  });
});
