import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { DATABASE_KINDS, openTestDatabase } from '../../tests/support/databases';
import { appendMessage } from '../chat/chat.repository';
import { noticeText, systemConversation } from '../chat/notices';
import { type DatabaseHandle, migrateTo, migrateToLatest } from './database';

/** The last migration before the member's language and notices (issue 30 item 4). */
const BEFORE = '2026-11-27-0020-test-funds';

/**
 * Migration 2026-11-28-0010 over existing data: accounts get a language (English until their next request says
 * otherwise), and the welcome stored as words in one language becomes the welcome notice, which reads in everyone's.
 */
describe.each(DATABASE_KINDS)('member-locale migration over existing data on %s', (kind) => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('gives every account English and turns each stored welcome into the welcome notice, leaving other messages alone', async () => {
    database = await openTestDatabase(kind, { migrated: false });
    const db = database.db;
    await migrateTo(db, BEFORE);
    const user = async (name: string) => {
      const uuid = randomUUID();
      await sql`insert into users (uuid, username, username_key, email, email_key, password_hash, nickname)
        values (${uuid}, ${name}, ${name.toLowerCase()}, ${`${name}@example.test`}, ${`${name.toLowerCase()}@example.test`}, 'x', ${name})`.execute(db);
      return uuid;
    };
    const [yuki, paul] = [await user('Yuki'), await user('Paul')];
    await appendMessage(db, systemConversation(yuki), { sign: 'welcome-1', fromUuid: SYSTEM_CHAT_UUID, content: 'Venuelyへようこそ！ここにはアカウントに関するお知らせが届きます。どうぞお楽しみください。', contentType: 'text' });
    const [a, b] = yuki < paul ? [yuki, paul] : [paul, yuki];
    await appendMessage(db, { userA: a, userB: b, partnerUuid: null }, { sign: 'welcome-1', fromUuid: paul, content: 'A member may use any sign', contentType: 'text' });

    await migrateToLatest(db);

    expect(await db.selectFrom('users').select(['username', 'locale']).where('uuid', '<>', SYSTEM_CHAT_UUID).orderBy('username').execute()).toEqual([
      { username: 'Paul', locale: 'en' },
      { username: 'Yuki', locale: 'en' },
    ]);
    const messages = await db.selectFrom('chat_messages').select(['from_uuid', 'content']).orderBy('id').execute();
    expect(messages).toEqual([
      { from_uuid: SYSTEM_CHAT_UUID, content: '{"notice":"chat.welcome"}' },
      { from_uuid: paul, content: 'A member may use any sign' },
    ]);
    expect(noticeText(messages[0].content, 'ar')).toBe('مرحبًا بك في Venuely! ستجد هنا إشعارات حول حسابك. استكشافًا ممتعًا.');
  });
});
