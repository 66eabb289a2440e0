import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { claimDataDir, type DataDirClaim } from './data-dir-owner';

/**
 * The operations listener of a server on the embedded database (DESIGN section 9: "backup and restore commands for
 * the embedded default"). Only the server may read PGlite's files while it runs, so `npm run backup` asks it:
 * - it listens on 127.0.0.1, on a port the system picks, never on the app's port nor on another interface;
 * - every request needs `Authorization: Bearer <token>`, a random token made at each start (401 otherwise, whatever
 *   the path); the port and the token are in DATA_DIR/owner.json (mode 600), so whoever may read DATA_DIR, and
 *   only they, may ask: a backup holds nothing they could not read there already;
 * - `GET /ops/ping` answers the pid (data-dir-owner.ts checks that a recorded server still runs);
 * - `POST /ops/backup` streams a backup (backup.service.ts), one at a time (409 while one runs; 503 until the app is
 *   up).
 * It is opened before the database, so DATA_DIR is claimed before PGlite touches it.
 */

export interface OpsListener {
  readonly port: number;
  readonly token: string;
  /** From now on, `POST /ops/backup` writes what `backup` writes. */
  serve(backup: (out: Writable) => Promise<unknown>): void;
  /** Stops listening (a backup in progress is cut off) and releases DATA_DIR. */
  close(): Promise<void>;
}

function sameToken(sent: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}) });
  res.end(JSON.stringify(body));
}

export async function startOpsListener(options: { dataDir: string; onError?: (error: Error) => void }): Promise<OpsListener> {
  const token = randomBytes(32).toString('hex');
  let backup: ((out: Writable) => Promise<unknown>) | null = null;
  let running = false;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers.authorization ?? '';
    const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sent || !sameToken(sent, token)) return answer(res, 401, { error: 'unauthorized' });
    const url = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && url === '/ops/ping') return answer(res, 200, { pid: process.pid, data_dir: options.dataDir });
    if (req.method !== 'POST' || url !== '/ops/backup') return answer(res, 404, { error: 'not found' });
    if (!backup) return answer(res, 503, { error: 'the server is still starting' });
    if (running) return answer(res, 409, { error: 'a backup is already running' });
    running = true;
    res.writeHead(200, { 'content-type': 'application/gzip', 'cache-control': 'no-store' });
    backup(res)
      .catch((error: Error) => {
        options.onError?.(error);
        // The archive ends without its manifest: the command sees a truncated backup and keeps nothing.
        res.destroy(error);
      })
      .finally(() => {
        running = false;
      });
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const stop = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  let claim: DataDirClaim;
  try {
    await mkdir(options.dataDir, { recursive: true });
    claim = await claimDataDir(options.dataDir, { role: 'server', port, token });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    token,
    serve(run) {
      backup = run;
    },
    async close() {
      backup = null;
      await stop();
      await claim.release();
    },
  };
}
