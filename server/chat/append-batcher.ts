import { CompiledQuery, type Kysely } from 'kysely';
import type { ChatContentType } from '@/contract/feature-enums';
import { parallelismOf } from '../db/database';
import type { ChatMessageRow, Database } from '../db/schema';
import { chatStoreChannel, type ChatStoreTiming } from './chat-timing';

/**
 * Group commit for chat messages (issue 11): a message is stored by the database function `chat_store`, and the
 * messages that arrive while maxInFlight calls are running wait and go together in the next call, to
 * `chat_append_batch` (migration 2026-11-26-0050). At a low rate nothing waits (each message is a call of its own, sent at once); in a burst
 * a call's fixed cost (a round trip, PGlite's per-query work, a commit) is paid once per batch, so the queue drains
 * instead of growing. Each message keeps its own outcome; nothing about one message depends on another of its batch.
 *
 * A batch is one statement, so one transaction: a message is stored with its batch or not at all, and no message is
 * answered before its batch committed. A batch that fails as a whole (a fault of the database, not of a message) is
 * retried message by message, so a single bad message fails alone.
 */

/**
 * Calls running at once per database handle; the rest of the messages wait for the next call. On PGlite (one query at
 * a time) a second call is queued on its thread while the first runs, so the thread never waits for the next one; on
 * PostgreSQL up to half the pool's connections (the other half serves everything else), so one slow call does not
 * hold up the messages of other conversations.
 */
export function maxInFlight(db: Kysely<Database>): number {
  return Math.max(2, Math.floor(parallelismOf(db) / 2));
}
/** Messages per call at most (a burst larger than this goes in several calls). */
const MAX_BATCH = 64;

export interface PendingMessage {
  conversationId: string;
  sign: string;
  fromUuid: string;
  content: string;
  contentType: ChatContentType;
  /** The other account, for the block check; null: no check (the system contact's welcome, the demo seed). */
  peer: string | null;
  at: Date;
}

export type AppendOutcome =
  | { outcome: 'stored'; message: ChatMessageRow }
  | { outcome: 'duplicate'; message: ChatMessageRow }
  | { outcome: 'blocked' }
  | { outcome: 'gone' };

interface Waiting {
  item: PendingMessage;
  /** performance.now() when it was handed to the batcher. */
  queuedAt: number;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

type BatchRow = { k: number; outcome: AppendOutcome['outcome'] } & { [K in keyof ChatMessageRow]: ChatMessageRow[K] | null };

/** What a batcher did: database calls made and messages they carried (the mean batch is their ratio). */
export interface BatchStats {
  calls: number;
  messages: number;
}

class AppendBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  /** Conversations with a message in a running call. */
  private readonly running = new Set<string>();
  private readonly limit: number;
  readonly stats: BatchStats = { calls: 0, messages: 0 };

  constructor(private readonly db: Kysely<Database>) {
    this.limit = maxInFlight(db);
  }

