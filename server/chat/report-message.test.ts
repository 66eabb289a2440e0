import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID, UNLOCK_CONTENT } from '@/contract/calls/chat';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { RELAXED_RATE_LIMITS, startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertChatProfile, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { REPORT_REASON_ID, seedSocialReferences } from '../directory/social.fixtures';
import { giveCoins } from '../wallet/wallet.fixtures';
import { appendMessage, type ConversationRef, directConversation } from './chat.repository';

/**
 * Issue 30 item 10: user/report with target `message`. A message is named as the reporter's client knows it (the
 * conversation as the reporter names it, and the message's seq), and only a message the other side sent in one of the
 * reporter's own conversations is accepted; anything else is refused with a clear message and writes nothing. Repeats
 * keep one open report. The admin's queue shows the message's text, sender and time.
 */
describe.each(DATABASE_KINDS)('reporting a chat message on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let tokyo: number;
  let member: TestUser;
  let friend: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let profile: { uuid: string; nickname: string; price: number };
  let direct: ConversationRef;
  let partnerChat: ConversationRef;

  const send = async (ref: ConversationRef, fromUuid: string, content: string, contentType: 'text' | 'photos' | 'unlock' = 'text') =>
    (await appendMessage(t.database.db, ref, { sign: `s${randomUUID().replaceAll('-', '')}`, fromUuid, content, contentType })).message;

  const report = (who: TestUser, payload: Record<string, unknown>) =>
    api.call('user/report', { token: who.token, target: 'message', reason: REPORT_REASON_ID, ...payload });
  const reportRows = () => t.database.db.selectFrom('reports').selectAll().where('target', '=', 'message').orderBy('id').execute();

  beforeAll(async () => {
    t = await startTestApp(kind, { rateLimits: { ...RELAXED_RATE_LIMITS, reportPerAccount: { max: 100, windowMs: 60_000 } } });
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    tokyo = (await placeRefs(t)).tokyo;
    await seedSocialReferences(t.database.db);
    member = await createUser(t, api, 'ReportMember', 1);
    friend = await createUser(t, api, 'ReportFriend', 1);
    owner = await createUser(t, api, 'ReportOwner', 4);
    stranger = await createUser(t, api, 'ReportStranger', 1);
    admin = await createUser(t, api, 'ReportAdmin', 1, 'admin');
    profile = await insertChatProfile(t, owner.uuid, tokyo, 40, 'Hana Guide');
    await giveCoins(t.database.db, member.uuid, 100);
    const unlocked = await api.call('chat/unlockPartner', { token: member.token, partner_uuid: profile.uuid, price: profile.price, idempotency_key: randomUUID() });
    expect(unlocked.status, unlocked.msg).toBe(1);
    direct = directConversation(member.uuid, friend.uuid) as ConversationRef;
    partnerChat = { userA: member.uuid, userB: owner.uuid, partnerUuid: profile.uuid };
  });
  afterAll(async () => t?.close());

  it('accepts a message the other side sent, in a direct conversation and in both sides of a profile’s; a repeat keeps one open report', async () => {
    await send(direct, member.uuid, 'Hello!');
    const rude = await send(direct, friend.uuid, 'Send me money or else.');
    const fromProfile = await send(partnerChat, owner.uuid, 'Pay outside the app, it is cheaper.');
    const fromMember = await send(partnerChat, member.uuid, 'Give me your home address.');

    // The member names the direct conversation by the friend's uuid, the profile's by the profile (twice).
    for (let i = 0; i < 2; i++) {
      const res = await report(member, { to_uuid: friend.uuid, seq: rude.seq, text: 'Threats' });
      expect([res.status, res.data], res.msg).toEqual([1, null]);
    }
    const res = await report(member, { to_uuid: profile.uuid, partner_uuid: profile.uuid, seq: fromProfile.seq });
    expect(res.status, res.msg).toBe(1);
    // The owner names it by the member, with the profile.
    const byOwner = await report(owner, { to_uuid: member.uuid.toUpperCase(), partner_uuid: profile.uuid, seq: fromMember.seq });
    expect(byOwner.status, byOwner.msg).toBe(1);

    const rows = await reportRows();
    expect(rows.map((r) => [r.reporter_uuid, r.target_id, r.text])).toEqual([
      [member.uuid, String(rude.id), 'Threats'],
      [member.uuid, String(fromProfile.id), null],
      [owner.uuid, String(fromMember.id), null],
    ]);

    // The moderators read the message as it was stored, with its sender (a profile's: the owner's account).
    const queue = await api.call('admin/reports', { token: admin.token, target: 'message' });
    expect(queue.status, queue.msg).toBe(1);
    const list = (queue.data as { list: { target_id: string; target_label: string | null; target_message: unknown }[] }).list;
    const byId = new Map(list.map((item) => [item.target_id, item]));
    expect(byId.get(String(rude.id))).toMatchObject({
      target_label: 'Send me money or else.',
      target_message: { content_type: 'text', content: 'Send me money or else.', sender: { uuid: friend.uuid, username: 'ReportFriend' } },
    });
    expect(byId.get(String(fromProfile.id))?.target_message).toMatchObject({ sender: { uuid: owner.uuid } });
  });

  it('refuses what the reporter cannot see or may not report, and writes nothing', async () => {
    const mine = await send(direct, member.uuid, 'My own words.');
    const theirs = await send(direct, friend.uuid, 'A message to the member.');
    const unlockNotice = await send(partnerChat, member.uuid, UNLOCK_CONTENT, 'unlock');
    const ownerAlone = await createUser(t, api, 'ReportLonely', 1);
    const before = await reportRows();

    const cases: [TestUser, Record<string, unknown>, string][] = [
      // The reporter's own message.
      [member, { to_uuid: friend.uuid, seq: mine.seq }, 'You cannot report your own messages.'],
      // Someone else's conversation: the stranger names the member, which is the stranger's (empty) conversation.
      [stranger, { to_uuid: member.uuid, seq: theirs.seq }, 'This message does not exist.'],
      [stranger, { to_uuid: friend.uuid, seq: theirs.seq }, 'This message does not exist.'],
      // The profile's conversation seen by someone who is not in it.
      [stranger, { to_uuid: profile.uuid, partner_uuid: profile.uuid, seq: 1 }, 'This message does not exist.'],
      [ownerAlone, { to_uuid: member.uuid, partner_uuid: profile.uuid, seq: 1 }, 'This message does not exist.'],
      // A seq the conversation does not have; the unlock notice; Venuely's welcome; oneself; nobody.
      [member, { to_uuid: friend.uuid, seq: 9_999 }, 'This message does not exist.'],
      [owner, { to_uuid: member.uuid, partner_uuid: profile.uuid, seq: unlockNotice.seq }, 'This message does not exist.'],
      [member, { to_uuid: SYSTEM_CHAT_UUID, seq: 1 }, 'This message does not exist.'],
      [member, { to_uuid: member.uuid, seq: 1 }, 'This message does not exist.'],
      [member, { to_uuid: randomUUID(), seq: 1 }, 'This message does not exist.'],
      [member, { to_uuid: randomUUID(), partner_uuid: randomUUID(), seq: 1 }, 'This message does not exist.'],
      // Malformed names.
      [member, { id: theirs.id }, 'Invalid value for "to_uuid".'],
      [member, { to_uuid: 'not-a-uuid', seq: 1 }, 'Invalid value for "to_uuid".'],
      [member, { to_uuid: friend.uuid, seq: 0 }, '"seq" must be at least 1.'],
      [member, { to_uuid: friend.uuid, seq: 'x' }, 'Invalid value for "seq".'],
    ];
    for (const [who, payload, msg] of cases) {
      const res = await report(who, payload);
      expect([res.status, res.msg], JSON.stringify(payload)).toEqual([0, msg]);
    }
    // The welcome exists (so its refusal above is the rule, not its absence).
    const welcome = await t.database.db.selectFrom('chat_messages').select('id').where('from_uuid', '=', SYSTEM_CHAT_UUID).executeTakeFirst();
    expect(welcome).toBeTruthy();
    expect(await reportRows()).toEqual(before);
  });

  it('refuses a profile the member can no longer see: its conversation is gone for them too', async () => {
    const hidden = await insertChatProfile(t, owner.uuid, tokyo, 20, 'Hidden Guide');
    await giveCoins(t.database.db, member.uuid, 20);
    expect((await api.call('chat/unlockPartner', { token: member.token, partner_uuid: hidden.uuid, price: 20, idempotency_key: randomUUID() })).status).toBe(1);
    const message = await send({ userA: member.uuid, userB: owner.uuid, partnerUuid: hidden.uuid }, owner.uuid, 'Before the profile was hidden.');
    await t.database.db.updateTable('partners').set({ status: 'hidden' }).where('uuid', '=', hidden.uuid).execute();
    const before = await reportRows();
    const res = await report(member, { to_uuid: hidden.uuid, partner_uuid: hidden.uuid, seq: message.seq });
    expect([res.status, res.msg]).toEqual([0, 'This message does not exist.']);
    expect(await reportRows()).toEqual(before);
  });
});
