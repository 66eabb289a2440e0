import {
  contactKey,
  SYSTEM_CHAT_UUID,
  type ChatContact,
  type ChatMessage,
  type ContactListEntry,
  type HistoryItem,
  type IncomingMessage,
} from '@/contract/calls/chat';

/**
 * The chat machine's pure helpers: turning wire shapes into the client's ChatMessage and ChatContact (spec section
 * 3), and the sequence-number arithmetic behind resume and gap detection (DESIGN section 8). No state of their own.
 */

/** What the app knows of a user before the contact list does (a profile page's name and picture). */
export interface ChatProfile {
  username: string;
  nickname: string;
  thumb: string;
}

/** The other side of a message for the viewer `me`: the recipient of the viewer's own messages, else the sender. */
export function peerOf(message: { from_uuid: string; to_id: string }, me: string): string {
  return message.from_uuid === me ? message.to_id : message.from_uuid;
}

/** The contact key of a message for the viewer `me`. */
export function keyOfMessage(message: IncomingMessage, me: string): string {
  return contactKey(peerOf(message, me), message.ext?.partner_uuid);
}

/**
 * `unread` marks a peer's message the viewer has not read. Own messages are never unread here: the client shows no
 * read receipts, so a history item's `need_send` (the peer has not read it) is not used.
 */
export function historyToMessage(item: HistoryItem, me: string): ChatMessage {
  return {
    id: item.sign,
    seq: item.seq,
    timeStamp: item.created_at * 1000,
    content: item.content,
    contentType: item.content_type,
    self: item.from_uuid === me,
    status: 'success',
    unread: false,
    ext: item.ext,
  };
}

export function incomingToMessage(message: IncomingMessage, me: string, unread: boolean): ChatMessage {
  return {
    id: message.sign,
    seq: message.seq,
    timeStamp: message.timestamp * 1000,
    content: message.content,
    contentType: message.content_type,
    self: message.from_uuid === me,
    status: 'success',
    unread,
    ext: message.ext,
  };
}

/**
 * Oldest first by sequence number; messages without one (not yet acked, or refused) last, in the order they were
 * written. Stable, so equal keys keep their order.
 */
export function sortMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages
    .map((message, index) => ({ message, index }))
    .sort((a, b) => (a.message.seq ?? Infinity) - (b.message.seq ?? Infinity) || a.index - b.index)
    .map(({ message }) => message);
}

/** `messages` plus those of `more` whose sign is new, sorted: a message is never held twice. */
export function mergeMessages(messages: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const ids = new Set(messages.map((m) => m.id));
  return sortMessages([...messages, ...more.filter((m) => !ids.has(m.id))]);
}

export function highestSeq(messages: readonly ChatMessage[]): number {
  return messages.reduce((max, m) => Math.max(max, m.seq ?? 0), 0);
}

/**
 * The end of the unbroken run of sequence numbers that starts after `from`: with `from` 5 and messages 6, 7 and 9
 * held, 7. Resuming from it makes the server replay 8 (and 9 again, which the sign de-duplicates).
 */
export function contiguousSeq(messages: readonly ChatMessage[], from: number): number {
  const held = new Set(messages.map((m) => m.seq));
  let seq = from;
  while (held.has(seq + 1)) seq++;
  return seq;
}

/** Messages from the peer after `seq` that the viewer has not read. */
export function unreadAfter(messages: readonly ChatMessage[], seq: number): number {
  return messages.filter((m) => !m.self && m.unread && (m.seq ?? 0) > seq).length;
}

/** Marks the peer's newest `count` messages unread and the rest read (the server's count, on a reload). */
export function markNewestUnread(messages: readonly ChatMessage[], count: number): ChatMessage[] {
  let left = count;
  const marked = [...messages].reverse().map((m) => {
    if (m.self) return m;
    const unread = left > 0;
    if (unread) left--;
    return m.unread === unread ? m : { ...m, unread };
  });
  return marked.reverse();
}

/** Marks the peer's messages up to `seq` read. */
export function markReadUpTo(messages: readonly ChatMessage[], seq: number): ChatMessage[] {
  return messages.map((m) => (!m.self && m.unread && m.seq !== null && m.seq <= seq ? { ...m, unread: false } : m));
}

/** When the conversation last moved: its newest message, for ordering the contact list. */
export function lastActivity(contact: ChatContact): number {
  return contact.messages.reduce((max, m) => Math.max(max, m.timeStamp), 0);
}

/** A contact the client knows only by its key (a message from a new peer, a conversation opened from a profile). */
export function newContact(uuid: string, partnerUuid?: string, profile?: ChatProfile): ChatContact {
  return {
    uuid,
    avatar: profile?.thumb ?? '',
    username: profile?.username ?? '',
    nickname: profile?.nickname ?? '',
    messages: [],
    loading: false,
    noMore: false,
    isSystem: uuid === SYSTEM_CHAT_UUID,
    unreadcount: 0,
    appends: partnerUuid ? { uuid: partnerUuid } : null,
    isPartner: Boolean(partnerUuid),
  };
}

/** The contact key of a contact list entry. */
export function keyOfEntry(entry: ContactListEntry): string {
  return contactKey(entry.user.uuid, entry.user.appends?.uuid);
}

/** A contact as the contact list describes it, keeping what the client holds of its conversation. */
export function contactFromEntry(entry: ContactListEntry, held: ChatContact | undefined): ChatContact {
  const { user } = entry;
  return {
    uuid: user.uuid,
    avatar: user.thumb,
    username: user.username,
    nickname: user.nickname,
    messages: held?.messages ?? [],
    loading: held?.loading ?? false,
    noMore: held?.noMore ?? false,
    isSystem: user.uuid === SYSTEM_CHAT_UUID,
    unreadcount: held?.unreadcount ?? 0,
    appends: user.appends,
    isPartner: user.isPartner,
  };
}
