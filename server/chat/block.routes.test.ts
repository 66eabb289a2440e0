import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { type ChatTestClient, connectChat, isAck } from '../../tests/support/chat-client';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import type { DatabaseHandle } from '../db/database';
import { down as blockScopeDown, up as blockScopeUp } from '../db/migrations/2026-11-27-0010-chat-block-scope';
import { createUser, insertChatProfile, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { insertPartner, seedSocialReferences } from '../directory/social.fixtures';
import { giveCoins } from '../wallet/wallet.fixtures';
import { type AppendResult, appendUnlessBlocked, blockBetween, ensureConversation } from './chat.repository';

/**
 * Issue 29 (docs/chat-protocol.md: the member never learns which account owns a profile). A block made through a
 * profile covers that profile's conversation and nothing the member can see of the account behind it: not its
 * `is_block`, not its direct conversation, not its other profiles. A member's block of that account, in turn, does not
 * show on the profile. The owner's block of a member covers the owner's profiles (the owner knows they are theirs).
 * The system contact cannot be blocked.
 */
describe.each(DATABASE_KINDS)('blocks on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let tokyo: number;
  const open: ChatTestClient[] = [];

  async function socketOf(user: TestUser): Promise<ChatTestClient> {
    const config = (await api.call('home/config', { token: user.token })).data as { chat_token: string; im_url: string[] };
    const client = await connectChat(config.im_url[0], config.chat_token);
    open.push(client);
    client.send('chat/initUser', {}, 'init');
    await client.waitFor(isAck('init'));
    return client;
  }

  /** A published profile of `ownerUuid`; its uuid is its chat identity. */
  const profile = (ownerUuid: string, price = 40) => insertChatProfile(t, ownerUuid, tokyo, price);

  /** Owner, member, two profiles of the owner; the member unlocked the first and wrote to it; both sockets open. */
  async function scene(name: string) {
    const owner = await createUser(t, api, `${name}Owner`, 4);
    const member = await createUser(t, api, `${name}Member`, 1);
    const [first, second] = [await profile(owner.uuid), await profile(owner.uuid)];
    await giveCoins(t.database.db, member.uuid, 100);
    const unlocked = await api.call('chat/unlockPartner', { token: member.token, partner_uuid: first.uuid, price: first.price, idempotency_key: randomUUID() });
    expect(unlocked.status, unlocked.msg).toBe(1);
    const [memberSocket, ownerSocket] = [await socketOf(member), await socketOf(owner)];
    const hello = memberSocket.chat({ to_uuid: first.uuid, content: 'hello', ext: { partner_uuid: first.uuid } });
    await memberSocket.waitFor(isAck(hello.sign));
    return { owner, member, first, second, memberSocket, ownerSocket };
  }

  const call = async (user: TestUser, path: string, payload: Record<string, unknown>) => {
    const res = await api.call(path, { token: user.token, ...payload });
    expect(res.status, `${path}: ${res.msg}`).toBe(1);
    return res.data;
  };
  const block = (user: TestUser, uuid: string, on: boolean) => call(user, 'chat/block', { uuid, block: on });
  const infoOf = async (user: TestUser, uuid: string) => ((await call(user, 'user/getUserInfoByUuid', { uuid })) as { is_block: boolean }).is_block;
  const statusOf = (user: TestUser, to: string, partner?: string) => call(user, 'chat/status', { to_uuid: to, ...(partner ? { partner_uuid: partner } : {}) });
  /** Sends and answers with the error code, or 'ok' when acked. */
  async function send(socket: ChatTestClient, to: string, partner?: string): Promise<string> {
    const { sign } = socket.chat({ to_uuid: to, content: `m ${randomUUID()}`, ext: partner ? { partner_uuid: partner } : {} });
    const answer = await socket.waitFor((f) => (f.message_type === 'ackMessage' || f.message_type === 'errorMessage') && f.confirmed_ack_id === sign);
    return answer.message_type === 'errorMessage' ? answer.code : 'ok';
  }
  const blockRows = async () => (await t.database.db.selectFrom('chat_blocks').select(['blocker_uuid', 'blocked_uuid', 'partner_uuid']).execute()).length;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    tokyo = (await placeRefs(t)).tokyo;
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await t?.close();
  });

  it('a block made through a profile shows on that profile only, never on the account behind it or its other profiles', async () => {
    const { owner, member, first, second, memberSocket, ownerSocket } = await scene('Via');
    // Both know each other's account too: they have a direct conversation.
    expect(await send(ownerSocket, member.uuid)).toBe('ok');
    const accountBefore = { info: await infoOf(member, owner.uuid), direct: await statusOf(member, owner.uuid), second: await statusOf(member, second.uuid, second.uuid) };

    expect(await block(member, first.uuid, true)).toEqual({ is_block: true });
    // The profile shows the block, and its conversation is closed both ways.
    expect(await infoOf(member, first.uuid)).toBe(true);
    expect(await statusOf(member, first.uuid, first.uuid)).toEqual({ is_block: true, can_send: false, is_partner: true, is_unlocked: true, unlock_price: 40 });
    expect(await send(memberSocket, first.uuid, first.uuid)).toBe('chat.youBlocked');
    expect(await send(ownerSocket, member.uuid, first.uuid)).toBe('chat.blocked');
    // Nothing the member sees of the owner's account, or of the owner's other profile, changed.
    expect(await infoOf(member, owner.uuid)).toBe(false);
    expect({ info: await infoOf(member, owner.uuid), direct: await statusOf(member, owner.uuid), second: await statusOf(member, second.uuid, second.uuid) }).toEqual(accountBefore);
    expect(await send(memberSocket, owner.uuid)).toBe('ok');
    // The owner sees the member's refusal in that profile's conversation only; their direct conversation is as it was.
    expect(await statusOf(owner, member.uuid, first.uuid)).toEqual({ is_block: false, can_send: false, is_partner: true, is_unlocked: true, unlock_price: 40 });
    expect(await infoOf(owner, member.uuid)).toBe(false);
    expect(await send(ownerSocket, member.uuid)).toBe('ok');
    expect(await t.database.db.selectFrom('chat_blocks').select(['blocked_uuid', 'partner_uuid']).where('blocker_uuid', '=', member.uuid).execute()).toEqual([
      { blocked_uuid: owner.uuid, partner_uuid: first.uuid },
    ]);

    expect(await block(member, first.uuid, false)).toEqual({ is_block: false });
    expect(await infoOf(member, first.uuid)).toBe(false);
    expect(await send(ownerSocket, member.uuid, first.uuid)).toBe('ok');
    expect(await send(memberSocket, first.uuid, first.uuid)).toBe('ok');
  });

  it('a member’s block of an account does not show on its profiles; the owner’s block of a member covers the owner’s profiles', async () => {
    const { owner, member, first, memberSocket, ownerSocket } = await scene('Acct');
    await block(member, owner.uuid, true);
    expect(await infoOf(member, owner.uuid)).toBe(true);
    expect(await statusOf(member, owner.uuid)).toMatchObject({ is_block: true, can_send: false });
    expect(await send(memberSocket, owner.uuid)).toBe('chat.youBlocked');
    // The profile the member talks to knows nothing of it: it would tell them who owns the profile.
    expect(await infoOf(member, first.uuid)).toBe(false);
    expect(await statusOf(member, first.uuid, first.uuid)).toMatchObject({ is_block: false, can_send: true });
    expect(await send(memberSocket, first.uuid, first.uuid)).toBe('ok');
    expect(await send(ownerSocket, member.uuid, first.uuid)).toBe('ok');
    await block(member, owner.uuid, false);

    await block(owner, member.uuid, true);
    expect(await statusOf(owner, member.uuid, first.uuid)).toMatchObject({ is_block: true, can_send: false });
    expect(await statusOf(member, first.uuid, first.uuid)).toMatchObject({ is_block: false, can_send: false });
    expect(await send(memberSocket, first.uuid, first.uuid)).toBe('chat.blocked');
    expect(await send(ownerSocket, member.uuid, first.uuid)).toBe('chat.youBlocked');
    await block(owner, member.uuid, false);
    expect(await send(memberSocket, first.uuid, first.uuid)).toBe('ok');
  });

  it('refuses to block or unblock the system contact, in the member’s language, and writes nothing', async () => {
    const member = await createUser(t, api, 'Sys', 1);
    const before = await blockRows();
    for (const on of [true, false]) {
      const refused = await api.call('chat/block', { token: member.token, uuid: SYSTEM_CHAT_UUID, block: on });
      expect([refused.status, refused.msg, refused.data]).toEqual([0, "Venuely's notices cannot be blocked.", null]);
    }
    const ja = await api.call('chat/block', { token: member.token, uuid: SYSTEM_CHAT_UUID, block: true }, { 'Accept-Language': 'ja-JP' });
    expect(ja.msg).toBe('Venuelyからのお知らせはブロックできません。');
    expect(await blockRows()).toBe(before);
    expect(await statusOf(member, SYSTEM_CHAT_UUID)).toMatchObject({ is_block: false });
  });
});

