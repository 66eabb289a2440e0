import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import { type AppendOutcome, appendThroughBatch, batchStats, maxInFlight, type PendingMessage } from './append-batcher';
import { ensureConversation, setBlock } from './chat.repository';
import type { ChatStoreTiming } from './chat-timing';

/**
 * Group commit of chat messages (append-batcher.ts, chat_append_batch): messages sent at once go in fewer database
 * calls, yet each gets exactly what a call of its own would have given it.
 */

/** A short form of an outcome: the stored seq and content, or why nothing was stored. */
const shortly = (outcome: AppendOutcome) =>
  outcome.outcome === 'stored' || outcome.outcome === 'duplicate' ? [outcome.outcome, outcome.message.seq, outcome.message.content] : [outcome.outcome];

describe.each(DATABASE_KINDS)('chat messages stored in batches on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const conversationState = (id: string) =>
    database.db.selectFrom('chat_conversations').select(['last_seq', 'last_message_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const storedSigns = (id: string) =>
    database.db.selectFrom('chat_messages').select(['seq', 'sign', 'from_uuid']).where('conversation_id', '=', id).orderBy('seq').execute();

  it('a burst over several conversations takes fewer calls than messages; each message is numbered as if sent alone', async () => {
    const users = await insertTestUsers(database.db, 6);
    const pairs = [0, 2, 4].map((i) => ({ userA: users[i], userB: users[i + 1], partnerUuid: null }));
    const conversations = await Promise.all(pairs.map((pair) => ensureConversation(database.db, pair)));
    const before = batchStats(database.db);
    // 20 rounds, each sender of each conversation once: 120 messages, all sent before any is answered.
    const sent: { conversation: number; item: PendingMessage }[] = [];
    for (let round = 0; round < 20; round++) {
      conversations.forEach((conversation, c) => {
        for (const side of [0, 1]) {
          const from = side === 0 ? pairs[c].userA : pairs[c].userB;
          const peer = side === 0 ? pairs[c].userB : pairs[c].userA;
          sent.push({ conversation: c, item: { conversationId: conversation.id, sign: `r${round}s${side}`, fromUuid: from, content: `round ${round} side ${side}`, contentType: 'text', peer, at: new Date() } });
        }
      });
    }
    const outcomes = await Promise.all(sent.map(({ item }) => appendThroughBatch(database.db, item)));
    const after = batchStats(database.db);

    expect(after.messages - before.messages).toBe(120);
    // The first message of a conversation goes at once; the rest wait for a running call and go together.
    expect(after.calls - before.calls).toBeLessThanOrEqual(8);
    expect(outcomes.every((outcome) => outcome.outcome === 'stored')).toBe(true);
    for (const [c, conversation] of conversations.entries()) {
      // Numbered 1..40 without a gap, in the order they were sent (one conversation's messages keep their order).
      const mine = sent.flatMap(({ conversation: of, item }, index) => (of === c ? [[shortly(outcomes[index])[1], item.sign]] : []));
      expect(mine).toEqual(mine.map(([, sign], index) => [index + 1, sign]));
      expect((await storedSigns(conversation.id)).map((row) => [row.seq, row.sign])).toEqual(mine);
      expect((await conversationState(conversation.id)).last_seq).toBe(40);
      const reads = await database.db.selectFrom('chat_members').select(['user_uuid', 'read_seq']).where('conversation_id', '=', conversation.id).orderBy('user_uuid').execute();
      expect(reads.map((row) => row.read_seq)).toEqual([39, 40]); // side 0 sent the 39th, side 1 the 40th
    }
  });

  it('in one batch: a resend answers its first copy and gives its number back, a blocked pair and a vanished conversation write nothing', async () => {
    const [ana, ben, cleo, dan, eve, fay, ...others] = await insertTestUsers(database.db, 6 + 2 * maxInFlight(database.db));
    const open = await ensureConversation(database.db, { userA: ana, userB: ben, partnerUuid: null });
    const blocked = await ensureConversation(database.db, { userA: cleo, userB: dan, partnerUuid: null });
    const doomed = await ensureConversation(database.db, { userA: eve, userB: fay, partnerUuid: null });
    await setBlock(database.db, dan, cleo, true);
    await database.db.deleteFrom('chat_conversations').where('id', '=', doomed.id).execute();
    const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s));
    const message = (conversationId: string, fromUuid: string, peer: string, sign: string, content: string, s: number): PendingMessage => ({
      conversationId, sign, fromUuid, content, contentType: 'text', peer, at: at(s),
    });
    // Keep every call slot busy (with other conversations), so that the next six go together in one call.
    const busyConversations = await Promise.all(
      Array.from({ length: maxInFlight(database.db) }, (_, i) => ensureConversation(database.db, { userA: others[2 * i], userB: others[2 * i + 1], partnerUuid: null })),
    );
    const busy = busyConversations.map((busyOne, i) => appendThroughBatch(database.db, message(busyOne.id, others[2 * i], others[2 * i + 1], 'busy', 'busy', 1)));
    const callsBefore = batchStats(database.db).calls;
    const together = [
      message(open.id, ana, ben, 'hello', 'hello', 2),
      message(blocked.id, cleo, dan, 'blocked-1', 'let me in', 3),
      message(open.id, ana, ben, 'hello', 'hello again (resent)', 4),
      message(doomed.id, eve, fay, 'gone-1', 'anyone?', 5),
      message(open.id, ben, ana, 'reply', 'hi ana', 6),
      message(open.id, ana, ben, 'reply', 'same sign, other sender', 7),
    ].map((item) => appendThroughBatch(database.db, item));
    await Promise.all(busy);
    const outcomes = await Promise.all(together);
    expect(batchStats(database.db).calls - callsBefore).toBe(1);

    const first = 1;
    expect(outcomes.map(shortly)).toEqual([
      ['stored', first, 'hello'],
      ['blocked'],
      ['duplicate', first, 'hello'],
      ['gone'],
      ['stored', first + 1, 'hi ana'],
      ['stored', first + 2, 'same sign, other sender'],
    ]);
    expect((await storedSigns(open.id)).map((row) => row.seq)).toEqual(Array.from({ length: first + 2 }, (_, i) => i + 1));
    expect(await conversationState(open.id)).toEqual({ last_seq: first + 2, last_message_at: at(7) });
    expect(await storedSigns(blocked.id)).toEqual([]);
    expect((await conversationState(blocked.id)).last_seq).toBe(0);
  });

  it('a resend as the last message of a batch puts the conversation’s last activity back to its last stored message', async () => {
    const [ana, ben] = await insertTestUsers(database.db, 2);
    const conversation = await ensureConversation(database.db, { userA: ana, userB: ben, partnerUuid: null });
    const sentAt = new Date(Date.UTC(2026, 10, 26, 9, 0, 0));
    await appendThroughBatch(database.db, { conversationId: conversation.id, sign: 'only', fromUuid: ana, content: 'only one', contentType: 'text', peer: ben, at: sentAt });
    const again = await appendThroughBatch(database.db, { conversationId: conversation.id, sign: 'only', fromUuid: ana, content: 'resent later', contentType: 'text', peer: ben, at: new Date(Date.UTC(2026, 10, 26, 10, 0, 0)) });
    expect(shortly(again)).toEqual(['duplicate', 1, 'only one']);
    expect(await conversationState(conversation.id)).toEqual({ last_seq: 1, last_message_at: sentAt });
  });

  it('a message the database refuses fails alone: the rest of its batch is stored', async () => {
    const [ana, ben] = await insertTestUsers(database.db, 2);
    const conversation = await ensureConversation(database.db, { userA: ana, userB: ben, partnerUuid: null });
    const item = (sign: string, contentType: string): PendingMessage => ({
      conversationId: conversation.id, sign, fromUuid: ana, content: sign, contentType: contentType as 'text', peer: ben, at: new Date(),
    });
    const callsBefore = batchStats(database.db).calls;
    // While the first message of the conversation is stored, the next three wait for it and then go together.
    const busy = appendThroughBatch(database.db, item('first', 'text'));
    const results = await Promise.allSettled([item('a', 'text'), item('bad', 'no such type'), item('b', 'text')].map((m) => appendThroughBatch(database.db, m)));
    await busy;
    expect(results.map((result) => (result.status === 'fulfilled' ? shortly(result.value) : 'refused'))).toEqual([['stored', 2, 'a'], 'refused', ['stored', 3, 'b']]);
    // The first alone, the three together (refused as a whole), then each of the three alone.
    expect(batchStats(database.db).calls - callsBefore).toBe(5);
    expect((await storedSigns(conversation.id)).map((row) => [row.seq, row.sign])).toEqual([[1, 'first'], [2, 'a'], [3, 'b']]);
  });
  it('publishes each stored message\'s wait and call on the chat store channel, and nothing while nobody listens', async () => {
    const [ana, ben, cleo, dan] = await insertTestUsers(database.db, 4);
    const first = await ensureConversation(database.db, { userA: ana, userB: ben, partnerUuid: null });
    const second = await ensureConversation(database.db, { userA: cleo, userB: dan, partnerUuid: null });
    const item = (conversationId: string, fromUuid: string, peer: string, sign: string): PendingMessage => ({ conversationId, sign, fromUuid, content: sign, contentType: 'text', peer, at: new Date() });
    const timings: ChatStoreTiming[] = [];
    const listener = (message: unknown) => void timings.push(message as ChatStoreTiming);
    subscribe('venuely:chat:store', listener);
    try {
      // ana's second message waits for her first one's call (one conversation's messages are stored in order).
      await Promise.all([
        appendThroughBatch(database.db, item(first.id, ana, ben, 'one')),
        appendThroughBatch(database.db, item(first.id, ana, ben, 'two')),
        appendThroughBatch(database.db, item(second.id, cleo, dan, 'three')),
      ]);
    } finally {
      unsubscribe('venuely:chat:store', listener);
    }
    expect(timings).toHaveLength(3);
    for (const timing of timings) {
      expect(timing.callMs).toBeGreaterThan(0);
      expect(timing.queuedMs).toBeGreaterThanOrEqual(0);
      expect(timing.batch).toBeGreaterThanOrEqual(1);
    }
    // The one that waited: its wait covers a whole call before it.
    const waited = timings.reduce((most, timing) => (timing.queuedMs > most.queuedMs ? timing : most));
    expect(waited.queuedMs).toBeGreaterThanOrEqual(Math.min(...timings.map((timing) => timing.callMs)) * 0.5);
    await appendThroughBatch(database.db, item(first.id, ben, ana, 'unheard'));
    expect(timings).toHaveLength(3);
  });
});
