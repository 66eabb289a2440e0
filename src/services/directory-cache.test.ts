import { describe, expect, it, vi } from 'vitest';
import * as city from '@/contract/calls/city';
import * as dict from '@/contract/calls/dict';
import type { ApiClient } from './api-client';
import { createDirectoryCache, LISTING_DICT_TYPES } from './directory-cache';

const geo = (locale: 'en' | 'ja') => ({
  locale,
  regions: [{ id: 1, slug: 'japan', name: locale === 'ja' ? '日本' : 'Japan', sort: 1 }],
  cities: [{ id: 1, slug: 'tokyo', region_slug: 'japan', name: locale === 'ja' ? '東京' : 'Tokyo', sort: 1 }],
});

function fakeClient(answer: (call: unknown, n: number) => Promise<unknown>) {
  let n = 0;
  const call = vi.fn((c: unknown, _payload?: unknown) => answer(c, ++n));
  return { client: { call } as unknown as Pick<ApiClient, 'call'>, call };
}

describe('directory cache', () => {
  it('fetches the geography once per locale', async () => {
    const { client, call } = fakeClient(async () => geo('ja'));
    const cache = createDirectoryCache(client);
    const [a, b] = await Promise.all([cache.geography('ja'), cache.geography('ja')]);
    expect(a).toBe(b);
    expect(await cache.geography('ja')).toBe(a);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][0]).toBe(city.lang);
  });

  it('forgets a failed fetch, so the next use asks again', async () => {
    const { client, call } = fakeClient(async (_c, n) => {
      if (n === 1) throw new Error('offline');
      return geo('en');
    });
    const cache = createDirectoryCache(client);
    await expect(cache.geography('en')).rejects.toThrow('offline');
    expect((await cache.geography('en')).regions[0].name).toBe('Japan');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer in another locale under the asked one', async () => {
    const { client, call } = fakeClient(async (_c, n) => geo(n === 1 ? 'en' : 'ja'));
    const cache = createDirectoryCache(client);
    expect((await cache.geography('ja')).locale).toBe('en');
    expect((await cache.geography('ja')).locale).toBe('ja');
    await cache.geography('ja');
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('asks dict/multi for every listing dictionary in one call, once per locale', async () => {
    const { client, call } = fakeClient(async () => ({ merchant_type: [{ id: 1, name: 'Bar' }] }));
    const cache = createDirectoryCache(client);
    await cache.dictionaries('en');
    await cache.dictionaries('en');
    await cache.dictionaries('de');
    expect(call).toHaveBeenCalledTimes(2);
    expect(call.mock.calls[0][0]).toBe(dict.multi);
    expect(call.mock.calls[0][1]).toEqual({ types: [...LISTING_DICT_TYPES] });
  });
});