/**
 * Migration 2026-11-27-0010: blocks made before it were all blocks of accounts, those made through a profile among
 * them. Each keeps covering what it covered, the profile's conversation included; going down turns a profile's block
 * back into its owner's account's.
 */
describe.each(DATABASE_KINDS)('the block scope migration on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  const text = (from: string, content: string) => ({ sign: randomUUID().replaceAll('-', ''), fromUuid: from, content, contentType: 'text' as const });
  const outcome = (result: AppendResult | 'blocked' | 'gone') => (typeof result === 'string' ? result : 'stored');

  it('keeps an earlier block of a profile’s owner covering that profile’s conversation, and its account', async () => {
    const db = database.db;
    const place = await seedSocialReferences(db);
    const [member, owner, other] = await insertTestUsers(db, 3);
    const partnerId = await insertPartner(db, place, owner);
    const { uuid: partner } = await db.selectFrom('partners').select('uuid').where('id', '=', partnerId).executeTakeFirstOrThrow();
    const viaProfile = { userA: member, userB: owner, partnerUuid: partner };
    await ensureConversation(db, viaProfile);

    await blockScopeDown(db);
    // As stored before: the member's block of the profile was a block of its owner's account; another, plain one.
    await sql`insert into chat_blocks (blocker_uuid, blocked_uuid) values (${member}, ${owner}), (${other}, ${member})`.execute(db);
    await blockScopeUp(db);

    const rows = await db.selectFrom('chat_blocks').select(['blocker_uuid', 'blocked_uuid', 'partner_uuid']).orderBy('blocker_uuid').orderBy('partner_uuid').execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { blocker_uuid: member, blocked_uuid: owner, partner_uuid: null },
        { blocker_uuid: member, blocked_uuid: owner, partner_uuid: partner },
        { blocker_uuid: other, blocked_uuid: member, partner_uuid: null },
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(await blockBetween(db, member, owner, viaProfile)).toEqual({ aBlockedB: true, bBlockedA: false });
    expect(outcome(await appendUnlessBlocked(db, viaProfile, text(owner, 'hi'), member))).toBe('blocked');
    const direct = { userA: member < owner ? member : owner, userB: member < owner ? owner : member, partnerUuid: null };
    expect(outcome(await appendUnlessBlocked(db, direct, text(owner, 'hi'), member))).toBe('blocked');

    // A block made now through the profile alone leaves the account's conversation open; going down makes it the
    // account's block it was before.
    await db.deleteFrom('chat_blocks').execute();
    await db.insertInto('chat_blocks').values({ blocker_uuid: member, blocked_uuid: owner, partner_uuid: partner }).execute();
    expect(outcome(await appendUnlessBlocked(db, viaProfile, text(owner, 'hi'), member))).toBe('blocked');
    expect(outcome(await appendUnlessBlocked(db, direct, text(owner, 'hi'), member))).toBe('stored');
    await blockScopeDown(db);
    expect((await sql<{ blocker_uuid: string; blocked_uuid: string }>`select blocker_uuid, blocked_uuid from chat_blocks`.execute(db)).rows).toEqual([
      { blocker_uuid: member, blocked_uuid: owner },
    ]);
    expect(outcome(await appendUnlessBlocked(db, direct, text(owner, 'hi'), member))).toBe('blocked');
    await blockScopeUp(db);
  });
});
