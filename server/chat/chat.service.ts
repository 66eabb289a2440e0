import type { Kysely } from 'kysely';
import { type HistoryItem, type IncomingMessage, type OutgoingMessage, UNLOCK_CONTENT } from '@/contract/calls/chat';
import type { Locale } from '@/contract/enums';
import type { PublicUser } from '@/contract/shapes';
import { chosenNickname } from '../account/public-face';
import { isForeignKeyViolation } from '../db/errors';
import type { ChatConversationRow, ChatMessageRow, Database } from '../db/schema';
import type { MessageKey } from '../i18n';
import {
  type AppendResult,
  appendUnlessBlocked,
  blockBetween,
  type ConversationRef,
  directConversation,
  ensureConversation,
  findConversation,
  isSystemUser,
  isUnlocked,
  ownsUpload,
  peerOf,
  type ResolvedConversation,
  resolveConversation,
  senderAs,
} from './chat.repository';
import { contentFor } from './notices';

/** A conversation row as the repository's reference. */
export function refOf(row: ChatConversationRow): ConversationRef {
  return { userA: row.user_a, userB: row.user_b, partnerUuid: row.partner_uuid };
}

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);

/**
 * A stored message as `viewer` sees it in history; `need_send`: the other side has not read it yet. The system
 * contact's notices are put into words in `locale` (notices.ts).
 */
export function historyItemOf(conversation: ChatConversationRow, row: ChatMessageRow, viewer: string, peerReadSeq: number, locale: Locale): HistoryItem {
  const ref = refOf(conversation);
  return {
    id: Number(row.id),
    seq: row.seq,
    sign: row.sign,
    created_at: seconds(row.created_at),
    content: contentFor(row, locale),
    content_type: row.content_type,
    need_send: row.from_uuid === viewer && row.seq > peerReadSeq,
    ext: ref.partnerUuid ? { partner_uuid: ref.partnerUuid } : null,
    from_uuid: senderAs(ref, row.from_uuid, viewer),
  };
}

/**
 * A stored message as pushed to `viewer`'s socket. `to_id` is the viewer's own uuid, except on the echo of the
 * viewer's own message (another tab or device), where it names the peer, so the client files it under the right
 * contact either way: peer = from_uuid === me ? to_id : from_uuid. The system contact's notices are put into words
 * in `locale` (the viewer's account's language on the socket; notices.ts).
 */
export function incomingOf(
  conversation: ConversationRef,
  row: Pick<ChatMessageRow, 'seq' | 'sign' | 'from_uuid' | 'content' | 'content_type'> & { created_at: Date | string },
  viewer: string,
  locale: Locale,
): IncomingMessage {
  return {
    sign: row.sign,
    seq: row.seq,
    from_uuid: senderAs(conversation, row.from_uuid, viewer),
    to_id: row.from_uuid === viewer ? peerOf(conversation, viewer) : viewer,
    timestamp: seconds(row.created_at),
    content: contentFor(row, locale),
    content_type: row.content_type,
    ext: conversation.partnerUuid ? { partner_uuid: conversation.partnerUuid } : null,
  };
}

export interface SendVerdict {
  canSend: boolean;
  /** Why not, when not. */
  reason: MessageKey | null;
  isBlock: boolean;
  isUnlocked: boolean;
}

/**
 * Whether `conversation.viewer` may write in it now (DESIGN section 7): never to or as the system contact; not when
 * either side blocked the other (the blocks that count in this conversation: blockBetween); a member only to a
 * published, unlocked profile; an owner only in a conversation the member started.
 */
export async function sendVerdict(db: Kysely<Database>, conversation: ResolvedConversation): Promise<SendVerdict> {
  const blocks = await blockBetween(db, conversation.viewer, conversation.otherUser, conversation);
  const partner = conversation.partner;
  const unlocked = partner && !conversation.viewerIsOwner ? await isUnlocked(db, conversation.viewer, partner.uuid) : true;
  const verdict = (reason: MessageKey | null): SendVerdict => ({ canSend: reason === null, reason, isBlock: blocks.aBlockedB, isUnlocked: unlocked });
  if (isReadOnly(conversation)) return verdict('chat.systemReadOnly');
  const blocked = blockReason(blocks);
  if (blocked) return verdict(blocked);
  if (partner && !conversation.viewerIsOwner) {
    if (!partner.published) return verdict('listing.notFound');
    if (!unlocked) return verdict('chat.locked');
  }
  if (partner && conversation.viewerIsOwner && !(await findConversation(db, conversation))) return verdict('chat.peerNotFound');
  return verdict(null);
}

/** A conversation with the system contact: nobody writes in it (its welcome is stored by the server). */
function isReadOnly(conversation: ResolvedConversation): boolean {
  return isSystemUser(conversation.otherUser) || isSystemUser(conversation.viewer);
}

function blockReason(blocks: { aBlockedB: boolean; bBlockedA: boolean }): MessageKey | null {
  if (blocks.aBlockedB) return 'chat.youBlocked';
  if (blocks.bBlockedA) return 'chat.blocked';
  return null;
}

export type SendOutcome = { ok: true; result: AppendResult; conversation: ResolvedConversation } | { ok: false; reason: MessageKey };

