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
 * The microsecond moment and the parsing and checks of the wire form are also what listing-cursor.ts builds on.
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

/** A cursor's moment as a timestamptz, exact to the microsecond. */
export function momentOf(cursor: { micros: string }): RawBuilder<Date> {
  return sql<Date>`(timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond')`;
}

/** `(createdColumn, idColumn) < cursor`, the condition of the page after the cursor. */
export function olderThan(createdColumn: string, idColumn: string, cursor: RecentCursor): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(createdColumn)}, ${sql.ref(idColumn)}) < (${momentOf(cursor)}, ${cursor.id})`;
}

/** Within ±2^53 the value stays exact in PostgreSQL's float8 interval product (years 1685–2255). */
const MICROS_MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** The one answer to a cursor this server did not write. */
export function cursorInvalid(): ApiFailure {
  return new ApiFailure('listing.cursorInvalid', {}, 200, { field: 'cursor', code: 'zod.string.invalid' });
}

/** The fields of a cursor's base64url JSON object; anything else is refused with cursorInvalid(). */
export function cursorFields(value: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw cursorInvalid();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw cursorInvalid();
  return parsed as Record<string, unknown>;
}

/** A moment in microseconds as microsOf() writes it, within the range momentOf() reads exactly. */
export function isMicros(value: unknown): value is string {
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value) && BigInt(value) <= MICROS_MAX && BigInt(value) >= -MICROS_MAX;
}

/** A row id as the contract allows it: within an integer (serial) column, so comparing it never overflows. */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= ID_MAX;
}

/**
 * The id column a cursor's id is compared with: PostgreSQL refuses a parameter beyond the column's type ("integer
 * out of range"), so a cursor id beyond it must be refused here, as any cursor this server did not write.
 */
export type IdColumn = 'integer' | 'bigint';
const ID_COLUMN_MAX: Record<IdColumn, bigint> = { integer: BigInt(ID_MAX), bigint: 9_223_372_036_854_775_807n };

/** A row id as decimal text (how cursors carry ids, bigint ones exactly): 1 to the largest id of its column type. */
export function isIdText(value: unknown, column: IdColumn): value is string {
  return typeof value === 'string' && /^[1-9]\d{0,18}$/.test(value) && BigInt(value) <= ID_COLUMN_MAX[column];
}

/** `list` names the list the cursor belongs to, e.g. 'fav:merchant' or 'vr:12'. */
export function encodeRecentCursor(list: string, cursor: RecentCursor): string {
  return Buffer.from(JSON.stringify({ l: list, t: cursor.micros, i: cursor.id })).toString('base64url');
}

/** Parses a cursor from a payload; anything this module did not write is refused like any invalid field. */
export function decodeRecentCursor(list: string, value: string | undefined): RecentCursor | null {
  if (value === undefined) return null;
  const { l, t, i } = cursorFields(value);
  if (l !== list || !isMicros(t) || !isRowId(i)) throw cursorInvalid();
  return { micros: t, id: i };
}
