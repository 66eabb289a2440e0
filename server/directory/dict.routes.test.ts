import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_TYPES, type DictItem, type DictType } from '@/contract/calls/dict';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { seedReferenceData } from '../seed/reference-data';
import { DICTIONARIES } from './dictionaries.data';

/** dict/<type> and dict/multi on both databases: seeded entries, names per Accept-Language, and refusals. */
describe.each(DATABASE_KINDS)('dictionaries on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  const list = async (type: DictType, lang: string) => {
    const res = await api.call(`dict/${type}`, {}, { 'accept-language': lang });
    expect(res.status, res.msg).toBe(1);
    return res.data as DictItem[];
  };

  it.each(DICT_TYPES)('dict/%s answers every entry with its stable id, in reference order', async (type) => {
    const items = await list(type, 'en-US');
    expect(items).toEqual(DICTIONARIES[type].map((entry) => ({ id: entry.id, name: entry.names.en })));
  });

  it('names entries in the request language', async () => {
    expect((await list('sex', 'ja-JP')).map((i) => i.name)).toEqual(['女性', '男性', 'ノンバイナリー']);
    expect((await list('sex', 'de-DE')).map((i) => i.name)).toEqual(['Weiblich', 'Männlich', 'Nichtbinär']);
    expect((await list('sex', 'en-US')).map((i) => i.name)).toEqual(['Female', 'Male', 'Non-binary']);
    expect((await list('language', 'ru-RU'))[0].name).toBe('Английский');
    expect((await list('merchant_type', 'zh-Hant'))[0].name).toBe('餐廳');
    expect((await list('merchant_type', 'zh-Hans'))[0].name).toBe('餐厅');
    expect((await list('report_reason', 'ar-SA')).at(-1)!.name).toBe('أخرى');
    // Browser-style headers: best match by full tag, then base language; unknown falls back to English.
    expect((await list('drive_type', 'th,en;q=0.5'))[1].name).toBe('รถยนต์');
    expect((await list('drive_type', 'xx-YY'))[1].name).toBe('Car');
  });

  it('dict/multi answers the asked types only, each localized', async () => {
    const res = await api.call('dict/multi', { types: ['sex', 'body_type', 'feedback_type'] }, { 'accept-language': 'ko-KR' });
    expect(res.status, res.msg).toBe(1);
    const data = res.data as Record<string, DictItem[]>;
    expect(Object.keys(data).sort()).toEqual(['body_type', 'feedback_type', 'sex']);
    expect(data.sex.map((i) => i.name)).toEqual(['여성', '남성', '논바이너리']);
    expect(data.body_type).toHaveLength(DICTIONARIES.body_type.length);
    expect(data.feedback_type[0]).toEqual({ id: 1, name: '버그 신고' });

    const all = await api.call('dict/multi', { types: [...DICT_TYPES] });
    expect(all.status, all.msg).toBe(1);
    for (const type of DICT_TYPES) expect((all.data as Record<string, DictItem[]>)[type]).toHaveLength(DICTIONARIES[type].length);

    // In debug-style form payloads the array arrives as a JSON string.
    const asString = await api.call('dict/multi', { types: '["language"]' });
    expect(asString.status, asString.msg).toBe(1);
    expect(Object.keys(asString.data as object)).toEqual(['language']);
  });

  it('dict/multi refuses an empty, unknown, repeated or oversized type list', async () => {
    for (const types of [[], ['nope'], ['sex', 'sex'], [...DICT_TYPES, 'sex'], 'sex', '[', 42, null, [['sex']], ['SEX']]) {
      const res = await api.call('dict/multi', { types });
      expect(res.status, JSON.stringify(types)).toBe(0);
      expect(res.msg.length).toBeGreaterThan(0);
    }
    const missing = await api.call('dict/multi', {});
    expect(missing.status).toBe(0);
  });

  it('reseeding changes nothing and keeps ids', async () => {
    const before = await t.database.db.selectFrom('dict_entries').selectAll().orderBy('type').orderBy('id').execute();
    const regionsBefore = await t.database.db.selectFrom('regions').selectAll().orderBy('id').execute();
    const citiesBefore = await t.database.db.selectFrom('cities').selectAll().orderBy('id').execute();
    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);
    expect(await t.database.db.selectFrom('dict_entries').selectAll().orderBy('type').orderBy('id').execute()).toEqual(before);
    expect(await t.database.db.selectFrom('regions').selectAll().orderBy('id').execute()).toEqual(regionsBefore);
    expect(await t.database.db.selectFrom('cities').selectAll().orderBy('id').execute()).toEqual(citiesBefore);
  });

  it('reseeding repairs a changed name and order in place', async () => {
    await t.database.db
      .updateTable('dict_entries')
      .set({ names: JSON.stringify({ en: 'Wrong' }), sort: 999 })
      .where('type', '=', 'sex')
      .where('id', '=', 1)
      .execute();
    await t.database.db.updateTable('cities').set({ names: JSON.stringify({ en: 'Wrong' }), search_key: 'wrong' }).where('slug', '=', 'tokyo').execute();
    expect((await list('sex', 'en-US')).map((i) => i.name)).toEqual(['Male', 'Non-binary', 'Wrong']);
    await seedReferenceData(t.database.db);
    expect((await list('sex', 'en-US')).map((i) => i.name)).toEqual(['Female', 'Male', 'Non-binary']);
    const tokyo = await t.database.db.selectFrom('cities').select(['names', 'search_key']).where('slug', '=', 'tokyo').executeTakeFirstOrThrow();
    expect(tokyo.names.ja).toBe('東京');
    expect(tokyo.search_key).toContain('tokyo');
  });
});
