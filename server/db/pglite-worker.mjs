// @ts-check
/**
 * The embedded database's thread (server/db/pglite-thread.ts): PGlite runs here, so its queries (the parser, the
 * planner and the executor all run in WebAssembly on the calling thread) no longer hold up the thread that serves
 * HTTP and the chat sockets. Plain JavaScript, so that it loads under tsx, vitest and plain Node alike.
 *
 * Messages in: { id, sql, params } (a query), { id, dump: true } (a backup's copy of the data directory) and
 * { close: true }. Out: { ready: true, tid } once the database is
 * open (tid: this thread's id in the operating system, on Linux, to find it in `top -H`), or { failed } if it cannot be; per query { id, rows, affectedRows } or { id, error } (the error's own fields, so
 * the SQLSTATE `code` and the rest survive the crossing); per dump { id, tar } (an ArrayBuffer, transferred) or
 * { id, error }; { closed: true } after close.
 */
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread');

/** The fields of a failed query's error that cross to the main thread. */
function errorFields(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return fields;
}

/** @type {string | undefined} */
const dir = workerData.dir;
const pglite = dir === undefined ? new PGlite({ extensions: { pg_trgm } }) : new PGlite(dir, { extensions: { pg_trgm } });

/** This thread's id in the operating system (Linux's /proc/thread-self), or undefined elsewhere. */
function osThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

pglite.waitReady.then(
  () => port.postMessage({ ready: true, tid: osThreadId() }),
  (error) => port.postMessage({ failed: errorFields(error) }),
);

port.on('message', (message) => {
  if (message.close) {
    pglite.close().finally(() => port.postMessage({ closed: true }));
    return;
  }
  if (message.dump) {
    // PGlite's own dump of its data directory (an uncompressed tar), taken between two queries: the files as a
    // kill -9 at that instant would leave them, which PostgreSQL's recovery brings back to the last commit (a
    // transaction still open is rolled back). Nothing writes meanwhile: this thread is the only writer and the copy
    // is synchronous.
    const { id } = message;
    pglite
      ._runExclusiveQuery(() => pglite.dumpDataDir('none'))
      .then((file) => file.arrayBuffer())
      .then(
        (tar) => port.postMessage({ id, tar }, [tar]),
        (error) => port.postMessage({ id, error: errorFields(error) }),
      );
    return;
  }
  const { id, sql, params } = message;
  // PGlite runs one query at a time and queues the rest; a transaction's statements come one after another from
  // the main thread (the Kysely dialect holds its one connection meanwhile), so nothing interleaves with them.
  pglite.query(sql, params).then(
    (result) => port.postMessage({ id, rows: result.rows, affectedRows: result.affectedRows }),
    (error) => port.postMessage({ id, error: errorFields(error) }),
  );
});
