import { type RawBuilder, sql } from 'kysely';
import { ID_MAX, type ListingSource } from '@/contract/shapes';
import { cursorFields, cursorInvalid, isMicros, isRowId, momentOf } from './recent-cursor';

/**
 * Keyset pagination of merchant and partner lists. A page after a cursor holds the rows strictly after the last
 * row of the previous page in the list's total order, so rows inserted between two pages never shift the rest:
 * every row that existed when paging started is seen exactly once (rows whose sort key changes meanwhile, e.g. a
 * new favourite in a "popular" list, may move; that is inherent to any ordering by a changing value).
 *
 * Orders (each ends with id desc, so it is total):
 * - newest: created_at desc. created_at travels as whole microseconds since the epoch, read and compared inside
 *   PostgreSQL, because timestamptz keeps microseconds and a JavaScript Date only milliseconds.
 * - popular: favorite_count desc.
 * - own: id desc (the owner's lists).
 *
 * The wire form is opaque base64url JSON naming the listing kind and the order, so a cursor of another list or
 * sort is refused instead of silently giving a wrong page.
 */
export type ListingOrder = 'newest' | 'popular' | 'own';

export type ListingCursor =
  | { order: 'newest'; micros: string; id: number }
  | { order: 'popular'; count: number; id: number }
  | { order: 'own'; id: number };

/** The public sorts of the contract, as orders. "recommended" is the popular order (see merchant.routes.ts). */
export function orderOfSort(sort: 'recommended' | 'newest' | 'popular' | undefined): 'newest' | 'popular' {
  return sort === 'newest' ? 'newest' : 'popular';
}

/** The row condition of the page after `cursor` on `table` (merchants or partners). */
export function afterCursor(table: 'merchants' | 'partners', cursor: ListingCursor): RawBuilder<boolean> {
  const id = sql.ref(`${table}.id`);
  switch (cursor.order) {
    case 'newest':
      return sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${id}) < (${momentOf(cursor)}, ${cursor.id})`;
    case 'popular':
      return sql<boolean>`(${sql.ref(`${table}.favorite_count`)}, ${id}) < (${cursor.count}, ${cursor.id})`;
    case 'own':
      return sql<boolean>`${id} < ${cursor.id}`;
  }
}

interface CursorSource {
  id: number;
  favorite_count: number;
  created_micros: string;
}

/** The cursor that continues after `row` in `order`. */
export function cursorAfter(order: ListingOrder, row: CursorSource): ListingCursor {
  switch (order) {
    case 'newest':
      return { order, micros: row.created_micros, id: row.id };
    case 'popular':
      return { order, count: row.favorite_count, id: row.id };
    case 'own':
      return { order, id: row.id };
  }
}

const ORDER_CODES: Record<ListingOrder, string> = { newest: 'n', popular: 'p', own: 'o' };

export function encodeListingCursor(source: ListingSource, cursor: ListingCursor): string {
  const key = cursor.order === 'newest' ? cursor.micros : cursor.order === 'popular' ? cursor.count : null;
  return Buffer.from(JSON.stringify({ l: source[0], o: ORDER_CODES[cursor.order], k: key, i: cursor.id })).toString('base64url');
}

/** A cursor this server wrote for the same list kind and order, or the failure "invalid list position". */
export function decodeListingCursor(source: ListingSource, order: ListingOrder, value: string | undefined): ListingCursor | null {
  if (value === undefined) return null;
  const { l, o, k, i } = cursorFields(value);
  if (l !== source[0] || o !== ORDER_CODES[order] || !isRowId(i)) throw cursorInvalid();
  switch (order) {
    case 'newest':
      if (!isMicros(k)) throw cursorInvalid();
      return { order, micros: k, id: i };
    case 'popular':
      if (typeof k !== 'number' || !Number.isInteger(k) || k < 0 || k > ID_MAX) throw cursorInvalid();
      return { order, count: k, id: i };
    case 'own':
      if (k !== null) throw cursorInvalid();
      return { order, id: i };
  }
}

/** Splits the `limit + 1` rows a query read into the page and the cursor of the next one (null on the last). */
export function pageOf<T extends CursorSource>(
  source: ListingSource,
  order: ListingOrder,
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeListingCursor(source, cursorAfter(order, page[page.length - 1])) };
}
