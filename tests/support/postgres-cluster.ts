import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster on loopback for the test suite, from the Debian `postgresql` package.
 * Used when TEST_DATABASE_URL is not given. As root, the server runs as the `postgres` user (initdb refuses root).
 */

const INSTALL_HINT = 'PostgreSQL server binaries not found. Install them with: apt-get install -y postgresql';

function findBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return path.dirname(which.stdout.trim());
  throw new Error(INSTALL_HINT);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  url: string;
  /** The postmaster's process id (its backends are its children). */
  pid(): number;
  stop(): void;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinDir();
  const isRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'venuely-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const run = (file: string, args: string[]) => {
    const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, file), ...args]] : [path.join(bin, file), args];
    execFileSync(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  run('pg_ctl', [
    '-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: () => Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
