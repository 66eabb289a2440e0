import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ROUTES, type IncomingFrame, outgoingFrame } from '@/contract/calls/chat';
import { connectChat, type ChatTestClient } from '../../tests/support/chat-client';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { safeParseUntrusted } from '../api/parse-untrusted';
import { createUser, type TestUser } from '../directory/listing.fixtures';
import { MAX_FRAME_BYTES } from './im.plugin';

/**
 * The chat socket under hostile frames (DESIGN sections 7 and 8): whatever a member's socket sends, every frame gets
 * its answer in order, a frame the protocol refuses is answered `chat.frameInvalid` (with its ack id when it had a
 * readable one) and stores nothing, a message is stored only when it is acked, and the socket keeps answering.
 * The HTTP calls have the same guarantee in server/api/contract.fuzz.test.ts.
 *
 * FUZZ_RUNS (frames) and FUZZ_SEED (fast-check seed) may be set to reproduce or to search harder.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** At most 10 frames a second per socket: each case sends two, so it takes at least this long. */
const CASE_MS = 210;

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -1, 1.5, 2 ** 53, 1e308, '', ' ', '\u0000', '\ud800', 'x\udc00y', '<script>alert(1)</script>',
    "' OR 1=1 --", '__proto__', 'constructor', '00000000-0000-0000-0000-000000000000', '\u202e\u2066', 'self', 'pwa',
    [], [null], {}, JSON.parse('{"__proto__":{"polluted":"yes"}}'), { length: 3 }, { length: { valueOf: [] } }, { toString: 1, valueOf: 2 },
  ),
  // Values whose `length` or conversion JavaScript cannot carry out: zod's length checks threw on them (a chat frame
  // carrying one stopped the connection's later frames).
  fc.constantFrom<unknown>(JSON.parse('{"length":{"toString":"x","valueOf":"y"}}'), JSON.parse('{"length":{"toString":[],"valueOf":{}}}')),
  fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.anything({ maxDepth: 2 }),
);

/** A field of a frame: kept, replaced by a hostile value, or left out. */
const mutation = fc.oneof({ weight: 6, arbitrary: fc.constant<'keep'>('keep') }, { weight: 2, arbitrary: hostile.map((value) => ({ value })) }, fc.constant<'drop'>('drop'));
/** Changes to a frame's fields: often none, so that valid frames (and stored messages) are generated too. */
const changes = <K extends string>(keys: readonly K[]) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant({} as Partial<Record<K, 'keep' | 'drop' | { value: unknown }>>) },
    { weight: 3, arbitrary: fc.record(Object.fromEntries(keys.map((key) => [key, mutation])) as Record<K, typeof mutation>) },
  );

function mutate(base: Record<string, unknown>, changed: Partial<Record<string, 'keep' | 'drop' | { value: unknown }>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    const change = changed[key] ?? 'keep';
    if (change === 'keep') out[key] = value;
    else if (change !== 'drop') out[key] = change.value;
  }
  return out;
}

