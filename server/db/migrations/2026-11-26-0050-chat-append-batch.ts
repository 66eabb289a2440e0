import { type Kysely, sql } from 'kysely';
import { up as createChatAppend } from './2026-11-26-0040-chat-append';

/**
 * Storing several chat messages in one call (issue 11, the chat benchmark's tail): `chat_append_batch` takes a JSON
 * array of messages and stores each as `chat_append` does (block check, the conversation's next sequence number
 * under its row's lock, the message, the sender's read position), in array order, and returns one row per message:
 * its index `k`, the `outcome` ('stored', 'duplicate', 'blocked' or 'gone') and the stored message (for a duplicate,
 * its first copy; nothing for 'blocked' and 'gone').
 *
 * The server sends the messages that arrived while earlier calls were running together (server/chat/append-batcher.ts):
 * a call's fixed cost (a round trip, PGlite's per-query work, a commit) is then paid once per batch instead of once per
 * message, so a burst drains faster instead of queueing.
 *
 * A resend (same conversation, sender and sign) must not fail the others of its batch, so it is not left to break
 * `chat_messages_sign_key` as in `chat_append`: the insert does nothing on that conflict, and the number it took is
 * given back (this transaction holds the conversation row's lock since its update, so no other sender took one since),
 * with the conversation's last activity put back to that of its last stored message.
 *
 * Several messages lock several conversation rows in one transaction: the server sends them ordered by conversation,
 * so two batches always lock in the same order and cannot deadlock.
 *
 * It replaces `chat_append`, which is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function chat_append_batch(p_batch jsonb)
    returns table (
      k integer, outcome text,
      id bigint, conversation_id bigint, seq integer, sign text, from_uuid uuid, content text, content_type text, created_at timestamptz
    )
    language plpgsql as $$
    #variable_conflict use_column
    declare
      item record;
      next_seq integer;
      stored chat_messages;
    begin
      for item in
        select * from jsonb_to_recordset(p_batch) as x(k integer, c bigint, f uuid, p uuid, s text, t text, y text, at timestamptz)
      loop
        k := item.k;
        stored := null;
        if item.p is not null and exists (
          select 1 from chat_blocks
          where (blocker_uuid = item.f and blocked_uuid = item.p) or (blocker_uuid = item.p and blocked_uuid = item.f)
        ) then
          outcome := 'blocked';
        else
          update chat_conversations set last_seq = last_seq + 1, last_message_at = item.at
            where chat_conversations.id = item.c
            returning last_seq into next_seq;
          if not found then
            outcome := 'gone';
          else
            insert into chat_messages (conversation_id, seq, sign, from_uuid, content, content_type, created_at)
              values (item.c, next_seq, item.s, item.f, item.t, item.y, item.at)
              on conflict (conversation_id, from_uuid, sign) do nothing
              returning * into stored;
            if stored.id is not null then
              update chat_members set read_seq = next_seq where chat_members.conversation_id = item.c and user_uuid = item.f;
              outcome := 'stored';
            else
              update chat_conversations c set last_seq = next_seq - 1,
                last_message_at = (select m.created_at from chat_messages m where m.conversation_id = item.c and m.seq = next_seq - 1)
                where c.id = item.c;
              select * into stored from chat_messages m where m.conversation_id = item.c and m.from_uuid = item.f and m.sign = item.s;
              outcome := 'duplicate';
            end if;
          end if;
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
      end loop;
    end
    $$`.execute(db);
  await sql`drop function chat_append(bigint, uuid, uuid, text, text, text, timestamptz)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists chat_append_batch(jsonb)`.execute(db);
  await createChatAppend(db);
}
