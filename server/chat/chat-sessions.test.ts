import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingFrame } from '@/contract/calls/chat';
import { connectChat, isAck, type ChatTestClient } from '../../tests/support/chat-client';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startRedisServer, type RedisServer } from '../../tests/support/redis-server';
import { type TestApp, testConfig } from '../../tests/support/test-app';
import { verifyChatToken } from '../account/chat-token';
import { SESSION_IDLE_MS } from '../account/token.repository';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { CLOSE_TOKEN_INVALID, CLOSE_TOO_MANY_SOCKETS } from './im.plugin';

/**
 * Issue 29 items 1 and 8 (DESIGN section 8, "Sessions"; docs/chat-protocol.md): a chat token is tied to the session
 * that obtained it. When that session ends (logout, password change, reset, idle expiry) its sockets close with 4001
 * within seconds, on every process, and the token opens no new socket. A user's frames share one budget over all
 * their sockets, and a user holds at most `socketsPerUser` sockets: the oldest goes with 4008.
 */

const PASSWORD = 'listing-pass-1';
const LIMITS = { framesPerSecond: 10, socketsPerUser: 3 };

/** The socket's close, or null when it is still open after `ms`. */
const closedWithin = (client: ChatTestClient, ms: number) =>
  Promise.race([client.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);

/** Pings `count` times at once and answers how many came back as pong and as `chat.rateLimited`. */
async function pingBurst(client: ChatTestClient, count: number) {
  const before = client.frames.length;
  for (let i = 0; i < count; i++) client.send('chat/ping', {}, `p${i}`);
  const answers = () => client.frames.slice(before).filter((f) => f.message_type === 'pong' || f.message_type === 'errorMessage');
  const deadline = Date.now() + 5_000;
  while (answers().length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const got = answers();
  expect(got).toHaveLength(count);
  return {
    pongs: got.filter((f) => f.message_type === 'pong').length,
    limited: got.filter((f: IncomingFrame) => f.message_type === 'errorMessage' && f.code === 'chat.rateLimited').length,
  };
}

/** A socket past its init, kept in `sockets` for the suite to close. */
async function openSocket(sockets: ChatTestClient[], url: string, chatToken: string): Promise<ChatTestClient> {
  const client = await connectChat(url, chatToken);
  sockets.push(client);
  client.send('chat/initUser', {}, 'init');
  await client.waitFor(isAck('init'));
  return client;
}

async function stillOpen(client: ChatTestClient) {
  client.send('chat/ping', {}, 'alive');
  await client.waitFor((f) => f.message_type === 'pong', 3_000);
}

interface Server {
  app: FastifyInstance;
  api: RawClient;
  imUrl: string;
}

async function startServer(database: DatabaseHandle, config: AppConfig, options: BuildAppOptions, apps: FastifyInstance[]): Promise<Server> {
  const app = await buildApp(config, { database, logger: false, ...options });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, api: createRawClient(`http://127.0.0.1:${port}`, config.aesKey, config.signKey), imUrl: `ws://127.0.0.1:${port}/im` };
}

async function chatTokenOf(api: RawClient, sessionToken: string): Promise<string> {
  const res = await api.call('home/config', { token: sessionToken });
  expect(res.status, res.msg).toBe(1);
  return (res.data as { chat_token: string }).chat_token;
}

async function login(api: RawClient, username: string): Promise<string> {
  const res = await api.call('account/loginByPassword', { account: username, password: PASSWORD });
  expect(res.status, res.msg).toBe(1);
  return (res.data as { token: string }).token;
}

describe.each(DATABASE_KINDS)('chat sessions and limits on %s', (kind) => {
  let database: DatabaseHandle;
  const apps: FastifyInstance[] = [];
  const sockets: ChatTestClient[] = [];
  /** The sessions' periodic check is off (a minute): a socket that closes within seconds was closed by the notice. */
  let server: Server;
  /** The same deployment with the periodic check every 200 ms: idle expiry has no notice. */
  let sweeping: Server;
  const config = testConfig({ chatLimits: LIMITS });
  let t: TestApp;

  const open = (url: string, chatToken: string) => openSocket(sockets, url, chatToken);

  const storedFrom = async (uuid: string) =>
    Number((await database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('from_uuid', '=', uuid).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startServer(database, config, { chatSessionCheckMs: 60_000 }, apps);
    sweeping = await startServer(database, config, { chatSessionCheckMs: 200 }, apps);
    t = { database } as TestApp;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('logging out closes that session\'s sockets with 4001 at once, refuses its token afterwards, and stores nothing more', async () => {
    const lou = await createUser(t, server.api, 'Lou', 1);
    const pat = await createUser(t, server.api, 'Pat', 1);
    const chatToken = await chatTokenOf(server.api, lou.token);
    const phone = await open(server.imUrl, chatToken);
    // Lou's other session (another device) is not the one that ends.
    const laptop = await open(server.imUrl, await chatTokenOf(server.api, await login(server.api, 'Lou')));
    const sent = phone.chat({ to_uuid: pat.uuid, content: 'before logout' });
    await phone.waitFor(isAck(sent.sign));

    expect((await server.api.call('account/loginOut', { token: lou.token })).status).toBe(1);
    expect(await closedWithin(phone, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    await stillOpen(laptop);

    // The old token opens no socket: closed at once with 4001, before any frame could be stored.
    const again = await connectChat(server.imUrl, chatToken);
    sockets.push(again);
    again.chat({ to_uuid: pat.uuid, content: 'after logout' });
    expect(await closedWithin(again, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    expect(await storedFrom(lou.uuid)).toBe(1);
  });

  it('a password change closes the sockets of the user\'s other sessions, and keeps the current one\'s', async () => {
    const mia = await createUser(t, server.api, 'Mia', 1);
    const other = await open(server.imUrl, await chatTokenOf(server.api, await login(server.api, 'Mia')));
    const current = await open(server.imUrl, await chatTokenOf(server.api, mia.token));
    const res = await server.api.call('user/changePassword', { token: mia.token, old_password: PASSWORD, password: 'another-pass-2' });
    expect(res.status, res.msg).toBe(1);
    expect(await closedWithin(other, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    await stillOpen(current);
  });

  it('a password reset closes every socket of the user', async () => {
    const ned = await createUser(t, server.api, 'Ned', 1);
    const socket = await open(server.imUrl, await chatTokenOf(server.api, ned.token));
    expect((await server.api.call('account/sendResetPwdEmail', { email: 'ned@example.test' })).status).toBe(1);
    const mail = await database.db.selectFrom('mail_outbox').select('body_text').where('to_address', '=', 'ned@example.test').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.body_text)![1];
    expect((await server.api.call('account/newPwd', { reset_token: resetToken, password: 'reset-pass-3' })).status).toBe(1);
    expect(await closedWithin(socket, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
  });

  it('an admin\'s "sign out on all devices" ends every session of the user: 422 on the API, 4001 on every socket, audited', async () => {
    const ada = await createUser(t, server.api, 'Ada', 1, 'admin');
    const vic = await createUser(t, server.api, 'Vic', 1);
    const phone = await open(server.imUrl, await chatTokenOf(server.api, vic.token));
    const laptopSession = await login(server.api, 'Vic');
    const laptop = await open(server.imUrl, await chatTokenOf(server.api, laptopSession));
    // Members cannot, and an unknown uuid is refused.
    expect((await server.api.call('admin/userSignOut', { token: vic.token, uuid: ada.uuid })).status).toBe(0);
    expect((await server.api.call('admin/userSignOut', { token: ada.token, uuid: '00000000-0000-4000-8000-00000000ffff' })).status).toBe(0);
    const res = await server.api.call('admin/userSignOut', { token: ada.token, uuid: vic.uuid });
    expect(res).toMatchObject({ status: 1, data: { sessions_ended: 2 } });
    expect(await closedWithin(phone, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    expect(await closedWithin(laptop, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    for (const token of [vic.token, laptopSession]) expect((await server.api.call('user/me', { token })).status).toBe(422);
    const audit = await database.db.selectFrom('admin_audit').selectAll().where('action', '=', 'sessions.revoke').execute();
    expect(audit).toEqual([expect.objectContaining({ admin_uuid: ada.uuid, target_type: 'user', target_id: vic.uuid })]);
    await stillOpen(await open(server.imUrl, await chatTokenOf(server.api, ada.token)));
  });

  it('a session idle for 30 days and a second loses its sockets at the next check, and its token opens none', async () => {
    const ola = await createUser(t, sweeping.api, 'Ola', 1);
    const chatToken = await chatTokenOf(sweeping.api, ola.token);
    const socket = await open(sweeping.imUrl, chatToken);
    const { session } = verifyChatToken(config.serverSecret, chatToken)!;
    await database.db.updateTable('user_tokens').set({ last_used_at: new Date(Date.now() - SESSION_IDLE_MS - 1000) }).where('id', '=', session).execute();
    expect(await closedWithin(socket, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    const again = await connectChat(sweeping.imUrl, chatToken);
    sockets.push(again);
    expect(await closedWithin(again, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
    expect((await sweeping.api.call('user/me', { token: ola.token })).status).toBe(422);
  });

  it(`one user holds at most ${LIMITS.socketsPerUser} sockets: a new one closes the oldest with 4008`, async () => {
    const pia = await createUser(t, server.api, 'Pia', 1);
    const chatToken = await chatTokenOf(server.api, pia.token);
    const opened: ChatTestClient[] = [];
    for (let i = 0; i <= LIMITS.socketsPerUser; i++) opened.push(await open(server.imUrl, chatToken));
    expect(await closedWithin(opened[0], 3_000)).toMatchObject({ code: CLOSE_TOO_MANY_SOCKETS });
    for (const socket of opened.slice(1)) await stillOpen(socket);
  });

  it('one user\'s frames share one budget over all their sockets', async () => {
    const quin = await createUser(t, server.api, 'Quin', 1);
    const chatToken = await chatTokenOf(server.api, quin.token);
    const mine: ChatTestClient[] = [];
    for (let i = 0; i < LIMITS.socketsPerUser; i++) mine.push(await open(server.imUrl, chatToken));
    const results = await Promise.all(mine.map((socket) => pingBurst(socket, 15)));
    const pongs = results.reduce((sum, r) => sum + r.pongs, 0);
    // A burst of twice the rate, and what refills while the 45 frames arrive; a budget per socket would answer all 45.
    expect(pongs).toBeLessThanOrEqual(LIMITS.framesPerSecond * 2 + 3);
    expect(results.reduce((sum, r) => sum + r.limited, 0)).toBe(45 - pongs);
  });
});

/**
 * Two processes share PostgreSQL and Redis: a logout on one closes the socket on the other (through Redis, in well
 * under the periodic check's minute), and the budget and the cap count the user's sockets on both.
 */
describe('chat sessions and limits across processes (PostgreSQL and Redis)', () => {
  let database: DatabaseHandle;
  let redis: RedisServer;
  const apps: FastifyInstance[] = [];
  const sockets: ChatTestClient[] = [];
  let one: Server;
  let two: Server;
  let t: TestApp;

  const open = (url: string, chatToken: string) => openSocket(sockets, url, chatToken);

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = await startRedisServer();
    const keys = testConfig();
    const shared = { redisUrl: redis.url, aesKey: keys.aesKey, signKey: keys.signKey, serverSecret: keys.serverSecret, chatLimits: LIMITS };
    one = await startServer(database, testConfig(shared), { chatSessionCheckMs: 60_000 }, apps);
    two = await startServer(database, testConfig(shared), { chatSessionCheckMs: 60_000 }, apps);
    t = { database } as TestApp;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const app of apps) await app.close();
    await database?.close();
    await redis?.stop();
  });

  it('a logout on one process closes the session\'s socket on the other with 4001 within seconds', async () => {
    const sam = await createUser(t, one.api, 'Sam', 1);
    const socket = await open(two.imUrl, await chatTokenOf(one.api, sam.token));
    expect((await one.api.call('account/loginOut', { token: sam.token })).status).toBe(1);
    expect(await closedWithin(socket, 3_000)).toMatchObject({ code: CLOSE_TOKEN_INVALID });
  });

  it('the cap counts the user\'s sockets on every process: the oldest, on the other process, closes', async () => {
    const tia: TestUser = await createUser(t, one.api, 'Tia', 1);
    const chatToken = await chatTokenOf(one.api, tia.token);
    const oldest = await open(one.imUrl, chatToken);
    const rest = [await open(two.imUrl, chatToken), await open(one.imUrl, chatToken), await open(two.imUrl, chatToken)];
    expect(await closedWithin(oldest, 3_000)).toMatchObject({ code: CLOSE_TOO_MANY_SOCKETS });
    for (const socket of rest) await stillOpen(socket);
  });

  it('the frame budget is the user\'s on every process', async () => {
    const uma = await createUser(t, one.api, 'Uma', 1);
    const chatToken = await chatTokenOf(one.api, uma.token);
    const mine = [await open(one.imUrl, chatToken), await open(two.imUrl, chatToken)];
    const results = await Promise.all(mine.map((socket) => pingBurst(socket, 20)));
    expect(results.reduce((sum, r) => sum + r.pongs, 0)).toBeLessThanOrEqual(LIMITS.framesPerSecond * 2 + 3);
  });
});