  append(item: PendingMessage): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, queuedAt: performance.now(), resolve, reject });
      this.pump();
    });
  }

  /**
   * Starts calls while fewer than `limit` run. A message waits while its conversation is in a running call, so
   * one conversation's messages are numbered in the order they arrived here (a call's messages are stored in order).
   */
  private pump(): void {
    while (this.inFlight < this.limit && this.queue.length > 0) {
      const batch: Waiting[] = [];
      const rest: Waiting[] = [];
      for (const waiting of this.queue) {
        if (batch.length < MAX_BATCH && !this.running.has(waiting.item.conversationId)) batch.push(waiting);
        else rest.push(waiting);
      }
      if (batch.length === 0) return;
      this.queue = rest;
      const conversations = new Set(batch.map((waiting) => waiting.item.conversationId));
      for (const id of conversations) this.running.add(id);
      this.inFlight++;
      void this.run(batch).finally(() => {
        for (const id of conversations) this.running.delete(id);
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    this.stats.calls++;
    this.stats.messages += batch.length;
    const startedAt = performance.now();
    try {
      const outcomes = await storeBatch(this.db, batch.map((waiting) => waiting.item));
      if (chatStoreChannel.hasSubscribers) {
        const callMs = performance.now() - startedAt;
        for (const waiting of batch) chatStoreChannel.publish({ queuedMs: startedAt - waiting.queuedAt, callMs, batch: batch.length } satisfies ChatStoreTiming);
      }
      batch.forEach((waiting, index) => waiting.resolve(outcomes[index]));
    } catch (error) {
      if (batch.length === 1) return batch[0].reject(error);
      // One by one, in order: a message that fails again fails alone.
      for (const waiting of batch) {
        this.stats.calls++;
        await storeBatch(this.db, [waiting.item]).then(([outcome]) => waiting.resolve(outcome), waiting.reject);
      }
    }
  }
}

/**
 * The two statements, as text: every message runs one of them, and building them with Kysely's `sql` tag parsed and
 * compiled the template on every call. Prepared statements on PostgreSQL (the `prepared:` mark, database.ts).
 */
const STORE_ONE = '/* prepared:chat_store */ select 0 as k, * from chat_store($1, $2, $3, $4, $5, $6, $7)';
const STORE_BATCH = '/* prepared:chat_append_batch */ select * from chat_append_batch($1::jsonb)';

/**
 * Stores `items` in one call: one message with `chat_store`, several with `chat_append_batch` in the order of their
 * conversations (a stable sort: one conversation's messages keep their order), so concurrent batches lock conversation
 * rows in the same order. Outcomes come back in `items` order.
 */
async function storeBatch(db: Kysely<Database>, items: readonly PendingMessage[]): Promise<AppendOutcome[]> {
  let rows: BatchRow[];
  if (items.length === 1) {
    // Alone: the single-message function with plain parameters (a prepared statement on PostgreSQL), no JSON.
    const [item] = items;
    ({ rows } = await db.executeQuery(CompiledQuery.raw(STORE_ONE, [item.conversationId, item.fromUuid, item.peer, item.sign, item.content, item.contentType, item.at]) as CompiledQuery<BatchRow>));
  } else {
    const order = items.map((_, index) => index);
    order.sort((a, b) => compareIds(items[a].conversationId, items[b].conversationId) || a - b);
    const payload = JSON.stringify(
      order.map((index) => {
        const item = items[index];
        return { k: index, c: item.conversationId, f: item.fromUuid, p: item.peer, s: item.sign, t: item.content, y: item.contentType, at: item.at.toISOString() };
      }),
    );
    ({ rows } = await db.executeQuery(CompiledQuery.raw(STORE_BATCH, [payload]) as CompiledQuery<BatchRow>));
  }
  const outcomes: (AppendOutcome | undefined)[] = new Array(items.length);
  for (const row of rows) {
    const { k, outcome, ...message } = row;
    outcomes[k] = outcome === 'stored' || outcome === 'duplicate' ? { outcome, message: message as ChatMessageRow } : { outcome };
  }
  return outcomes.map((outcome, index) => {
    if (!outcome) throw new Error(`the chat store gave no outcome for message ${index}`);
    return outcome;
  });
}

/** Two bigint ids (decimal strings, as both drivers give them here), compared as numbers. */
function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

const batchers = new WeakMap<Kysely<Database>, AppendBatcher>();

function batcherOf(db: Kysely<Database>): AppendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new AppendBatcher(db)));
  return batcher;
}

/** Stores one message through the batcher of `db` (one per database handle, or per connection or transaction given). */
export function appendThroughBatch(db: Kysely<Database>, item: PendingMessage): Promise<AppendOutcome> {
  return batcherOf(db).append(item);
}

/** The calls and messages of `db`'s batcher so far (a copy). */
export function batchStats(db: Kysely<Database>): BatchStats {
  return { ...batcherOf(db).stats };
}
