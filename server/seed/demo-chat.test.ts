import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoChat } from './demo-chat';

type Contact = { user: { uuid: string; nickname: string }; message: { content: string; from_uuid: string } | null; unreadcount: number };

/** Issue 11 item 7: after `npm start` a newcomer sees chat working at once. */
describe('demo chat', () => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  });
  afterAll(async () => t?.close());

  const contactsOf = async (account: string, password: string) => {
    const login = await api.call('account/loginByPassword', { account, password });
    const token = (login.data as { token: string }).token;
    return (await api.call('chat/getContactList', { token })).data as Contact[];
  };

  it('gives the member and paid demo accounts a shared conversation with unread messages, and everyone a welcome, once', async () => {
    await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy);
    expect(await seedDemoChat(t.database.db)).toBe(5);
    expect(await seedDemoChat(t.database.db)).toBe(0);

    const mia = await contactsOf('member', 'member-pass-2026');
    expect(mia.map((c) => [c.user.nickname, c.unreadcount])).toEqual([
      ['Paul', 2],
      ['Venuely', 1],
    ]);
    expect(mia[0].message?.content).toBe('Shall we meet at the entrance at 19:30?');
    expect(mia[1].user.uuid).toBe(SYSTEM_CHAT_UUID);
    expect(mia[1].message?.content).toMatch(/^Welcome to Venuely!/);

    const paul = await contactsOf('paid', 'paid-pass-2026');
    expect(paul.map((c) => [c.user.nickname, c.unreadcount])).toEqual([
      ['Mia', 0],
      ['Venuely', 1],
    ]);
    const vera = await contactsOf('verified', 'verified-pass-2026');
    expect(vera.map((c) => c.user.nickname)).toEqual(['Venuely']);
  });

  it('greets a newly registered account, in the language it reads in, and remembers the language it registered in', async () => {
    const reg = await api.call('account/registerByPassword', { account: 'Yuki', email: 'yuki@example.test', password: 'long-enough-1' }, { 'Accept-Language': 'ja-JP' });
    const token = (reg.data as { token: string }).token;
    const contacts = (await api.call('chat/getContactList', { token }, { 'Accept-Language': 'ja-JP' })).data as Contact[];
    expect(contacts).toEqual([expect.objectContaining({ unreadcount: 1, message: expect.objectContaining({ content: expect.stringMatching(/^Venuelyへようこそ/), from_uuid: SYSTEM_CHAT_UUID }) })]);
    const user = await t.database.db.selectFrom('users').select(['uuid', 'locale']).where('username', '=', 'Yuki').executeTakeFirstOrThrow();
    expect(user.locale).toBe('ja');
    // The welcome is stored once, as a notice: the same message reads in Arabic for a page in Arabic.
    const ar = (await api.call('chat/getContactList', { token }, { 'Accept-Language': 'ar-SA' })).data as Contact[];
    expect(ar[0].message?.content).toBe('مرحبًا بك في Venuely! ستجد هنا إشعارات حول حسابك. استكشافًا ممتعًا.');
    const stored = await t.database.db.selectFrom('chat_messages').select(['content', 'sign']).where('from_uuid', '=', SYSTEM_CHAT_UUID).innerJoin('chat_members', 'chat_members.conversation_id', 'chat_messages.conversation_id').where('chat_members.user_uuid', '=', user.uuid).execute();
    expect(stored).toEqual([{ content: '{"notice":"chat.welcome"}', sign: 'welcome-1' }]);
  });

  it('greets every demo account, the applicant included, in the language its member browses in', async () => {
    const kim = await api.call('account/loginByPassword', { account: 'applicant', password: 'applicant-pass-2026' }, { 'Accept-Language': 'ar-SA' });
    const token = (kim.data as { token: string }).token;
    const ar = (await api.call('chat/getContactList', { token }, { 'Accept-Language': 'ar-SA' })).data as Contact[];
    expect(ar.map((c) => [c.user.uuid, c.unreadcount, c.message?.content])).toEqual([[SYSTEM_CHAT_UUID, 1, 'مرحبًا بك في Venuely! ستجد هنا إشعارات حول حسابك. استكشافًا ممتعًا.']]);
    const ja = (await api.call('chat/getHistory', { token, page: 1, from_uuid: SYSTEM_CHAT_UUID }, { 'Accept-Language': 'ja-JP' })).data as { list: { content: string }[] };
    expect(ja.list.map((m) => m.content)).toEqual(['Venuelyへようこそ！ここにはアカウントに関するお知らせが届きます。どうぞお楽しみください。']);
  });
});
