import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, test as base, expect } from '@playwright/test';
import { freePort } from '../support/free-port';
import { SHARED_STATE_VARIABLES } from '../support/server-process';
import { type Received as ReceivedMail, startSmtp } from '../support/smtp-listener';
import { copySeededTemplate } from './seeded-template';

export { expect };
export type { ReceivedMail };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A server checks its copied database's migrations and seeds first: a few seconds alone, far more on a 2-core machine busy with other work. */
const READY_TIMEOUT_MS = 150_000;
const STOP_GRACE_MS = 5_000;
const LOG_TAIL_CHARS = 50_000;

/**
 * A running app server of its own: `node --import tsx server/start.ts` on a fresh embedded database, a copy of the
 * demo data the global setup seeded (seeded-template.ts).
 */
export interface AppServer {
  baseURL: string;
  port: number;
  dataDir: string;
  /** Every mail the server sent, as received by a real SMTP listener of this server's own. */
  mailbox: ReceivedMail[];
  /** Waits for the next mail to `to` (received after `since` mails in the mailbox). */
  waitForMail(to: string, since?: number): Promise<ReceivedMail>;
  /** How many characters the server has printed so far: a mark for `logSince`. */
  logMark(): number;
  /** What the server printed after `mark` (at most its last LOG_TAIL_CHARS characters). */
  logSince(mark: number): string;
}

interface RunningServer extends AppServer {
  stop(): Promise<void>;
}

/** Children still alive, killed outright if the worker exits without its fixtures' teardown (Ctrl-C, crash). */
const alive = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/** A port that was free on loopback a moment ago; the server start retries on the rare race. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const graceful = await Promise.race([exited(child).then(() => true), delay(STOP_GRACE_MS).then(() => false)]);
    if (!graceful) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  alive.delete(child);
}

/** Environment variables a spec file sets on its server beyond the defaults below (the `serverSettings` option). */
export type ServerSettings = Readonly<Record<string, string>>;

/**
 * Environment of the child: a temp DATA_DIR and nothing that would point it at shared state (an external
 * database, Redis, SMTP, an S3 bucket, fixed keys), so every server starts from its own copy of the freshly migrated
 * and seeded demo data.
 */
function serverEnv(port: number, dataDir: string, smtpPort: number, extra: ServerSettings): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SHARED_STATE_VARIABLES) delete env[name];
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: '1',
    // No balancer to wait for: a spec's server stops at once.
    DRAIN_DELAY_MS: '0',
    // The retention job (server/retention) would delete back-dated demo rows at a random moment of a test.
    RETENTION: '0',
    LOG_LEVEL: 'warn',
    API_DEBUG: '0',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    ...extra,
  };
}

async function startOnce(extra: ServerSettings): Promise<RunningServer | { failed: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'venuely-e2e-'));
  copySeededTemplate(dataDir);
  const port = await freePort();
  const smtp = await startSmtp();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  let printed = 0;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, smtp.port, extra),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  alive.add(child);
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    printed += text.length;
    output = (output + text).slice(-LOG_TAIL_CHARS);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const cleanup = async () => {
    await stopChild(child);
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // Ready means the HTTP server answers /build.json (migrations done, demo accounts seeded, listening).
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await cleanup();
      return { failed: `the server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output}` };
    }
    try {
      const res = await fetch(`${baseURL}/build.json`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) {
        await res.arrayBuffer();
        break;
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await cleanup();
      return { failed: `the server did not answer ${baseURL}/build.json within ${READY_TIMEOUT_MS / 1000} s:\n${output}` };
    }
    await delay(100);
  }
  const logSince = (mark: number) => output.slice(Math.max(0, output.length - (printed - mark)));
  const waitForMail = async (to: string, since = 0) => {
    const end = Date.now() + 10_000;
    for (;;) {
      const mail = smtp.inbox.slice(since).find((m) => m.to === to);
      if (mail) return mail;
      if (Date.now() > end) throw new Error(`no mail to ${to} within 10 s`);
      await delay(50);
    }
  };
  return { baseURL, port, dataDir, mailbox: smtp.inbox, waitForMail, logMark: () => printed, logSince, stop: cleanup };
}

async function startServer(extra: ServerSettings): Promise<RunningServer> {
  let last = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await startOnce(extra);
    if (!('failed' in result)) return result;
    last = result.failed;
    // Only a lost race for the port is worth another try; anything else is a real failure to report.
    if (!last.includes('EADDRINUSE')) break;
  }
  throw new Error(`Could not start the app server: ${last}`);
}

/**
 * One server per spec file (STYLE rule 20). Playwright has no file-scoped fixtures and reuses a worker across
 * files, so the worker keeps the current file's server and replaces it when a test of another file asks.
 */
class ServerPerFile {
  private current: { file: string; server: RunningServer } | null = null;

  async for(file: string, extra: ServerSettings): Promise<RunningServer> {
    if (this.current?.file === file) return this.current.server;
    await this.stop();
    const server = await startServer(extra);
    this.current = { file, server };
    return server;
  }

  async stop(): Promise<void> {
    const current = this.current;
    this.current = null;
    if (current) await current.server.stop();
  }
}

/**
 * `app` is the spec file's own server; `baseURL` points `page` (and `request`) at it, so specs navigate with
 * relative paths. A failing test gets what the server printed during it attached to its report.
 */
export const test = base.extend<{ app: AppServer }, { appServers: ServerPerFile; serverSettings: ServerSettings }>({
  // A spec file's own settings of its server (`test.use({ serverSettings: { NAME: 'value' } })` at its top): a worker
  // option, so Playwright gives such a file workers of its own.
  serverSettings: [{}, { scope: 'worker', option: true }],
  appServers: [
    // Playwright reads fixture dependencies from the destructuring pattern, so an empty one it must be.
    async ({}, use) => {
      const servers = new ServerPerFile();
      await use(servers);
      await servers.stop();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ appServers, serverSettings }, use, testInfo) => {
      const server = await appServers.for(testInfo.file, serverSettings);
      const mark = server.logMark();
      await use(server);
      if (testInfo.status !== testInfo.expectedStatus) {
        const during = server.logSince(mark);
        if (during.trim()) await testInfo.attach('server output', { body: during, contentType: 'text/plain' });
      }
    },
    { timeout: READY_TIMEOUT_MS + 3 * STOP_GRACE_MS },
  ],
  baseURL: async ({ app }, use) => {
    await use(app.baseURL);
  },
});

/**
 * Waits until the app runs the page (src/main.tsx marks `<html data-app="ready">`): a server-rendered page
 * (src/contract/first-paint.ts) is on screen before its script has loaded, and its controls are live only then.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
}
