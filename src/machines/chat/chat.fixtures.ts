import type { ChatStatus, ContactListEntry, HistoryItem, IncomingMessage } from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';
import type { GetHistoryOutput } from './chat.machine';

/**
 * Sample chat data shared by chat.machine.test.ts and chat.model.ts. Test data only: no app module imports this
 * file, so it stays out of the bundle.
 */

export const ME = '6f1c2f8e-3f7a-4c1e-9a55-0c6b1d2e3f40';
export const PEER = '2b6f0c1e-8d3a-4f5b-9c7d-1e2f3a4b5c6d';
/**
 * Someone else's partner profile. A member never learns the account behind a profile: frames and answers name the
 * profile's uuid as the peer, so the member's contact is `{PARTNER}-{PARTNER}` (docs/chat-protocol.md).
 */
export const PARTNER = '1d2c3b4a-5f6e-4d7c-9b8a-7f6e5d4c3b2a';
export const PARTNER_KEY = `${PARTNER}-${PARTNER}`;
/** ME's own partner profile, and a member who wrote to ME directly and to it (the owner's view). */
export const MY_PROFILE = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
export const MEMBER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const STRANGER = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';

export const IM_URL = 'ws://im.test/im';
export const CHAT_CONFIG: AppConfig = { chat_token: 'chat-token', via: 'pwa', im_url: [IM_URL] };
/** Sign prefix of the client under test, so its signs are known in advance. */
export const SIGN_PREFIX = 'testsign';
export const signOf = (n: number) => `${SIGN_PREFIX}-${n.toString(36)}`;

/** Seconds of the first sample message. */
const T0 = 1_767_000_000;

export const OPEN_STATUS: ChatStatus = { is_block: false, can_send: true, is_partner: false, is_unlocked: true, unlock_price: null };
export const LOCKED_STATUS: ChatStatus = { is_block: false, can_send: false, is_partner: true, is_unlocked: false, unlock_price: 30 };

/** A stored message of the conversation with `peer` (and `partner`), written by `from`. */
export function historyItem(seq: number, from: string, options: { partner?: string; sign?: string; content?: string } = {}): HistoryItem {
  return {
    id: seq,
    seq,
    sign: options.sign ?? `${from === ME ? 'mine' : 'theirs'}-${seq}`,
    created_at: T0 + seq,
    content: options.content ?? `message ${seq}`,
    content_type: 'text',
    need_send: false,
    ext: options.partner ? { partner_uuid: options.partner } : null,
    from_uuid: from,
  };
}

/** A pushed message from `from` to `to`. */
export function incoming(seq: number, from: string, to: string, options: { partner?: string; sign?: string; content?: string } = {}): IncomingMessage {
  return {
    sign: options.sign ?? `${from === ME ? 'mine' : 'theirs'}-${seq}`,
    seq,
    from_uuid: from,
    to_id: to,
    timestamp: T0 + seq,
    content: options.content ?? `message ${seq}`,
    content_type: 'text',
    ext: options.partner ? { partner_uuid: options.partner } : null,
  };
}

export function contactEntry(
  uuid: string,
  options: { partner?: string; unread?: number; last?: HistoryItem | null; name?: string } = {},
): ContactListEntry {
  const name = options.name ?? `user-${uuid.slice(0, 4)}`;
  return {
    user: {
      uuid,
      username: name,
      nickname: name.toUpperCase(),
      thumb: `/thumbs/${name}.webp`,
      appends: options.partner ? { uuid: options.partner } : null,
      isPartner: Boolean(options.partner),
    },
    message: options.last ?? null,
    unreadcount: options.unread ?? 0,
  };
}

export function historyPage(items: HistoryItem[], options: { page?: number; hasMore?: boolean; status?: ChatStatus; unread?: number } = {}): GetHistoryOutput {
  return { list: items, page: options.page ?? 1, has_more: options.hasMore ?? false, status: options.status ?? OPEN_STATUS, unreadcount: options.unread ?? 0 };
}
