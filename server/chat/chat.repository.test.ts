import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import { type AppendResult, appendMessage, appendUnlessBlocked, type ConversationRef, ensureConversation, setBlock } from './chat.repository';
import { type ConversationCache, sendMessage } from './chat.service';

/**
 * Storing a message (the database function chat_store, migration 2026-11-26-0050): consecutive sequence numbers,
 * one row per sign, the sender's read position moved with it, and nothing at all written across a block.
 */

const text = (fromUuid: string, content: string, sign: string = randomUUID()) => ({ sign, fromUuid, content, contentType: 'text' as const });
/** The stored seq, or why nothing was stored. */
const seqOf = (result: AppendResult | 'blocked' | 'gone') => (typeof result === 'string' ? result : result.message.seq);

describe.each(DATABASE_KINDS)('chat messages stored on %s', (kind) => {
  let database: DatabaseHandle;
  let ana: string;
  let ben: string;
  let ref: ConversationRef;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    [ana, ben] = await insertTestUsers(database.db, 2);
    ref = { userA: ana, userB: ben, partnerUuid: null };
  });
  afterAll(async () => {
    await database?.close();
  });

  const stored = (conversationId: string) =>
    database.db.selectFrom('chat_messages').select(['seq', 'sign', 'content']).where('conversation_id', '=', conversationId).orderBy('seq').execute();
  const state = async (conversationId: string) => ({
    lastSeq: (await database.db.selectFrom('chat_conversations').select('last_seq').where('id', '=', conversationId).executeTakeFirstOrThrow()).last_seq,
    readSeqs: Object.fromEntries(
      (await database.db.selectFrom('chat_members').select(['user_uuid', 'read_seq']).where('conversation_id', '=', conversationId).execute()).map((r) => [r.user_uuid, r.read_seq]),
    ),
  });

  it('numbers messages 1, 2, 3 and moves the sender’s read position; a resent sign is answered with its first copy', async () => {
    const conversation = await ensureConversation(database.db, ref);
    const first = await appendMessage(database.db, ref, text(ana, 'hello', 'sign-1'));
    const second = await appendUnlessBlocked(database.db, ref, text(ben, 'hi'), ana);
    const again = await appendMessage(database.db, ref, text(ana, 'hello (resent)', 'sign-1'));
    const third = await appendUnlessBlocked(database.db, ref, text(ana, 'how are you?'), ben);
    expect([first, second, again, third].map((r) => (typeof r === 'string' ? r : [r.message.seq, r.duplicate]))).toEqual([
      [1, false],
      [2, false],
      [1, true],
      [3, false],
    ]);
    expect((await stored(conversation.id)).map((m) => [m.seq, m.content])).toEqual([
      [1, 'hello'],
      [2, 'hi'],
      [3, 'how are you?'],
    ]);
    expect(await state(conversation.id)).toEqual({ lastSeq: 3, readSeqs: { [ana]: 3, [ben]: 2 } });
  });

  it('writes nothing between users either of whom blocked the other, and again once unblocked', async () => {
    const [cleo, dan] = await insertTestUsers(database.db, 2);
    const pair = { userA: cleo, userB: dan, partnerUuid: null };
    const conversation = await ensureConversation(database.db, pair);
    await appendUnlessBlocked(database.db, pair, text(cleo, 'one'), dan);
    const before = await state(conversation.id);

    await setBlock(database.db, dan, cleo, true);
    expect(await appendUnlessBlocked(database.db, pair, text(cleo, 'two'), dan)).toBe('blocked');
    expect(await appendUnlessBlocked(database.db, pair, text(dan, 'bye'), cleo)).toBe('blocked');
    expect(await state(conversation.id)).toEqual(before);
    expect((await stored(conversation.id)).map((m) => m.content)).toEqual(['one']);

    await setBlock(database.db, dan, cleo, false);
    expect(seqOf(await appendUnlessBlocked(database.db, pair, text(cleo, 'three'), dan))).toBe(2);
  });

  it('concurrent first messages of a new conversation create it once, with its two members', async () => {
    const [ivy, jon] = await insertTestUsers(database.db, 2);
    const pair = { userA: ivy, userB: jon, partnerUuid: null };
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => appendUnlessBlocked(database.db, pair, text(i % 2 ? jon : ivy, `m${i}`), i % 2 ? ivy : jon)));
    expect(results.map(seqOf).sort()).toEqual(Array.from({ length: 12 }, (_, i) => i + 1).sort());
    const conversations = await database.db.selectFrom('chat_conversations').select('id').where('user_a', '=', ivy).execute();
    expect(conversations).toHaveLength(1);
    const members = await database.db.selectFrom('chat_members').select('user_uuid').where('conversation_id', '=', conversations[0].id).execute();
    expect(members.map((m) => m.user_uuid).sort()).toEqual([ivy, jon]);
  });

  it('concurrent senders get consecutive, distinct numbers', async () => {
    const [eve, fay] = await insertTestUsers(database.db, 2);
    const pair = { userA: eve, userB: fay, partnerUuid: null };
    const conversation = await ensureConversation(database.db, pair);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => appendUnlessBlocked(database.db, pair, text(i % 2 ? fay : eve, `m${i}`), i % 2 ? eve : fay, new Date(), conversation)),
    );
    const seqs = results.map(seqOf).sort();
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1).sort());
    expect((await state(conversation.id)).lastSeq).toBe(20);
  });

  it('a conversation gone with an account takes nothing; a socket that had it cached is told the peer is gone', async () => {
    const [gus, hal] = await insertTestUsers(database.db, 2);
    const pair = { userA: gus, userB: hal, partnerUuid: null };
    const cache: ConversationCache = new Map();
    const send = (content: string) => sendMessage(database.db, gus, { to_uuid: hal, type: 'friend', msgType: 'text', content, microtime: Date.now() * 1000, sign: randomUUID(), ext: {} }, new Date(), cache);
    const first = await send('hello');
    expect(first.ok && first.result.message.seq).toBe(1);
    expect(cache.size).toBe(1);
    const row = await ensureConversation(database.db, pair);

    await database.db.deleteFrom('users').where('uuid', '=', hal).execute();
    expect(await appendUnlessBlocked(database.db, pair, text(gus, 'anyone?'), hal, new Date(), row)).toBe('gone');
    expect(await send('anyone?')).toEqual({ ok: false, reason: 'chat.peerNotFound' });
    expect(cache.size).toBe(0);
    expect(await database.db.selectFrom('chat_messages').select('id').where('from_uuid', '=', gus).execute()).toEqual([]);
  });
});

