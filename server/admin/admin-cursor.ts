import { cursorFields, cursorInvalid, type IdColumn, isIdText } from '../directory/recent-cursor';

/**
 * The cursor of the console's newest-first lists, which are ordered by a growing id: the list's name and the last id
 * shown, as opaque base64url JSON. A cursor of another list is refused, not misread.
 */
export function encodeIdCursor(list: string, id: number | string): string {
  return Buffer.from(JSON.stringify({ l: list, id: String(id) })).toString('base64url');
}

/**
 * The last id shown, or null for the first page; anything this module did not write is refused, including an id
 * beyond the list's id column (`integer` for serial ids, `bigint` for bigserial ones).
 */
export function decodeIdCursor(list: string, cursor: string | undefined, column: IdColumn): string | null {
  if (cursor === undefined) return null;
  const fields = cursorFields(cursor);
  if (fields.l !== list || !isIdText(fields.id, column)) throw cursorInvalid();
  return fields.id;
}

/** One page of `limit` rows out of `limit + 1` read, with the cursor of the next page. */
export function pageOfRows<R extends { id: number | string }>(list: string, rows: readonly R[], limit: number): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? encodeIdCursor(list, page[page.length - 1].id) : null };
}
