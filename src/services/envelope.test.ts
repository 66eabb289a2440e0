import { describe, expect, it } from 'vitest';
import { ENVELOPE_VECTORS } from '@/contract/envelope-vectors';
import { openData, sealData, sealEnvelope, signEnvelope } from './envelope';

const { aesKey, signKey, cases } = ENVELOPE_VECTORS;
const keys = { aesKey, signKey };

describe('client envelope (crypto-js)', () => {
  it.each(cases)('seals vector $client/$timestamp to the expected data and sign', (c) => {
    expect(sealData(c.payload, aesKey, c.iv)).toBe(c.data);
    expect(signEnvelope(c.client, c.timestamp, c.data, signKey)).toBe(c.sign);
    const sealed = sealEnvelope(JSON.parse(c.payload), keys, c.client, c.timestamp, c.iv);
    expect(sealed).toEqual({ client: c.client, timestamp: String(c.timestamp), data: c.data, sign: c.sign });
  });

  it.each(cases)('opens vector $client/$timestamp back to its payload', (c) => {
    expect(openData(c.data, aesKey)).toBe(c.payload);
  });

  it('uses a fresh random iv for every seal', () => {
    const a = sealData('{"a":1}', aesKey);
    const b = sealData('{"a":1}', aesKey);
    expect(a).not.toBe(b);
    expect(openData(a, aesKey)).toBe('{"a":1}');
    expect(openData(b, aesKey)).toBe('{"a":1}');
  });

  it('rejects data sealed with another key or cut short', () => {
    const other = 'ff'.repeat(32);
    const sealed = sealData('{"secret":"value"}', other);
    expect(() => openData(sealed, aesKey)).toThrow();
    expect(() => openData(cases[0].data.slice(0, 20), aesKey)).toThrow();
  });
});
