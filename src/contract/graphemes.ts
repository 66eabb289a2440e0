/**
 * Text as people see it: user-perceived characters (extended grapheme clusters, `Intl.Segmenter`), so that a cut
 * or an initial never splits 👨‍👩‍👧 (five code points), 🇯🇵 (two regional indicators) or a Devanagari cluster
 * such as क्ष (three code points). Shared by the client (avatars, previews) and the server (visit report previews).
 */

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The graphemes of a text, in order (code points where the runtime has no Intl.Segmenter). */
export function graphemesOf(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The first `max` graphemes of a text, and whether anything was left out. */
export function cutGraphemes(text: string, max: number): { text: string; cut: boolean } {
  // Up to `max` UTF-16 units every grapheme fits: nothing to cut, and no need to segment a short text.
  if (text.length <= max) return { text, cut: false };
  if (!segmenter) {
    const points = Array.from(text);
    return points.length <= max ? { text, cut: false } : { text: points.slice(0, max).join(''), cut: true };
  }
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === max) return { text: text.slice(0, index), cut: true };
    count++;
  }
  return { text, cut: false };
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A parenthesised aside in a name, "Chen (demo host)", "Anna [Berlin]", "李（导游）": not part of the initials. */
const ASIDE = /[([{（［【][^)\]}）］】]*[)\]}）］】]/gu;

/**
 * Up to two initials of a name: the first letter (or digit) grapheme of its first two words, upper-cased; asides in
 * brackets and punctuation are skipped, so "Chen (demo host)" gives "C" and "Ana-María López" "AL". A name with no
 * letter at all (only emoji, say) shows its first grapheme whole; an empty one "?".
 */
export function initialsOf(name: string): string {
  const plain = name.replace(ASIDE, ' ');
  const words = (LETTER_OR_DIGIT.test(plain) ? plain : name).trim().split(/\s+/).filter(Boolean);
  const initials: string[] = [];
  for (const word of words) {
    const first = graphemesOf(word).find((grapheme) => LETTER_OR_DIGIT.test(grapheme));
    if (first) initials.push(first);
    if (initials.length === 2) break;
  }
  if (initials.length === 0) return graphemesOf(name).find((grapheme) => !/^[\p{P}\p{Z}\s]/u.test(grapheme)) ?? '?';
  return initials.join('').toLocaleUpperCase();
}
