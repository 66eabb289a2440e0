import type { Kysely } from 'kysely';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { DEFAULT_LOCALE, type Locale } from '@/contract/enums';
import type { Database } from '../db/schema';
import { translate } from '../i18n';
import { appendMessage } from './chat.repository';

/**
 * The system contact's welcome to an account, in its language. Stored once per account (the sign is fixed), so
 * calling this again changes nothing.
 */
export async function sendWelcome(db: Kysely<Database>, userUuid: string, locale: Locale = DEFAULT_LOCALE, at = new Date()): Promise<void> {
  const [userA, userB] = SYSTEM_CHAT_UUID < userUuid ? [SYSTEM_CHAT_UUID, userUuid] : [userUuid, SYSTEM_CHAT_UUID];
  await appendMessage(db, { userA, userB, partnerUuid: null }, { sign: 'welcome-1', fromUuid: SYSTEM_CHAT_UUID, content: translate(locale, 'chat.welcome'), contentType: 'text' }, at);
}

