import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';
import { CHAT_HISTORY_PAGE_SIZE } from '../constants';
import { UNLOCK_PRICE_LIMIT } from '../economy';
import { ChatContentType } from '../feature-enums';
import * as f from '../fields';
import { idempotencyKey, publicUser, rowId } from '../shapes';
import { imageResponse } from './account';
import { appConfig } from './home';

/**
 * Chat (spec sections 3 and 7 "Chat", DESIGN sections 4 and 8): the HTTP calls, and the socket frames that travel
 * as JSON on ws(s)://<host>/im. A conversation is between two users, or between a user and a partner profile (then
 * `partner_uuid` names the profile, and the contact is keyed `{uuid}-{partner uuid}`).
 *
 * Beyond the spec: chat/block (DESIGN section 1: users can block each other), and a per-conversation `seq` on
 * history items, incoming messages and acks (DESIGN section 8: resume after a reconnect without gaps).
 */

export const CHAT_TEXT_MAX = 2_000;
export const CHAT_SIGN_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The content of the message that announces an unlock (spec section 7). */
export const UNLOCK_CONTENT = 'unlock partner';
export const CHAT_RESUME_MAX = 500;
export const CHAT_HISTORY_PAGE_MAX = 10_000;
/** The system contact (spec section 3 `isSystem`): welcome and service messages come from it; nobody writes to it. */
export const SYSTEM_CHAT_UUID = '00000000-0000-4000-8000-000000000001';

/** The contact key of spec section 3: a user's uuid, or `{uuid}-{partner uuid}` for a partner conversation. */
export function contactKey(uuid: string, partnerUuid?: string | null): string {
  return partnerUuid ? `${uuid}-${partnerUuid}` : uuid;
}

/** The client's id of a message, made before sending; the server de-duplicates by it. */
export const messageSign = z
  .string({ message: 'zod.string.invalid' })
  .regex(CHAT_SIGN_PATTERN, { message: 'zod.string.invalid' });

export const chatContentType = z.enum(ChatContentType, { message: 'zod.enum.invalid' });

/** A message's extension: the partner profile the conversation is with, when it is one. */
export const chatExt = z.strictObject({ partner_uuid: z.uuid().optional() });
export type ChatExt = z.infer<typeof chatExt>;

