/**
 * The one normalization of searchable text, used when rows are written (`search_key` columns) and when a keyword
 * is searched, so both sides always agree: Unicode NFKC (full-width "ＴＯＫＹＯ" → "tokyo", half-width kana → kana),
 * lower case (locale-independent), whitespace collapsed. Scripts are never transliterated: "東京", "tokyo" and
 * "токио" match because the place stores its name in every locale.
 */
export function searchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** Joins several names into one search_key column value. */
export function searchKeyOf(parts: Iterable<string | null | undefined>): string {
  const keys = new Set<string>();
  for (const part of parts) {
    if (part) keys.add(searchKey(part));
  }
  return [...keys].join('\n');
}

/** Escapes LIKE wildcards so a keyword such as "100%" or "a_b" matches itself. */
export function likePattern(key: string): string {
  return `%${key.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;
}

/** What a merchant is found by: its name and address (the city is found through its own names). */
export function merchantSearchKey(fields: { name: string; address: string }): string {
  return searchKeyOf([fields.name, fields.address]);
}

/** What a partner profile is found by: its nickname. */
export function partnerSearchKey(fields: { nickname: string }): string {
  return searchKeyOf([fields.nickname]);
}