describe('chat messages stored on PostgreSQL, as a prepared statement', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('the append is prepared on its connection and reused, and a duplicate on it still answers the first copy', async () => {
    const [cleo, dan] = await insertTestUsers(database.db, 2);
    const pair: ConversationRef = { userA: cleo < dan ? cleo : dan, userB: cleo < dan ? dan : cleo, partnerUuid: null };
    await database.db.connection().execute(async (connection) => {
      /** This connection's prepared statements, with how often each was planned (once per execution). */
      const prepared = async () =>
        (
          await sql<{ name: string; statement: string; plans: string }>`
            select name, statement, (generic_plans + custom_plans)::text as plans from pg_prepared_statements order by name`.execute(connection)
        ).rows;
      const plansBefore = Number((await prepared()).find((row) => row.name === 'chat_store')?.plans ?? 0);
      const first = await appendUnlessBlocked(connection, pair, text(cleo, 'one', 'sign-p'), dan);
      const again = await appendUnlessBlocked(connection, pair, text(cleo, 'one again', 'sign-p'), dan);
      const second = await appendUnlessBlocked(connection, pair, text(dan, 'two'), cleo);
      expect([first, again, second].map((r) => (typeof r === 'string' ? r : [r.message.seq, r.message.content, r.duplicate]))).toEqual([
        [1, 'one', false],
        [1, 'one', true],
        [2, 'two', false],
      ]);
      // One statement, run three times; nothing else on this path is prepared (the conversation, the duplicate's read).
      const after = await prepared();
      expect(after.map((row) => [row.name, row.statement.includes('from chat_store(')])).toEqual([['chat_store', true]]);
      expect(Number(after[0].plans) - plansBefore).toBe(3);
    });
  });
});
