import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '../../server/db/database';
import { createTestDatabaseUrl } from './databases';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** About 5 s on an idle machine; a busy 2-core machine running two suites at once has taken over 60. */
const READY_TIMEOUT_MS = 120_000;

/** The real server as its own process (`node --import tsx server/start.ts`), to be killed like a crashed one. */
export interface ServerProcess {
  baseUrl: string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 5 s. */
  stop(): Promise<void>;
  output(): string;
  /** Sends `signal` and returns at once (stop() waits and kills). */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited, with its code or the signal that ended it. */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Names that would point a test's server at shared state (an external database, Redis, SMTP, an S3 bucket, a proxy
 * to trust, fixed keys, Stripe): cleared from every server a test starts, here and in the browser tests' servers.
 */
export const SHARED_STATE_VARIABLES = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'IM_URLS',
  'API_AES_KEY',
  'API_SIGN_KEY',
  'SERVER_SECRET',
  'TRUST_PROXY',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * Starts the server on `port` with `env` on top of a clean environment (no SPA build: the API and the socket only),
 * and resolves once it answers HTTP.
 */
export async function startServerProcess(port: number, env: Record<string, string>, { readyTimeoutMs = READY_TIMEOUT_MS }: { readyTimeoutMs?: number } = {}): Promise<ServerProcess> {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SHARED_STATE_VARIABLES) delete clean[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    // No retention job (server/retention) unless a test asks: its runs would come at random moments of the test.
    env: { ...clean, PORT: String(port), HOST: '127.0.0.1', NO_SPA_BUILD: '1', SEED_DEMO: '0', DRAIN_DELAY_MS: '0', LOG_LEVEL: 'warn', API_DEBUG: '0', RETENTION: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-20_000)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${printed}`);
    try {
      await fetch(`${baseUrl}/build.json`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`server did not answer within ${readyTimeoutMs} ms:\n${printed}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    baseUrl,
    output: () => printed,
    signal: (signal) => void child.kill(signal),
    exit,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/**
 * The environment of one server process of a suite: its own DATA_DIR (PGlite's files are there) and fresh keys, and
 * on `postgres` a fresh database. What it makes is removed by the functions it adds to `cleanups`.
 */
export async function serverProcessEnv(kind: DatabaseKind, cleanups: (() => unknown)[], prefix = 'venuely-'): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    API_AES_KEY: randomBytes(32).toString('hex'),
    API_SIGN_KEY: randomBytes(32).toString('hex'),
    SERVER_SECRET: randomBytes(32).toString('hex'),
  };
  if (kind === 'postgres') {
    const database = await createTestDatabaseUrl();
    cleanups.push(() => database.drop());
    env.DATABASE_URL = database.url;
  }
  return env;
}
