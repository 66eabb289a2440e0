import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Locale, matchLocale } from '@/contract/enums';

/**
 * The member's language (issue 30 item 4): users.locale follows the language of the account's latest signed-in
 * request (its registration, a login, any call with its session). The app sends the page's language as
 * Accept-Language, so this is the language the member uses the app in. The chat socket cannot tell it (a browser opens
 * it with the browser's own Accept-Language), so it pushes the system contact's notices in this stored one, and is
 * told when it changes.
 */

/**
 * Whether an Accept-Language header names one of the app's languages. A request without one, or with `*` (what
 * Node's fetch sends by default) or only other languages, says nothing about the member's and changes nothing.
 */
export function namesLocale(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => matchLocale(part.split(';')[0]) !== undefined);
}

/**
 * Stores the request's language as the account's when the request names one and it differs from the stored one (one
 * write per change, none per request otherwise), and tells the account's open chat sockets, on every process. A
 * failure is logged: the request goes on, and the next one tries again.
 */
export async function noteRequestLocale(app: FastifyInstance, request: FastifyRequest, user: { uuid: string; locale: string }, locale: Locale): Promise<void> {
  if (user.locale === locale || !namesLocale(request.headers['accept-language'])) return;
  try {
    const changed = await app.db.updateTable('users').set({ locale }).where('uuid', '=', user.uuid).where('locale', '<>', locale).executeTakeFirst();
    user.locale = locale;
    if (changed.numUpdatedRows > 0n && app.hasDecorator('chatLocaleChanged')) await app.chatLocaleChanged(user.uuid, locale);
  } catch (error) {
    app.log.warn({ err: (error as Error).message }, 'member language not stored');
  }
}
