import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Bulk inserts for seeding: one `insert ... select from unnest(array, array, ...)` per chunk, so a chunk of
 * thousands of rows is one statement with one parameter per column (a multi-row VALUES list needs one parameter
 * per cell and hits PostgreSQL's 65 535-parameter limit). Works the same on PGlite and PostgreSQL.
 */

/** A column and the PostgreSQL type its values are sent as (jsonb values go as JSON text). */
export interface BulkColumn<Row> {
  name: string;
  type: 'int' | 'smallint' | 'text' | 'uuid' | 'jsonb' | 'boolean' | 'timestamptz' | 'double precision' | 'date';
  value: (row: Row) => unknown;
}

/** Rows per statement: few statements (each has a fixed cost, high on PGlite) while parameters stay small. */
export const DEFAULT_CHUNK_ROWS = 2_000;

/** Inserts `rows` into `table` in chunks; table, column names and types are code constants, never input. */
export async function bulkInsert<Row>(
  db: Kysely<Database>,
  table: string,
  columns: readonly BulkColumn<Row>[],
  rows: readonly Row[],
  chunkRows = DEFAULT_CHUNK_ROWS,
): Promise<void> {
  const names = sql.raw(columns.map((c) => c.name).join(', '));
  for (let from = 0; from < rows.length; from += chunkRows) {
    const chunk = rows.slice(from, from + chunkRows);
    const arrays = columns.map((column) => {
      const values = chunk.map((row) => {
        const value = column.value(row);
        if (value === null || value === undefined) return null;
        if (column.type === 'jsonb') return JSON.stringify(value);
        if (value instanceof Date) return value.toISOString();
        return value;
      });
      // jsonb[] would need array-literal escaping of JSON; text[] cast per element is exact.
      const arrayType = column.type === 'jsonb' ? 'text' : column.type;
      const element = column.type === 'jsonb' ? sql.raw('::jsonb') : sql.raw('');
      return { param: sql`unnest(${values}::${sql.raw(arrayType)}[])`, element };
    });
    const selected = sql.join(arrays.map((a, i) => sql`${sql.ref(`t.c${i}`)}${a.element}`));
    const sources = sql.join(arrays.map((a) => a.param));
    const aliases = sql.raw(columns.map((_, i) => `c${i}`).join(', '));
    await sql`insert into ${sql.table(table)} (${names}) select ${selected} from rows from (${sources}) as t(${aliases})`.execute(db);
  }
}

/** `count` fresh ids from a serial column's sequence, so rows (and rows that point at them) can be built up front. */
export async function reserveIds(db: Kysely<Database>, table: 'merchants' | 'partners', count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`.execute(db);
  // generate_series rows come back in order; sort anyway so ids ascend with creation order.
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
