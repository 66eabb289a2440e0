import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { storeNotice } from './notices';

/** The sign of the welcome: one per account, so sending it again changes nothing. */
export const WELCOME_SIGN = 'welcome-1';

/**
 * The system contact's welcome to an account. Stored once per account (the sign is fixed), as a notice (notices.ts):
 * it reads in the member's language whenever they read it, so an account made without one (the demo seed,
 * `npm run admin:create`) is greeted in the language its member browses in.
 */
export async function sendWelcome(db: Kysely<Database>, userUuid: string, at = new Date()): Promise<void> {
  await storeNotice(db, userUuid, WELCOME_SIGN, { key: 'chat.welcome' }, at);
}
