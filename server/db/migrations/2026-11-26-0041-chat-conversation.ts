import { type Kysely, sql } from 'kysely';

/**
 * Finding or creating a conversation as one database function (issue 11, the chat benchmark): `chat_conversation`
 * returns the conversation of a pair (direct: user_a < user_b, no profile) or of a member and a profile, creating it
 * with its two member rows when there is none. One round trip instead of two to four (find; insert; find again;
 * insert the members): a socket's first message to a new conversation costs three queries instead of six, which
 * matters when many sockets start at once (PGlite runs one query at a time).
 *
 * Concurrent creators agree: an insert that meets another's row does nothing and waits for it to commit, and the next
 * statement's snapshot (a function's statements each take one, at read committed) sees that row, whose member rows
 * were committed with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function chat_conversation(p_user_a uuid, p_user_b uuid, p_partner uuid) returns chat_conversations
    language plpgsql as $$
    declare
      found_row chat_conversations;
    begin
      for attempt in 1..2 loop
        if p_partner is null then
          select * into found_row from chat_conversations
            where user_a = p_user_a and user_b = p_user_b and partner_uuid is null;
        else
          select * into found_row from chat_conversations where user_a = p_user_a and partner_uuid = p_partner;
        end if;
        if found then
          return found_row;
        end if;
        if attempt = 2 then
          raise exception 'conversation % / % / % vanished after its insert', p_user_a, p_user_b, p_partner;
        end if;
        insert into chat_conversations (user_a, user_b, partner_uuid) values (p_user_a, p_user_b, p_partner)
          on conflict do nothing
          returning * into found_row;
        if found then
          insert into chat_members (conversation_id, user_uuid) values (found_row.id, p_user_a), (found_row.id, p_user_b)
            on conflict do nothing;
          return found_row;
        end if;
      end loop;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists chat_conversation(uuid, uuid, uuid)`.execute(db);
}
