import { createHmac, randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { connectChat, isAck, isChat, isError, type ChatTestClient } from '../../tests/support/chat-client';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startRedisServer, type RedisServer } from '../../tests/support/redis-server';
import { startTestApp, type TestApp, testConfig } from '../../tests/support/test-app';
import { createChatToken, verifyChatToken } from '../account/chat-token';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { createUser, file, jpegWithExif, partnerPayload, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { giveCoins } from '../wallet/wallet.fixtures';
import { RESUME_REPLAY_MAX } from './im.plugin';
import { REORDER_WINDOW_MS } from './push-order';

/**
 * Issue 11 (DESIGN sections 4, 7 and 8) over real sockets: the chat token opens the socket; a message the server
 * acked is stored once (resends de-duplicated by sign), numbered per conversation, pushed to both members' sockets,
 * replayed after a reconnect from the client's last seq or answered with a resync, never silently skipped; unread
 * counts are the server's; blocks and partner unlocks are enforced; the member never learns a profile's owner.
 */
describe.each(DATABASE_KINDS)('chat socket on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let ana: TestUser;
  let ben: TestUser;
  let imUrl: string;
  const open: ChatTestClient[] = [];

  async function socketOf(user: TestUser): Promise<ChatTestClient> {
    const config = (await api.call('home/config', { token: user.token })).data as { chat_token: string; im_url: string[] };
    const client = await connectChat(config.im_url[0], config.chat_token);
    open.push(client);
    return client;
  }

  /** The user's contacts apart from the system contact (every account has its welcome). */
  async function contacts(user: TestUser) {
    const res = await api.call('chat/getContactList', { token: user.token });
    expect(res.status, res.msg).toBe(1);
    return (res.data as { user: { uuid: string } }[]).filter((c) => c.user.uuid !== SYSTEM_CHAT_UUID) as { user: { uuid: string; nickname: string; username: string }; message: { seq: number; content: string } | null; unreadcount: number }[];
  }

  /** Messages people wrote (the system contact's welcomes aside). */
  const messageCount = async () =>
    Number(
      (await t.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('from_uuid', '<>', SYSTEM_CHAT_UUID).executeTakeFirstOrThrow()).n,
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    ana = await createUser(t, api, 'Ana', 1);
    ben = await createUser(t, api, 'Ben', 1);
    imUrl = `ws://127.0.0.1:${new URL(t.baseUrl).port}/im`;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await t?.close();
  });

  it('advertises its own socket in home/config, and refuses a missing, forged or expired token with close 4001', async () => {
    const config = (await api.call('home/config', { token: ana.token })).data as { im_url: string[]; chat_token: string };
    expect(config.im_url).toEqual([imUrl]);
    const grant = verifyChatToken(t.config.serverSecret, config.chat_token)!;
    expect(grant.user).toBe(ana.uuid);
    const forged = createChatToken(t.config.signKey, grant);
    const expired = createChatToken(t.config.serverSecret, grant, Date.now() - 25 * 3600_000);
    // Well signed, but naming a session that is not Ana's (Ben's) or none at all (the earlier format).
    const benGrant = verifyChatToken(t.config.serverSecret, ((await api.call('home/config', { token: ben.token })).data as { chat_token: string }).chat_token)!;
    const otherSession = createChatToken(t.config.serverSecret, { user: ana.uuid, session: benGrant.session });
    const sessionless = (() => {
      const body = Buffer.from(JSON.stringify({ u: ana.uuid, e: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
      return `${body}.${createHmac('sha256', Buffer.from(t.config.serverSecret, 'hex')).update(`chat:${body}`).digest('base64url')}`;
    })();
    for (const token of ['', 'nonsense', forged, expired, otherSession, sessionless]) {
      const client = await connectChat(imUrl, token);
      expect((await client.closed).code, token).toBe(4001);
    }
  });

  it('delivers a message once to the recipient and to the sender\'s other tab, acked with its seq', async () => {
    const anaTab1 = await socketOf(ana);
    const anaTab2 = await socketOf(ana);
    const benSocket = await socketOf(ben);
    for (const s of [anaTab1, anaTab2, benSocket]) s.send('chat/initUser', { resume: [] }, 'init');
    await Promise.all([anaTab1, anaTab2, benSocket].map((s) => s.waitFor(isAck('init'))));

    const { sign } = anaTab1.chat({ to_uuid: ben.uuid, content: 'Hello Ben' });
    const ack = await anaTab1.waitFor(isAck(sign));
    expect(ack.seq).toBe(1);
    const received = await benSocket.waitFor(isChat(sign));
    expect(received.data).toMatchObject({ seq: 1, from_uuid: ana.uuid, to_id: ben.uuid, content: 'Hello Ben', content_type: 'text', ext: null });
    const echo = await anaTab2.waitFor(isChat(sign));
    expect(echo.data).toMatchObject({ seq: 1, from_uuid: ana.uuid, to_id: ben.uuid });

    // A resend of the same sign (the outbox after a reconnect) is acked with the same seq and stored once.
    anaTab1.chat({ to_uuid: ben.uuid, content: 'Hello Ben', sign });
    expect((await anaTab1.waitFor(isAck(sign))).seq).toBe(1);
    expect((await benSocket.quiet(300)).filter((f) => f.message_type === 'chatMessage')).toEqual([]);
    expect(await messageCount()).toBe(1);
  });

  it('writes a message\'s ack and the sender\'s own copy of it to the socket in one write', async () => {
    const [fern, gus] = [await createUser(t, api, 'Fern', 1), await createUser(t, api, 'Gus', 1)];
    // The server's end of Fern's socket: the upgrade's TCP socket, seen by a second 'upgrade' listener.
    const wires: Duplex[] = [];
    const onUpgrade = (_request: unknown, wire: Duplex) => void wires.push(wire);
    t.app.server.on('upgrade', onUpgrade);
    const fernSocket = await socketOf(fern);
    t.app.server.off('upgrade', onUpgrade);
    expect(wires).toHaveLength(1);
    fernSocket.send('chat/initUser', { resume: [] }, 'init');
    await fernSocket.waitFor(isAck('init'));
    // Every write the socket makes to the kernel, as text (a frame's header bytes and its JSON).
    const writes: string[] = [];
    const wire = wires[0] as Duplex & {
      _writev(chunks: { chunk: Buffer | string }[], callback: (error?: Error | null) => void): void;
      _write(chunk: Buffer | string, encoding: BufferEncoding, callback: (error?: Error | null) => void): void;
    };
    const writev = wire._writev.bind(wire);
    const write = wire._write.bind(wire);
    wire._writev = (chunks, callback) => {
      writes.push(chunks.map(({ chunk }) => Buffer.from(chunk).toString('latin1')).join(''));
      writev(chunks, callback);
    };
    wire._write = (chunk, encoding, callback) => {
      writes.push(Buffer.from(chunk).toString('latin1'));
      write(chunk, encoding, callback);
    };
    const { sign } = fernSocket.chat({ to_uuid: gus.uuid, content: 'One write' });
    await fernSocket.waitFor(isAck(sign));
    await fernSocket.waitFor(isChat(sign));
    const carrying = writes.filter((text) => text.includes(sign));
    expect(carrying).toHaveLength(1);
    expect(carrying[0]).toContain('"ackMessage"');
    expect(carrying[0]).toContain('"chatMessage"');
  });

  it('replays the gap after a reconnect, in order, then acks the init; unread counts are the server\'s', async () => {
    const anaSocket = await socketOf(ana);
    anaSocket.send('chat/initUser', {}, 'init');
    await anaSocket.waitFor(isAck('init'));
    // Ben is offline while Ana writes three more.
    const signs: string[] = [];
    for (const content of ['one', 'two', 'three']) {
      const { sign } = anaSocket.chat({ to_uuid: ben.uuid, content });
      signs.push(sign);
      await anaSocket.waitFor(isAck(sign));
    }
    const benSocket = await socketOf(ben);
    benSocket.send('chat/initUser', { resume: [{ peer_uuid: ana.uuid, seq: 1 }] }, 'resume');
    await benSocket.waitFor(isAck('resume'));
    const replayed = benSocket.frames.filter((f) => f.message_type === 'chatMessage').map((f) => (f.message_type === 'chatMessage' ? [f.data.seq, f.data.content] : []));
    expect(replayed).toEqual([
      [2, 'one'],
      [3, 'two'],
      [4, 'three'],
    ]);

    const benContacts = await contacts(ben);
    expect(benContacts).toEqual([expect.objectContaining({ user: expect.objectContaining({ uuid: ana.uuid, username: '' }), unreadcount: 4 })]);
    expect(benContacts[0].message).toMatchObject({ seq: 4, content: 'three' });
    // Ana wrote them all: nothing unread for her, and her history says Ben has not read them.
    expect((await contacts(ana))[0].unreadcount).toBe(0);
    const before = (await api.call('chat/getHistory', { token: ana.token, page: 1, from_uuid: ben.uuid })).data as { list: { seq: number; need_send: boolean }[] };
    expect(before.list.map((m) => [m.seq, m.need_send])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, true],
    ]);

    const read = await api.call('chat/markRead', { token: ben.token, to_uuid: ana.uuid, seq: 3 });
    expect(read.data).toEqual({ unreadcount: 1, read_seq: 3 });
    // Never backwards, and clamped to the last message.
    expect((await api.call('chat/markRead', { token: ben.token, to_uuid: ana.uuid, seq: 1 })).data).toEqual({ unreadcount: 1, read_seq: 3 });
    expect((await api.call('chat/markRead', { token: ben.token, to_uuid: ana.uuid, seq: 999 })).data).toEqual({ unreadcount: 0, read_seq: 4 });
    const after = (await api.call('chat/getHistory', { token: ana.token, page: 1, from_uuid: ben.uuid })).data as { list: { need_send: boolean }[] };
    expect(after.list.every((m) => !m.need_send)).toBe(true);
  });

  it('answers resync when the client holds more than the server has, or the gap is too long to replay', async () => {
    const benSocket = await socketOf(ben);
    benSocket.send('chat/initUser', { resume: [{ peer_uuid: ana.uuid, seq: 99 }, { peer_uuid: randomUUID(), seq: 3 }] }, 'init');
    await benSocket.waitFor(isAck('init'));
    const resyncs = benSocket.frames.filter((f) => f.message_type === 'resync');
    expect(resyncs).toHaveLength(2);
    expect(resyncs[0]).toEqual({ message_type: 'resync', peer_uuid: ana.uuid });

    // A long gap: more messages than one replay carries.
    const db = t.database.db;
    const [userA, userB] = [ana.uuid, ben.uuid].sort();
    const conv = await db
      .selectFrom('chat_conversations')
      .select(['id', 'last_seq'])
      .where('user_a', '=', userA)
      .where('user_b', '=', userB)
      .where('partner_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: RESUME_REPLAY_MAX + 1 }, (_, i) => ({
      conversation_id: conv.id,
      seq: conv.last_seq + 1 + i,
      sign: `bulk${i}xxxxxx`,
      from_uuid: ana.uuid,
      content: `bulk ${i}`,
      content_type: 'text' as const,
    }));
    await db.insertInto('chat_messages').values(rows).execute();
    await db.updateTable('chat_conversations').set({ last_seq: conv.last_seq + rows.length }).where('id', '=', conv.id).execute();
    const again = await socketOf(ben);
    again.send('chat/initUser', { resume: [{ peer_uuid: ana.uuid, seq: conv.last_seq }] }, 'init');
    await again.waitFor(isAck('init'));
    expect(again.frames.filter((f) => f.message_type === 'chatMessage')).toEqual([]);
    expect(again.frames.filter((f) => f.message_type === 'resync')).toEqual([{ message_type: 'resync', peer_uuid: ana.uuid }]);
    // History pages (20) reach back through all of it.
    const page1 = (await api.call('chat/getHistory', { token: ben.token, page: 1, from_uuid: ana.uuid })).data as { list: { seq: number }[]; has_more: boolean };
    expect(page1.list).toHaveLength(20);
    expect(page1.list.at(-1)!.seq).toBe(conv.last_seq + rows.length);
    expect(page1.list[0].seq).toBe(conv.last_seq + rows.length - 19);
    expect(page1.has_more).toBe(true);
  });

  it('refuses, with a message in the account\'s language, what may not be sent, and stores none of it', async () => {
    const cleo = await createUser(t, api, 'Cleo', 1);
    // Cleo uses the app in German; the browser opens the socket with its own Accept-Language, which does not count.
    const config = (await api.call('home/config', { token: cleo.token }, { 'Accept-Language': 'de-DE' })).data as { chat_token: string };
    const socket = await connectChat(imUrl, config.chat_token, { headers: { 'Accept-Language': 'en-US' } });
    open.push(socket);
    const before = await messageCount();
    const conversationsOf = async (uuid: string) =>
      (await t.database.db.selectFrom('chat_conversations').select('id').where((eb) => eb.or([eb('user_a', '=', uuid), eb('user_b', '=', uuid)])).execute()).length;
    const cleoConversations = await conversationsOf(cleo.uuid);

    // Not JSON; a frame of another token; an empty text; the system contact; nobody.
    socket.socket.send('{"route":');
    expect(await socket.waitFor((f) => f.message_type === 'errorMessage')).toMatchObject({ code: 'chat.frameInvalid', msg: 'Die Nachricht konnte nicht gelesen werden.' });
    socket.socket.send(JSON.stringify({ route: 'chat/ping', via: 'pwa', token: 'someone-else', encrypt: 'self', data: {}, ack_id: 'p1' }));
    expect(await socket.waitFor(isError('p1'))).toMatchObject({ code: 'chat.frameInvalid' });
    const empty = socket.chat({ to_uuid: ben.uuid, content: '   ' });
    expect(await socket.waitFor(isError(empty.ackId))).toMatchObject({ code: 'chat.frameInvalid' });
    const system = socket.chat({ to_uuid: SYSTEM_CHAT_UUID, content: 'hi' });
    expect(await socket.waitFor(isError(system.ackId))).toMatchObject({ code: 'chat.systemReadOnly' });
    const nobody = socket.chat({ to_uuid: randomUUID(), content: 'hi' });
    expect(await socket.waitFor(isError(nobody.ackId))).toMatchObject({ code: 'chat.peerNotFound' });
    // A photo message must carry one of the sender's own uploads.
    const photo = socket.chat({ to_uuid: ben.uuid, content: '/uploads/chat/2026/11/00000000-0000-4000-8000-000000000000.webp', msgType: 'photos' });
    expect(await socket.waitFor(isError(photo.ackId))).toMatchObject({ code: 'chat.photoInvalid' });
    // An unlock message belongs to partner conversations only.
    const unlock = socket.chat({ to_uuid: ben.uuid, content: 'unlock partner', msgType: 'unlock' });
    expect(await socket.waitFor(isError(unlock.ackId))).toMatchObject({ code: 'chat.unlockInvalid' });
    expect(await messageCount()).toBe(before);
    // Nor a conversation: not with nobody, not with Ben (every message to him was refused before it was stored).
    expect(await conversationsOf(cleo.uuid)).toBe(cleoConversations);

    // An unknown route, text over the limit, a frame far over the limit, binary data.
    socket.send('chat/whoami', {}, 'u1');
    expect(await socket.waitFor(isError('u1'))).toMatchObject({ code: 'chat.frameInvalid' });
    const long = socket.chat({ to_uuid: ben.uuid, content: 'x'.repeat(2_001) });
    expect(await socket.waitFor(isError(long.ackId))).toMatchObject({ code: 'chat.frameInvalid' });
    socket.socket.send('{"pad":"' + 'y'.repeat(30_000) + '"}');
    await socket.waitFor((f) => f.message_type === 'errorMessage' && f.confirmed_ack_id === undefined && f.code === 'chat.frameInvalid');
    socket.socket.send(Buffer.from([0, 1, 2, 3]));
    await socket.waitFor((f) => f.message_type === 'errorMessage' && f.confirmed_ack_id === undefined);
    // A token zod cannot measure (its length is no number) made the parse throw and stopped every later frame.
    const unmeasurable = { length: { toString: 'x', valueOf: 'y' } };
    socket.socket.send(JSON.stringify({ route: 'chat/chat', via: 'pwa', token: unmeasurable, encrypt: 'self', data: { to_uuid: ben.uuid, content: 'hi', msg_type: 'text' }, ack_id: 'm1' }));
    expect(await socket.waitFor(isError('m1'))).toMatchObject({ code: 'chat.frameInvalid' });
    expect(await messageCount()).toBe(before);

    // Ping still answers after all of that.
    socket.send('chat/ping', {}, 'ping');
    await socket.waitFor((f) => f.message_type === 'pong');
  });

  it("nobody reads or writes into a conversation that is not theirs", async () => {
    const dora = await createUser(t, api, 'Dora', 1);
    // Ana and Ben have a conversation; Dora naming either of them gets her own (empty) conversation with them.
    for (const peer of [ana.uuid, ben.uuid]) {
      const history = (await api.call('chat/getHistory', { token: dora.token, page: 1, from_uuid: peer })).data as { list: unknown[] };
      expect(history.list).toEqual([]);
    }
    const socket = await socketOf(dora);
    socket.send('chat/initUser', { resume: [{ peer_uuid: ana.uuid, seq: 0 }, { peer_uuid: ben.uuid, seq: 0 }] }, 'init');
    await socket.waitFor(isAck('init'));
    expect(socket.frames.filter((f) => f.message_type === 'chatMessage')).toEqual([]);
    expect(await contacts(dora)).toEqual([]);
    // A message Dora writes to Ana reaches Ana, and Ben's socket sees nothing of it.
    const benSocket = await socketOf(ben);
    benSocket.send('chat/initUser', {}, 'init');
    await benSocket.waitFor(isAck('init'));
    const { sign } = socket.chat({ to_uuid: ana.uuid, content: 'hello Ana' });
    expect((await socket.waitFor(isAck(sign))).seq).toBe(1);
    expect((await benSocket.quiet(300)).filter((f) => f.message_type === 'chatMessage')).toEqual([]);
  });

  it('sends a photo uploaded through the image pipeline', async () => {
    const upload = await api.upload('chat/uploadImage', { token: ana.token }, { image: file(await jpegWithExif(64, 48)) });
    expect(upload.status, upload.msg).toBe(1);
    const { image } = upload.data as { image: string };
    expect(image).toMatch(/^\/uploads\/chat\/\d{4}\/\d{2}\/[0-9a-f-]+\.webp$/);
    const anaSocket = await socketOf(ana);
    const benSocket = await socketOf(ben);
    benSocket.send('chat/initUser', {}, 'init');
    await benSocket.waitFor(isAck('init'));
    const { sign } = anaSocket.chat({ to_uuid: ben.uuid, content: image, msgType: 'photos' });
    await anaSocket.waitFor(isAck(sign));
    expect((await benSocket.waitFor(isChat(sign))).data).toMatchObject({ content: image, content_type: 'photos' });
    // Ben cannot pass Ana's upload off as his own.
    const stolen = benSocket.chat({ to_uuid: ana.uuid, content: image, msgType: 'photos' });
    expect(await benSocket.waitFor(isError(stolen.ackId))).toMatchObject({ code: 'chat.photoInvalid' });
  });

  it('enforces blocks both ways until unblocked', async () => {
    const anaSocket = await socketOf(ana);
    const benSocket = await socketOf(ben);
    expect((await api.call('chat/block', { token: ben.token, uuid: ana.uuid, block: true })).data).toEqual({ is_block: true });
    const before = await messageCount();
    const refused = anaSocket.chat({ to_uuid: ben.uuid, content: 'are you there?' });
    expect(await anaSocket.waitFor(isError(refused.ackId))).toMatchObject({ code: 'chat.blocked', msg: 'This user does not accept messages from you.' });
    const own = benSocket.chat({ to_uuid: ana.uuid, content: 'bye' });
    expect(await benSocket.waitFor(isError(own.ackId))).toMatchObject({ code: 'chat.youBlocked' });
    expect(await messageCount()).toBe(before);
    expect((await api.call('chat/status', { token: ben.token, to_uuid: ana.uuid })).data).toEqual({
      is_block: true, can_send: false, is_partner: false, is_unlocked: true, unlock_price: null,
    });
    expect((await api.call('user/getUserInfoByUuid', { token: ben.token, uuid: ana.uuid })).data).toMatchObject({ uuid: ana.uuid, is_block: true });

    await api.call('chat/block', { token: ben.token, uuid: ana.uuid, block: false });
    const allowed = anaSocket.chat({ to_uuid: ben.uuid, content: 'hello again' });
    expect((await anaSocket.waitFor(isAck(allowed.ackId))).seq).toBeGreaterThan(1);
  });

  it('partner chat needs an unlock; the member sees the profile, never the account behind it', async () => {
    const refs = await placeRefs(t);
    const owner = await createUser(t, api, 'Owner', 4);
    const member = await createUser(t, api, 'Member', 1);
    const created = await api.upload('partner/create', { token: owner.token, ...partnerPayload(refs.tokyo, { nickname: 'Aiko', unlock_price: 80 }) }, { photo0: file(await jpegWithExif()) });
    expect(created.status, created.msg).toBe(1);
    const partnerUuid = (created.data as { uuid: string }).uuid;
    const memberSocket = await socketOf(member);
    const ownerSocket = await socketOf(owner);
    for (const s of [memberSocket, ownerSocket]) s.send('chat/initUser', {}, 'init');
    await Promise.all([memberSocket, ownerSocket].map((s) => s.waitFor(isAck('init'))));

    expect((await api.call('chat/status', { token: member.token, to_uuid: partnerUuid, partner_uuid: partnerUuid })).data).toEqual({
      is_block: false, can_send: false, is_partner: true, is_unlocked: false, unlock_price: 80,
    });
    const locked = memberSocket.chat({ to_uuid: partnerUuid, content: 'hi', ext: { partner_uuid: partnerUuid } });
    expect(await memberSocket.waitFor(isError(locked.ackId))).toMatchObject({ code: 'chat.locked' });
    // The owner cannot write first as the profile, nor unlock their own profile.
    const cold = ownerSocket.chat({ to_uuid: member.uuid, content: 'hi', ext: { partner_uuid: partnerUuid } });
    expect(await ownerSocket.waitFor(isError(cold.ackId))).toMatchObject({ code: 'chat.peerNotFound' });
    expect((await api.call('chat/unlockPartner', { token: owner.token, partner_uuid: partnerUuid, price: 80, idempotency_key: randomUUID() })).status).toBe(0);

    // The unlock spends the profile's price (server/chat/unlock.service.test.ts covers the wallet's side).
    await giveCoins(t.database.db, member.uuid, 100);
    const key = randomUUID();
    const unlocked = await api.call('chat/unlockPartner', { token: member.token, partner_uuid: partnerUuid, price: 80, idempotency_key: key });
    expect(unlocked.data).toEqual({ is_unlocked: true, spent: 80, fun_score: 20 });
    expect((await api.call('chat/unlockPartner', { token: member.token, partner_uuid: partnerUuid, price: 80, idempotency_key: key })).data).toEqual({ is_unlocked: true, spent: 0, fun_score: 20 });
    const unlockRows = await t.database.db.selectFrom('chat_unlocks').selectAll().where('user_uuid', '=', member.uuid).execute();
    expect(unlockRows).toEqual([expect.objectContaining({ partner_uuid: partnerUuid, price: 80, spent: 80 })]);

    const announce = memberSocket.chat({ to_uuid: partnerUuid, content: 'unlock partner', msgType: 'unlock', ext: { partner_uuid: partnerUuid } });
    await memberSocket.waitFor(isAck(announce.sign));
    const hello = memberSocket.chat({ to_uuid: partnerUuid, content: 'Hello Aiko', ext: { partner_uuid: partnerUuid } });
    expect((await memberSocket.waitFor(isAck(hello.sign))).seq).toBe(2);
    const atOwner = await ownerSocket.waitFor(isChat(hello.sign));
    expect(atOwner.data).toMatchObject({ from_uuid: member.uuid, to_id: owner.uuid, ext: { partner_uuid: partnerUuid } });
    const ownerContacts = await contacts(owner);
    expect(ownerContacts[0]).toMatchObject({ user: { uuid: member.uuid, appends: { uuid: partnerUuid }, isPartner: true }, unreadcount: 2 });

    const reply = ownerSocket.chat({ to_uuid: member.uuid, content: 'Welcome!', ext: { partner_uuid: partnerUuid } });
    await ownerSocket.waitFor(isAck(reply.sign));
    const atMember = await memberSocket.waitFor(isChat(reply.sign));
    expect(atMember.data).toMatchObject({ from_uuid: partnerUuid, to_id: member.uuid, ext: { partner_uuid: partnerUuid } });
    // The owner's echo names the member as the peer.
    expect((await ownerSocket.waitFor(isChat(reply.sign))).data).toMatchObject({ from_uuid: owner.uuid, to_id: member.uuid });

    const memberContacts = await contacts(member);
    expect(memberContacts).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ uuid: partnerUuid, nickname: 'Aiko', appends: { uuid: partnerUuid }, isPartner: true }), unreadcount: 1 }),
    ]);
    // Replying means having read: nothing is unread for the owner any more.
    expect((await contacts(owner))[0].unreadcount).toBe(0);
    const history = (await api.call('chat/getHistory', { token: member.token, page: 1, from_uuid: partnerUuid, partner_uuid: partnerUuid })).data;
    const seenByMember = JSON.stringify([memberContacts, history, memberSocket.frames]);
    expect(seenByMember).not.toContain(owner.uuid);
    expect(seenByMember).not.toContain('Owner');

    // Reporting the peer from the conversation reports the profile (the member knows it by its uuid only).
    const reason = await t.database.db.selectFrom('dict_entries').select('id').where('type', '=', 'report_reason').executeTakeFirstOrThrow();
    const report = await api.call('user/report', { token: member.token, target: 'user', id: partnerUuid, reason: reason.id });
    expect(report.status, report.msg).toBe(1);
    const partnerId = (created.data as { id: number }).id;
    expect(await t.database.db.selectFrom('reports').select(['target', 'target_id']).where('reporter_uuid', '=', member.uuid).execute()).toEqual([
      { target: 'partner', target_id: String(partnerId) },
    ]);

    // Blocking the profile blocks its conversation (server/chat/block.routes.test.ts: and nothing of the account behind it).
    await api.call('chat/block', { token: member.token, uuid: partnerUuid, block: true });
    const blocked = ownerSocket.chat({ to_uuid: member.uuid, content: 'still there?', ext: { partner_uuid: partnerUuid } });
    expect(await ownerSocket.waitFor(isError(blocked.ackId))).toMatchObject({ code: 'chat.blocked' });
  });

  /** Ben's socket, initialised, and a maker of Ana's messages to Ben as the bus carries them (sign `${tag}${seq}xxxx`). */
  async function benReceiving(tag: string) {
    const benSocket = await socketOf(ben);
    benSocket.send('chat/initUser', {}, 'init');
    await benSocket.waitFor(isAck('init'));
    const [userA, userB] = [ana.uuid, ben.uuid].sort();
    const event = (seq: number) => ({
      conversation: { userA, userB, partnerUuid: null },
      message: { seq, sign: `${tag}${seq}xxxx`, from_uuid: ana.uuid, content: `m${seq}`, content_type: 'text' as const, created_at: new Date().toISOString() },
    });
    return { benSocket, event };
  }

  it('pushes messages of one conversation published out of order, each once', async () => {
    const { benSocket, event } = await benReceiving('late');
    // Two senders committed seq 501 and 502 on two connections (or processes) and published them the other way round.
    await t.app.chatBus.publish(ben.uuid, event(502));
    await t.app.chatBus.publish(ben.uuid, event(501));
    await t.app.chatBus.publish(ben.uuid, event(502));
    await benSocket.waitFor(isChat('late501xxxx'));
    const pushed = (await benSocket.quiet(200), benSocket.frames).flatMap((f) => (f.message_type === 'chatMessage' ? [f.data.seq] : []));
    expect(pushed.filter((s) => s > 500)).toEqual([502, 501]);
  });

  it('a message published before the one it follows waits for it briefly: the socket gets the conversation in order', async () => {
    const { benSocket, event } = await benReceiving('order');
    const pushedAbove = (floor: number) => benSocket.frames.flatMap((f) => (f.message_type === 'chatMessage' && f.data.seq > floor ? [f.data.seq] : []));
    await t.app.chatBus.publish(ben.uuid, event(601));
    await benSocket.waitFor(isChat('order601xxxx'));
    // 603 and 604 were numbered after 602 but published before it.
    await t.app.chatBus.publish(ben.uuid, event(603));
    await t.app.chatBus.publish(ben.uuid, event(604));
    await t.app.chatBus.publish(ben.uuid, event(602));
    await benSocket.waitFor(isChat('order604xxxx'));
    expect(pushedAbove(600)).toEqual([601, 602, 603, 604]);
    // A predecessor that never comes holds the next message for the window only; it still arrives, once.
    const sent = Date.now();
    await t.app.chatBus.publish(ben.uuid, event(606));
    await benSocket.waitFor(isChat('order606xxxx'));
    expect(Date.now() - sent).toBeGreaterThanOrEqual(REORDER_WINDOW_MS - 5);
    await t.app.chatBus.publish(ben.uuid, event(605));
    await benSocket.waitFor(isChat('order605xxxx'));
    await benSocket.quiet(REORDER_WINDOW_MS * 2);
    expect(pushedAbove(600)).toEqual([601, 602, 603, 604, 606, 605]);
  });

  it('a socket speaking too fast is slowed down, not disconnected', async () => {
    const socket = await socketOf(ana);
    for (let i = 0; i < 40; i++) socket.send('chat/ping', {}, `p${i}`);
    await socket.waitFor((f) => f.message_type === 'errorMessage' && f.code === 'chat.rateLimited');
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });
});

