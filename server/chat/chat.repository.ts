import { type Kysely, sql, type Transaction } from 'kysely';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import type { ChatContentType } from '@/contract/feature-enums';
import type { ChatConversationRow, ChatMessageRow, Database } from '../db/schema';
import { appendThroughBatch } from './append-batcher';

/**
 * Chat storage (issue 11, DESIGN section 8). Conversations number their messages 1, 2, 3, … under the conversation
 * row's lock, so a sequence number is never skipped or reused and the client can resume from the last one it holds.
 * A resent message (same sender, same sign) is stored once and answered with its first sequence number.
 */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A conversation as one of its two members names it. `peerUuid` is the other side as this viewer sees it: the other
 * user, or the partner profile's uuid when the viewer is the member of a partner conversation (the member never
 * learns the account behind a profile).
 */
export interface ConversationRef {
  /** The member (partner conversation) or the smaller uuid of the pair (direct). */
  userA: string;
  /** The profile's owner (partner conversation) or the larger uuid (direct). */
  userB: string;
  partnerUuid: string | null;
}

export type ResolveFailure = 'chat.peerNotFound' | 'listing.notFound';

export interface ResolvedConversation extends ConversationRef {
  viewer: string;
  /** The real account on the other side. */
  otherUser: string;
  /** The other side as the viewer names it (see ConversationRef). */
  peerUuid: string;
  /** The viewer writes as the partner profile's owner. */
  viewerIsOwner: boolean;
  partner: { uuid: string; ownerUuid: string; published: boolean; unlockPrice: number; nickname: string; thumb: string } | null;
}

/** The other side of a conversation as `viewer` names it. */
export function peerOf(conversation: ConversationRef, viewer: string): string {
  if (conversation.partnerUuid) return viewer === conversation.userB ? conversation.userA : conversation.partnerUuid;
  return viewer === conversation.userA ? conversation.userB : conversation.userA;
}

/** The sender of a message as `viewer` names it: a partner owner's messages come from the profile for the member. */
export function senderAs(conversation: ConversationRef, fromUuid: string, viewer: string): string {
  if (conversation.partnerUuid && fromUuid === conversation.userB && viewer !== conversation.userB) return conversation.partnerUuid;
  return fromUuid;
}

/**
 * Resolves `peer` (+ `partnerUuid`) named by `viewer` to a conversation: direct with another existing user, or a
 * partner conversation, where the member names the profile and the owner names the member.
 */
export async function resolveConversation(db: Db, viewer: string, peer: string, partnerUuid?: string | null): Promise<ResolvedConversation | ResolveFailure> {
  if (!partnerUuid) {
    const direct = directConversation(viewer, peer);
    if (typeof direct === 'string') return direct;
    const other = await db.selectFrom('users').select('uuid').where('uuid', '=', peer).executeTakeFirst();
    return other ? direct : 'chat.peerNotFound';
  }
  const row = await db
    .selectFrom('partners')
    .select(['uuid', 'owner_uuid', 'status', 'visible', 'unlock_price', 'nickname', 'cover'])
    .where('uuid', '=', partnerUuid)
    .executeTakeFirst();
  if (!row) return 'listing.notFound';
  const partner = {
    uuid: row.uuid,
    ownerUuid: row.owner_uuid,
    published: row.status === 'published' && row.visible,
    unlockPrice: row.unlock_price,
    nickname: row.nickname,
    thumb: row.cover?.thumb ?? '',
  };
  if (row.owner_uuid === viewer) {
    if (peer === viewer) return 'chat.peerNotFound';
    const member = await db.selectFrom('users').select('uuid').where('uuid', '=', peer).executeTakeFirst();
    if (!member) return 'chat.peerNotFound';
    return { userA: peer, userB: viewer, partnerUuid, viewer, otherUser: peer, peerUuid: peer, viewerIsOwner: true, partner };
  }
  // The member names the profile; a profile the viewer may not see is "not found" like everywhere else.
  if (peer !== partnerUuid || !partner.published) return 'listing.notFound';
  return { userA: viewer, userB: row.owner_uuid, partnerUuid, viewer, otherUser: row.owner_uuid, peerUuid: partnerUuid, viewerIsOwner: false, partner };
}