describe('chat socket under hostile frames', () => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  let socket: ChatTestClient;
  let chatToken = '';
  const messageCount = async () =>
    Number((await t.database.db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    ana = await createUser(t, api, 'Ana', 1);
    ben = await createUser(t, api, 'Ben', 1);
    const config = (await api.call('home/config', { token: ana.token })).data as { chat_token: string; im_url: string[] };
    chatToken = config.chat_token;
    socket = await connectChat(config.im_url[0], chatToken);
  });
  afterAll(async () => {
    await socket?.close();
    await t?.close();
  });

  it('answers every frame in order, stores a message only when it acks it, and keeps the socket open', async () => {
    let n = 0;
    let stored = 0;
    const frameArb = fc.record({
      route: fc.oneof({ weight: 4, arbitrary: fc.constantFrom<unknown>('chat/chat', ...CHAT_ROUTES) }, hostile),
      header: changes(['via', 'token', 'encrypt', 'ack_id', 'data', 'route'] as const),
      message: changes(['to_uuid', 'type', 'msgType', 'content', 'microtime', 'sign', 'ext'] as const),
      toOther: fc.nat(3).map((k) => k === 0),
      // One frame in eight is a hostile value as a whole (not an object, or an object of nothing expected).
      whole: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, hostile),
    });
    await fc.assert(
      fc.asyncProperty(frameArb, async ({ route, header, message, toOther, whole }) => {
        const started = Date.now();
        n += 1;
        const ackId = `a${n}`;
        const data =
          route === 'chat/chat'
            ? mutate({ to_uuid: toOther ? randomUUID() : ben.uuid, type: 'friend', msgType: 'text', content: `fuzz ${n}`, microtime: Date.now(), sign: randomUUID().replaceAll('-', ''), ext: {} }, message)
            : route === 'chat/initUser'
              ? { resume: [] }
              : {};
        const text = JSON.stringify(whole ?? mutate({ route, via: 'pwa', token: chatToken, encrypt: 'self', data, ack_id: ackId }, header)) ?? 'null';
        // What the server reads (JSON drops undefined, turns -0 into 0 and NaN into null).
        const frame = JSON.parse(text) as unknown;
        const before = await messageCount();
        const first = socket.frames.length;

        socket.socket.send(text);
        // A frame the server always refuses, with an ack id of its own, marks where this case's answers end.
        const sentinel = socket.send('chat/whoami', {}, `s${n}`);
        await socket.waitFor((f) => f.message_type === 'errorMessage' && f.confirmed_ack_id === sentinel, 10_000);
        const answers = socket.frames.slice(first).filter((f) => !(f.message_type === 'errorMessage' && f.confirmed_ack_id === sentinel));
        const replies = answers.filter((f) => f.message_type === 'errorMessage' || f.message_type === 'ackMessage' || f.message_type === 'pong');
        const label = `${text.slice(0, 300)} → ${JSON.stringify(replies).slice(0, 300)}`;
        expect(replies, label).toHaveLength(1);
        const [reply] = replies as (IncomingFrame & { code?: string; confirmed_ack_id?: string; seq?: number })[];

        const after = await messageCount();
        // The ack id a refusal echoes: the frame's own when it is text (an empty one names nothing), cut to 64.
        const readableAck = typeof (frame as { ack_id?: unknown } | null)?.ack_id === 'string' ? (frame as { ack_id: string }).ack_id.slice(0, 64) || undefined : undefined;
        // A frame over the server's limit is refused before it is read.
        const oversize = Buffer.byteLength(text) > MAX_FRAME_BYTES;
        const accepted = !oversize && safeParseUntrusted(outgoingFrame, frame).success && (frame as { token: unknown }).token === chatToken;
        if (oversize) {
          expect(reply, label).toEqual(expect.objectContaining({ message_type: 'errorMessage', code: 'chat.frameInvalid' }));
          expect(reply.confirmed_ack_id, label).toBeUndefined();
        } else if (!accepted) {
          expect(reply, label).toEqual(expect.objectContaining({ message_type: 'errorMessage', code: 'chat.frameInvalid' }));
          expect(reply.confirmed_ack_id, label).toBe(readableAck);
        } else if ((frame as { route: string }).route === 'chat/ping') {
          expect(reply.message_type, label).toBe('pong');
        } else if (reply.message_type === 'ackMessage') {
          expect(reply.confirmed_ack_id, label).toBe(readableAck);
        } else {
          // A business refusal (nobody of that uuid, a read-only contact…), never a fault.
          expect(reply.message_type, label).toBe('errorMessage');
          expect(reply.confirmed_ack_id, label).toBe(readableAck);
          expect(reply.code, label).not.toBe('server.error');
        }
        const storedNow = reply.message_type === 'ackMessage' && typeof reply.seq === 'number' ? 1 : 0;
        expect(after - before, label).toBe(storedNow);
        stored += storedNow;
        expect(socket.socket.readyState, label).toBe(socket.socket.OPEN);
        const rest = CASE_MS - (Date.now() - started);
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    console.log(`[chat fuzz] ${n} frames, ${stored} messages stored`);
    // After all of that, a message is still delivered: acked with its seq and stored once.
    const before = await messageCount();
    const last = socket.chat({ to_uuid: ben.uuid, content: 'still here' });
    expect(await socket.waitFor((f) => f.message_type === 'ackMessage' && f.confirmed_ack_id === last.ackId)).toMatchObject({ seq: expect.any(Number) });
    expect(await messageCount()).toBe(before + 1);
  }, 30_000 + RUNS * 1_000);
});