describe('chat across a restart and across processes', () => {
  let database: DatabaseHandle;
  let redis: RedisServer;
  const apps: FastifyInstance[] = [];
  const sockets: ChatTestClient[] = [];

  async function start(overrides: Parameters<typeof testConfig>[0]) {
    const app = await buildApp(testConfig(overrides), { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    const { port } = app.server.address() as { port: number };
    return { app, baseUrl: `http://127.0.0.1:${port}`, imUrl: `ws://127.0.0.1:${port}/im` };
  }

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const app of apps) await app.close();
    await database?.close();
    await redis?.stop();
  });

  it('delivers between two processes through Redis, and resumes after a server restart without loss', async () => {
    const keys = testConfig();
    const shared = { redisUrl: redis.url, aesKey: keys.aesKey, signKey: keys.signKey, serverSecret: keys.serverSecret };
    const one = await start(shared);
    const two = await start(shared);
    const api = createRawClient(one.baseUrl, keys.aesKey, keys.signKey);
    const t = { database } as TestApp;
    const dan = await createUser(t, api, 'Dan', 1);
    const eve = await createUser(t, api, 'Eve', 1);
    const tokens = new Map<string, string>();
    for (const user of [dan, eve]) tokens.set(user.uuid, ((await api.call('home/config', { token: user.token })).data as { chat_token: string }).chat_token);
    const token = (uuid: string) => tokens.get(uuid)!;

    const danOnOne = await connectChat(one.imUrl, token(dan.uuid));
    const eveOnTwo = await connectChat(two.imUrl, token(eve.uuid));
    sockets.push(danOnOne, eveOnTwo);
    for (const s of [danOnOne, eveOnTwo]) s.send('chat/initUser', {}, 'init');
    await Promise.all([danOnOne, eveOnTwo].map((s) => s.waitFor(isAck('init'))));

    const first = danOnOne.chat({ to_uuid: eve.uuid, content: 'across processes' });
    expect((await danOnOne.waitFor(isAck(first.sign))).seq).toBe(1);
    expect((await eveOnTwo.waitFor(isChat(first.sign))).data).toMatchObject({ seq: 1, from_uuid: dan.uuid });

    // Process one goes away: Dan's socket is closed as "going away"; he reconnects to process two.
    await one.app.close();
    expect((await danOnOne.closed).code).toBe(1001);
    const danOnTwo = await connectChat(two.imUrl, token(dan.uuid));
    sockets.push(danOnTwo);
    danOnTwo.send('chat/initUser', { resume: [{ peer_uuid: eve.uuid, seq: 1 }] }, 'init');
    await danOnTwo.waitFor(isAck('init'));
    const second = eveOnTwo.chat({ to_uuid: dan.uuid, content: 'still here' });
    expect((await eveOnTwo.waitFor(isAck(second.sign))).seq).toBe(2);
    expect((await danOnTwo.waitFor(isChat(second.sign))).data).toMatchObject({ seq: 2, content: 'still here' });

    // A fresh process on the same database: everything acked is still there, in order.
    const three = await start(shared);
    const late = await connectChat(three.imUrl, token(eve.uuid));
    sockets.push(late);
    late.send('chat/initUser', { resume: [{ peer_uuid: dan.uuid, seq: 0 }] }, 'init');
    await late.waitFor(isAck('init'));
    expect(late.frames.flatMap((f) => (f.message_type === 'chatMessage' ? [f.data.content] : []))).toEqual(['across processes', 'still here']);
  });
});