/**
 * The direct conversation of `viewer` with `peer`, as far as it follows from the two uuids alone: whether `peer` is an
 * account is not checked here (resolveConversation looks it up; a send lets the conversation's foreign key tell).
 */
export function directConversation(viewer: string, peer: string): ResolvedConversation | 'chat.peerNotFound' {
  if (peer === viewer) return 'chat.peerNotFound';
  const [userA, userB] = viewer < peer ? [viewer, peer] : [peer, viewer];
  return { userA, userB, partnerUuid: null, viewer, otherUser: peer, peerUuid: peer, viewerIsOwner: false, partner: null };
}

function whereConversation(ref: ConversationRef) {
  return ref.partnerUuid
    ? sql<boolean>`user_a = ${ref.userA} and partner_uuid = ${ref.partnerUuid}`
    : sql<boolean>`user_a = ${ref.userA} and user_b = ${ref.userB} and partner_uuid is null`;
}

export async function findConversation(db: Db, ref: ConversationRef): Promise<ChatConversationRow | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where(whereConversation(ref)).executeTakeFirst();
}

/**
 * The conversation, created with its two member rows when it does not exist yet (concurrent creators agree): one call
 * of the database function `chat_conversation` (migration 2026-11-26-0041).
 */
export async function ensureConversation(db: Db, ref: ConversationRef): Promise<ChatConversationRow> {
  const { rows } = await sql<ChatConversationRow>`select * from chat_conversation(${ref.userA}, ${ref.userB}, ${ref.partnerUuid})`.execute(db);
  const row = rows[0];
  if (!row?.id) throw new Error('chat_conversation returned no conversation');
  return row;
}

export interface NewMessage {
  sign: string;
  fromUuid: string;
  content: string;
  contentType: ChatContentType;
}

export interface AppendResult {
  conversation: ChatConversationRow;
  message: ChatMessageRow;
  /** The sign was already stored: nothing was written, the first copy is answered. */
  duplicate: boolean;
}

/**
 * Stores a message with the conversation's next sequence number, through the append batcher (append-batcher.ts,
 * database functions `chat_store` and `chat_append_batch`): the counter row's update takes its lock, so concurrent senders are
 * serialised and numbers stay consecutive; the message and the writer's read position are written with it. A resend
 * (same conversation, sender and sign) writes nothing, and the first copy is answered.
 */
export async function appendMessage(
  db: Kysely<Database>,
  ref: ConversationRef,
  input: NewMessage,
  now = new Date(),
  known?: ChatConversationRow,
): Promise<AppendResult> {
  const result = await appendUnlessBlocked(db, ref, input, null, now, known);
  if (result === 'blocked') throw new Error('no block was checked, yet the message was refused');
  if (result === 'gone') throw new Error(`conversation ${ref.userA}/${ref.userB} vanished`);
  return result;
}

/**
 * Like appendMessage, but refuses (writes nothing, answers 'blocked') when `input.fromUuid` and `peer` have a block
 * between them, checked in the same statement as the write, so a block made meanwhile cannot let a message through.
 * `peer` null: no check (the system contact's welcome, the demo seed). 'gone': the `known` conversation no longer
 * exists (deleted with an account or a profile); nothing was written.
 */
export async function appendUnlessBlocked(
  db: Kysely<Database>,
  ref: ConversationRef,
  input: NewMessage,
  peer: string | null,
  now = new Date(),
  known?: ChatConversationRow,
): Promise<AppendResult | 'blocked' | 'gone'> {
  const conversation = known ?? (await ensureConversation(db, ref));
  const stored = await appendThroughBatch(db, { conversationId: conversation.id, ...input, peer, at: now });
  if (stored.outcome === 'blocked' || stored.outcome === 'gone') return stored.outcome;
  if (stored.outcome === 'duplicate') return { conversation, message: stored.message, duplicate: true };
  return { conversation: { ...conversation, last_seq: stored.message.seq, last_message_at: now }, message: stored.message, duplicate: false };
}

