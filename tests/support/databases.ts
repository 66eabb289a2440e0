import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, type DatabaseKind, migrateToLatest, openDatabase } from '../../server/db/database';

/**
 * Every server suite runs on both. TEST_DATABASE_KINDS=postgres narrows a run to PostgreSQL: CI's second pass over
 * Debian's PostgreSQL 15 uses it, after the full run has covered PGlite.
 */
export const DATABASE_KINDS: readonly DatabaseKind[] = process.env.TEST_DATABASE_KINDS === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];

/**
 * A fresh database of the kind: PGlite in memory, or a new PostgreSQL database dropped on close. Migrated to the
 * latest schema, unless `migrated: false` (a migration's own test, which migrates step by step with data in between).
 */
export async function openTestDatabase(kind: DatabaseKind, { migrated = true }: { migrated?: boolean } = {}): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
    if (migrated) await migrateToLatest(handle.db);
    return handle;
  }
  const database = await createTestDatabaseUrl();
  const handle = await openDatabase({ databaseUrl: database.url, dataDir: ':memory:' });
  if (migrated) await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const name = `venuely_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * `n` bare accounts (no password anyone can use, no session), for repository tests that need users to point at;
 * their uuids in ascending order (a direct chat conversation names the smaller one first).
 */
export async function insertTestUsers(db: DatabaseHandle['db'], n: number): Promise<string[]> {
  const uuids = Array.from({ length: n }, () => randomUUID()).sort();
  await db
    .insertInto('users')
    .values(uuids.map((uuid) => ({ uuid, username: `u${uuid.slice(0, 8)}`, username_key: `u${uuid}`, email: `${uuid}@x.test`, email_key: `${uuid}@x.test`, password_hash: '!', nickname: 'n' })))
    .execute();
  return uuids;
}
