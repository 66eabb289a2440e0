import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { keysFromEnvironment, migrationsOf, writeBackup } from './backup/backup.service';
import { DataDirInUse } from './backup/data-dir-owner';
import { withDeferredDeletes } from './backup/deferred-deletes';
import { type OpsListener, startOpsListener } from './backup/ops-listener';
import { buildWebApp } from './web/build-web';
import { ConfigError, loadConfig } from './config';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts';
import { seedDemoChat } from './seed/demo-chat';
import { seedDemoKyc } from './seed/demo-kyc';
import { prepareDemoPool, seedDemoListings } from './seed/demo-listings';
import { seedDemoWallet } from './seed/demo-wallet';
import { createFileStorage } from './storage/file-storage';

/** The configured storage does not answer at start (a wrong bucket, endpoint or credentials, or it is down). */
class StorageUnreachable extends Error {
  override name = 'StorageUnreachable';
}

/** The embedded database's operations listener (backups), open from before the database until the process ends. */
let ops: OpsListener | null = null;

/**
 * `npm start`: builds the SPA when it is not built, opens (and on first run creates) the database, migrates,
 * seeds the demo accounts, listings, chat and wallet (SEED_DEMO), serves on PORT, and shuts down cleanly on
 * SIGINT/SIGTERM.
 */
async function main() {
  const config = loadConfig();
  // The embedded database's files are one process's at a time: DATA_DIR is claimed (DATA_DIR/owner.json) before
  // PGlite opens them, by the listener through which `npm run backup` asks this process for a backup.
  if (!config.databaseUrl) ops = await startOpsListener({ dataDir: config.dataDir, onError: (error) => console.error('backup failed:', error) });
  // One storage for the app and the demo seeds, whose deletions a backup can hold back (server/backup/). A bucket that
  // does not answer stops the start here, with its name, instead of failing the first upload.
  const storage = withDeferredDeletes(createFileStorage(config));
  try {
    await storage.check();
  } catch (error) {
    throw new StorageUnreachable(`${storage.describe()} cannot be used: ${(error as Error).message}`);
  }
  // Demo pictures are drawn on sharp's threads while the app builds and the database opens and migrates.
  const demo = config.seedDemo ? prepareDemoPool(config.dataDir, storage) : null;
  // `npm run dev` serves the page from Vite's dev server (NO_SPA_BUILD=1): no production build to wait for.
  if (
    process.env.NO_SPA_BUILD !== '1' &&
    !(existsSync(path.join(config.distDir, 'index.html')) && existsSync(path.join(config.distDir, 'ssr', 'entry-server.js')))
  ) {
    console.log('Building the web app (first start)…');
    await buildWebApp();
  }
  const app = await buildApp(config, { storage });
  app.addHook('onClose', async () => storage.close());
  const dumpDatabase = app.databaseDump;
  if (ops && dumpDatabase) {
    ops.serve((out) =>
      writeBackup(
        {
          dataDir: config.dataDir,
          mode: 'online',
          storage: config.storage.kind,
          dumpDatabase,
          migrations: () => migrationsOf(app.db),
          holdDeletes: storage.holdDeletes,
          keysFromEnvironment: keysFromEnvironment(process.env),
        },
        out,
      ),
    );
  }
  // Production on the sandbox is an explicit choice (PAYMENTS_SANDBOX=1, config.ts); say so where operators look.
  if (config.production && !config.stripeSecretKey) {
    app.log.warn('PAYMENTS_SANDBOX=1: payments run on the sandbox provider in test mode; test-funded withdrawals can only be rejected');
  }
  if (demo) {
    const created = await seedDemoAccounts(app.db, app.passwords, config.economy);
    if (created.length > 0) app.log.info({ created }, 'demo accounts created');
    const listings = await seedDemoListings(app.db, demo.store, { dataDir: config.dataDir, pool: await demo.pool });
    if (listings.cities > 0) app.log.info({ ...listings, ms: Math.round(listings.ms) }, 'demo listings created');
    const messages = await seedDemoChat(app.db);
    if (messages > 0) app.log.info({ messages }, 'demo chat created');
    const wallet = await seedDemoWallet(app.db, config.economy, { pool: await demo.pool });
    if (wallet.profiles + wallet.orders + wallet.unlocks + wallet.withdrawals > 0) app.log.info(wallet, 'demo wallet created');
    if (wallet.skipped.length > 0) app.log.warn({ skipped: wallet.skipped }, 'demo wallet: steps the configured economy does not allow were skipped');
    const kyc = await seedDemoKyc(app.db, { storage, kycKey: config.kycKey, log: app.log });
    if (kyc > 0) app.log.info({ submissions: kyc }, 'demo identity verification created');
  }
  let closing = false;
  /**
   * Draining (DESIGN section 9): /readyz answers 503 and chat sockets close with 1001 at once; the process keeps
   * serving for the drain delay, so a balancer that probes /readyz stops sending before the port closes; then the
   * app closes, finishing the requests in flight, and the process exits. Ctrl-C in a terminal skips the delay (no
   * balancer waits for it); a second signal, or the shutdown timeout, exits at once.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const { drainDelayMs, timeoutMs } = config.shutdown;
    const delay = signal === 'SIGINT' && process.stdin.isTTY ? 0 : drainDelayMs;
    app.log.info({ signal, drainDelayMs: delay, timeoutMs }, 'draining');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown timed out: exiting with requests still open');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    await app.health.drain();
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    await app.close();
    await ops?.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Venuely is running at ${url}`,
    `  database: ${app.databaseKind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pgdata')}` : 'PostgreSQL'}`,
    `  files: ${storage.describe()}`,
    `  mail: ${config.smtpUrl ? 'SMTP' : 'outbox table (links and codes in this log)'}`,
    config.stripeSecretKey
      ? '  payments: Stripe'
      : '  payments: SANDBOX, TEST MODE: no real money moves and points bought here are never paid out ' +
        '(set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET for real payments)',
    config.seedDemo ? '  demo accounts (user name / password):' : '',
    ...(config.seedDemo ? DEMO_ACCOUNTS.map((d) => `    ${d.username.padEnd(9)} ${d.password.padEnd(20)} ${d.description}`) : []),
    '',
  ];
  console.log(lines.filter((l) => l !== '').join('\n'));
}

main().catch(async (error: unknown) => {
  // A configuration mistake is the operator's to fix: one message naming the variable, no stack to dig through.
  console.error(
    error instanceof ConfigError
      ? `Configuration error: ${error.message}`
      : error instanceof StorageUnreachable
        ? `Storage error: ${error.message}`
        : error instanceof DataDirInUse
          ? `Data directory error: ${error.message}`
          : error,
  );
  await ops?.close().catch(() => {});
  process.exit(1);
});
