import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type CheckpointPolicy, type CheckpointStats, CHECKPOINT_POLICY, PgliteCheckpoints } from './pglite-checkpoints';
import { PGliteThread, PGliteThreadDialect } from './pglite-thread';
import * as accounts from './migrations/2026-11-23-0001-accounts';
import * as tracking from './migrations/2026-11-23-0002-tracking';
import * as directory from './migrations/2026-11-23-0003-directory';
import * as outboxSecrets from './migrations/2026-11-25-0001-outbox-secrets';
import * as chat from './migrations/2026-11-25-0002-chat';
import * as ledger from './migrations/2026-11-25-0003-ledger';
import * as withdrawals from './migrations/2026-11-25-0004-withdrawals';
import * as orders from './migrations/2026-11-25-0005-orders';
import * as cards from './migrations/2026-11-25-0006-cards';
import * as stripeCustomers from './migrations/2026-11-26-0001-stripe-customers';
import * as purchases from './migrations/2026-11-26-0010-purchases';
import * as kyc from './migrations/2026-11-26-0020-kyc';
import * as admin from './migrations/2026-11-26-0030-admin';
import * as chatAppend from './migrations/2026-11-26-0040-chat-append';
import * as chatConversation from './migrations/2026-11-26-0041-chat-conversation';
import * as chatAppendBatch from './migrations/2026-11-26-0050-chat-append-batch';
import * as chatBlockScope from './migrations/2026-11-27-0010-chat-block-scope';
import * as testFunds from './migrations/2026-11-27-0020-test-funds';
import * as memberLocale from './migrations/2026-11-28-0010-member-locale';
import * as cardExpiry from './migrations/2026-11-29-0010-card-expiry';
import * as kycConsent from './migrations/2026-11-30-0030-kyc-consent';
import * as listingCreateKey from './migrations/2026-11-30-0040-listing-create-key';
import * as retention from './migrations/2026-11-30-0050-retention';
import type { Database } from './schema';

/** Migrations in order; listed statically so bundling or a changed working directory cannot lose one. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-23-0001-accounts': accounts,
  '2026-11-23-0002-tracking': tracking,
  '2026-11-23-0003-directory': directory,
  '2026-11-25-0001-outbox-secrets': outboxSecrets,
  '2026-11-25-0002-chat': chat,
  '2026-11-25-0003-ledger': ledger,
  '2026-11-25-0004-withdrawals': withdrawals,
  '2026-11-25-0005-orders': orders,
  '2026-11-25-0006-cards': cards,
  '2026-11-26-0001-stripe-customers': stripeCustomers,
  '2026-11-26-0010-purchases': purchases,
  '2026-11-26-0020-kyc': kyc,
  '2026-11-26-0030-admin': admin,
  '2026-11-26-0040-chat-append': chatAppend,
  '2026-11-26-0041-chat-conversation': chatConversation,
  '2026-11-26-0050-chat-append-batch': chatAppendBatch,
  '2026-11-27-0010-chat-block-scope': chatBlockScope,
  '2026-11-27-0020-test-funds': testFunds,
  '2026-11-28-0010-member-locale': memberLocale,
  '2026-11-29-0010-card-expiry': cardExpiry,
  '2026-11-30-0030-kyc-consent': kycConsent,
  '2026-11-30-0040-listing-create-key': listingCreateKey,
  '2026-11-30-0050-retention': retention,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded database's own thread, by its id in the operating system (Linux), when it has one. */
  osThreadId?: number;
  /**
   * The embedded database's data directory as PGlite dumps it (an uncompressed tar), for a backup; only PGlite in a
   * directory has one (PostgreSQL is backed up with its own tools, README "Backups").
   */
  dump?: () => Promise<Buffer>;
  /** PostgreSQL's connection pool as it is now (metrics); PGlite has none. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The checkpoints the server took of the embedded database (server/db/pglite-checkpoints.ts; metrics); PGlite only. */
  checkpoints?: () => CheckpointStats;
  close(): Promise<void>;
}

// bigint columns (ids, ledger amounts) come back as strings: exact, never silently rounded.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/** A statement whose text starts with this comment runs as the named prepared statement `name` (see PreparingClient). */
const PREPARED_MARK = /^\s*\/\* prepared:([a-z_]+) \*\//;

/**
 * The pool's client: a statement marked `/* prepared:name *\/` is sent as a named prepared statement, parsed and
 * planned once per connection instead of on every call. Only hot statements of a fixed text are marked (the chat
 * append): preparing every statement would let PostgreSQL switch a search to a generic plan.
 */
class PreparingClient extends pg.Client {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- forwards pg's many query overloads unchanged
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string') {
      const marked = PREPARED_MARK.exec(config);
      if (marked && callback === undefined && typeof values !== 'function') {
        // A Query made from the text, then named: a config object would be copied by pg on every call (with its property
        // descriptors, the largest of the driver's per-call costs after the rows), and a string is not.
        const query = new pg.Query(config, values) as pg.Query & { name?: string; callback?: (error: Error | null, result: pg.QueryResult) => void };
        query.name = marked[1];
        return new Promise<pg.QueryResult>((resolve, reject) => {
          query.callback = (error, result) => (error ? reject(error) : resolve(result));
          super.query(query);
        });
      }
      if (marked) return super.query({ name: marked[1], text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

/** Connections of the PostgreSQL pool. */
const POOL_SIZE = 10;
const parallelism = new WeakMap<Kysely<Database>, number>();

/**
 * How many statements `db` runs at once: the pool's connections on PostgreSQL, 1 on PGlite (one thread, one query at
 * a time), 1 for anything else (a transaction, a single connection). Work that queues its own statements (the chat
 * append batcher) keeps no more than this many running.
 */
export function parallelismOf(db: Kysely<Database>): number {
  return parallelism.get(db) ?? 1;
}

/**
 * PostgreSQL when a URL is given, else PGlite: in a directory under dataDir, or in memory for ':memory:'.
 */
export async function openDatabase(options: { databaseUrl: string | null; dataDir: string; checkpointPolicy?: CheckpointPolicy }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: POOL_SIZE, Client: PreparingClient });
    // An idle client whose connection the server dropped (restart, failover, an admin's terminate) is emitted
    // here; the pool discards it and connects anew on the next query. Without a listener Node would exit.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL idle client error: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    parallelism.set(db, POOL_SIZE);
    return {
      db,
      kind: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  // PGlite runs on a thread of its own (PGliteThread), so its queries never hold up this thread, which serves HTTP
  // and the chat sockets.
  let dir: string | undefined;
  if (options.dataDir !== ':memory:') {
    dir = path.join(options.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGliteThread.start(dir);
  const db = new Kysely<Database>({ dialect: new PGliteThreadDialect(client) });
  parallelism.set(db, 1);
  // PGlite takes no checkpoint on its own while it runs: without these its WAL would grow until the process exits.
  const checkpoints = new PgliteCheckpoints(db, options.checkpointPolicy ?? CHECKPOINT_POLICY, (error) =>
    process.emitWarning(`PGlite checkpoint failed: ${error.message}`),
  );
  checkpoints.start();
  return {
    db,
    kind: 'pglite',
    osThreadId: client.osThreadId,
    ...(dir === undefined ? {} : { dump: () => client.dump() }),
    checkpoints: () => checkpoints.stats(),
    close: async () => {
      await checkpoints.stop();
      await db.destroy();
    },
  };
}

/** Migrates up (or down) to the named migration: tests of a migration over data written before it use it. */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  if (!(name in MIGRATIONS)) throw new Error(`no migration ${name}`);
  const { error } = await new Migrator({ db, provider: new StaticMigrationProvider() }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
