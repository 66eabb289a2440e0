import { connect } from 'node:net';
import { parseArgs } from 'node:util';
import { createPasswordHasher } from '../account/password';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { AdminCommandError, createAdmin, promoteToAdmin } from './admin-account';

/**
 * `npm run admin:create -- --username NAME --email ADDRESS --password PASSWORD` creates an admin account;
 * `npm run admin:create -- --promote NAME_OR_EMAIL` makes an existing account an admin. The password may come from
 * ADMIN_PASSWORD instead of --password, to keep it out of the shell history. Uses the server's configuration
 * (DATABASE_URL, else the embedded database under DATA_DIR, migrated first like `npm start` does); the embedded
 * database takes one process at a time, so the command refuses to run while the server listens on PORT.
 */

const USAGE = `Usage:
  npm run admin:create -- --username NAME --email ADDRESS --password PASSWORD
  npm run admin:create -- --promote NAME_OR_EMAIL
The password may be given as ADMIN_PASSWORD instead of --password.`;

/** Whether something accepts connections on the port (the server, when it runs on this machine). */
function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (listening: boolean) => {
      socket.destroy();
      resolve(listening);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let values: { username?: string; email?: string; password?: string; promote?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        promote: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const password = values.password ?? process.env.ADMIN_PASSWORD;
  const creating = values.username !== undefined || values.email !== undefined || values.password !== undefined;
  if (values.promote !== undefined && creating) fail(`Use either --promote or --username/--email/--password, not both.\n${USAGE}`);
  if (values.promote === undefined && (values.username === undefined || values.email === undefined || password === undefined)) {
    fail(`Missing ${[values.username === undefined && '--username', values.email === undefined && '--email', password === undefined && '--password'].filter(Boolean).join(', ')}.\n${USAGE}`);
  }

  const config = loadConfig();
  // PGlite does not lock its directory: a second process writing the same files beside a running server could
  // corrupt them. The server listens on PORT while it runs, so that is what is checked.
  if (!config.databaseUrl && (await isListening(config.port))) {
    fail(`Something is listening on port ${config.port}: when it is this app's server, stop it first (the embedded database under ${config.dataDir} takes one process at a time), then run this command again. When it is another program, run the command with PORT set to this app's port.`);
  }
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (config.databaseUrl) throw error;
    fail(`The embedded database under ${config.dataDir} could not be opened (${(error as Error).message}). It takes one process at a time: stop the server, then run this command again.`);
  }
  try {
    await migrateToLatest(database.db);
    const result =
      values.promote !== undefined
        ? await promoteToAdmin(database.db, values.promote)
        : await createAdmin(database.db, createPasswordHasher(config.argon2), { username: values.username!, email: values.email!, password: password! });
    if (values.promote === undefined) console.log(`Created the admin account "${result.username}" (${result.uuid}). It can log in now and open /admin.`);
    else if (result.changed) console.log(`"${result.username}" (${result.uuid}) is an admin now; the change applies to their next request.`);
    else console.log(`"${result.username}" (${result.uuid}) is an admin already; nothing changed.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof AdminCommandError) fail(error.message);
  fail(error instanceof ConfigError ? `Configuration error: ${error.message}` : String((error as Error)?.stack ?? error));
});
