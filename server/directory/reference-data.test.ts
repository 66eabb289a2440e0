import { describe, expect, it } from 'vitest';
import { DICT_TYPES } from '@/contract/calls/dict';
import { LOCALES } from '@/contract/enums';
import { slug as slugSchema } from '@/contract/shapes';
import { DICTIONARIES } from './dictionaries.data';
import { REGIONS } from './geography.data';
import { searchKey } from './search-key';

/** The reference data files themselves: complete names in every locale, valid unique slugs, stable ids. */
describe('reference data', () => {
  const cities = REGIONS.flatMap((region) => region.cities.map((city) => ({ region, city })));

  it('has at least 12 regions and 40 cities, with Tokyo, Osaka and Kyoto in Japan', () => {
    expect(REGIONS.length).toBeGreaterThanOrEqual(12);
    expect(cities.length).toBeGreaterThanOrEqual(40);
    const japan = REGIONS.find((r) => r.slug === 'japan');
    expect(japan?.cities.map((c) => c.slug)).toEqual(expect.arrayContaining(['tokyo', 'osaka', 'kyoto']));
    for (const region of REGIONS) expect(region.cities.length, region.slug).toBeGreaterThanOrEqual(3);
  });

  it('names every region and city in all 15 locales, trimmed and without control characters', () => {
    for (const place of [...REGIONS, ...cities.map((c) => c.city)]) {
      expect(Object.keys(place.names).sort(), place.slug).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        const name = place.names[locale];
        expect(name.length, `${place.slug} ${locale}`).toBeGreaterThan(0);
        expect(name.trim(), `${place.slug} ${locale}`).toBe(name);
        expect(/[\u0000-\u001f\u007f]/.test(name), `${place.slug} ${locale}`).toBe(false);
        // A city picked into the search history is stored under its name: it must fit a keyword (≤ 50).
        expect(name.length, `${place.slug} ${locale}`).toBeLessThanOrEqual(50);
      }
    }
  });

  it('writes names in each locale’s own script where it has one', () => {
    const scripts: Partial<Record<(typeof LOCALES)[number], RegExp>> = {
      ar: /\p{Script=Arabic}/u,
      hi: /\p{Script=Devanagari}/u,
      ja: /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u,
      ko: /\p{Script=Hangul}/u,
      ru: /\p{Script=Cyrillic}/u,
      th: /\p{Script=Thai}/u,
      'zh-hans': /\p{Script=Han}/u,
      'zh-hant': /\p{Script=Han}/u,
    };
    for (const place of [...REGIONS, ...cities.map((c) => c.city)]) {
      for (const [locale, script] of Object.entries(scripts)) {
        expect(place.names[locale as keyof typeof place.names], `${place.slug} ${locale}`).toMatch(script);
      }
    }
    for (const [type, entries] of Object.entries(DICTIONARIES)) {
      for (const entry of entries) {
        for (const [locale, script] of Object.entries(scripts)) {
          // Loan words such as "KTV" or "Wi-Fi" may keep Latin letters next to the script; "KTV" alone is the one
          // accepted exception (that is how Taiwan writes karaoke).
          const name = entry.names[locale as keyof typeof entry.names];
          if (name === 'KTV') continue;
          expect(name, `${type} ${entry.id} ${locale}`).toMatch(script);
        }
      }
    }
  });

  it('uses valid, unique slugs: regions globally, cities within their region (and across them)', () => {
    const regionSlugs = REGIONS.map((r) => r.slug);
    expect(new Set(regionSlugs).size).toBe(regionSlugs.length);
    const citySlugs = cities.map((c) => c.city.slug);
    expect(new Set(citySlugs).size).toBe(citySlugs.length);
    for (const slug of [...regionSlugs, ...citySlugs]) expect(slugSchema.safeParse(slug).success, slug).toBe(true);
  });

  it('gives each place a different English name, so a keyword never names two places', () => {
    const names = [...REGIONS, ...cities.map((c) => c.city)].map((p) => searchKey(p.names.en));
    expect(new Set(names).size).toBe(names.length);
  });

  it('has entries for every dictionary type, with unique positive ids and names in all 15 locales', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual([...DICT_TYPES].sort());
    for (const type of DICT_TYPES) {
      const entries = DICTIONARIES[type];
      expect(entries.length, type).toBeGreaterThanOrEqual(3);
      const ids = entries.map((e) => e.id);
      expect(new Set(ids).size, type).toBe(ids.length);
      for (const id of ids) expect(Number.isInteger(id) && id >= 1 && id < 9_000, `${type} ${id}`).toBe(true);
      for (const entry of entries) {
        expect(Object.keys(entry.names).sort()).toEqual([...LOCALES].sort());
        for (const locale of LOCALES) {
          const name = entry.names[locale];
          expect(name.trim().length, `${type} ${entry.id} ${locale}`).toBeGreaterThan(0);
          expect(name.trim(), `${type} ${entry.id} ${locale}`).toBe(name);
        }
      }
      // Within one type and locale, two entries never share a name (a picker would show duplicates).
      for (const locale of LOCALES) {
        const names = entries.map((e) => e.names[locale]);
        expect(new Set(names).size, `${type} ${locale}`).toBe(names.length);
      }
    }
  });

  it('keeps dictionary ids stable: the shipped ids still name the same entries', () => {
    // Listings, feedback and reports store these ids; renumbering would silently change what they say.
    const byEnglish = (type: (typeof DICT_TYPES)[number]) => Object.fromEntries(DICTIONARIES[type].map((e) => [e.names.en, e.id]));
    expect(byEnglish('sex')).toEqual({ Female: 1, Male: 2, 'Non-binary': 3 });
    expect(byEnglish('body_type')).toEqual({ Slim: 1, Average: 2, Athletic: 3, Curvy: 4, Large: 5 });
    expect(byEnglish('drive_type')).toMatchObject({ 'No vehicle': 1, Car: 2, Motorbike: 3 });
    expect(byEnglish('feedback_type')).toEqual({ 'Bug report': 1, Suggestion: 2, 'Content issue': 3, Account: 4, Payment: 5, Other: 6 });
    expect(byEnglish('report_reason')).toEqual({
      Spam: 1,
      'Scam or fraud': 2,
      'Inappropriate content': 3,
      Impersonation: 4,
      Underage: 5,
      Harassment: 6,
      Other: 7,
    });
    expect(byEnglish('merchant_type')).toMatchObject({ Restaurant: 1, Café: 2, Bar: 3 });
    expect(byEnglish('language')).toMatchObject({ English: 1, Japanese: 2 });
  });
});
