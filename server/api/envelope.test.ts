import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENVELOPE_VECTORS } from '@/contract/envelope-vectors';
import { computeSign, MemoryReplayStore, openData, openEnvelope, sealData, serverKeys } from './envelope';

const { aesKey, signKey, cases } = ENVELOPE_VECTORS;
const keys = serverKeys(aesKey, signKey);

describe('server envelope (node:crypto)', () => {
  it.each(cases)('seals vector $client/$timestamp to the expected data and sign', (c) => {
    expect(sealData(c.payload, keys.aes, Buffer.from(c.iv, 'hex'))).toBe(c.data);
    expect(computeSign(c.client, c.timestamp, c.data, keys.sign)).toBe(c.sign);
  });

  it.each(cases)('opens vector $client/$timestamp', async (c) => {
    expect(openData(c.data, keys.aes)).toBe(c.payload);
    const opened = await openEnvelope(
      { client: c.client, timestamp: String(c.timestamp), data: c.data, sign: c.sign },
      keys,
      new MemoryReplayStore(),
      c.timestamp + 10,
    );
    expect(opened).toEqual({ client: c.client, payload: JSON.parse(c.payload) });
  });

  it('refuses a tampered sign, a stale or future timestamp, a replay and undecryptable data', async () => {
    const c = cases[0];
    const fields = { client: c.client, timestamp: String(c.timestamp), data: c.data, sign: c.sign };
    const replay = new MemoryReplayStore();
    const flipped = (c.sign[0] === 'a' ? 'b' : 'a') + c.sign.slice(1);
    expect(await openEnvelope({ ...fields, sign: flipped }, keys, replay, c.timestamp)).toEqual({ failure: 'envelope.badSign' });
    expect(await openEnvelope({ ...fields, client: 'web' }, keys, replay, c.timestamp)).toEqual({ failure: 'envelope.badSign' });
    expect(await openEnvelope(fields, keys, replay, c.timestamp + 301)).toEqual({ failure: 'envelope.clock' });
    expect(await openEnvelope(fields, keys, replay, c.timestamp - 301)).toEqual({ failure: 'envelope.clock' });
    expect(await openEnvelope(fields, keys, replay, c.timestamp + 300)).toHaveProperty('payload');
    expect(await openEnvelope(fields, keys, replay, c.timestamp + 5)).toEqual({ failure: 'envelope.replay' });
    const garbage = 'A'.repeat(44);
    const signed = { ...fields, data: garbage, sign: computeSign(c.client, c.timestamp, garbage, keys.sign) };
    expect(await openEnvelope(signed, keys, replay, c.timestamp)).toEqual({ failure: 'envelope.undecryptable' });
    expect(await openEnvelope({ client: 'pwa' }, keys, replay, c.timestamp)).toEqual({ failure: 'envelope.malformed' });
  });

  it('forgets a sign once its timestamp has left the window', () => {
    const replay = new MemoryReplayStore();
    expect(replay.claim('s1', 1000, 1000)).toBe(true);
    expect(replay.claim('s1', 1000, 1200)).toBe(false);
    expect(replay.claim('s1', 1000, 1400)).toBe(true);
  });

  it('remembers every sign of a large window through its table rebuilds, in either letter case', () => {
    const replay = new MemoryReplayStore();
    const signs = Array.from({ length: 20_000 }, () => randomBytes(32).toString('hex'));
    // Spread over 100 s of timestamps: all inside the window at 1100, so every one must stay a replay.
    signs.forEach((sign, i) => expect(replay.claim(sign, 1000 + Math.floor(i / 200), 1000 + Math.floor(i / 200))).toBe(true));
    expect(signs.filter((sign) => replay.claim(sign, 1100, 1100)).length).toBe(0);
    expect(signs.filter((sign) => replay.claim(sign.toUpperCase(), 1100, 1100)).length).toBe(0);
    // Past the window of the first 200 (timestamp 1000, window 300 s): those are new again, the others are not.
    const later = 1000 + 301;
    expect(signs.map((sign) => replay.claim(sign, later, later)).filter(Boolean).length).toBe(200);
  });

  it('keeps refusing live signs while expired ones are dropped and their slots reused', () => {
    const replay = new MemoryReplayStore();
    const live: string[] = [];
    // 60 000 signs, one second apart in batches of 100: only the last 300 s (30 000 signs) stay in the window.
    for (let second = 0; second < 600; second++) {
      const now = 10_000 + second;
      for (let n = 0; n < 100; n++) {
        const sign = randomBytes(32).toString('hex');
        expect(replay.claim(sign, now, now)).toBe(true);
        live.push(sign);
      }
    }
    const now = 10_000 + 599;
    const inWindow = live.slice(-30_000);
    expect(inWindow.filter((sign) => replay.claim(sign, now, now)).length).toBe(0);
    expect(live.slice(0, 29_000).filter((sign) => replay.claim(sign, now, now)).length).toBe(29_000);
  });
});
