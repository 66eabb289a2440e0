import type { ChatEvent } from './chat-bus';

/**
 * A message whose predecessor this socket has not got yet waits at most this long for it (two senders' messages
 * can be published in the other order than they were numbered), then goes out anyway; the client reloads the
 * conversation if the gap is still there. Only for a gap of at most REORDER_MAX_GAP seqs after a known position.
 */
export const REORDER_WINDOW_MS = 100;
export const REORDER_MAX_GAP = 16;

export const conversationKey = (c: ChatEvent['conversation']) => `${c.userA}|${c.userB}|${c.partnerUuid ?? ''}`;

/**
 * The seqs of one conversation a socket's client holds: every seq up to `floor`, and the ones in `above` (pushed),
 * and the ones in `acked` (the client's own messages, whose ack carried their seq; their push, the echo, is still
 * to come). Messages of one conversation can be published out of order (two senders on two database connections or
 * two processes commit in one order and publish in the other), so "the highest seq sent" would drop the late one:
 * each seq is tracked.
 */
export class SentSeqs {
  private floor = 0;
  private readonly above = new Set<number>();
  private readonly acked = new Set<number>();

  /** Whether the socket was pushed `seq` (or holds it from its resume point): it is not pushed again. */
  has(seq: number): boolean {
    return seq <= this.floor || this.above.has(seq);
  }

  /** Whether the client holds nothing of the conversation that this socket knows of. */
  get isEmpty(): boolean {
    return this.floor === 0 && this.above.size === 0 && this.acked.size === 0;
  }

  /**
   * Whether `seq` should wait for the ones before it: the client holds an earlier seq of this conversation, but not
   * every seq between that one and `seq`, and at most `maxGap` are missing (a longer gap is a resync's business,
   * not a reordering's). A client holding nothing earlier (its first message of the conversation) never waits.
   */
  awaitsPredecessor(seq: number, maxGap: number): boolean {
    let below = this.floor;
    for (const s of this.above) if (s < seq && s > below) below = s;
    for (const s of this.acked) if (s < seq && s > below) below = s;
    const missing = seq - below - 1;
    return below > 0 && missing >= 1 && missing <= maxGap;
  }

  /** Records a pushed `seq`; false when the socket has it already. */
  add(seq: number): boolean {
    if (seq <= this.floor || this.above.has(seq)) return false;
    this.above.add(seq);
    this.acked.delete(seq);
    while (this.above.delete(this.floor + 1)) this.floor += 1;
    // A seq this socket will never get (published before it subscribed) must not make the set grow for ever.
    if (this.above.size > 512) {
      const keep = Math.max(...this.above) - 256;
      for (const s of this.above) if (s <= keep) this.above.delete(s);
      this.floor = Math.max(this.floor, keep);
    }
    return true;
  }

  /** The client was acked its own message `seq`: it holds it, and its echo is still pushed (other tabs need it too). */
  ack(seq: number): void {
    if (this.has(seq)) return;
    this.acked.add(seq);
    // An echo that never comes (a bus outage) must not make the set grow for ever.
    if (this.acked.size > 64) this.acked.delete(Math.min(...this.acked));
  }

  /** The client holds every seq up to `seq` (its resume point, or the replay it was sent). */
  holdUpTo(seq: number): void {
    if (seq <= this.floor) return;
    this.floor = seq;
    for (const s of this.above) if (s <= seq) this.above.delete(s);
    for (const s of this.acked) if (s <= seq) this.acked.delete(s);
    while (this.above.delete(this.floor + 1)) this.floor += 1;
  }
}

