import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdDocumentType } from '@/contract/feature-enums';
import { type ChatTestClient, connectChat, isAck } from '../../tests/support/chat-client';
import { checkConsistency } from '../../tests/support/consistency';
import { freePort } from '../../tests/support/free-port';
import { createRawClient, type RawResponse } from '../../tests/support/raw-client';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { openDatabase } from '../db/database';
import { userBalances } from '../wallet/ledger.repository';
import { readArchive } from './backup-archive';
import { OWNER_FILE, type OwnerRecord } from './data-dir-owner';
import { restoreBackup } from './restore.service';

/**
 * Issue 33 item 2: "A test backs up while writes go on, restores into a fresh DATA_DIR, and finds every acknowledged
 * write and a balanced ledger." The real server runs as its own process on PGlite, with its keys generated into
 * DATA_DIR as `npm start` makes them; members register, chat, buy coins on the sandbox, change their avatar (each
 * change deletes the previous picture) and one applies for identity verification, without pause, while `npm run
 * backup` (the real command, a process of its own) has the server take a backup. The backup is restored with
 * `npm run restore` into a new DATA_DIR and checked there: every write acknowledged before the backup started is in
 * it, the crash suite's invariants hold (tests/support/consistency.ts), every picture and document a row names is
 * there, and a server started on it serves the members with the same keys and decrypts the identity document.
 * Then the refusals: the operations listener without its token, a restore or a second server on a DATA_DIR in use,
 * a restore over data without --force, and a damaged or truncated archive, which changes nothing.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'backup-pass-2026';

/** The command as an operator runs it (`npm run backup` is this), with only the settings given. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'S3_BUCKET', 'API_AES_KEY', 'API_SIGN_KEY', 'SERVER_SECRET', 'KYC_KEY', 'BACKUP_DIR']) delete clean[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup/cli.ts', ...args], { cwd: ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function jpeg(color: string, width = 64, height = 48) {
  const data = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  return { data, name: 'photo.jpg', type: 'image/jpeg' };
}

const sha256 = (data: Buffer | ArrayBuffer) => createHash('sha256').update(Buffer.from(data as ArrayBuffer)).digest('hex');

/** Every file under `dir` with its checksum: a directory a refused restore must leave exactly as it was. */
function tree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(dir, full)] = sha256(readFileSync(full));
    }
  };
  if (existsSync(dir)) walk(dir);
  return files;
}

