import { describe, expect, it } from 'vitest';
import { cutGraphemes, graphemesOf, initialsOf } from './graphemes';

const FAMILY = '👨‍👩‍👧'; // man, ZWJ, woman, ZWJ, girl: five code points, eight UTF-16 units
const JAPAN = '🇯🇵'; // two regional indicators
const KSHA = 'क्ष'; // ka, virama, ssa: one Devanagari cluster

describe('graphemesOf', () => {
  it('keeps emoji sequences, flags and Devanagari clusters whole', () => {
    expect(graphemesOf(`${FAMILY}${JAPAN}${KSHA}a`)).toEqual([FAMILY, JAPAN, KSHA, 'a']);
    expect(graphemesOf('नमस्ते')).toEqual(['न', 'म', 'स्ते']);
    expect(graphemesOf('')).toEqual([]);
  });
});

describe('cutGraphemes', () => {
  it('cuts after whole graphemes and says whether it cut', () => {
    expect(cutGraphemes(`ab${FAMILY}${JAPAN}`, 3)).toEqual({ text: `ab${FAMILY}`, cut: true });
    expect(cutGraphemes(`${JAPAN}${JAPAN}${JAPAN}`, 2)).toEqual({ text: `${JAPAN}${JAPAN}`, cut: true });
    expect(cutGraphemes(`${KSHA}त्रिय`, 1)).toEqual({ text: KSHA, cut: true });
    expect(cutGraphemes(FAMILY.repeat(4), 4)).toEqual({ text: FAMILY.repeat(4), cut: false });
    expect(cutGraphemes('short', 120)).toEqual({ text: 'short', cut: false });
  });

  it('never leaves half a character', () => {
    for (let max = 1; max < 6; max++) {
      const { text } = cutGraphemes(`${FAMILY}${JAPAN}${KSHA}${FAMILY}${JAPAN}${KSHA}`, max);
      expect(text.isWellFormed()).toBe(true);
      expect(graphemesOf(text)).toHaveLength(max);
    }
  });
});

describe('initialsOf', () => {
  it('skips punctuation and bracketed asides', () => {
    expect(initialsOf('Chen (demo host)')).toBe('C');
    expect(initialsOf('Ana-María López')).toBe('AL');
    expect(initialsOf('"Kenji" Sato')).toBe('KS');
    expect(initialsOf('@paul')).toBe('P');
    expect(initialsOf('李（导游）')).toBe('李');
  });

  it('takes two words, any script, upper-cased', () => {
    expect(initialsOf('paul smith jones')).toBe('PS');
    expect(initialsOf('  Élodie  ')).toBe('É');
    expect(initialsOf('山田 太郎')).toBe('山太');
    expect(initialsOf('김민수')).toBe('김');
    expect(initialsOf('محمد علي')).toBe('مع');
  });

  it('keeps a grapheme whole: Devanagari clusters, emoji and flags', () => {
    expect(initialsOf(`${KSHA}त्रिय राज`)).toBe(`${KSHA}रा`);
    expect(initialsOf('स्नेहा')).toBe('स्ने');
    expect(initialsOf(`${FAMILY} Smith`)).toBe('S');
    expect(initialsOf(FAMILY)).toBe(FAMILY);
    expect(initialsOf(`${JAPAN} ${FAMILY}`)).toBe(JAPAN);
    expect(initialsOf(`(${JAPAN})`)).toBe(JAPAN);
  });

  it('shows a question mark for an empty name', () => {
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('  ')).toBe('?');
  });
});
