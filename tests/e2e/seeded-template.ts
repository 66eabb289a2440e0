import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port';
import { startServerProcess } from '../support/server-process';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The demo data every spec's server starts from: a DATA_DIR (database, pictures, keys) migrated and seeded once per
 * run by the global setup, then copied for each spec file's server. Seeding draws the demo pictures and writes a
 * few thousand rows: about 15 s on an idle machine and over a minute on a busy one, once per spec file before. A
 * copy is the same fresh database for each file (nothing one file writes reaches another), in a fraction of that.
 */
export const SEEDED_TEMPLATE = path.join(ROOT, '.tmp', 'e2e-seeded-data');
const READY_TIMEOUT_MS = 240_000;

/** Starts the real server on an empty DATA_DIR with the demo seeds, waits until it serves, and stops it cleanly. */
export async function seedTemplate(): Promise<void> {
  rmSync(SEEDED_TEMPLATE, { recursive: true, force: true });
  mkdirSync(SEEDED_TEMPLATE, { recursive: true });
  const server = await startServerProcess(await freePort(), { DATA_DIR: SEEDED_TEMPLATE, SEED_DEMO: '1' }, { readyTimeoutMs: READY_TIMEOUT_MS });
  // A clean stop, however long it takes, so the database's files are whole before they are copied.
  server.signal('SIGTERM');
  const { code, signal } = await server.exit;
  if (code !== 0) throw new Error(`the seeding server did not stop cleanly (${code ?? signal}):\n${server.output()}`);
}

/** A fresh copy of the seeded DATA_DIR at `dataDir` (an empty directory). */
export function copySeededTemplate(dataDir: string): void {
  if (!existsSync(path.join(SEEDED_TEMPLATE, 'pgdata'))) throw new Error(`No seeded data at ${SEEDED_TEMPLATE}: the browser tests' global setup makes it (run them with \`npx playwright test\`).`);
  // Not the record of which process has the directory open (server/backup/data-dir-owner.ts): a clean stop removes it.
  cpSync(SEEDED_TEMPLATE, dataDir, { recursive: true, filter: (source) => path.basename(source) !== 'owner.json' });
}
