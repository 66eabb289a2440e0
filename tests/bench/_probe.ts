import { sql } from 'kysely';
import { openDatabase, migrateToLatest } from '../../server/db/database';
import { findSession, createSessionToken } from '../../server/account/token.repository';
import { currentUserOf } from '../../server/account/current-user';
import { findUserByUuid, insertUser, activeMembership } from '../../server/account/user.repository';
import { userBalances } from '../../server/wallet/ledger.repository';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const mode = process.argv[2] ?? 'mem';
const h = await openDatabase({ databaseUrl: mode.startsWith('postgres') ? mode : null, dataDir: mode === 'mem' ? ':memory:' : mkdtempSync(path.join(os.tmpdir(), 'probe-')) });
await migrateToLatest(h.db);
const db = h.db;
const uuid = randomUUID();
await insertUser(db, { uuid, username: 'u'+uuid.slice(0,8), username_key: 'u'+uuid.slice(0,8), email: uuid+'@x.y', email_key: uuid+'@x.y', password_hash: 'x', nickname: 'n' });
const token = await createSessionToken(db, uuid, 'pwa');
const s = (await findSession(db, token))!;
async function rate(name: string, fn: () => Promise<unknown>, conc = 1) {
  for (let i = 0; i < 200; i++) await fn();
  const t0 = performance.now(); let n = 0;
  await Promise.all(Array.from({ length: conc }, async () => { while (performance.now() - t0 < 2000) { await fn(); n++; } }));
  console.log(name.padEnd(30), conc, (n / ((performance.now() - t0) / 1000)).toFixed(0), '/s');
}
await rate('select 1', () => sql`select 1`.execute(db));
await rate('findSession', () => findSession(db, token));
await rate('findUserByUuid', () => findUserByUuid(db, uuid));
await rate('activeMembership', () => activeMembership(db, uuid));
await rate('userBalances', () => userBalances(db, uuid));
await rate('currentUserOf', () => currentUserOf(db, s.user, 'en'));
await rate('findSession+currentUserOf', async () => { const x = await findSession(db, token); await currentUserOf(db, x!.user, 'en'); });
await rate('findSession+currentUserOf', async () => { const x = await findSession(db, token); await currentUserOf(db, x!.user, 'en'); }, 10);
await h.close();
process.exit(0);
