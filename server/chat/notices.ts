import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import type { Locale } from '@/contract/enums';
import type { ChatMessageRow, Database } from '../db/schema';
import { formatMoney, intlLocale, type MessageKey, type MessageParams, SERVER_CATALOGS, translate } from '../i18n';
import type { ChatEvent } from './chat-bus';
import { appendMessage, type ConversationRef } from './chat.repository';

/**
 * The system contact's notices (issue 30 item 4): the welcome, an identity check approved or rejected, a withdrawal
 * paid or rejected, a payment received.
 *
 * A notice is stored as what it says, not as words: its message key (server/i18n) and values, as JSON. Whoever reads
 * it gets it in their language: history and the contact list in the request's, the chat socket in the account's
 * (users.locale, the language of its latest signed-in request). So the welcome a demo account got at seeding, before
 * anyone knew its language, reads in Arabic once its member browses in Arabic, and money and dates are formatted for
 * the reader.
 *
 * A notice is stored in the transaction of its event (a review, a settlement, an order marked paid), so it exists
 * exactly when the event committed, with a sign fixed per event: a retried request or a redelivered webhook that got
 * past its own checks would store nothing twice (the chat store answers a repeated sign with the first copy). It is
 * published to the member's sockets once the transaction committed (NoticeOutbox.publish), through the same bus as
 * every message, so an open app shows it and its unread badge at once.
 */

/** Money in cents of a currency: put into words with the reader's currency format. */
export interface MoneyValue {
  cents: number;
  currency: string;
}
/** A calendar day (ISO date-time): the reader's long date, in UTC (the day a membership ends on the server). */
export interface DateValue {
  date: string;
}
export type NoticeValue = string | number | MoneyValue | DateValue;

export type NoticeKey = Extract<MessageKey, 'chat.welcome' | `notice.${string}`>;

export interface Notice {
  key: NoticeKey;
  values?: Record<string, NoticeValue>;
  /** Further sentences, each on a line of its own (the test-mode note of a sandbox payment). */
  also?: NoticeKey[];
}

/** The stored form starts with this, and no text a person wrote can reach the system contact's messages. */
const NOTICE_PREFIX = '{"notice":';

export function noticeContent(notice: Notice): string {
  return JSON.stringify({ notice: notice.key, ...(notice.values ? { values: notice.values } : {}), ...(notice.also?.length ? { also: notice.also } : {}) });
}

interface StoredNotice {
  notice: string;
  values?: Record<string, NoticeValue>;
  also?: string[];
}

const isKnownKey = (key: unknown): key is NoticeKey => typeof key === 'string' && key in SERVER_CATALOGS.en;

/**
 * A text a person wrote (an admin's reason), isolated from the sentence around it (FIRST STRONG ISOLATE … POP
 * DIRECTIONAL ISOLATE): an English reason in an Arabic notice keeps its own direction, so its final full stop stays
 * at its end instead of jumping to the other side of the line.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

function wordsOf(locale: Locale, values: Record<string, NoticeValue> = {}): MessageParams {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') params[name] = value;
    else if (typeof value === 'string') params[name] = isolated(value);
    else if ('cents' in value) params[name] = formatMoney(locale, value.cents, value.currency);
    else params[name] = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value.date));
  }
  return params;
}

/**
 * A system contact's message in the reader's language: a stored notice put into words, anything else (a text stored
 * before notices were, a notice this version does not know) as it is.
 */
export function noticeText(content: string, locale: Locale): string {
  if (!content.startsWith(NOTICE_PREFIX)) return content;
  let stored: StoredNotice;
  try {
    stored = JSON.parse(content) as StoredNotice;
  } catch {
    return content;
  }
  if (!isKnownKey(stored.notice)) return content;
  const lines = [translate(locale, stored.notice, wordsOf(locale, stored.values))];
  for (const key of stored.also ?? []) if (isKnownKey(key)) lines.push(translate(locale, key, wordsOf(locale, stored.values)));
  return lines.join('\n');
}

/** A message's content as `locale` reads it: the system contact's in words, every other as it was sent. */
export function contentFor(row: Pick<ChatMessageRow, 'from_uuid' | 'content'>, locale: Locale): string {
  return row.from_uuid === SYSTEM_CHAT_UUID ? noticeText(row.content, locale) : row.content;
}

/** The conversation of a member with the system contact. */
export function systemConversation(userUuid: string): ConversationRef {
  const [userA, userB] = SYSTEM_CHAT_UUID < userUuid ? [SYSTEM_CHAT_UUID, userUuid] : [userUuid, SYSTEM_CHAT_UUID];
  return { userA, userB, partnerUuid: null };
}

/**
 * Stores a notice to a member, once per sign. `db` is the event's transaction (or the database, outside one). Returns
 * the bus event of a newly stored notice, null when the sign was stored before.
 */
export async function storeNotice(db: Kysely<Database>, userUuid: string, sign: string, notice: Notice, at = new Date()): Promise<ChatEvent | null> {
  const conversation = systemConversation(userUuid);
  const result = await appendMessage(db, conversation, { sign, fromUuid: SYSTEM_CHAT_UUID, content: noticeContent(notice), contentType: 'text' }, at);
  if (result.duplicate) return null;
  const { message } = result;
  return {
    conversation,
    message: {
      seq: message.seq,
      sign: message.sign,
      from_uuid: message.from_uuid,
      content: message.content,
      content_type: message.content_type,
      created_at: new Date(message.created_at).toISOString(),
    },
  };
}

/**
 * The notices of one event, stored in its transaction and published after it committed: the event's code calls send
 * inside the transaction and publish once the transaction resolved (a transaction that threw never reaches publish,
 * so nothing uncommitted is pushed).
 */
export class NoticeOutbox {
  private readonly stored: { user: string; event: ChatEvent }[] = [];

  async send(db: Kysely<Database>, userUuid: string, sign: string, notice: Notice): Promise<void> {
    const event = await storeNotice(db, userUuid, sign, notice);
    if (event) this.stored.push({ user: userUuid, event });
  }

  /**
   * Pushes each stored notice to its member's open sockets on every process. A bus outage loses nothing: the notice
   * is stored, and the member's app gets it with its next resume or contact list.
   */
  async publish(app: FastifyInstance): Promise<void> {
    const ready = this.stored.splice(0);
    if (ready.length === 0 || !app.hasDecorator('chatBus')) return;
    for (const { user, event } of ready) {
      await app.chatBus.publish(user, event).catch((error: Error) => app.log.warn({ err: error.message }, 'notice fan-out failed'));
    }
  }
}
