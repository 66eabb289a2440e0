import { type Kysely, sql } from 'kysely';

/**
 * Blocks remember what the blocker named (issue 29: a block revealed who owns a profile). `chat_blocks.partner_uuid`
 * is the profile a member blocked, null for a block of an account. A profile's block covers that profile's
 * conversation with the member only (and its unlock): never the owner's account or their other profiles, whose status
 * would otherwise tell the member which account owns the profile. An account's block covers the direct conversation,
 * and the partner conversations where the blocker owns the profile; not those where the blocker is the member (the
 * member does not know, and must not learn, that the account owns the profile they talk to).
 *
 * `chat_store` checks blocks by that rule, in the statement that stores the message as before.
 *
 * Blocks made before this migration were all stored as blocks of the account. Those made through a profile cannot be
 * told apart, so each keeps covering what it covered: an account's block stays, and a block by a member of the owner
 * of a profile they have a conversation with is copied for that profile, so the conversation stays blocked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_blocks').dropConstraint('chat_blocks_pk').execute();
  await db.schema
    .alterTable('chat_blocks')
    .addColumn('partner_uuid', 'uuid', (c) => c.references('partners.uuid').onDelete('cascade'))
    .execute();
  await sql`create unique index chat_blocks_account_key on chat_blocks (blocker_uuid, blocked_uuid) where partner_uuid is null`.execute(db);
  await sql`create unique index chat_blocks_partner_key on chat_blocks (blocker_uuid, partner_uuid) where partner_uuid is not null`.execute(db);
  await sql`create index chat_blocks_blocked_idx on chat_blocks (blocked_uuid, blocker_uuid)`.execute(db);
  await sql`
    insert into chat_blocks (blocker_uuid, blocked_uuid, partner_uuid, created_at)
    select b.blocker_uuid, b.blocked_uuid, c.partner_uuid, b.created_at
    from chat_blocks b
    join chat_conversations c on c.user_a = b.blocker_uuid and c.user_b = b.blocked_uuid and c.partner_uuid is not null
    where b.partner_uuid is null
    on conflict do nothing`.execute(db);
  await sql`
    create or replace function chat_store(p_conversation bigint, p_from uuid, p_peer uuid, p_sign text, p_content text, p_type text, p_at timestamptz)
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
        select 1 from chat_blocks b join chat_conversations c on c.id = p_conversation
        where ((b.blocker_uuid = p_from and b.blocked_uuid = p_peer) or (b.blocker_uuid = p_peer and b.blocked_uuid = p_from))
          and case
            when c.partner_uuid is null then b.partner_uuid is null
            else b.partner_uuid = c.partner_uuid or (b.partner_uuid is null and b.blocker_uuid = c.user_b)
          end
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
}

/** Back to blocks of accounts: a profile's block becomes a block of its owner's account (what it was before). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    insert into chat_blocks (blocker_uuid, blocked_uuid, created_at)
    select distinct on (blocker_uuid, blocked_uuid) blocker_uuid, blocked_uuid, created_at
    from chat_blocks where partner_uuid is not null
    order by blocker_uuid, blocked_uuid, created_at
    on conflict do nothing`.execute(db);
  await sql`delete from chat_blocks where partner_uuid is not null`.execute(db);
  await sql`drop index chat_blocks_blocked_idx`.execute(db);
  await sql`drop index chat_blocks_partner_key`.execute(db);
  await sql`drop index chat_blocks_account_key`.execute(db);
  await db.schema.alterTable('chat_blocks').dropColumn('partner_uuid').execute();
  await db.schema.alterTable('chat_blocks').addPrimaryKeyConstraint('chat_blocks_pk', ['blocker_uuid', 'blocked_uuid']).execute();
  await sql`
    create or replace function chat_store(p_conversation bigint, p_from uuid, p_peer uuid, p_sign text, p_content text, p_type text, p_at timestamptz)
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
}
