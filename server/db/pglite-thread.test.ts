import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread';

/** PGlite on its own thread behind Kysely (server/db/pglite-thread.ts): what the app's queries rely on. */
describe('PGlite on its own thread', () => {
  let db: Kysely<{ notes: { id: number; body: string } }>;

  beforeAll(async () => {
    db = new Kysely({ dialect: new PGliteThreadDialect(await PGliteThread.start(undefined)) });
    await sql`create table notes (id int primary key, body text not null)`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('values come back as the in-process PGlite gives them: dates, int8, json, bytes, null, any text', async () => {
    const { rows } = await sql<{ at: Date; big: bigint; doc: unknown; bytes: Uint8Array; none: null; text: string }>`
      select timestamptz '2026-11-26 12:00:00+00' as at, 9007199254740993::int8 as big, '{"a":[1,"ü"]}'::jsonb as doc,
             '\\x00ff'::bytea as bytes, null as none, ${'مرحبا 👋 "quoted"'}::text as text`.execute(db);
    expect(rows[0]).toEqual({
      at: new Date('2026-11-26T12:00:00Z'),
      big: 9007199254740993n,
      doc: { a: [1, 'ü'] },
      bytes: new Uint8Array([0, 255]),
      none: null,
      text: 'مرحبا 👋 "quoted"',
    });
  });

  it('a failed statement rejects with its SQLSTATE and message, and writes nothing', async () => {
    await db.insertInto('notes').values({ id: 1, body: 'first' }).execute();
    const failure = await db
      .insertInto('notes')
      .values({ id: 1, body: 'again' })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect((failure as Error).message).toMatch(/duplicate key/);
    expect(await db.selectFrom('notes').select('body').execute()).toEqual([{ body: 'first' }]);
  });

  it('queries sent together all come back, each with its own answer', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => sql<{ n: number }>`select ${i}::int * 2 as n`.execute(db)));
    expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: 200 }, (_, i) => i * 2));
  });

  it('a query made while a transaction is open never runs inside it: it waits for the rollback', async () => {
    let insideDone!: () => void;
    const inside = new Promise<void>((resolve) => (insideDone = resolve));
    const order: string[] = [];
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 99, body: 'uncommitted' }).execute();
        insideDone();
        // The other query is made now, while this transaction holds the session.
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('rollback');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await inside;
    const seen = db
      .selectFrom('notes')
      .select('id')
      .where('id', '=', 99)
      .execute()
      .then((rows) => {
        order.push('outside query');
        return rows;
      });
    await transaction;
    expect(await seen).toEqual([]);
    expect(order).toEqual(['rollback', 'outside query']);
  });

  it('two transactions made at once run one after the other; both commit', async () => {
    await Promise.all(
      [10, 20].map((base) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values({ id: base, body: 'a' }).execute();
          await new Promise((resolve) => setTimeout(resolve, 20));
          await trx.insertInto('notes').values({ id: base + 1, body: 'b' }).execute();
        }),
      ),
    );
    const ids = (await db.selectFrom('notes').select('id').where('id', '>=', 10).where('id', '<', 30).orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual([10, 11, 20, 21]);
  });

  it('a long query does not hold up this thread: timers keep firing while it runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    // A few hundred milliseconds of work for the database (in-process, not one tick could fire meanwhile).
    await sql`select count(*) from generate_series(1, 3000000) as g where g % 7 = 3`.execute(db);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(elapsed / 5 / 4));
  });
});

describe('PGlite on its own thread, in a directory', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pglite-thread-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('what was written before close is there after reopening', async () => {
    const first = new Kysely<{ kept: { v: string } }>({ dialect: new PGliteThreadDialect(await PGliteThread.start(dataDir)) });
    await sql`create table kept (v text)`.execute(first);
    await first.insertInto('kept').values({ v: 'still here' }).execute();
    await first.destroy();
    const second = new Kysely<{ kept: { v: string } }>({ dialect: new PGliteThreadDialect(await PGliteThread.start(dataDir)) });
    try {
      expect(await second.selectFrom('kept').select('v').execute()).toEqual([{ v: 'still here' }]);
    } finally {
      await second.destroy();
    }
  });

  it('a query after close is refused, not left waiting', async () => {
    const thread = await PGliteThread.start(undefined);
    await thread.close();
    await expect(thread.query('select 1')).rejects.toThrow(/database thread/);
  });
});
