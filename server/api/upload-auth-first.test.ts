import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { openData, serverKeys } from './envelope';

/**
 * Issue 10 item 2: a multipart request is authenticated before its files are read. The client below sends the
 * envelope's fields and the first megabyte of three 8 MB files, then waits: the server must answer the refusal
 * before the upload is complete (it cannot have read the files), without its memory growing by the files' size,
 * and leave no temporary file behind.
 */
const FILE_BYTES = 8 * 1024 * 1024 - 1024;

interface Outcome {
  status: number;
  body: string;
  sentBytes: number;
  totalBytes: number;
}

function slowUpload(baseUrl: string, path: string, fields: Record<string, string>): Promise<Outcome> {
  const boundary = `----venuely${randomUUID()}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = (i: number) => `--${boundary}\r\nContent-Disposition: form-data; name="image${i === 0 ? '' : i}"; filename="big${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const totalBytes = Buffer.byteLength(head) + 3 * (Buffer.byteLength(fileHead(0)) + FILE_BYTES + 2) + Buffer.byteLength(`--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const url = new URL(`${baseUrl}/api/${path}`);
    let sentBytes = 0;
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': totalBytes } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, sentBytes, totalBytes });
        });
      },
    );
    req.on('error', (error) => reject(error));
    const write = (chunk: string | Buffer) => {
      sentBytes += Buffer.byteLength(chunk);
      req.write(chunk);
    };
    write(head);
    write(fileHead(0));
    write(Buffer.alloc(1024 * 1024, 7));
    // The rest of the upload would follow here; the answer must come first.
    setTimeout(() => reject(new Error('no answer while the upload was still incomplete: the server waited for the files')), 10_000).unref();
  });
}

describe('uploads are authenticated before they are read', () => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  const tempUploads = () => readdirSync(os.tmpdir()).filter((name) => name.startsWith('venuely-upload-'));

  it('an unsigned or badly signed upload is refused before its files arrive, without the memory growing by them', async () => {
    const before = tempUploads().length;
    const memoryBefore = process.memoryUsage().arrayBuffers;
    const sealed = api.seal({ nickname: 'x' });
    const badSign = await slowUpload(t.baseUrl, 'account/updateAvatar', { ...sealed, sign: '0'.repeat(64) });
    expect(badSign.sentBytes).toBeLessThan(badSign.totalBytes / 10);
    expect(badSign.status).toBe(200);
    expect(JSON.parse(badSign.body)).toMatchObject({ status: 0, msg: 'The request signature is invalid.', data: null });

    const unsigned = await slowUpload(t.baseUrl, 'account/updateAvatar', { client: 'pwa', timestamp: String(Math.floor(Date.now() / 1000)) });
    expect(unsigned.status).toBe(400);
    expect(JSON.parse(unsigned.body)).toMatchObject({ status: 0, data: null });
    // Three 8 MB files were announced twice: none of those 48 MB was held.
    expect(process.memoryUsage().arrayBuffers - memoryBefore).toBeLessThan(8 * 1024 * 1024);
    expect(tempUploads().length).toBe(before);
  });

  it('a signed upload without a live session is refused before its files arrive', async () => {
    const noSession = await slowUpload(t.baseUrl, 'account/updateAvatar', api.seal({}));
    expect(noSession.sentBytes).toBeLessThan(noSession.totalBytes / 10);
    expect(JSON.parse(noSession.body)).toMatchObject({ status: 0, msg: 'Please log in first.' });
    const expired = await slowUpload(t.baseUrl, 'account/updateAvatar', api.seal({ token: 'x'.repeat(43) }));
    const body = JSON.parse(expired.body) as { status: number; msg: string; data: string };
    expect([body.status, body.msg]).toEqual([422, 'token expired']);
    // The envelope was opened, so the text beside it is sealed like any answer's data.
    expect(JSON.parse(openData(body.data, serverKeys(t.config.aesKey, t.config.signKey).aes))).toEqual({ message: 'Your session has expired. Please log in again.' });
  });
});
