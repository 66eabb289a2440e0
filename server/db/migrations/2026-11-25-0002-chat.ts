import { type Kysely, sql } from 'kysely';

/** The system contact's uuid (src/contract/calls/chat.ts SYSTEM_CHAT_UUID); kept literal so the migration never changes. */
const SYSTEM_UUID = '00000000-0000-4000-8000-000000000001';

/**
 * Chat (issue 11, DESIGN sections 4 and 8).
 *
 * - A conversation is direct (two users, stored with user_a < user_b) or a partner conversation (user_a the member,
 *   user_b the profile's owner, partner_uuid the profile). `last_seq` is the conversation's message counter: a new
 *   message takes `last_seq + 1` under the row's lock, so numbers are consecutive and never reused.
 * - `chat_members.read_seq` is how far each side has read; unread = the other side's messages after it. Counted, never
 *   kept as a counter, so it cannot drift.
 * - A message is stored once per (conversation, sender, sign): the client's sign de-duplicates resends.
 * - The system user (the system contact) cannot log in: its password hash is no hash, and its name is not a name a
 *   person can register.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .insertInto('users')
    .values({
      uuid: SYSTEM_UUID,
      username: '~system',
      username_key: '~system',
      email: 'system@venuely.invalid',
      email_key: 'system@venuely.invalid',
      email_validation: true,
      password_hash: '!',
      nickname: 'Venuely',
    })
    .onConflict((oc) => oc.column('uuid').doNothing())
    .execute();

  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_a', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('user_b', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('partner_uuid', 'uuid', (c) => c.references('partners.uuid').onDelete('cascade'))
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_message_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_conversations_pair_check', sql`user_a <> user_b and (partner_uuid is not null or user_a < user_b)`)
    .addCheckConstraint('chat_conversations_seq_check', sql`last_seq >= 0`)
    .execute();
  await sql`create unique index chat_conversations_direct_key on chat_conversations (user_a, user_b) where partner_uuid is null`.execute(db);
  await sql`create unique index chat_conversations_partner_key on chat_conversations (user_a, partner_uuid) where partner_uuid is not null`.execute(db);

  await db.schema
    .createTable('chat_members')
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('read_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_members_pk', ['conversation_id', 'user_uuid'])
    .execute();
  await db.schema.createIndex('chat_members_user').on('chat_members').columns(['user_uuid', 'conversation_id']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'bigint', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sign', 'text', (c) => c.notNull())
    .addColumn('from_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('chat_messages_type_check', sql`content_type in ('text', 'photos', 'unlock')`)
    .addCheckConstraint('chat_messages_seq_check', sql`seq >= 1`)
    .addUniqueConstraint('chat_messages_seq_key', ['conversation_id', 'seq'])
    .addUniqueConstraint('chat_messages_sign_key', ['conversation_id', 'from_uuid', 'sign'])
    .execute();

  await db.schema
    .createTable('chat_blocks')
    .addColumn('blocker_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('blocked_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_blocks_pk', ['blocker_uuid', 'blocked_uuid'])
    .execute();

  await db.schema
    .createTable('chat_unlocks')
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('partner_uuid', 'uuid', (c) => c.notNull().references('partners.uuid').onDelete('cascade'))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('spent', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('chat_unlocks_pk', ['user_uuid', 'partner_uuid'])
    .execute();

  await db.schema
    .createTable('chat_uploads')
    .addColumn('image', 'text', (c) => c.primaryKey())
    .addColumn('owner_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chat_uploads', 'chat_unlocks', 'chat_blocks', 'chat_messages', 'chat_members', 'chat_conversations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.deleteFrom('users').where('uuid', '=', SYSTEM_UUID).execute();
}
