import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What the Kysely PGlite dialect asks of its client: a query and a close. */
export interface PGliteClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  close(): Promise<void>;
}

type WorkerMessage =
  | { ready: true; tid?: number }
  | { failed: Record<string, unknown> }
  | { closed: true }
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; tar: ArrayBuffer }
  | { id: number; error: Record<string, unknown> };

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** An Error with the fields the worker sent (message, SQLSTATE `code`, detail, constraint…). */
function errorFrom(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

/**
 * PGlite in a worker thread of its own (server/db/pglite-worker.mjs), behind the client interface the Kysely PGlite
 * dialect uses. In-process, every query's parse, plan and execution ran on the thread that serves HTTP and the chat
 * sockets: at 1 000 chat messages a second that thread was 61 % busy, and one slow search held every socket up.
 * The worker is referenced only while a query is pending, so a script that has finished its queries can exit.
 */
export class PGliteThread implements PGliteClient {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: { rows: unknown[]; affectedRows?: number } | ArrayBuffer) => void; reject: (error: Error) => void }>();
  private onClosed: (() => void) | null = null;
  private exited: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    /** The thread's id in the operating system (Linux), to find it in `top -H` or pin it; undefined elsewhere. */
    readonly osThreadId: number | undefined,
  ) {
    worker.on('message', (message: WorkerMessage) => {
      if ('closed' in message) return this.onClosed?.();
      if (!('id' in message)) return;
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in message) waiter.reject(errorFrom(message.error));
      else if ('tar' in message) waiter.resolve(message.tar);
      else waiter.resolve({ rows: message.rows, affectedRows: message.affectedRows });
    });
    // A worker that dies (out of memory, a WebAssembly abort) fails every pending query and every later one.
    const fail = (error: Error) => {
      this.exited = error;
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
      this.onClosed?.();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Opens PGlite in `dir` (undefined: in memory) on a new thread; resolves once the database is ready. */
  static async start(dir: string | undefined): Promise<PGliteThread> {
    const worker = new Worker(WORKER_URL, { workerData: { dir } });
    const tid = await new Promise<number | undefined>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if ('ready' in message) resolve(message.tid);
        else if ('failed' in message) reject(errorFrom(message.failed));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    worker.unref();
    return new PGliteThread(worker, tid);
  }

  query(sql: string, params: unknown[] = []): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.send({ sql, params }) as Promise<{ rows: unknown[]; affectedRows?: number }>;
  }

  /**
   * PGlite's dump of the data directory (`dumpDataDir`, an uncompressed tar), taken on the database's thread between
   * two queries: a consistent copy of the database as of that instant (backup.service.ts).
   */
  async dump(): Promise<Buffer> {
    return Buffer.from((await this.send({ dump: true })) as ArrayBuffer);
  }

  private send(message: Record<string, unknown>): Promise<{ rows: unknown[]; affectedRows?: number } | ArrayBuffer> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Closes the database (PGlite flushes and releases its files), then ends the thread. */
  async close(): Promise<void> {
    if (this.exited) return;
    this.worker.ref();
    await new Promise<void>((resolve) => {
      this.onClosed = resolve;
      this.worker.postMessage({ close: true });
    });
    await this.worker.terminate();
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Kysely's driver for PGliteThread. PGlite is one session, so a transaction must have it to itself; every other
 * query is sent at once, without waiting for the one before it to come back: the thread runs them one after another
 * in the order they were sent, and the time a query spends crossing between threads overlaps with the queries
 * ahead of it. (The in-process dialect, kysely-pglite-dialect, handed out its one connection to one query at a
 * time; across threads that would add two crossings to every query's turn, and under load the queue grew by that.)
 * While a transaction is open, queries of other connections wait until its COMMIT or ROLLBACK is done; a query is
 * sent in the same tick as the check that lets it go, so none can slip in after a BEGIN.
 */
class PGliteThreadDriver implements Driver {
  /** The connection whose transaction holds the session, if any. */
  private transaction: DatabaseConnection | null = null;
  private waiters: (() => void)[] = [];

  constructor(private readonly client: PGliteThread) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection: DatabaseConnection = {
      executeQuery: async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await this.send(connection, compiled.sql, [...compiled.parameters]);
        return { rows: result.rows as R[], ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}) };
      },
      streamQuery: async function* <R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
        const { rows } = await connection.executeQuery<R>(compiled);
        const size = chunkSize && chunkSize > 0 ? chunkSize : rows.length || 1;
        for (let at = 0; at < rows.length; at += size) yield { rows: rows.slice(at, at + size) };
      },
    };
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    while (this.transaction) await this.free();
    this.transaction = connection;
    const begin = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin';
    try {
      await this.send(connection, begin, []);
    } catch (error) {
      this.end(connection);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.send(connection, 'commit', []);
    } finally {
      this.end(connection);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.send(connection, 'rollback', []);
    } finally {
      this.end(connection);
    }
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.client.close();
  }

  /** Sends the query now, unless another connection's transaction holds the session: then once it has ended. */
  private send(connection: DatabaseConnection, sql: string, params: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }> {
    if (this.transaction && this.transaction !== connection) return this.free().then(() => this.send(connection, sql, params));
    return this.client.query(sql, params);
  }

  /** Resolves when the current transaction ends (the caller checks again: another may have begun meanwhile). */
  private free(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private end(connection: DatabaseConnection): void {
    if (this.transaction !== connection) return;
    this.transaction = null;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

/** PostgreSQL's SQL, adapter and introspection over PGliteThreadDriver. */
export class PGliteThreadDialect implements Dialect {
  constructor(private readonly client: PGliteThread) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new PGliteThreadDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
