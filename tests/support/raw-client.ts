import { randomUUID } from 'node:crypto';
import { computeSign, openData, sealData, serverKeys } from '../../server/api/envelope';

/**
 * A deliberately low-level client for tests that must craft exact envelopes (tampered, replayed, stale).
 * Product flows use the real client in src/services/api-client.ts.
 */
export interface RawResponse {
  httpStatus: number;
  status: number;
  msg: string;
  data: unknown;
  headers: Headers;
}

export function createRawClient(baseUrl: string, aesKey: string, signKey: string) {
  const keys = serverKeys(aesKey, signKey);
  const guestId = randomUUID();

  async function post(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<RawResponse> {
    const res = await fetch(`${baseUrl}/api/${path}`, { method: 'POST', body, headers: { accept: 'application/json', ...headers } });
    const text = await res.text();
    let json: { status: number; msg: string; data: unknown };
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      json = { status: -1, msg: text, data: null };
    }
    const data = typeof json.data === 'string' ? JSON.parse(openData(json.data, keys.aes)) : json.data;
    return { httpStatus: res.status, status: json.status, msg: json.msg, data, headers: res.headers };
  }

  function seal(payload: Record<string, unknown>, options: { client?: string; timestamp?: number } = {}) {
    const client = options.client ?? 'pwa';
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const data = sealData(JSON.stringify({ oauth_id: guestId, oauth_type: 'pwa', ...payload }), keys.aes);
    return { client, timestamp: String(timestamp), data, sign: computeSign(client, timestamp, data, keys.sign) };
  }

  return {
    guestId,
    seal,
    /** Sends prepared envelope fields as a form. */
    postFields: (path: string, fields: Record<string, string>, headers?: Record<string, string>) =>
      post(path, new URLSearchParams(fields), headers),
    /** Seals and sends a payload. */
    call: (path: string, payload: Record<string, unknown> = {}, headers?: Record<string, string>) =>
      post(path, new URLSearchParams(seal(payload)), headers),
    /** Seals a payload and sends it as multipart with the given files outside the envelope. */
    upload: (path: string, payload: Record<string, unknown>, files: Record<string, { data: Buffer; name: string; type: string }>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(seal(payload))) form.append(k, v);
      for (const [k, f] of Object.entries(files)) form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
      return post(path, form);
    },
    post,
  };
}
