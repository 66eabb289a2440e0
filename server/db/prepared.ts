import { type Compilable, CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * Hot queries of a fixed shape, built and compiled once (issue 33, "Server figures against their floors"): Kysely
 * builds a query as a tree of frozen nodes and compiles it to SQL on every call, which cost a request of `user/me` more
 * server CPU than the driver's own work. A prepared query is built once, with a marker in place of each argument, and
 * later calls only put the arguments into a copy of its parameter list. Its text carries the `/* prepared:name *\/`
 * mark, so PostgreSQL also parses and plans it once per connection (database.ts, PreparingClient).
 *
 * Only for statements whose shape never depends on the arguments (no optional clauses, no `in` lists), and whose plan
 * does not either (point lookups by key): a search must stay unprepared, or PostgreSQL may settle on a generic plan.
 * Both dialects of the app compile with Kysely's PostgreSQL compiler, so one text serves PGlite and PostgreSQL.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Where argument `index` goes in the compiled parameters. */
class Slot {
  constructor(readonly index: number) {}
}

export type PreparedQuery<A extends unknown[], R> = (db: Db, ...args: A) => Promise<R[]>;

/**
 * A query of fixed shape: `build` is called once, with a marker for each of the `arity` arguments (never read them:
 * only pass them on as values), and `name` ([a-z_]+, unique in the app) names the prepared statement.
 */
export function prepared<A extends unknown[], R>(name: string, arity: A['length'], build: (db: Kysely<Database>, ...args: A) => Compilable<R>): PreparedQuery<A, R> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`prepared query name ${name}: only a-z and _`);
  let compiled: { sql: string; parameters: readonly unknown[] } | null = null;
  return async (db, ...args) => {
    if (compiled === null) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as A;
      const query = build(db as Kysely<Database>, ...slots).compile();
      const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
      if (used.size !== arity) throw new Error(`prepared query ${name}: ${arity - used.size} of its ${arity} arguments are not parameters of the statement`);
      compiled = { sql: `/* prepared:${name} */ ${query.sql}`, parameters: query.parameters };
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const { rows } = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>);
    return rows;
  };
}
