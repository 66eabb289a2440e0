import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKycKey } from '../config';
import { createLocalStorage } from '../storage/local-storage';
import { createDocumentStore, DocumentUnreadable, openDocument, sealDocument } from './document-store';

const hex = () => randomBytes(32).toString('hex');
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), randomBytes(2048)]);

describe('identity documents at rest', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'venuely-kyc-store-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('seals with a fresh iv each time and opens only with the same key, file and part', () => {
    const key = hex();
    const file = '2026/11/0b6d6f7e-9c1a-4e0b-8d3e-2f4a5b6c7d8e.bin';
    const a = sealDocument(key, WEBP, file, 'front');
    const b = sealDocument(key, WEBP, file, 'front');
    expect(a.iv).not.toBe(b.iv);
    expect(a.data.equals(b.data)).toBe(false);
    expect(a.data.includes(Buffer.from('WEBP'))).toBe(false);
    expect(openDocument(key, a.data, { file, ...a }, 'front').equals(WEBP)).toBe(true);

    expect(() => openDocument(hex(), a.data, { file, ...a }, 'front')).toThrow(DocumentUnreadable);
    // The associated data binds a ciphertext to its part and file: a row pointing elsewhere does not decrypt.
    expect(() => openDocument(key, a.data, { file, ...a }, 'selfie')).toThrow(DocumentUnreadable);
    expect(() => openDocument(key, a.data, { ...a, file: file.replace('0b6d', '1b6d') }, 'front')).toThrow(DocumentUnreadable);
    const flipped = Buffer.from(a.data);
    flipped[100] ^= 1;
    expect(() => openDocument(key, flipped, { file, ...a }, 'front')).toThrow(DocumentUnreadable);
    expect(() => openDocument(key, a.data, { file, iv: b.iv, tag: a.tag }, 'front')).toThrow(DocumentUnreadable);
    expect(() => openDocument(key, a.data, { file, iv: a.iv, tag: 'short' }, 'front')).toThrow(DocumentUnreadable);
  });

  it('writes owner-only files that are not the image, reads them back and removes them', async () => {
    const key = hex();
    const store = createDocumentStore({ storage: createLocalStorage(root), key });
    const ref = await store.save('selfie', { data: WEBP, width: 640, height: 480 });
    expect(ref).toMatchObject({ width: 640, height: 480 });
    expect(ref.file).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.bin$/);
    const file = path.join(root, store.keyOf(ref.file)!);
    // DATA_DIR/kyc/<yyyy>/<mm>/<uuid>.bin, as before the storage interface.
    expect(file).toBe(path.join(root, 'kyc', ref.file));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const onDisk = readFileSync(file);
    expect(onDisk.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
    expect(onDisk.includes(WEBP.subarray(16, 64))).toBe(false);
    expect((await store.read(ref, 'selfie'))!.equals(WEBP)).toBe(true);

    // Another key (a changed KYC_KEY) cannot read it, and says so instead of returning garbage.
    await expect(createDocumentStore({ storage: createLocalStorage(root), key: hex() }).read(ref, 'selfie')).rejects.toThrow(DocumentUnreadable);

    await store.remove([ref, null]);
    expect(await store.read(ref, 'selfie')).toBeNull();
    await store.remove([ref]);
  });

  it('never resolves a file name outside its directory', async () => {
    const store = createDocumentStore({ storage: createLocalStorage(root), key: hex() });
    writeFileSync(path.join(root, 'secret.bin'), 'x');
    for (const name of ['../secret.bin', '/etc/passwd', '2026/11/../../secret.bin', '2026/13/0b6d6f7e-9c1a-4e0b-8d3e-2f4a5b6c7d8e.bin', 'secret.bin', '']) {
      expect(store.keyOf(name), name).toBeNull();
    }
    await expect(store.read({ file: '../secret.bin', iv: '', tag: '', width: 1, height: 1 }, 'front')).rejects.toThrow(DocumentUnreadable);
  });

  it('derives a key of its own from the server secret when KYC_KEY is unset', () => {
    const secret = hex();
    const derived = deriveKycKey(secret);
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toBe(secret);
    expect(deriveKycKey(secret)).toBe(derived);
    expect(deriveKycKey(hex())).not.toBe(derived);
  });

  it('refuses a key that is not 32 bytes of hex', () => {
    expect(() => createDocumentStore({ storage: createLocalStorage(root), key: 'abcd' })).toThrow(/64 hex characters/);
    expect(() => sealDocument('zz'.repeat(32), WEBP, 'f', 'front')).toThrow(/64 hex characters/);
  });
});
