import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';

/**
 * The snapshot a backup takes of the embedded database (PGliteThread.dump: PGlite's dumpDataDir on the database's
 * thread): taken while a transaction is open, it loads (PGlite's loadDataDir, as restore.service.ts does) with every
 * committed row and none of the open transaction's, which recovery rolls back as after a kill -9.
 */
describe('the embedded database dump', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'venuely-dump-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('holds what was committed, not the transaction open while it was taken', async () => {
    const handle = await openDatabase({ databaseUrl: null, dataDir: path.join(work, 'source') });
    let dump: Buffer;
    try {
      await sql`create table notes (id serial primary key, body text not null)`.execute(handle.db);
      await sql`insert into notes (body) select 'committed ' || i from generate_series(1, 500) i`.execute(handle.db);
      dump = await handle.db.transaction().execute(async (trx) => {
        await sql`insert into notes (body) values ('open at the dump')`.execute(trx);
        const taken = await handle.dump!();
        await sql`insert into notes (body) values ('after the dump')`.execute(trx);
        return taken;
      });
      // The source went on: both rows committed there.
      const { rows } = await sql<{ n: string }>`select count(*) as n from notes`.execute(handle.db);
      expect(Number(rows[0].n)).toBe(502);
    } finally {
      await handle.close();
    }
    expect(dump.subarray(0, 11).toString()).toBe('/PG_VERSION');

    mkdirSync(path.join(work, 'restored'));
    const loaded = new PGlite(path.join(work, 'restored', 'pgdata'), { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      const { rows } = await loaded.query<{ n: number; open: number }>(`select count(*)::int as n, count(*) filter (where body not like 'committed %')::int as open from notes`);
      expect(rows[0]).toEqual({ n: 500, open: 0 });
    } finally {
      await loaded.close();
    }
  }, 60_000);
});
