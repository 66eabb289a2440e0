import { type Kysely, sql } from 'kysely';
import { up as createChatAppend } from './2026-11-26-0040-chat-append';

/**
 * Storing chat messages one by one or several in one call (issue 11, the chat benchmark's tail).
 *
 * `chat_store` stores one message as `chat_append` did (block check, the conversation's next sequence number under its
 * row's lock, the message, the sender's read position) and returns one row: the `outcome` ('stored', 'duplicate',
 * 'blocked' or 'gone') and the stored message (for a duplicate, its first copy; nothing for 'blocked' and 'gone').
 * `chat_append_batch` takes a JSON array of messages, each with its index `k`, stores each with `chat_store` in array
 * order, and returns their rows with `k`.
 *
 * The server sends a message alone (`chat_store`, a prepared statement on PostgreSQL), or, for the messages that
 * arrived while earlier calls were running, together (server/chat/append-batcher.ts): a call's fixed cost (a round
 * trip, PGlite's per-query work, a commit) is then paid once per batch instead of once per message, so a burst drains
 * instead of queueing.
 *
 * A resend (same conversation, sender and sign) must not fail the others of its batch, so it is not left to break
 * `chat_messages_sign_key` as in `chat_append`: the insert does nothing on that conflict, and the number it took is
 * given back (this transaction holds the conversation row's lock since its update, so no other sender took one since),
 * with the conversation's last activity put back to that of its last stored message.
 *
 * Several messages lock several conversation rows in one transaction: the server sends them ordered by conversation,
 * so two batches always lock in the same order and cannot deadlock.
 *
 * They replace `chat_append`, which is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function chat_store(p_conversation bigint, p_from uuid, p_peer uuid, p_sign text, p_content text, p_type text, p_at timestamptz)
    returns table (
      outcome text,
      id bigint, conversation_id bigint, seq integer, sign text, from_uuid uuid, content text, content_type text, created_at timestamptz
    )
    language plpgsql as $$
    #variable_conflict use_column
    declare
      next_seq integer;
      stored chat_messages;
    begin
      if p_peer is not null and exists (
        select 1 from chat_blocks
        where (blocker_uuid = p_from and blocked_uuid = p_peer) or (blocker_uuid = p_peer and blocked_uuid = p_from)
      ) then
        outcome := 'blocked';
        return next;
        return;
      end if;
      update chat_conversations set last_seq = last_seq + 1, last_message_at = p_at
        where chat_conversations.id = p_conversation
        returning last_seq into next_seq;
      if not found then
        outcome := 'gone';
        return next;
        return;
      end if;
      insert into chat_messages (conversation_id, seq, sign, from_uuid, content, content_type, created_at)
        values (p_conversation, next_seq, p_sign, p_from, p_content, p_type, p_at)
        on conflict (conversation_id, from_uuid, sign) do nothing
        returning * into stored;
      if stored.id is not null then
        update chat_members set read_seq = next_seq where chat_members.conversation_id = p_conversation and user_uuid = p_from;
        outcome := 'stored';
      else
        update chat_conversations c set last_seq = next_seq - 1,
          last_message_at = (select m.created_at from chat_messages m where m.conversation_id = p_conversation and m.seq = next_seq - 1)
          where c.id = p_conversation;
        select * into stored from chat_messages m where m.conversation_id = p_conversation and m.from_uuid = p_from and m.sign = p_sign;
        outcome := 'duplicate';
      end if;
      id := stored.id;
      conversation_id := stored.conversation_id;
      seq := stored.seq;
      sign := stored.sign;
      from_uuid := stored.from_uuid;
      content := stored.content;
      content_type := stored.content_type;
      created_at := stored.created_at;
      return next;
    end
    $$`.execute(db);
  await sql`
    create function chat_append_batch(p_batch jsonb)
    returns table (
      k integer, outcome text,
      id bigint, conversation_id bigint, seq integer, sign text, from_uuid uuid, content text, content_type text, created_at timestamptz
    )
    language plpgsql as $$
    declare
      item record;
    begin
      for item in
        select * from jsonb_to_recordset(p_batch) as x(k integer, c bigint, f uuid, p uuid, s text, t text, y text, at timestamptz)
      loop
        return query select item.k, stored.* from chat_store(item.c, item.f, item.p, item.s, item.t, item.y, item.at) stored;
      end loop;
    end
    $$`.execute(db);
  await sql`drop function chat_append(bigint, uuid, uuid, text, text, text, timestamptz)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists chat_append_batch(jsonb)`.execute(db);
  await sql`drop function if exists chat_store(bigint, uuid, uuid, text, text, text, timestamptz)`.execute(db);
  await createChatAppend(db);
}
