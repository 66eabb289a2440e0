import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from './chat-bus';
import { conversationKey, PushOrder, REORDER_WINDOW_MS, SentSeqs } from './push-order';

describe('SentSeqs: what a socket has of one conversation', () => {
  it('takes seqs in any order once each: a late lower seq is not mistaken for a duplicate', () => {
    const seqs = new SentSeqs();
    expect([1, 3, 2, 3, 2, 1, 4].map((s) => seqs.add(s))).toEqual([true, true, true, false, false, false, true]);
  });

  it('after a resume point, everything up to it is held and only later seqs are new', () => {
    const seqs = new SentSeqs();
    seqs.add(9);
    seqs.holdUpTo(7);
    expect([5, 7, 8, 9, 10].map((s) => seqs.add(s))).toEqual([false, false, true, false, true]);
  });

  it('stays bounded when a seq never comes', () => {
    const seqs = new SentSeqs();
    for (let s = 2; s <= 5_000; s++) expect(seqs.add(s)).toBe(true);
    expect(seqs.add(4_999)).toBe(false);
    expect(seqs.add(5_001)).toBe(true);
    expect((seqs as unknown as { above: Set<number> }).above.size).toBeLessThanOrEqual(513);
  });

  it('knows when a seq should wait for the ones before it: a short gap after a seq the socket has', () => {
    const seqs = new SentSeqs();
    // Nothing earlier: the first message of a conversation never waits.
    expect(seqs.awaitsPredecessor(40, 16)).toBe(false);
    seqs.add(40);
    expect(seqs.awaitsPredecessor(41, 16)).toBe(false);
    expect(seqs.awaitsPredecessor(42, 16)).toBe(true);
    expect(seqs.awaitsPredecessor(57, 16)).toBe(true);
    // Seventeen missing: a resync's business.
    expect(seqs.awaitsPredecessor(58, 16)).toBe(false);
    // Older than anything the socket has: history it never had, nothing to wait for.
    expect(seqs.awaitsPredecessor(39, 16)).toBe(false);
    seqs.holdUpTo(45);
    expect(seqs.awaitsPredecessor(46, 16)).toBe(false);
    expect(seqs.awaitsPredecessor(48, 16)).toBe(true);
  });
});

describe('PushOrder: the order one socket gets its live messages in', () => {
  const ana = 'a0000000-0000-4000-8000-000000000001';
  const ben = 'b0000000-0000-4000-8000-000000000002';
  const cleo = 'c0000000-0000-4000-8000-000000000003';
  const withBen = { userA: ana, userB: ben, partnerUuid: null };
  const withCleo = { userA: ana, userB: cleo, partnerUuid: null };
  const event = (conversation: ChatEvent['conversation'], seq: number, from = ben): ChatEvent => ({
    conversation,
    message: { seq, sign: `s${seq}`, from_uuid: from, content: `m${seq}`, content_type: 'text', created_at: '2026-11-26T12:00:00.000Z' },
  });

  function anasSocket() {
    const pushed: string[] = [];
    const order = new PushOrder((e) => pushed.push(`${e.conversation.userB === ben ? 'ben' : 'cleo'}:${e.message.seq}`));
    order.finishInit();
    return { order, pushed };
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('the reply to an own first message, published before its ack, goes out after the ack: no gap for the client', () => {
    const { order, pushed } = anasSocket();
    // Ana's first message of the conversation is being stored as seq 1; Ben's reply is stored as 2 and published first.
    order.beginAppend();
    order.deliver(event(withBen, 2));
    expect(pushed).toEqual([]);
    // The ack of seq 1 is sent: the client holds 1, so 2 follows at once, and the echo of 1 after it.
    order.endAppend({ key: conversationKey(withBen), seq: 1 });
    expect(pushed).toEqual(['ben:2']);
    order.deliver(event(withBen, 1, ana));
    order.deliver(event(withBen, 2));
    expect(pushed).toEqual(['ben:2', 'ben:1']);
  });

  it('a message two ahead of an acked seq waits for the one between', () => {
    const { order, pushed } = anasSocket();
    order.beginAppend();
    order.endAppend({ key: conversationKey(withBen), seq: 5 });
    order.deliver(event(withBen, 7));
    expect(pushed).toEqual([]);
    order.deliver(event(withBen, 6));
    expect(pushed).toEqual(['ben:6', 'ben:7']);
  });

  it('a refused own message releases what waited for it; other conversations are held only while it is stored', () => {
    const { order, pushed } = anasSocket();
    order.beginAppend();
    order.deliver(event(withCleo, 3, cleo));
    expect(pushed).toEqual([]);
    order.endAppend();
    expect(pushed).toEqual(['cleo:3']);
    // With nothing being stored, a conversation's first push never waits.
    order.deliver(event(withBen, 9));
    expect(pushed).toEqual(['cleo:3', 'ben:9']);
  });

  it('waits no longer than the window, then pushes in seq order', () => {
    const { order, pushed } = anasSocket();
    order.beginAppend();
    order.deliver(event(withBen, 4));
    order.deliver(event(withBen, 3));
    vi.advanceTimersByTime(REORDER_WINDOW_MS - 1);
    expect(pushed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(pushed).toEqual(['ben:3', 'ben:4']);
    // The append ends after the window: nothing is pushed twice.
    order.endAppend({ key: conversationKey(withBen), seq: 2 });
    expect(pushed).toEqual(['ben:3', 'ben:4']);
  });

  it('before the resume replay, live messages are held, then pushed in order, each once', () => {
    const pushed: number[] = [];
    const order = new PushOrder((e) => pushed.push(e.message.seq));
    order.deliver(event(withBen, 12));
    order.deliver(event(withBen, 11));
    order.seqsOf(conversationKey(withBen)).holdUpTo(10);
    expect(pushed).toEqual([]);
    order.finishInit();
    order.deliver(event(withBen, 12));
    expect(pushed).toEqual([11, 12]);
  });
});
