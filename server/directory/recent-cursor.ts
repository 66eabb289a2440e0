import { type RawBuilder, sql } from 'kysely';
import { ID_MAX } from '@/contract/shapes';
import { ApiFailure } from '../api/failure';

/**
 * The keyset cursor of newest-first lists ordered by (created_at desc, id desc): favourites and visit reports.
 *
 * The moment travels as whole microseconds since the epoch, read and compared inside PostgreSQL, because
 * timestamptz keeps microseconds and a JavaScript Date only milliseconds: a cursor rounded to milliseconds would
 * repeat or skip rows saved within the same millisecond. The wire form is opaque base64url JSON naming its list, so
 * a cursor of another list (another source's favourites, another merchant's reports) is refused, not misread.
 */
export interface RecentCursor {
  /** created_at in microseconds since the epoch, as a decimal string (exact, whatever JavaScript numbers do). */
  micros: string;
  id: number;
}

/** created_at as microseconds since the epoch (text), to select beside a row and hand to encodeRecentCursor. */
export function microsOf(column: string): RawBuilder<string> {
  return sql<string>`(extract(epoch from ${sql.ref(column)}) * 1000000)::bigint::text`;
}

/** The cursor's moment as a timestamptz, exact to the microsecond. */
export function momentOf(cursor: RecentCursor): RawBuilder<Date> {
  return sql<Date>`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
}

/** `(createdColumn, idColumn) < cursor`, the condition of the page after the cursor. */
export function olderThan(createdColumn: string, idColumn: string, cursor: RecentCursor): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(createdColumn)}, ${sql.ref(idColumn)}) < (${momentOf(cursor)}, ${cursor.id})`;
}

/** Within ±2^53 the value stays exact in PostgreSQL's float8 interval product (years 1685–2255). */
const MICROS_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** `list` names the list the cursor belongs to, e.g. 'fav:merchant' or 'vr:12'. */
export function encodeRecentCursor(list: string, cursor: RecentCursor): string {
  return Buffer.from(JSON.stringify({ l: list, t: cursor.micros, i: cursor.id })).toString('base64url');
}

/** Parses a cursor from a payload; anything this module did not write is refused like any invalid field. */
export function decodeRecentCursor(list: string, value: string | undefined): RecentCursor | null {
  if (value === undefined) return null;
  const invalid = () => new ApiFailure('listing.cursorInvalid', {}, 200, { field: 'cursor', code: 'zod.string.invalid' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const { l, t, i } = parsed as Record<string, unknown>;
  if (l !== list) throw invalid();
  if (typeof t !== 'string' || !/^-?\d{1,16}$/.test(t) || BigInt(t) > MICROS_MAX || BigInt(t) < -MICROS_MAX) throw invalid();
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 1 || i > ID_MAX) throw invalid();
  return { micros: t, id: i };
}
