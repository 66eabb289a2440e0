import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { freePort } from '../../tests/support/free-port';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { migrateToLatest, openDatabase } from '../db/database';
import { createUser, type RawClient } from '../directory/listing.fixtures';
import { AdminCommandError, createAdmin, promoteToAdmin } from './admin-account';

const run = promisify(execFile);

/**
 * Issue 13 item 4, "Admins are created by a documented command": `npm run admin:create` makes a new admin account or
 * promotes an existing one, with the checks of a registration, one audit row each, and nothing written on a refusal.
 */
describe.each(DATABASE_KINDS)('admin accounts on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;

  const login = async (account: string, password: string) => {
    const res = await api.call('account/loginByPassword', { account, password });
    expect(res.status, res.msg).toBe(1);
    return (res.data as { token: string }).token;
  };
  const grants = async () => t.database.db.selectFrom('admin_audit').selectAll().where('action', '=', 'role.grant').orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  it('creates an admin who can log in and use the console, with one audit row', async () => {
    const created = await createAdmin(t.database.db, t.app.passwords, { username: 'Root', email: ' Root@Example.test ', password: 'a-long-enough-secret' });
    expect(created).toMatchObject({ username: 'Root', changed: true });
    const token = await login('root@example.test', 'a-long-enough-secret');
    const me = (await api.call('user/me', { token })).data as { role: string; uuid: string; email: string };
    expect(me).toMatchObject({ role: 'admin', uuid: created.uuid, email: 'root@example.test' });
    expect((await api.call('admin/withdrawals', { token })).status).toBe(1);
    expect(await grants()).toEqual([expect.objectContaining({ admin_uuid: created.uuid, target_type: 'user', target_id: created.uuid, details: { via: 'admin:create', created: true } })]);
  });

  it('refuses a taken name or address and invalid input, writing nothing', async () => {
    const before = await t.database.db.selectFrom('users').select('uuid').execute();
    const attempts: [Record<string, string>, RegExp][] = [
      [{ username: 'ROOT', email: 'other@example.test', password: 'a-long-enough-secret' }, /user name "ROOT" is taken.*--promote ROOT/],
      [{ username: 'Other', email: 'root@example.test', password: 'a-long-enough-secret' }, /belongs to another account/],
      [{ username: 'two words', email: 'x@example.test', password: 'a-long-enough-secret' }, /Invalid --username/],
      [{ username: 'Other', email: 'not-an-address', password: 'a-long-enough-secret' }, /Invalid --email/],
      [{ username: 'Other', email: 'x@example.test', password: 'short' }, /Invalid --password: .* 8 to 128 characters/],
    ];
    for (const [input, message] of attempts) {
      const attempt = createAdmin(t.database.db, t.app.passwords, input as { username: string; email: string; password: string });
      await expect(attempt).rejects.toBeInstanceOf(AdminCommandError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect(await t.database.db.selectFrom('users').select('uuid').execute()).toEqual(before);
    expect(await grants()).toHaveLength(1);
  });

  it('promotes a member by user name or address once; their session becomes an admin\'s at once', async () => {
    const member = await createUser(t, api, 'Promoted', 1);
    expect((await api.call('admin/auditLog', { token: member.token })).msg).toBe('Only administrators can do this.');
    expect(await promoteToAdmin(t.database.db, 'promoted')).toMatchObject({ uuid: member.uuid, changed: true });
    expect((await api.call('admin/auditLog', { token: member.token })).status).toBe(1);
    expect(await promoteToAdmin(t.database.db, 'promoted@example.test')).toMatchObject({ uuid: member.uuid, changed: false });
    const rows = await grants();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ admin_uuid: member.uuid, target_id: member.uuid, details: { via: 'admin:create', previous_role: 'member' } });
    await expect(promoteToAdmin(t.database.db, 'nobody')).rejects.toThrow('No account has the user name or e-mail address "nobody".');
  });
});

describe('npm run admin:create', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-admin-cli-'));
  const script = path.resolve('server/admin/create-admin.ts');
  let port: number;
  const cli = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '0', ...env } }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );

  beforeAll(async () => {
    port = await freePort();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates and promotes admins in the configured database, and refuses while a server listens on PORT', async () => {
    const created = await cli(['--username', 'Ops', '--email', 'ops@example.test'], { ADMIN_PASSWORD: 'a-long-enough-secret' });
    expect(created, created.out).toMatchObject({ code: 0, out: expect.stringMatching(/Created the admin account "Ops"/) });
    const missing = await cli(['--username', 'Ops2']);
    expect(missing).toMatchObject({ code: 1, out: expect.stringMatching(/Missing --email, --password/) });
    const again = await cli(['--promote', 'ops']);
    expect(again).toMatchObject({ code: 0, out: expect.stringMatching(/is an admin already; nothing changed/) });

    const busy = net.createServer().listen(port, '127.0.0.1');
    try {
      const refused = await cli(['--promote', 'ops']);
      expect(refused).toMatchObject({ code: 1, out: expect.stringMatching(new RegExp(`listening on port ${port}`)) });
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }

    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(database.db);
      const users = await database.db.selectFrom('users').select(['username', 'role', 'email_validation']).where('username', '=', 'Ops').execute();
      expect(users).toEqual([{ username: 'Ops', role: 'admin', email_validation: true }]);
    } finally {
      await database.close();
    }
  });
});
