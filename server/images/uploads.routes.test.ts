import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdDocumentType } from '@/contract/feature-enums';
import type { MerchantDetail } from '@/contract/calls/merchant';
import { createRawClient } from '../../tests/support/raw-client';
import { startS3Server, type S3Server } from '../../tests/support/s3-server';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import type { StorageConfig } from '../config';
import { createUser, file, jpegWithExif, merchantPayload, placeRefs, type TestUser } from '../directory/listing.fixtures';
import { UPLOAD_CACHE_CONTROL } from './uploads.routes';

/**
 * Issue 32 item 1: uploaded pictures are served from the app's storage under /uploads/ (DATA_DIR or the S3 bucket),
 * with the same headers in both modes; a picture one app instance stored is served by another sharing the bucket;
 * identity documents reach the bucket as ciphertext and are read only through the permission-checked KYC route.
 */

const MISSING = '/uploads/listing/2026/01/00000000-0000-4000-8000-000000000000.webp';

type Mode = 'local' | 's3';

describe.each(['local', 's3'] as const)('uploads served from the %s storage', (mode: Mode) => {
  let s3: S3Server | null = null;
  let storage: StorageConfig;
  let a: TestApp;
  let b: TestApp;
  let owner: TestUser;
  let merchant: MerchantDetail;

  beforeAll(async () => {
    if (mode === 's3') s3 = await startS3Server();
    storage = s3 ? s3.storage : { kind: 'local' };
    // Two app instances, each with its own DATA_DIR and database, sharing only the storage configuration.
    a = await startTestApp('pglite', { storage });
    b = await startTestApp('pglite', { storage });
    const api = createRawClient(a.baseUrl, a.config.aesKey, a.config.signKey);
    owner = await createUser(a, api, 'Owner', 4);
    const refs = await placeRefs(a);
    const res = await api.upload('merchant/create', { token: owner.token, ...merchantPayload(refs.tokyo) }, { cover: file(await jpegWithExif(320, 240)) });
    expect(res.status, res.msg).toBe(1);
    merchant = res.data as MerchantDetail;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await s3?.stop();
  });

  it('serves a stored picture as WebP with a year of immutable caching and a validator', async () => {
    const url = merchant.cover!.image;
    const res = await a.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(UPLOAD_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.equals((await a.app.storage.get(url.slice(1)))!)).toBe(true);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);

    const thumb = await a.app.inject({ method: 'GET', url: merchant.cover!.thumb });
    expect([thumb.statusCode, thumb.headers['content-type']]).toEqual([200, 'image/webp']);
    // A cache-busting query names the same file.
    expect((await a.app.inject({ method: 'GET', url: `${url}?v=2` })).rawPayload.equals(res.rawPayload)).toBe(true);

    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await a.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    const head = await a.app.inject({ method: 'HEAD', url });
    expect([head.statusCode, head.headers['content-type'], head.rawPayload.length]).toEqual([200, 'image/webp', 0]);

    // Over a real socket too (the browser's path).
    const real = await fetch(`${a.baseUrl}${url}`);
    expect([real.status, real.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(Buffer.from(await real.arrayBuffer()).equals(res.rawPayload)).toBe(true);
  });

  it(mode === 's3' ? 'keeps the files in the bucket, not in DATA_DIR' : 'keeps the files in DATA_DIR/uploads, as before', async () => {
    const onDisk = existsSync(path.join(a.config.dataDir, merchant.cover!.image));
    expect(onDisk).toBe(mode === 'local');
    expect(await a.app.storage.exists(merchant.cover!.image.slice(1))).toBe(true);
  });

  it('answers 404 for a missing picture and for every path that is not one, never 500 and never another file', async () => {
    const [id] = /[0-9a-f-]{36}/.exec(merchant.cover!.image)!;
    const refused = [
      MISSING,
      MISSING.replace('.webp', '.thumb.webp'),
      '/uploads/',
      '/uploads/listing',
      '/uploads/listing/2026/01/',
      `/uploads/kyc/2026/01/${id}.bin`,
      `/uploads/listing/2026/01/..%2f..%2f..%2fkeys.json`,
      `/uploads/..%5c..%5ckeys.json`,
      `/uploads/listing/2026/01/${id}.webp%00.png`,
      `/uploads/listing/2026/13/${id}.webp`,
      `/uploads/listing/2026/01/${id.toUpperCase()}.webp`,
      `/uploads/secrets/2026/01/${id}.webp`,
      '/uploads/keys.json',
      '/uploads/server-secret.json',
      '/uploads/pgdata/PG_VERSION',
      `/uploads/${'a/'.repeat(400)}x.webp`,
    ];
    for (const url of refused) {
      const res = await a.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/plain/);
    }
    // A '..' (plain or percent-encoded) that URL parsing resolves leaves /uploads/ for the app's pages (the SPA
    // fallback, 503 "not built" in tests, which have no build): never the file.
    for (const url of [`/uploads/../kyc/2026/01/${id}.bin`, `/uploads/%2e%2e/kyc/2026/01/${id}.bin`]) {
      const dotted = await a.app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).toBe(503);
      expect(dotted.body, url).toMatch(/not built/);
    }
  });

  it('lets another app instance with the same storage serve the picture', async () => {
    const url = merchant.cover!.image;
    const fromA = await a.app.inject({ method: 'GET', url });
    const fromB = await b.app.inject({ method: 'GET', url });
    if (mode === 's3') {
      expect(fromB.statusCode).toBe(200);
      expect(fromB.headers['content-type']).toBe('image/webp');
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      // And a deletion through one is seen by the other.
      await b.app.images.remove(url);
      expect((await a.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await a.app.inject({ method: 'GET', url: merchant.cover!.thumb })).statusCode).toBe(404);
    } else {
      // Separate DATA_DIRs share nothing: the reason for the S3 backend.
      expect(fromB.statusCode).toBe(404);
    }
  });

  it('keeps identity documents out of /uploads: sealed in the storage, shown only through the KYC route', async () => {
    const api = createRawClient(a.baseUrl, a.config.aesKey, a.config.signKey);
    const applicant = await createUser(a, api, 'Applicant', 1);
    const jpeg = async (color: string) => ({ data: await sharp({ create: { width: 640, height: 400, channels: 3, background: color } }).jpeg().toBuffer(), name: 'id.jpg', type: 'image/jpeg' });
    const res = await api.upload(
      'user/apply_kyc',
      { token: applicant.token, document_type: IdDocumentType.Passport, issuing_country: 'de', document_number: 'C01X00T47', full_name: 'Erika Mustermann', birth_date: '1990-08-12', consent: true },
      { front: await jpeg('#2a6fb0'), selfie: await jpeg('#c04020') },
    );
    expect([res.status, res.msg]).toEqual([1, 'ok']);
    const row = await a.database.db.selectFrom('kyc_submissions').select(['front']).where('user_uuid', '=', applicant.uuid).executeTakeFirstOrThrow();
    const ref = row.front as { file: string };
    const key = `kyc/${ref.file}`;
    const stored = (await a.app.storage.get(key))!;
    expect(stored.length).toBeGreaterThan(100);
    // Ciphertext: neither the JPEG that was sent nor the WebP it became.
    expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(stored.includes(Buffer.from('WEBP'))).toBe(false);
    expect(stored.includes(Buffer.from('RIFF'))).toBe(false);
    expect(existsSync(path.join(a.config.dataDir, key))).toBe(mode === 'local');

    for (const url of [`/uploads/${key}`, `/${key}`, `/uploads/../${key}`]) {
      const served = await a.app.inject({ method: 'GET', url });
      expect(served.statusCode, url).not.toBe(200);
      expect(served.rawPayload.equals(stored), url).toBe(false);
    }
    const shown = await fetch(`${a.baseUrl}/api/kyc/image/latest/front`, { headers: { authorization: `Bearer ${applicant.token}` } });
    expect([shown.status, shown.headers.get('content-type'), shown.headers.get('cache-control')]).toEqual([200, 'image/webp', 'private, no-store']);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await fetch(`${a.baseUrl}/api/kyc/image/latest/front`)).status).toBe(404);
  });
});