/** Whether 127.0.0.1 (and no other address) listens on `port`, from the kernel's table of TCP sockets. */
function listeners(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .filter((file) => existsSync(file))
    .flatMap((file) => readFileSync(file, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields[1].endsWith(`:${hexPort}`) && fields[3] === '0A')
    .map((fields) => fields[1].split(':')[0]);
}

interface Member {
  name: string;
  uuid: string;
  token: string;
}

/** One acknowledged write, with when its answer arrived. */
interface Ack<T> {
  at: number;
  value: T;
}

describe('backup while writes go on, restore into a fresh DATA_DIR', () => {
  const cleanups: (() => unknown)[] = [];
  const work = mkdtempSync(path.join(os.tmpdir(), 'venuely-backup-'));
  const dataDir = path.join(work, 'data');
  const restoredDir = path.join(work, 'restored');
  const backupFile = path.join(work, 'backups', 'during-writes.tar.gz');
  let server: ServerProcess | null = null;
  let api: ReturnType<typeof createRawClient>;
  let alice: Member;
  let bob: Member;
  let carol: Member;
  let dave: Member;
  let submissionId: number;
  let documentHash: string;

  const acks = {
    members: [] as Ack<Member>[],
    chats: [] as Ack<string>[],
    orders: [] as Ack<string>[],
    avatars: [] as Ack<string>[],
  };
  let before: typeof acks;
  let backupStartedAt = 0;
  let backupEndedAt = 0;

  const ok = (res: RawResponse) => {
    expect(res.status, res.msg).toBe(1);
    return res.data;
  };

  const register = async (name: string): Promise<Member> => {
    const { token } = ok(await api.call('account/registerByPassword', { account: name, email: `${name}@example.test`, password: PASSWORD })) as { token: string };
    const { uuid } = ok(await api.call('user/me', { token })) as { uuid: string };
    return { name, uuid, token };
  };

  beforeAll(async () => {
    cleanups.push(() => rmSync(work, { recursive: true, force: true }));
    const port = await freePort();
    // No keys in the environment: the server generates them into DATA_DIR (keys.json, server-secret.json, and the
    // identity documents' key derived from the secret), as `npm start` does. The backup must carry them.
    server = await startServerProcess(port, { DATA_DIR: dataDir, CHAT_FRAMES_PER_SECOND: '1000' });
    cleanups.push(() => server?.stop());
    const keys = JSON.parse(readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as { aesKey: string; signKey: string };
    api = createRawClient(server.baseUrl, keys.aesKey, keys.signKey);
    [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((name) => register(`backup_${name}`)));
    // Alice's identity document, stored encrypted under DATA_DIR/kyc with the key derived from the generated secret.
    const applied = ok(
      await api.upload(
        'user/apply_kyc',
        { token: alice.token, consent: true, document_type: IdDocumentType.Passport, issuing_country: 'DE', document_number: 'C01X00T47', full_name: 'Alice Backup', birth_date: '1990-08-12' },
        { front: await jpeg('#2a6fb0', 640, 400), selfie: await jpeg('#c04020', 480, 640) },
      ),
    ) as { status: number };
    expect(applied.status).toBe(1);
    const front = await fetch(`${server.baseUrl}/api/kyc/image/latest/front`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(front.status).toBe(200);
    documentHash = sha256(await front.arrayBuffer());
  }, 180_000);

  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('takes a backup with `npm run backup` from the running server while members write', async () => {
    const base = server!.baseUrl;
    const config = ok(await api.call('home/config', { token: bob.token })) as { chat_token: string; im_url: string[] };
    const chat: ChatTestClient = await connectChat(config.im_url[0], config.chat_token);
    chat.send('chat/initUser', { resume: [] }, 'init');
    await chat.waitFor(isAck('init'));
    let running = true;
    const loop = async (step: () => Promise<void>) => {
      while (running) await step();
    };
    let serial = 0;
    let registered = 0;
    const loops = [
      // Bob writes to Carol: a message is acknowledged once stored.
      loop(async () => {
        const { sign } = chat.chat({ to_uuid: carol.uuid, content: `message ${serial++}` });
        await chat.waitFor(isAck(sign), 10_000);
        acks.chats.push({ at: Date.now(), value: sign });
      }),
      // Dave buys coins on the sandbox: the order, then the payer's approval on the provider's page.
      loop(async () => {
        const order = ok(await api.call('stripe/otherPay', { token: dave.token, type: 6, item_id: 101, amount: 99, idempotency_key: randomUUID() })) as { order_id: string; pay_url: string };
        const url = new URL(order.pay_url, base);
        const approved = await fetch(`${base}/payment.html`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ order: url.searchParams.get('order')!, sig: url.searchParams.get('sig')!, outcome: 'approve' }),
        });
        expect(approved.status).toBe(200);
        acks.orders.push({ at: Date.now(), value: order.order_id });
      }),
      // Alice changes her avatar again and again: each change stores a picture and deletes the one before.
      loop(async () => {
        const { image } = ok(await api.upload('account/updateAvatar', { token: alice.token }, { image: await jpeg(`#${(serial * 7919 % 0xffffff).toString(16).padStart(6, '0')}`) })) as { image: string };
        acks.avatars.push({ at: Date.now(), value: image });
      }),
      // New members sign up (a few: registration is rate limited per address).
      loop(async () => {
        if (registered >= 8) return new Promise((resolve) => setTimeout(resolve, 50));
        registered += 1;
        acks.members.push({ at: Date.now(), value: await register(`backup_new_${registered}`) });
      }),
    ];
    try {
      // Every kind of write acknowledged at least twice before the backup starts.
      const deadline = Date.now() + 20_000;
      while (Object.values(acks).some((list) => list.length < 2) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      before = { members: [...acks.members], chats: [...acks.chats], orders: [...acks.orders], avatars: [...acks.avatars] };
      backupStartedAt = Date.now();
      const result = await runCli(['backup', '--out', backupFile], { DATA_DIR: dataDir });
      backupEndedAt = Date.now();
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain(`Backup written: ${backupFile}`);
      expect(result.output).toContain(`taken by the running server (pid `);
      // A few more writes after it, then the writers stop (every request sent gets its answer).
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      running = false;
      await Promise.all(loops);
      await chat.close();
    }
    for (const list of Object.values(before)) expect(list.length).toBeGreaterThanOrEqual(2);
    // The writes did go on while the backup was taken.
    const during = Object.values(acks)
      .flat()
      .filter((ack) => ack.at > backupStartedAt && ack.at < backupEndedAt);
    expect(during.length).toBeGreaterThan(0);
    // The backup is private (it holds the keys), and tar reads it.
    expect(statSync(backupFile).mode & 0o077).toBe(0);
  }, 120_000);

  it('answers on its operations listener only to its token, only on loopback, and not on the app port', async () => {
    const owner = JSON.parse(readFileSync(path.join(dataDir, OWNER_FILE), 'utf8')) as Required<OwnerRecord>;
    expect(owner).toMatchObject({ role: 'server', pid: expect.any(Number), port: expect.any(Number), token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(statSync(path.join(dataDir, OWNER_FILE)).mode & 0o077).toBe(0);
    const ops = `http://127.0.0.1:${owner.port}`;
    const refused: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token' }, { authorization: owner.token }, { authorization: `Bearer ${owner.token.slice(0, -1)}` }];
    for (const headers of refused) {
      const res = await fetch(`${ops}/ops/backup`, { method: 'POST', headers });
      expect([res.status, res.headers.get('content-type')]).toEqual([401, 'application/json']);
      expect((await fetch(`${ops}/ops/ping`, { headers })).status).toBe(401);
    }
    const ping = await fetch(`${ops}/ops/ping`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect([ping.status, ((await ping.json()) as { pid: number }).pid]).toEqual([200, owner.pid]);
    // A client that goes away in the middle of a backup ends it there: the next one is served, whole, not refused as
    // one already running (and the held deletions were let go).
    const auth = { authorization: `Bearer ${owner.token}` };
    const controller = new AbortController();
    const cut = await fetch(`${ops}/ops/backup`, { method: 'POST', headers: auth, signal: controller.signal });
    expect(cut.status).toBe(200);
    await cut.body!.getReader().read();
    controller.abort();
    let whole: Buffer | null = null;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${ops}/ops/backup`, { method: 'POST', headers: auth });
          if (res.status === 200) whole = Buffer.from(await res.arrayBuffer());
          return res.status;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(200);
    expect((await readArchive(Readable.from([whole!]), null)).mode).toBe('online');
    // The app's public port has no such route, token or not.
    const publicAnswer = await fetch(`${server!.baseUrl}/ops/backup`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` } });
    expect(publicAnswer.status).toBe(404);
    expect(publicAnswer.headers.get('content-type')).not.toContain('gzip');
    // Bound to 127.0.0.1 only (0100007F in the kernel's table), never to every interface.
    expect(listeners(owner.port)).toEqual(['0100007F']);
  }, 120_000);

  it('refuses a restore into the DATA_DIR a server runs on, and a second server on it', async () => {
    const was = tree(dataDir);
    const restore = await runCli(['restore', backupFile, '--force'], { DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.output).toMatch(/is in use by a running server \(pid \d+\)/);
    const port = await freePort();
    const second = await startServerProcess(port, { DATA_DIR: dataDir }).then(
      () => null,
      (error: Error) => error.message,
    );
    expect(second).toMatch(/Data directory error: .* is in use by a running server/);
    expect(tree(dataDir)).toEqual(was);
  }, 120_000);

  it('restores with `npm run restore` into a fresh DATA_DIR: every write acknowledged before the backup, a balanced ledger, every file', async () => {
    await server!.stop();
    // The server's record is gone with it.
    expect(existsSync(path.join(dataDir, OWNER_FILE))).toBe(false);
    // With no server running the command opens the database itself (and leaves no record behind).
    const offlineFile = path.join(work, 'backups', 'offline.tar.gz');
    const offline = await runCli(['backup', '--out', offlineFile], { DATA_DIR: dataDir });
    expect(offline.code, offline.output).toBe(0);
    expect(offline.output).toContain('taken with no server running');
    const offlineManifest = await readArchive(createReadStream(offlineFile), null);
    expect(offlineManifest.mode).toBe('offline');
    expect(offlineManifest.keys).toEqual({ files: ['keys.json', 'server-secret.json'], environment: [] });
    expect(existsSync(path.join(dataDir, OWNER_FILE))).toBe(false);
    const result = await runCli(['restore', backupFile], { DATA_DIR: restoredDir });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`into ${restoredDir}`);
    expect(readdirSync(restoredDir).sort()).toEqual(['keys.json', 'kyc', 'pgdata', 'server-secret.json', 'uploads']);
    expect(readFileSync(path.join(restoredDir, 'keys.json'))).toEqual(readFileSync(path.join(dataDir, 'keys.json')));
    expect(readFileSync(path.join(restoredDir, 'server-secret.json'))).toEqual(readFileSync(path.join(dataDir, 'server-secret.json')));
    // Nothing left beside it from the restore.
    expect(readdirSync(work).filter((name) => name.startsWith('.'))).toEqual([]);

    const handle = await openDatabase({ databaseUrl: null, dataDir: restoredDir });
    try {
      const db = handle.db;
      await checkConsistency(db, restoredDir);
      const users = await db.selectFrom('users').select(['uuid', 'username', 'image', 'thumb']).execute();
      const usernames = users.map((user) => user.username);
      for (const member of [alice, bob, carol, dave, ...before.members.map((ack) => ack.value)]) expect(usernames).toContain(member.name);
      const signs = new Set((await db.selectFrom('chat_messages').select('sign').execute()).map((row) => row.sign));
      for (const { value } of before.chats) expect(signs.has(value), `chat message ${value}`).toBe(true);
      const orders = await db.selectFrom('orders').select(['order_id', 'status']).where('user_uuid', '=', dave.uuid).execute();
      const paid = new Set(orders.filter((order) => order.status === 'paid').map((order) => order.order_id));
      for (const { value } of before.orders) expect(paid.has(value), `order ${value} paid`).toBe(true);
      expect((await userBalances(db, dave.uuid)).coins).toBeGreaterThanOrEqual(before.orders.length * 100);
      // Alice's avatar is the last one acknowledged before the backup, or one acknowledged after it.
      const lastBefore = acks.avatars.findIndex((ack) => ack.value === before.avatars.at(-1)!.value);
      const image = users.find((user) => user.uuid === alice.uuid)!.image;
      expect(acks.avatars.slice(lastBefore).map((ack) => ack.value)).toContain(image);
      // Every picture a row names is there (deletions were held while the files were copied), and every document.
      for (const user of users) {
        for (const url of [user.image, user.thumb].filter((url) => url.startsWith('/uploads/'))) expect(existsSync(path.join(restoredDir, url)), url).toBe(true);
      }
      const submissions = await db.selectFrom('kyc_submissions').select(['id', 'user_uuid', 'front', 'back', 'selfie']).execute();
      expect(submissions.map((row) => row.user_uuid)).toEqual([alice.uuid]);
      submissionId = submissions[0].id;
      for (const ref of [submissions[0].front, submissions[0].back, submissions[0].selfie]) if (ref) expect(existsSync(path.join(restoredDir, 'kyc', ref.file)), ref.file).toBe(true);
    } finally {
      await handle.close();
    }

    // A server on the restored DATA_DIR starts (its migrations check passes), serves the members with the same keys
    // and sessions, and decrypts the identity document with the restored secret.
    const restored = await startServerProcess(await freePort(), { DATA_DIR: restoredDir });
    cleanups.push(() => restored.stop());
    try {
      expect((await fetch(`${restored.baseUrl}/readyz`)).status).toBe(200);
      const keys = JSON.parse(readFileSync(path.join(restoredDir, 'keys.json'), 'utf8')) as { aesKey: string; signKey: string };
      const client = createRawClient(restored.baseUrl, keys.aesKey, keys.signKey);
      expect((ok(await client.call('user/me', { token: dave.token })) as { uuid: string }).uuid).toBe(dave.uuid);
      const login = await client.call('account/loginByPassword', { account: before.members[0].value.name, password: PASSWORD });
      expect(login.status, login.msg).toBe(1);
      const front = await fetch(`${restored.baseUrl}/api/kyc/image/${submissionId}/front`, { headers: { authorization: `Bearer ${alice.token}` } });
      expect(front.status).toBe(200);
      expect(sha256(await front.arrayBuffer())).toBe(documentHash);
    } finally {
      await restored.stop();
    }
  }, 120_000);

  it('refuses to restore over data without --force, and a damaged or truncated archive changes nothing', async () => {
    const archive = readFileSync(backupFile);
    // Over a DATA_DIR with data: refused, untouched.
    const was = tree(restoredDir);
    await expect(restoreBackup({ file: backupFile, dataDir: restoredDir, force: false })).rejects.toThrow(/is not empty .* add --force/);
    expect(tree(restoredDir)).toEqual(was);

    const truncated = path.join(work, 'truncated.tar.gz');
    writeFileSync(truncated, archive.subarray(0, Math.floor(archive.length * 0.9)));
    const damaged = path.join(work, 'damaged.tar.gz');
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length * 0.3)] ^= 0x55;
    writeFileSync(damaged, flipped);
    const fresh = path.join(work, 'never-created');
    for (const file of [truncated, damaged]) {
      // Even with --force over the restored data, and into a directory that does not exist yet: nothing changes.
      await expect(restoreBackup({ file, dataDir: restoredDir, force: true })).rejects.toThrow(/damaged|truncated|checksum/);
      expect(tree(restoredDir)).toEqual(was);
      await expect(restoreBackup({ file, dataDir: fresh, force: false })).rejects.toThrow(/damaged|truncated|checksum/);
      expect(existsSync(fresh)).toBe(false);
    }
    // On PostgreSQL the commands point to its own tools instead.
    const postgres = await runCli(['backup'], { DATA_DIR: fresh, DATABASE_URL: 'postgres://venuely@127.0.0.1:1/venuely' });
    expect([postgres.code, existsSync(fresh)]).toEqual([1, false]);
    expect(postgres.output).toMatch(/DATABASE_URL is set: .*pg_dump/s);
    // The command says it in words, and exits 1.
    const cli = await runCli(['restore', truncated], { DATA_DIR: fresh });
    expect([cli.code, existsSync(fresh)]).toEqual([1, false]);
    expect(cli.output).toMatch(/^The backup cannot be restored: the archive is damaged or truncated.*Nothing was changed\./m);
    expect(readdirSync(work).filter((name) => name.startsWith('.'))).toEqual([]);

    // With --force a whole archive replaces the data, and what was there is moved aside, not deleted.
    mkdirSync(path.join(restoredDir, 'uploads', 'extra'), { recursive: true });
    writeFileSync(path.join(restoredDir, 'uploads', 'extra', 'mine.webp'), 'kept aside');
    const { previous } = await restoreBackup({ file: backupFile, dataDir: restoredDir, force: true });
    expect(previous).toMatch(/\/\.restored\.before-restore-/);
    expect(readFileSync(path.join(previous!, 'uploads', 'extra', 'mine.webp'), 'utf8')).toBe('kept aside');
    expect(existsSync(path.join(restoredDir, 'uploads', 'extra'))).toBe(false);
    expect(existsSync(path.join(restoredDir, 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
