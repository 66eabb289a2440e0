import type { Kysely } from 'kysely';
import { appendMessage } from '../chat/chat.repository';
import { sendWelcome } from '../chat/welcome';
import type { Database } from '../db/schema';
import { usernameKey } from '../account/user.repository';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** The demo conversation between the member and the paid demo accounts (issue 11 item 7), oldest first. */
const DEMO_CONVERSATION: readonly { from: 'member' | 'paid'; text: string; minutesAgo: number }[] = [
  { from: 'paid', text: 'Hi Mia! Are you going to the jazz night at Blue Note on Friday?', minutesAgo: 180 },
  { from: 'member', text: 'Hi Paul! I would love to. What time does it start?', minutesAgo: 175 },
  { from: 'paid', text: 'Doors open at 19:00, the first set is at 20:00.', minutesAgo: 170 },
  { from: 'paid', text: 'I read a great visit report about the place, the cocktails are supposed to be excellent.', minutesAgo: 30 },
  { from: 'paid', text: 'Shall we meet at the entrance at 19:30?', minutesAgo: 29 },
];
/** Mia has read up to here; the rest is unread, so a newcomer sees the badge. */
const MEMBER_READ_UP_TO = 3;

/**
 * Demo chat after `npm start`: every demo account (DEMO_ACCOUNTS, the applicant included) has the system contact's
 * welcome, which reads in the language its member browses in, and the member and paid demo accounts share a
 * conversation with two messages unread for the member. Idempotent: messages carry fixed signs.
 */
export async function seedDemoChat(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const users = await db.selectFrom('users').select(['uuid', 'username_key']).where('username_key', 'in', DEMO_ACCOUNTS.map((demo) => usernameKey(demo.username))).execute();
  const uuidOf = (name: string) => users.find((u) => u.username_key === usernameKey(name))?.uuid;
  let stored = 0;
  // The welcome came when the account was made, a day before the demo conversation.
  for (const user of users) await sendWelcome(db, user.uuid, new Date(now - 24 * 3600_000));
  const member = uuidOf('member');
  const paid = uuidOf('paid');
  if (!member || !paid) return stored;
  const [userA, userB] = member < paid ? [member, paid] : [paid, member];
  for (const [index, line] of DEMO_CONVERSATION.entries()) {
    const result = await appendMessage(
      db,
      { userA, userB, partnerUuid: null },
      { sign: `demo-${index + 1}`, fromUuid: line.from === 'member' ? member : paid, content: line.text, contentType: 'text' },
      new Date(now - line.minutesAgo * 60_000),
    );
    if (!result.duplicate) stored += 1;
    if (index + 1 === MEMBER_READ_UP_TO && !result.duplicate) {
      await db.updateTable('chat_members').set({ read_seq: result.message.seq }).where('conversation_id', '=', result.conversation.id).where('user_uuid', '=', member).execute();
    }
  }
  return stored;
}
