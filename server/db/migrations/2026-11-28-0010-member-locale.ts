import { type Kysely, sql } from 'kysely';

/**
 * The member's language, and the system contact's messages in it (issue 30 item 4). Values written out here, not
 * imported (STYLE rule 24).
 *
 * - users.locale: the language of the account's latest signed-in request (its registration, a login, or any call
 *   with a session, as the app sends the page's language as Accept-Language). The chat socket, which the browser
 *   opens with its own Accept-Language, pushes the system contact's messages in it. Existing accounts start in
 *   English, and their next request sets it.
 * - The system contact's messages are stored as the notice they are (its message key and values, JSON) and put into
 *   words for whoever reads them, in their language (server/chat/notices.ts). The welcome stored before this
 *   migration, in the language the account registered in or in English, becomes the welcome notice.
 */
const SYSTEM_CHAT_UUID = '00000000-0000-4000-8000-000000000001';
const WELCOME_SIGN = 'welcome-1';
const WELCOME_NOTICE = '{"notice":"chat.welcome"}';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text', (c) => c.notNull().defaultTo('en')).execute();
  await sql`update chat_messages set content = ${WELCOME_NOTICE} where from_uuid = ${SYSTEM_CHAT_UUID} and sign = ${WELCOME_SIGN}`.execute(db);
}

/**
 * Back to stored texts, in English: the welcome as it was written before, and each later notice as a pointer to where
 * its event shows (the code before this migration stored no other notice, and cannot put one into words).
 */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`update chat_messages set content = ${'Welcome to Venuely! Here you will find notices about your account. Happy exploring.'}
    where from_uuid = ${SYSTEM_CHAT_UUID} and sign = ${WELCOME_SIGN}`.execute(db);
  await sql`update chat_messages set content = ${'You have a new notice about your account. Open your wallet or your identity verification to see it.'}
    where from_uuid = ${SYSTEM_CHAT_UUID} and sign <> ${WELCOME_SIGN}`.execute(db);
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