/**
 * The order in which one socket is pushed the live messages of its conversations (docs/chat-protocol.md, "Order"):
 * - before the resume replay has gone out, live messages are held, then pushed after it, in seq order;
 * - a message is pushed once (the replay, the echo of an own message and a late publish can all carry it);
 * - a message whose predecessor the client does not hold yet waits for it, at most REORDER_WINDOW_MS;
 * - while the socket's own message is being stored, messages of conversations the client holds nothing of wait for
 *   its ack: the peer's reply can be numbered just after it and published before the ack is sent, and a client that
 *   got the reply first would see a gap (and reload the conversation) where there is none.
 * No I/O of its own: `push` sends a frame.
 */
export class PushOrder {
  private initialized = false;
  /** Live events that arrived before the resume replay went out. */
  private held: ChatEvent[] = [];
  private readonly sent = new Map<string, SentSeqs>();
  /** Per conversation key, live messages waiting (REORDER_WINDOW_MS at most). */
  private readonly waiting = new Map<string, { events: ChatEvent[]; timer: NodeJS.Timeout }>();
  /** The socket's own messages being stored (its frames are handled one at a time: 0 or 1). */
  private appending = 0;

  constructor(
    private readonly push: (event: ChatEvent) => void,
    private readonly windowMs = REORDER_WINDOW_MS,
  ) {}

  /** What the client holds of one conversation. */
  seqsOf(key: string): SentSeqs {
    let seqs = this.sent.get(key);
    if (!seqs) this.sent.set(key, (seqs = new SentSeqs()));
    return seqs;
  }

  /** A live message for this socket, from the bus. */
  deliver(event: ChatEvent): void {
    if (!this.initialized) {
      this.held.push(event);
      return;
    }
    const key = conversationKey(event.conversation);
    const seqs = this.seqsOf(key);
    const { seq } = event.message;
    if (seqs.has(seq)) return;
    if (this.mustWait(seqs, seq)) {
      let waiting = this.waiting.get(key);
      if (!waiting) {
        waiting = { events: [], timer: setTimeout(() => this.release(key, true), this.windowMs) };
        this.waiting.set(key, waiting);
      }
      if (!waiting.events.some((e) => e.message.seq === seq)) waiting.events.push(event);
      return;
    }
    this.pushOnce(seqs, event);
    this.release(key, false);
  }

  /** The resume replay has gone out (or will never come): the held live messages follow, in order. */
  finishInit(): void {
    if (this.initialized) return;
    this.initialized = true;
    const held = this.held.sort((a, b) => a.message.seq - b.message.seq);
    this.held = [];
    for (const event of held) this.deliver(event);
  }

  /** The socket's own message is about to be stored. */
  beginAppend(): void {
    this.appending += 1;
  }

  /** The socket's own message was stored as `acked` (its ack sent) or refused (undefined); what waited for it goes out. */
  endAppend(acked?: { key: string; seq: number }): void {
    this.appending -= 1;
    if (acked) this.seqsOf(acked.key).ack(acked.seq);
    for (const key of [...this.waiting.keys()]) this.release(key, false);
  }

  /** The socket closed: no timer is left behind. */
  close(): void {
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    this.held = [];
  }

  private mustWait(seqs: SentSeqs, seq: number): boolean {
    return seqs.awaitsPredecessor(seq, REORDER_MAX_GAP) || (this.appending > 0 && seqs.isEmpty);
  }

  private pushOnce(seqs: SentSeqs, event: ChatEvent): void {
    if (seqs.add(event.message.seq)) this.push(event);
  }

  /** Pushes, in order, the waiting messages of a conversation that need not wait any more; at the window's end (`all`), every one. */
  private release(key: string, all: boolean): void {
    const waiting = this.waiting.get(key);
    if (!waiting) return;
    const seqs = this.seqsOf(key);
    waiting.events.sort((a, b) => a.message.seq - b.message.seq);
    while (waiting.events.length > 0 && (all || !this.mustWait(seqs, waiting.events[0].message.seq))) this.pushOnce(seqs, waiting.events.shift()!);
    if (waiting.events.length === 0) {
      clearTimeout(waiting.timer);
      this.waiting.delete(key);
    }
  }
}