/** Spec section 3 "History item"; `created_at` in seconds. */
export const historyItem = z.object({
  id: rowId,
  seq: z.number().int().min(1),
  sign: z.string(),
  created_at: z.number().int(),
  content: z.string(),
  content_type: chatContentType,
  /** The server has stored the message but not yet delivered it to the recipient. */
  need_send: z.boolean(),
  ext: chatExt.nullable(),
  from_uuid: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;

/** Spec section 3 "Other user info"; `is_block`: the caller has blocked this user. */
export const otherUserInfo = publicUser.extend({ is_block: z.boolean() });
export type OtherUserInfo = z.infer<typeof otherUserInfo>;

/** Whether the caller may write in a conversation, and what unlocking a partner costs. */
export const chatStatus = z.object({
  /** The caller has blocked the other user. */
  is_block: z.boolean(),
  /** False when either side blocked the other, or a partner conversation is still locked. */
  can_send: z.boolean(),
  is_partner: z.boolean(),
  /** Always true outside partner conversations. */
  is_unlocked: z.boolean(),
  /** Points; null outside partner conversations. */
  unlock_price: z.number().int().min(0).nullable(),
});
export type ChatStatus = z.infer<typeof chatStatus>;

/** Names a conversation: the other user, and the partner profile when it is a partner conversation. */
const conversation = z.object({ to_uuid: f.uuid, partner_uuid: f.uuid.optional() });

/**
 * One page of a conversation, newest page first (page 1 holds the latest messages). `from_uuid` is the other
 * user of the conversation.
 */
export const getHistory = defineCall({
  path: 'chat/getHistory',
  mutates: false,
  auth: 'required',
  payload: z.object({
    page: f.int(1, CHAT_HISTORY_PAGE_MAX),
    limit: f.int(1, CHAT_HISTORY_PAGE_SIZE).default(CHAT_HISTORY_PAGE_SIZE),
    from_uuid: f.uuid,
    partner_uuid: f.uuid.optional(),
  }),
  response: z.object({
    list: z.array(historyItem).max(CHAT_HISTORY_PAGE_SIZE),
    page: z.number().int().min(1),
    has_more: z.boolean(),
    status: chatStatus,
    /**
     * The reader's unread messages in the conversation as of this answer (as the contact list counts them): a client
     * that opens a conversation before its contact list has arrived marks the newest ones unread from it.
     */
    unreadcount: z.number().int().min(0),
  }),
});

/** A contact's `appends`: the partner profile of a partner conversation, null otherwise. */
export const contactAppends = z.object({ uuid: z.string() }).nullable();

/** Spec section 7: {user{uuid, thumb, username, nickname, appends, isPartner}, message, unreadcount}. */
export const contactListEntry = z.object({
  user: publicUser.extend({
    appends: contactAppends,
    isPartner: z.boolean(),
  }),
  /** The latest message, null for a conversation without messages yet. */
  message: historyItem.nullable(),
  unreadcount: z.number().int().min(0),
});
export type ContactListEntry = z.infer<typeof contactListEntry>;

/** The caller's conversations, latest activity first. Unread counts are the server's (DESIGN section 8). */
export const getContactList = defineCall({
  path: 'chat/getContactList',
  mutates: false,
  auth: 'required',
  payload: emptyPayload,
  response: z.array(contactListEntry),
});

/** The state of one conversation before writing in it (locked partner, blocks). */
export const status = defineCall({
  path: 'chat/status',
  mutates: false,
  auth: 'required',
  payload: conversation,
  response: chatStatus,
});

/**
 * Spends the partner's unlock price once per (user, partner); unlocking again is a no-op success. Moves points, so it
 * carries an idempotency key. `price` is the price the member was shown (DESIGN section 8 "Prices"): when the profile's
 * price is another by now, the unlock is refused (status 0, `data` = unlockPriceChanged) and nothing is spent.
 */
export const unlockPartner = defineCall({
  path: 'chat/unlockPartner',
  mutates: true,
  auth: 'required',
  payload: z.object({ partner_uuid: f.uuid, price: f.int(0, UNLOCK_PRICE_LIMIT), idempotency_key: idempotencyKey }),
  response: z.object({
    is_unlocked: z.literal(true),
    /** Points spent by this call: 0 when it was already unlocked. */
    spent: z.number().int().min(0),
    /** The caller's spendable points afterwards. */
    fun_score: z.number().int().min(0),
  }),
});

/**
 * The `data` of chat/unlockPartner's refusal when the profile's price is no longer the one the member was shown:
 * `price` is the current price, to show and to send with the next attempt.
 */
export const unlockPriceChanged = z.object({ code: z.literal('chat.priceChanged'), price: z.number().int().min(0) });
export type UnlockPriceChanged = z.infer<typeof unlockPriceChanged>;

/** A socket token for chatting as one of the caller's own partner profiles; same shape as home/config. */
export const getPartnerChatToken = defineCall({
  path: 'chat/getPartnerChatToken',
  mutates: false,
  auth: 'required',
  payload: z.object({ partner_uuid: f.uuid }),
  response: appConfig,
});

/**
 * Not in the spec: blocks or unblocks a user or a partner profile (DESIGN sections 1 and 7). A profile's block covers
 * that profile's conversation and its unlock only, never the account behind it (the member must not learn who owns a
 * profile, docs/chat-protocol.md). The system contact cannot be blocked.
 */
export const block = defineCall({
  path: 'chat/block',
  mutates: true,
  auth: 'required',
  payload: z.object({ uuid: f.uuid, block: f.bool }),
  response: z.object({ is_block: z.boolean() }),
});

/**
 * Not in the spec: marks a conversation read up to `seq` (the newest message the reader has seen). The server owns
 * unread counts (DESIGN section 8); the answer is the conversation's count afterwards. A `seq` beyond the
 * conversation's last message is clamped to it; marking an older seq never makes read messages unread again.
 */
export const markRead = defineCall({
  path: 'chat/markRead',
  mutates: true,
  auth: 'required',
  payload: conversation.extend({ seq: f.int(0, 2_147_483_647) }),
  response: z.object({ unreadcount: z.number().int().min(0), read_seq: z.number().int().min(0) }),
});

/**
 * Not in the spec: a photo for a photo message (content type `photos`), through the image pipeline (re-encoded,
 * metadata stripped). The message's content is then the returned `image` path; the server accepts only the
 * sender's own uploads as photo content.
 */
export const uploadImage = defineCall({
  path: 'chat/uploadImage',
  mutates: true,
  auth: 'required',
  files: ['image'],
  payload: emptyPayload,
  response: imageResponse.extend({ width: z.number().int().min(1), height: z.number().int().min(1) }),
});

export const getUserInfoByUuid = defineCall({
  path: 'user/getUserInfoByUuid',
  mutates: false,
  auth: 'required',
  payload: z.object({ uuid: f.uuid }),
  response: otherUserInfo,
});

// ---------------------------------------------------------------------------------------------------------------
// Socket frames (always JSON, never form strings).

/** Spec section 3 "Outgoing message"; `microtime` in milliseconds. Empty or blank text is refused. */
export const outgoingMessage = z
  .object({
    to_uuid: z.uuid({ message: 'zod.string.uuid' }),
    type: z.literal('friend'),
    msgType: chatContentType,
    content: z
      .string({ message: 'zod.string.invalid' })
      .max(CHAT_TEXT_MAX, { message: 'zod.string.max' })
      .refine((s) => s.trim().length > 0, { message: 'zod.string.required' }),
    microtime: z.number().int().min(1),
    sign: messageSign,
    ext: chatExt,
  })
  .refine((m) => m.msgType !== 'unlock' || m.content === UNLOCK_CONTENT, {
    message: 'zod.string.invalid',
    path: ['content'],
  });
export type OutgoingMessage = z.infer<typeof outgoingMessage>;

/** Sent once per connection: the last `seq` the client holds per conversation, so the server replays the gap. */
export const chatInitData = z.object({
  resume: z
    .array(z.object({ peer_uuid: z.uuid(), partner_uuid: z.uuid().optional(), seq: z.number().int().min(0) }))
    .max(CHAT_RESUME_MAX)
    .optional(),
});

export const CHAT_ROUTES = ['chat/ping', 'chat/initUser', 'chat/chat'] as const;
export type ChatRoute = (typeof CHAT_ROUTES)[number];

const frameHeader = {
  via: z.string().max(200),
  token: z.string().max(200),
  encrypt: z.literal('self'),
  /** Echoed as `confirmed_ack_id` by the server's ackMessage. */
  ack_id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
};

/** A frame the client sends (spec section 7: route, via, token, encrypt 'self', data, ack_id). */
export const outgoingFrame = z.discriminatedUnion('route', [
  z.object({ route: z.literal('chat/ping'), ...frameHeader, data: z.strictObject({}) }),
  z.object({ route: z.literal('chat/initUser'), ...frameHeader, data: chatInitData }),
  z.object({ route: z.literal('chat/chat'), ...frameHeader, data: outgoingMessage }),
]);
export type OutgoingFrame = z.infer<typeof outgoingFrame>;

/** Spec section 3 "Incoming socket message"; `timestamp` in seconds. */
export const incomingMessage = z.object({
  sign: z.string(),
  seq: z.number().int().min(1),
  from_uuid: z.string(),
  to_id: z.string(),
  timestamp: z.number().int(),
  content: z.string(),
  content_type: chatContentType,
  ext: chatExt.nullable(),
});
export type IncomingMessage = z.infer<typeof incomingMessage>;

export const chatMessageFrame = z.object({ message_type: z.literal('chatMessage'), data: incomingMessage });
/** Confirms a frame the client sent; for a chat message, `seq` is the number the server gave it. */
export const ackMessageFrame = z.object({
  message_type: z.literal('ackMessage'),
  confirmed_ack_id: z.string(),
  seq: z.number().int().min(1).optional(),
});
export const pongFrame = z.object({ message_type: z.literal('pong') });
/** The server cannot replay a conversation's gap: the client reloads it with chat/getHistory. */
export const resyncFrame = z.object({
  message_type: z.literal('resync'),
  peer_uuid: z.string(),
  partner_uuid: z.string().optional(),
});

/**
 * Not in the spec: the server refuses a frame (a message to a blocked user or a locked partner, an invalid frame).
 * `confirmed_ack_id` names the refused frame when it could be read; `code` is a message key, `msg` its text in the
 * connection's language. A refused chat message is final: the client marks it failed and does not resend it.
 */
export const errorFrame = z.object({
  message_type: z.literal('errorMessage'),
  confirmed_ack_id: z.string().optional(),
  code: z.string(),
  msg: z.string(),
});

export const incomingFrame = z.discriminatedUnion('message_type', [
  chatMessageFrame,
  ackMessageFrame,
  pongFrame,
  resyncFrame,
  errorFrame,
]);
export type IncomingFrame = z.infer<typeof incomingFrame>;

// ---------------------------------------------------------------------------------------------------------------
// Client chat state (spec section 3 "Chat message" and "Chat contact").

/** Beyond the spec's two: `failed`, a message the server refused (errorMessage); it is not resent. */
export const CHAT_MESSAGE_STATUSES = ['sending', 'success', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/**
 * A message as the client holds it; `id` is the sign, `timeStamp` in milliseconds. Beyond the spec: `seq`, the
 * conversation's sequence number, null until the server has acked an own message (DESIGN section 8: resume and
 * gap detection need it per message).
 */
export const chatMessage = z.object({
  id: z.string(),
  seq: z.number().int().min(1).nullable(),
  timeStamp: z.number().int(),
  content: z.string(),
  contentType: chatContentType,
  self: z.boolean(),
  status: z.enum(CHAT_MESSAGE_STATUSES),
  unread: z.boolean(),
  ext: chatExt.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatContact = z.object({
  uuid: z.string(),
  /** The thumb. */
  avatar: z.string(),
  username: z.string(),
  nickname: z.string(),
  messages: z.array(chatMessage),
  loading: z.boolean(),
  noMore: z.boolean(),
  isSystem: z.boolean(),
  unreadcount: z.number().int().min(0),
  appends: contactAppends,
  isPartner: z.boolean(),
});
export type ChatContact = z.infer<typeof chatContact>;