/** One page of a conversation, page 1 the newest; messages in sequence order within the page. */
export async function historyPage(db: Db, conversationId: string, page: number, limit: number): Promise<{ list: ChatMessageRow[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .orderBy('seq', 'desc')
    .limit(limit + 1)
    .offset((page - 1) * limit)
    .execute();
  return { list: rows.slice(0, limit).reverse(), hasMore: rows.length > limit };
}

/** Messages after `seq`, in order, at most `max` (+1 so the caller can tell that more are missing). */
export async function messagesAfter(db: Db, conversationId: string, seq: number, max: number): Promise<ChatMessageRow[]> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', seq)
    .orderBy('seq', 'asc')
    .limit(max + 1)
    .execute();
}

/** The reader's unread messages: the other side's messages after the reader's read position. */
export async function unreadCount(db: Db, conversationId: string, reader: string): Promise<{ unread: number; readSeq: number; peerReadSeq: number }> {
  const members = await db.selectFrom('chat_members').select(['user_uuid', 'read_seq']).where('conversation_id', '=', conversationId).execute();
  const readSeq = members.find((m) => m.user_uuid === reader)?.read_seq ?? 0;
  const peerReadSeq = members.find((m) => m.user_uuid !== reader)?.read_seq ?? 0;
  const { count } = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('conversation_id', '=', conversationId)
    .where('seq', '>', readSeq)
    .where('from_uuid', '<>', reader)
    .executeTakeFirstOrThrow();
  return { unread: Number(count), readSeq, peerReadSeq };
}

/** Moves the reader's position forward to `seq` (clamped to the last message); never backwards. */
export async function markRead(db: Db, conversation: ChatConversationRow, reader: string, seq: number): Promise<void> {
  const target = Math.min(seq, conversation.last_seq);
  await db
    .updateTable('chat_members')
    .set({ read_seq: target })
    .where('conversation_id', '=', conversation.id)
    .where('user_uuid', '=', reader)
    .where('read_seq', '<', target)
    .execute();
}

export interface ContactRow {
  conversation: ChatConversationRow;
  last: ChatMessageRow | null;
  unread: number;
  peerReadSeq: number;
}

/** The user's conversations with their latest message and unread count, latest activity first. */
export async function contactRows(db: Db, user: string, max: number): Promise<ContactRow[]> {
  const rows = await db
    .selectFrom('chat_members as me')
    .innerJoin('chat_conversations as c', 'c.id', 'me.conversation_id')
    .innerJoin('chat_members as other', (join) => join.onRef('other.conversation_id', '=', 'c.id').on('other.user_uuid', '<>', user))
    .leftJoin('chat_messages as m', (join) => join.onRef('m.conversation_id', '=', 'c.id').onRef('m.seq', '=', 'c.last_seq'))
    .select([
      'c.id',
      'c.user_a',
      'c.user_b',
      'c.partner_uuid',
      'c.last_seq',
      'c.last_message_at',
      'c.created_at',
      'other.read_seq as peer_read_seq',
      'm.id as m_id',
      'm.seq as m_seq',
      'm.sign as m_sign',
      'm.from_uuid as m_from_uuid',
      'm.content as m_content',
      'm.content_type as m_content_type',
      'm.created_at as m_created_at',
      (eb) =>
        eb
          .selectFrom('chat_messages as u')
          .select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('u.conversation_id', '=', 'c.id')
          .whereRef('u.seq', '>', 'me.read_seq')
          .where('u.from_uuid', '<>', user)
          .as('unread'),
    ])
    .where('me.user_uuid', '=', user)
    .orderBy(sql`coalesce(c.last_message_at, c.created_at)`, 'desc')
    .orderBy('c.id', 'desc')
    .limit(max)
    .execute();
  return rows.map((r) => ({
    conversation: {
      id: r.id,
      user_a: r.user_a,
      user_b: r.user_b,
      partner_uuid: r.partner_uuid,
      last_seq: r.last_seq,
      last_message_at: r.last_message_at,
      created_at: r.created_at,
    },
    last:
      r.m_id === null
        ? null
        : {
            id: r.m_id,
            conversation_id: r.id,
            seq: r.m_seq!,
            sign: r.m_sign!,
            from_uuid: r.m_from_uuid!,
            content: r.m_content!,
            content_type: r.m_content_type!,
            created_at: r.m_created_at!,
          },
    unread: Number(r.unread ?? 0),
    peerReadSeq: r.peer_read_seq,
  }));
}