/**
 * A socket's memory of the conversations it wrote to: who the peer is and the conversation's row, so a stream of
 * messages costs one round trip each in a direct conversation (the insert, which checks blocks itself) and two in a
 * partner conversation (its permission check first), not nine. Blocks and unlocks are still checked on every
 * message. A partner conversation is resolved again after CONVERSATION_CACHE_MS, so a profile hidden by moderation
 * stops taking messages within it; a direct one is kept while the socket lives (nothing in it can change but blocks
 * and the accounts' existence, and an append into a conversation gone with an account forgets it). Resolving every
 * socket's conversations again every few seconds made load spikes: on PGlite, a queue of a few hundred milliseconds
 * every ten seconds at 1 000 messages per second.
 */
export type ConversationCache = Map<string, { conversation: ResolvedConversation; row: ChatConversationRow; at: number }>;
const CONVERSATION_CACHE_MS = 10_000;
const CONVERSATION_CACHE_MAX = 200;

/** Checks and stores one outgoing message from `sender` (the socket's chat/chat route and the demo seed). */
export async function sendMessage(db: Kysely<Database>, sender: string, message: OutgoingMessage, now = new Date(), cache?: ConversationCache): Promise<SendOutcome> {
  const cacheKey = `${message.to_uuid}|${message.ext.partner_uuid ?? ''}`;
  const cached = cache?.get(cacheKey);
  const hit = cached !== undefined && (cached.conversation.partner === null || now.getTime() - cached.at < CONVERSATION_CACHE_MS);
  let conversation: ResolvedConversation;
  let row: ChatConversationRow | undefined;
  if (hit) {
    ({ conversation, row } = cached);
  } else if (!message.ext.partner_uuid) {
    // A socket's first message to someone: nothing is looked up yet; once the message passed every check below, the
    // conversation is found or created in one call, where a peer that is no account breaks the foreign key.
    const direct = directConversation(sender, message.to_uuid);
    if (typeof direct === 'string') return { ok: false, reason: direct };
    conversation = direct;
  } else {
    const resolved = await resolveConversation(db, sender, message.to_uuid, message.ext.partner_uuid);
    if (typeof resolved === 'string') return { ok: false, reason: resolved };
    conversation = resolved;
  }
  // A direct conversation's only stored condition is a block, which the append checks in its own statement (one
  // round trip per message); a partner conversation's unlock and visibility are checked first, as its status shows.
  if (conversation.partner) {
    const verdict = await sendVerdict(db, conversation);
    if (!verdict.canSend) return { ok: false, reason: verdict.reason! };
  } else if (isReadOnly(conversation)) {
    return { ok: false, reason: 'chat.systemReadOnly' };
  }
  if (message.msgType === 'unlock' && (!conversation.partner || conversation.viewerIsOwner || message.content !== UNLOCK_CONTENT)) {
    return { ok: false, reason: 'chat.unlockInvalid' };
  }
  if (message.msgType === 'photos' && !(await ownsUpload(db, message.content, sender))) return { ok: false, reason: 'chat.photoInvalid' };
  if (!hit && !conversation.partner) {
    try {
      row = await ensureConversation(db, conversation);
    } catch (error) {
      if (isForeignKeyViolation(error)) return { ok: false, reason: 'chat.peerNotFound' };
      throw error;
    }
  }
  const input = { sign: message.sign, fromUuid: sender, content: message.content, contentType: message.msgType };
  const result = await appendUnlessBlocked(db, conversation, input, conversation.otherUser, now, row);
  if (result === 'gone') {
    // Deleted with an account or a profile since this socket resolved it: resolved afresh, which says why.
    cache?.delete(cacheKey);
    if (!hit) throw new Error('a conversation just resolved is gone');
    return sendMessage(db, sender, message, now, cache);
  }
  if (result === 'blocked') return { ok: false, reason: blockReason(await blockBetween(db, sender, conversation.otherUser, conversation)) ?? 'chat.blocked' };
  if (cache) {
    if (cache.size >= CONVERSATION_CACHE_MAX) cache.clear();
    cache.set(cacheKey, { conversation, row: result.conversation, at: hit ? cached.at : now.getTime() });
  }
  return { ok: true, result, conversation };
}

/** What a member sees of another account in chat: the chosen nickname and the picture (the system contact's name is its own). */
export function publicUserOf(user: { uuid: string; username: string; nickname: string; thumb: string }): PublicUser {
  return { uuid: user.uuid, username: '', nickname: isSystemUser(user.uuid) ? user.nickname : chosenNickname(user), thumb: user.thumb };
}

/** The public faces of the given accounts and partner profiles, by uuid. */
export async function publicFaces(db: Kysely<Database>, userUuids: string[], partnerUuids: string[]): Promise<Map<string, PublicUser>> {
  const faces = new Map<string, PublicUser>();
  if (userUuids.length > 0) {
    const users = await db.selectFrom('users').select(['uuid', 'username', 'nickname', 'thumb']).where('uuid', 'in', [...new Set(userUuids)]).execute();
    for (const u of users) faces.set(u.uuid, publicUserOf(u));
  }
  if (partnerUuids.length > 0) {
    const partners = await db.selectFrom('partners').select(['uuid', 'nickname', 'cover']).where('uuid', 'in', [...new Set(partnerUuids)]).execute();
    for (const p of partners) faces.set(p.uuid, { uuid: p.uuid, username: '', nickname: p.nickname, thumb: p.cover?.thumb ?? '' });
  }
  return faces;
}