/**
 * The blocks between `a` and `b` that count in a conversation (migration 2026-11-27-0010): in a direct one, blocks of
 * the accounts; in a partner conversation, a block of its profile (by the member) and a block of the member's account
 * by the profile's owner, never the member's block of the owner's account (the member does not know, and must not
 * learn, that the account owns the profile). The database function `chat_store` applies the same rule.
 */
export async function blockBetween(db: Db, a: string, b: string, ref: ConversationRef): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await db
    .selectFrom('chat_blocks')
    .select(['blocker_uuid'])
    .where((eb) =>
      eb.and([
        eb.or([
          eb.and([eb('blocker_uuid', '=', a), eb('blocked_uuid', '=', b)]),
          eb.and([eb('blocker_uuid', '=', b), eb('blocked_uuid', '=', a)]),
        ]),
        ref.partnerUuid === null
          ? eb('partner_uuid', 'is', null)
          : eb.or([eb('partner_uuid', '=', ref.partnerUuid), eb.and([eb('partner_uuid', 'is', null), eb('blocker_uuid', '=', ref.userB)])]),
      ]),
    )
    .execute();
  return { aBlockedB: rows.some((r) => r.blocker_uuid === a), bBlockedA: rows.some((r) => r.blocker_uuid === b) };
}

/**
 * Blocks or unblocks: the account `blocked`, or, with `partnerUuid`, that profile of `blocked` (a member's block of a
 * profile, which covers its conversation only).
 */
export async function setBlock(db: Db, blocker: string, blocked: string, block: boolean, partnerUuid: string | null = null): Promise<void> {
  if (block) {
    await db
      .insertInto('chat_blocks')
      .values({ blocker_uuid: blocker, blocked_uuid: blocked, partner_uuid: partnerUuid })
      .onConflict((oc) => oc.doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('chat_blocks')
      .where('blocker_uuid', '=', blocker)
      .where('blocked_uuid', '=', blocked)
      .where('partner_uuid', partnerUuid === null ? 'is' : '=', partnerUuid)
      .execute();
  }
}

/** Whether `blocker` blocked the account `blocked` (partnerUuid null) or that profile of it. */
export async function hasBlocked(db: Db, blocker: string, blocked: string, partnerUuid: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('chat_blocks')
    .select('blocker_uuid')
    .where('blocker_uuid', '=', blocker)
    .where('blocked_uuid', '=', blocked)
    .where('partner_uuid', partnerUuid === null ? 'is' : '=', partnerUuid)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isUnlocked(db: Db, user: string, partnerUuid: string): Promise<boolean> {
  const row = await db.selectFrom('chat_unlocks').select('user_uuid').where('user_uuid', '=', user).where('partner_uuid', '=', partnerUuid).executeTakeFirst();
  return row !== undefined;
}

/** Records an unlock once per (user, partner); returns whether this call recorded it. */
export async function recordUnlock(db: Db, user: string, partnerUuid: string, price: number, spent: number, idempotencyKey: string): Promise<boolean> {
  const inserted = await db
    .insertInto('chat_unlocks')
    .values({ user_uuid: user, partner_uuid: partnerUuid, price, spent, idempotency_key: idempotencyKey })
    .onConflict((oc) => oc.columns(['user_uuid', 'partner_uuid']).doNothing())
    .returning('user_uuid')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function recordUpload(db: Db, image: string, owner: string): Promise<void> {
  await db.insertInto('chat_uploads').values({ image, owner_uuid: owner }).execute();
}

export async function ownsUpload(db: Db, image: string, owner: string): Promise<boolean> {
  const row = await db.selectFrom('chat_uploads').select('image').where('image', '=', image).where('owner_uuid', '=', owner).executeTakeFirst();
  return row !== undefined;
}

export const isSystemUser = (uuid: string) => uuid === SYSTEM_CHAT_UUID;
