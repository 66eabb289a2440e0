import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { OutgoingFrame } from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';
import { CHAT_HEARTBEAT_MS, CHAT_PONG_TIMEOUT_MS, CHAT_RECONNECT_MS } from '@/contract/constants';
import { ChatSocketStatus } from '@/contract/feature-enums';
import { IM_ERROR, type ImRequest } from '@/services/im-client';
import {
  chatSocketMachine,
  imConnection,
  INIT_ACK_ID,
  selectChatSocketDisplaced,
  selectChatSocketReady,
  selectChatConnection,
  selectChatSocketStatus,
  type ChatSocketEvent,
  type ChatSocketNotification,
  type ImConnectionCommand,
  type ImConnectionEvent,
  type ImConnectionInput,
} from './chat-socket.machine';
import {
  chatSocketModelInput,
  chatSocketModelKey,
  chatSocketTestEvents as ev,
  configName,
  createChatSocketTestModel,
  describeChatSocketEvent,
  ME_UUID,
  PEER_UUID,
  SOCKET_HEARTBEAT_EVENT,
  SOCKET_PONG_TIMEOUT_EVENT,
  SOCKET_RECONNECT_EVENT,
} from './chat-socket.model';

/** mock-socket delivers open, close and client frames after this many ms (its `delay`). */
const MOCK_DELAY_MS = 4;

const IM_A = 'ws://im-a.test/im';
const IM_B = 'ws://im-b.test/im';
const CONFIG: AppConfig = { chat_token: 'chat token/é', via: 'pwa', im_url: [IM_A, IM_B] };

interface ServerConnection {
  socket: Client;
  url: string;
  frames: OutgoingFrame[];
}

/** A mock chat server on `url` that records every connection and the frames each one sent. */
function startServer(url: string) {
  const server = new Server(url);
  const connections: ServerConnection[] = [];
  server.on('connection', (socket) => {
    const connection: ServerConnection = { socket, url: socket.url, frames: [] };
    socket.on('message', (data) => connection.frames.push(JSON.parse(String(data)) as OutgoingFrame));
    connections.push(connection);
  });
  const last = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error(`nobody connected to ${url}`);
    return connection;
  };
  const push = (frame: unknown) => last().socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  return { server, connections, last, push };
}

let servers: Server[] = [];

function server(url = IM_A) {
  const started = startServer(url);
  servers.push(started.server);
  return started;
}

/** A parent that records what the socket tells it. */
function recordingParent() {
  const notes: ChatSocketNotification[] = [];
  const parent = createActor(fromCallback<ChatSocketNotification>(({ receive }) => receive((note) => notes.push(note)))).start();
  return { parent, notes };
}

/** The socket over mock-socket, picking im_url entry `index` of two. */
function start(index = 0) {
  const { parent, notes } = recordingParent();
  const random = () => (index + 0.5) / 2;
  const machine = chatSocketMachine.provide({ actors: { connection: imConnection((url) => new MockWebSocket(url), random) } });
  const actor = createActor(machine, { input: { parent } }).start();
  const types = () => notes.map((note) => note.type);
  return { actor, notes, types, status: () => selectChatSocketStatus(actor.getSnapshot()) };
}

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

const chatRequest = (sign: string, content: unknown = 'hello'): ImRequest => ({
  route: 'chat/chat',
  data: { to_uuid: PEER_UUID, type: 'friend', msgType: 'text', content: content as string, microtime: 1, sign, ext: {} },
  ackId: sign,
});

/** Connects with CONFIG, lets the socket open, answers the init and the init's ack: the socket is ready. */
async function startReady() {
  const im = server();
  const socket = start();
  socket.actor.send({ type: 'socket.connect', config: CONFIG });
  await pass(MOCK_DELAY_MS);
  socket.actor.send({ type: 'socket.init', resume: [] });
  await pass(MOCK_DELAY_MS);
  im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
  expect(selectChatSocketReady(socket.actor.getSnapshot())).toBe(true);
  socket.notes.length = 0;
  return { ...socket, im };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const s of servers) s.stop();
  servers = [];
  vi.useRealTimers();
});

describe('chat socket: connecting', () => {
  it('starts CLOSED and ignores a config without a token or an address', async () => {
    const im = server();
    const { actor, status } = start();
    expect(status()).toBe(ChatSocketStatus.CLOSED);
    actor.send({ type: 'socket.connect', config: { ...CONFIG, chat_token: '' } });
    actor.send({ type: 'socket.connect', config: { ...CONFIG, im_url: [] } });
    actor.send({ type: 'socket.connect', config: { ...CONFIG, im_url: ['', '  '] } });
    await pass(CHAT_RECONNECT_MS * 2);
    expect(status()).toBe(ChatSocketStatus.CLOSED);
    expect(im.connections).toHaveLength(0);
  });

  it('connects to a random im_url entry with the token as query parameter: CONNECTING, then OPEN', async () => {
    const a = server(IM_A);
    const b = server(IM_B);
    const first = start(0);
    first.actor.send({ type: 'socket.connect', config: CONFIG });
    expect(first.status()).toBe(ChatSocketStatus.CONNECTING);
    await pass(MOCK_DELAY_MS);
    expect(first.status()).toBe(ChatSocketStatus.OPEN);
    expect(a.last().url).toBe(`${IM_A}?token=${encodeURIComponent('chat token/é')}`);
    expect(first.types()).toEqual(['socket.opened']);

    const second = start(1);
    second.actor.send({ type: 'socket.connect', config: CONFIG });
    await pass(MOCK_DELAY_MS);
    expect(b.connections).toHaveLength(1);
    expect(a.connections).toHaveLength(1);
  });

  it('sends chat/initUser with the parent’s resume list, and is ready when the server acks it', async () => {
    const im = server();
    const { actor, types } = start();
    actor.send({ type: 'socket.connect', config: CONFIG });
    await pass(MOCK_DELAY_MS);
    // Nothing goes out before the parent answers: the init must be the first frame.
    expect(im.last().frames).toEqual([]);
    const resume = [{ peer_uuid: PEER_UUID, seq: 7 }, { peer_uuid: ME_UUID, partner_uuid: PEER_UUID, seq: 2 }];
    actor.send({ type: 'socket.init', resume });
    await pass(MOCK_DELAY_MS);
    expect(im.last().frames).toEqual([
      { route: 'chat/initUser', via: 'pwa', token: CONFIG.chat_token, encrypt: 'self', data: { resume }, ack_id: INIT_ACK_ID },
    ]);
    expect(selectChatSocketReady(actor.getSnapshot())).toBe(false);
    // Open, but the chat cannot act yet: the user is still told "Connecting…".
    expect(selectChatSocketStatus(actor.getSnapshot())).toBe('OPEN');
    expect(selectChatConnection(actor.getSnapshot())).toBe('CONNECTING');
    im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    expect(selectChatSocketReady(actor.getSnapshot())).toBe(true);
    expect(selectChatConnection(actor.getSnapshot())).toBe('OPEN');
    // The init's answer is the socket's own business.
    expect(types()).toEqual(['socket.opened', 'socket.ready']);
  });

  it('an errorMessage answering the init also ends the handshake', async () => {
    const im = server();
    const { actor } = start();
    actor.send({ type: 'socket.connect', config: CONFIG });
    await pass(MOCK_DELAY_MS);
    actor.send({ type: 'socket.init', resume: [] });
    im.push({ message_type: 'errorMessage', confirmed_ack_id: INIT_ACK_ID, code: 'chat.resume.invalid', msg: 'x' });
    expect(selectChatSocketReady(actor.getSnapshot())).toBe(true);
  });
});

describe('chat socket: sending', () => {
  it('refuses to send before the init with the spec’s text, and nothing reaches the server', async () => {
    const im = server();
    const { actor, notes } = start();
    actor.send({ type: 'socket.send', request: chatRequest('sign-0001') });
    actor.send({ type: 'socket.connect', config: CONFIG });
    actor.send({ type: 'socket.send', request: chatRequest('sign-0002') });
    await pass(MOCK_DELAY_MS);
    actor.send({ type: 'socket.send', request: chatRequest('sign-0003') });
    await pass(MOCK_DELAY_MS);
    expect(notes.filter((n) => n.type === 'socket.sendFailed')).toEqual([
      { type: 'socket.sendFailed', ackId: 'sign-0001', error: IM_ERROR.notInitialized },
      { type: 'socket.sendFailed', ackId: 'sign-0002', error: IM_ERROR.notInitialized },
      { type: 'socket.sendFailed', ackId: 'sign-0003', error: IM_ERROR.notInitialized },
    ]);
    expect(im.last().frames).toEqual([]);
  });

  it('sends a chat frame with the session header and the sign as ack id once ready', async () => {
    const { actor, im, notes } = await startReady();
    const request = chatRequest('sign-0001');
    actor.send({ type: 'socket.send', request });
    await pass(MOCK_DELAY_MS);
    expect(im.last().frames.at(-1)).toEqual({
      route: 'chat/chat',
      via: 'pwa',
      token: CONFIG.chat_token,
      encrypt: 'self',
      data: request.data,
      ack_id: 'sign-0001',
    });
    expect(notes).toEqual([]);
  });

  it('refuses a route outside chat/ and empty or non-string text, open or not', async () => {
    const { actor, im, notes } = await startReady();
    const before = im.last().frames.length;
    actor.send({ type: 'socket.send', request: { ...chatRequest('sign-0001'), route: 'user/me' } as unknown as ImRequest });
    actor.send({ type: 'socket.send', request: chatRequest('sign-0002', '') });
    actor.send({ type: 'socket.send', request: chatRequest('sign-0003', '   ') });
    actor.send({ type: 'socket.send', request: chatRequest('sign-0004', 42) });
    actor.send({ type: 'socket.disconnect' });
    actor.send({ type: 'socket.send', request: { ...chatRequest('sign-0005'), route: 'user/me' } as unknown as ImRequest });
    actor.send({ type: 'socket.send', request: chatRequest('sign-0006', '') });
    await pass(MOCK_DELAY_MS);
    expect(im.last().frames).toHaveLength(before);
    expect(notes.filter((n) => n.type === 'socket.sendFailed')).toEqual([
      { type: 'socket.sendFailed', ackId: 'sign-0001', error: IM_ERROR.route },
      { type: 'socket.sendFailed', ackId: 'sign-0002', error: IM_ERROR.textContent },
      { type: 'socket.sendFailed', ackId: 'sign-0003', error: IM_ERROR.textContent },
      { type: 'socket.sendFailed', ackId: 'sign-0004', error: IM_ERROR.textContent },
      { type: 'socket.sendFailed', ackId: 'sign-0005', error: IM_ERROR.route },
      { type: 'socket.sendFailed', ackId: 'sign-0006', error: IM_ERROR.textContent },
    ]);
  });
});

describe('chat socket: frames', () => {
  it('forwards valid frames to the parent in order and drops invalid ones', async () => {
    const { im, notes } = await startReady();
    const message = {
      message_type: 'chatMessage',
      data: { sign: 'peer-0001', seq: 1, from_uuid: PEER_UUID, to_id: ME_UUID, timestamp: 1, content: 'hi', content_type: 'text', ext: null },
    };
    im.push('not json');
    im.push({ message_type: 'chatMessage', data: { sign: 'x' } });
    im.push({ message_type: 'somethingElse' });
    im.push(message);
    im.push({ message_type: 'ackMessage', confirmed_ack_id: 'sign-0001', seq: 2 });
    im.push({ message_type: 'resync', peer_uuid: PEER_UUID });
    im.push({ message_type: 'errorMessage', confirmed_ack_id: 'sign-0002', code: 'chat.blocked', msg: 'Blocked' });
    // A pong nobody asked for is not the parent's.
    im.push({ message_type: 'pong' });
    expect(notes).toEqual([
      { type: 'socket.frame', frame: message },
      { type: 'socket.frame', frame: { message_type: 'ackMessage', confirmed_ack_id: 'sign-0001', seq: 2 } },
      { type: 'socket.frame', frame: { message_type: 'resync', peer_uuid: PEER_UUID } },
      { type: 'socket.frame', frame: { message_type: 'errorMessage', confirmed_ack_id: 'sign-0002', code: 'chat.blocked', msg: 'Blocked' } },
    ]);
  });
});

describe('chat socket: heartbeat', () => {
  it(`pings every ${CHAT_HEARTBEAT_MS} ms while a pong answers each ping`, async () => {
    const { im, actor } = await startReady();
    const pings = () => im.last().frames.filter((f) => f.route === 'chat/ping');
    const awaitingPong = () => actor.getSnapshot().matches({ live: { open: { heartbeat: 'awaitingPong' } } });
    // startReady() took 2 * MOCK_DELAY_MS: the open, then the init's delivery. The heartbeat runs from the open.
    await pass(CHAT_HEARTBEAT_MS - MOCK_DELAY_MS - 1);
    expect(awaitingPong()).toBe(false);
    await pass(1);
    expect(awaitingPong()).toBe(true);
    await pass(MOCK_DELAY_MS);
    expect(pings()).toEqual([{ route: 'chat/ping', via: 'pwa', token: CONFIG.chat_token, encrypt: 'self', data: {}, ack_id: 'ping' }]);
    im.push({ message_type: 'pong' });
    expect(awaitingPong()).toBe(false);
    // The next ping is CHAT_HEARTBEAT_MS after the pong.
    await pass(CHAT_HEARTBEAT_MS - 1);
    expect(awaitingPong()).toBe(false);
    await pass(1);
    expect(awaitingPong()).toBe(true);
    await pass(MOCK_DELAY_MS);
    expect(pings()).toHaveLength(2);
    // A server that answers every ping keeps the one connection open.
    for (let i = 0; i < 5; i++) {
      im.push({ message_type: 'pong' });
      await pass(CHAT_HEARTBEAT_MS + MOCK_DELAY_MS);
    }
    expect(pings()).toHaveLength(7);
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(im.connections).toHaveLength(1);
  });

  it(`closes a connection whose pong is ${CHAT_PONG_TIMEOUT_MS} ms late, then reconnects ${CHAT_RECONNECT_MS} ms later`, async () => {
    const { im, actor, notes, status } = await startReady();
    await pass(CHAT_HEARTBEAT_MS - MOCK_DELAY_MS);
    expect(actor.getSnapshot().matches({ live: { open: { heartbeat: 'awaitingPong' } } })).toBe(true);
    await pass(CHAT_PONG_TIMEOUT_MS - 1);
    expect(status()).toBe(ChatSocketStatus.OPEN);
    await pass(1);
    expect(status()).toBe(ChatSocketStatus.CLOSED);
    expect(notes).toEqual([{ type: 'socket.closed', code: null }]);
    // The dead socket was closed by this side.
    await pass(MOCK_DELAY_MS);
    expect(im.last().socket.readyState).toBe(MockWebSocket.CLOSED);
    await pass(CHAT_RECONNECT_MS - MOCK_DELAY_MS - 1);
    expect(im.connections).toHaveLength(1);
    await pass(1);
    expect(status()).toBe(ChatSocketStatus.CONNECTING);
    await pass(MOCK_DELAY_MS);
    expect(im.connections).toHaveLength(2);
    expect(status()).toBe(ChatSocketStatus.OPEN);
  });

  it('a late pong after the timeout changes nothing', async () => {
    const { im, actor } = await startReady();
    await pass(CHAT_HEARTBEAT_MS + CHAT_PONG_TIMEOUT_MS);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    im.push({ message_type: 'pong' });
    expect(actor.getSnapshot().value).toBe('reconnecting');
  });
});

describe('chat socket: reconnecting', () => {
  it(`reconnects exactly ${CHAT_RECONNECT_MS} ms after the server closes, and tells the parent the close code`, async () => {
    const { im, actor, notes, status } = await startReady();
    im.last().socket.close({ code: 4001, reason: 'token expired', wasClean: true });
    await pass(MOCK_DELAY_MS);
    expect(status()).toBe(ChatSocketStatus.CLOSED);
    expect(notes).toEqual([{ type: 'socket.closed', code: 4001 }]);
    await pass(CHAT_RECONNECT_MS - 1);
    expect(actor.getSnapshot().value).toBe('reconnecting');
    await pass(1);
    expect(status()).toBe(ChatSocketStatus.CONNECTING);
    await pass(MOCK_DELAY_MS);
    expect(im.connections).toHaveLength(2);
    expect(notes.at(-1)).toEqual({ type: 'socket.opened' });
  });

  it('retries without limit while the server is down, every 3 s, and connects when it is back', async () => {
    const { actor, notes, status } = start();
    actor.send({ type: 'socket.connect', config: CONFIG });
    const attempts = 25;
    for (let i = 0; i < attempts; i++) {
      // Each attempt fails after mock-socket's delay (no server), then waits the reconnect delay.
      await pass(MOCK_DELAY_MS);
      expect(actor.getSnapshot().value).toBe('reconnecting');
      await pass(CHAT_RECONNECT_MS - 1);
      expect(actor.getSnapshot().value).toBe('reconnecting');
      await pass(1);
      expect(status()).toBe(ChatSocketStatus.CONNECTING);
    }
    await pass(MOCK_DELAY_MS);
    expect(notes.filter((n) => n.type === 'socket.closed')).toHaveLength(attempts + 1);
    const im = server();
    await pass(CHAT_RECONNECT_MS + MOCK_DELAY_MS);
    expect(status()).toBe(ChatSocketStatus.OPEN);
    expect(im.connections).toHaveLength(1);
  });

  it('a new config (a fresh token) reconnects at once; the same config again does nothing', async () => {
    const { im, actor, notes } = await startReady();
    actor.send({ type: 'socket.connect', config: { ...CONFIG } });
    await pass(MOCK_DELAY_MS);
    expect(im.connections).toHaveLength(1);
    expect(notes).toEqual([]);
    actor.send({ type: 'socket.connect', config: { ...CONFIG, chat_token: 'fresh' } });
    expect(notes).toEqual([{ type: 'socket.closed', code: null }]);
    await pass(MOCK_DELAY_MS);
    expect(im.connections).toHaveLength(2);
    expect(im.last().url).toBe(`${IM_A}?token=fresh`);
    expect(im.connections[0].socket.readyState).toBe(MockWebSocket.CLOSED);
  });

  it('a close with 4008 (too many of the user\'s sockets) waits for the user\'s "Use here" instead of reconnecting', async () => {
    const { im, actor, notes, status } = await startReady();
    im.last().socket.close({ code: 4008, reason: 'too many sockets', wasClean: true });
    await pass(MOCK_DELAY_MS);
    expect(notes).toEqual([{ type: 'socket.closed', code: 4008 }]);
    expect(selectChatSocketDisplaced(actor.getSnapshot())).toBe(true);
    expect(selectChatConnection(actor.getSnapshot())).toBe('DISPLACED');
    // No timer: reconnecting would close another window of the user's, which would do the same.
    await pass(CHAT_RECONNECT_MS * 10);
    expect(im.connections).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    // A fresh token meanwhile is kept, and used once the user chooses this window.
    actor.send({ type: 'socket.connect', config: { ...CONFIG, chat_token: 'fresh' } });
    expect(im.connections).toHaveLength(1);
    actor.send({ type: 'socket.resume' });
    expect(selectChatSocketDisplaced(actor.getSnapshot())).toBe(false);
    await pass(MOCK_DELAY_MS);
    expect(status()).toBe(ChatSocketStatus.OPEN);
    expect(im.connections).toHaveLength(2);
    expect(im.last().url).toBe(`${IM_A}?token=fresh`);
  });

  it('a new config while waiting to reconnect connects without waiting', async () => {
    const { im, actor } = await startReady();
    im.last().socket.close({ code: 4001, reason: 'token expired', wasClean: true });
    await pass(MOCK_DELAY_MS);
    actor.send({ type: 'socket.connect', config: { ...CONFIG, chat_token: 'fresh' } });
    await pass(MOCK_DELAY_MS);
    expect(im.connections).toHaveLength(2);
  });
});

describe('chat socket: disconnect', () => {
  it('closes the socket for good: no reconnect, no ping, sends refused', async () => {
    const { im, actor, notes, status } = await startReady();
    actor.send({ type: 'socket.disconnect' });
    expect(status()).toBe(ChatSocketStatus.CLOSED);
    expect(actor.getSnapshot().context.config).toBeNull();
    expect(notes).toEqual([{ type: 'socket.closed', code: null }]);
    await pass(MOCK_DELAY_MS);
    expect(im.last().socket.readyState).toBe(MockWebSocket.CLOSED);
    await pass(CHAT_RECONNECT_MS * 10 + CHAT_HEARTBEAT_MS);
    expect(im.connections).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
    actor.send({ type: 'socket.send', request: chatRequest('sign-0001') });
    expect(notes.at(-1)).toEqual({ type: 'socket.sendFailed', ackId: 'sign-0001', error: IM_ERROR.notInitialized });
  });

  it('disconnecting while waiting to reconnect cancels the reconnect', async () => {
    const { im, actor } = await startReady();
    im.last().socket.close();
    await pass(MOCK_DELAY_MS);
    actor.send({ type: 'socket.disconnect' });
    await pass(CHAT_RECONNECT_MS * 3);
    expect(im.connections).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('connects again after a disconnect (the next login)', async () => {
    const { im, actor, status } = await startReady();
    actor.send({ type: 'socket.disconnect' });
    actor.send({ type: 'socket.connect', config: CONFIG });
    await pass(MOCK_DELAY_MS);
    expect(status()).toBe(ChatSocketStatus.OPEN);
    expect(im.connections).toHaveLength(2);
  });

  it('without a provided connection, every attempt closes and is retried quietly', async () => {
    const { parent, notes } = recordingParent();
    const actor = createActor(chatSocketMachine, { input: { parent } }).start();
    actor.send({ type: 'socket.connect', config: CONFIG });
    expect(actor.getSnapshot().value).toBe('reconnecting');
    await pass(CHAT_RECONNECT_MS * 3);
    expect(notes).toEqual(Array.from({ length: 4 }, () => ({ type: 'socket.closed', code: 1006 })));
    actor.stop();
  });
});

/**
 * Model-based tests (STYLE rule 19). The model (chat-socket.model.ts, printed by `npm run test:paths`) drives a
 * real socket machine whose connection is a fake the test controls: each `connection.*` model event is the fake
 * reporting it, each delay passes on the fake clock. After every step the actor is where the model is, the fake
 * connection exists exactly while the machine is live, and the parent heard exactly what the step implies.
 */

/** A fake connection per attempt: what it was asked to send, whether it was closed, and its way back. */
function fakeConnections() {
  const made: { input: ImConnectionInput; sent: ImRequest[]; closed: boolean; report: (event: ImConnectionEvent) => void }[] = [];
  const logic = fromCallback<ImConnectionCommand, ImConnectionInput>(({ input, sendBack, receive }) => {
    const connection = { input, sent: [] as ImRequest[], closed: false, report: (event: ImConnectionEvent) => sendBack(event) };
    made.push(connection);
    receive((command) => connection.sent.push(command.request));
    return () => {
      connection.closed = true;
    };
  });
  const current = () => {
    const connection = made.at(-1);
    if (!connection || connection.closed) throw new Error('the model reports for a connection that does not exist');
    return connection;
  };
  return { logic, made, current };
}

describe('chat socket: model-based paths', () => {
  const paths = createChatSocketTestModel().getShortestPaths();

  it('the paths reach every state and take every model event', () => {
    const reached = new Set<string>();
    for (const path of paths) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    const all = getStateNodes(chatSocketMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => describeChatSocketEvent(step.event))));
    for (const event of Object.values(ev)) expect(used).toContain(describeChatSocketEvent(event));
    for (const type of [SOCKET_HEARTBEAT_EVENT, SOCKET_PONG_TIMEOUT_EVENT, SOCKET_RECONNECT_EVENT]) {
      expect(used).toContain(describeChatSocketEvent({ type }));
    }
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(chatSocketMachine, { input: chatSocketModelInput() })).toThrow(/not supported/);
  });

  const nameOf = (path: (typeof paths)[number]) =>
    `${path.steps.slice(1).map((step) => describeChatSocketEvent(step.event)).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;

  for (const path of paths) {
    it(nameOf(path), async () => {
      const { parent, notes } = recordingParent();
      const connections = fakeConnections();
      const actor = createActor(chatSocketMachine.provide({ actors: { connection: connections.logic } }), { input: { parent } }).start();
      const status = () => selectChatSocketStatus(actor.getSnapshot());
      const live = () => connections.made.filter((c) => !c.closed);
      let heard = 0;
      /** What the parent heard since the last step. */
      const news = () => {
        const fresh = notes.slice(heard);
        heard = notes.length;
        return fresh;
      };
      const send = (event: AnyEventObject) => actor.send(event as ChatSocketEvent);

      await path.test({
        states: {
          '*': (model) => {
            const real = actor.getSnapshot();
            expect(chatSocketModelKey(real)).toBe(chatSocketModelKey(model));
            expect(configName(real)).toBe(configName(model));
            // A connection exists exactly while live, for the current config.
            expect(live()).toHaveLength(real.matches('live') ? 1 : 0);
            if (real.matches('live')) expect(live()[0].input.config).toBe(real.context.config);
            expect(status()).toBe(
              real.matches({ live: 'open' }) ? ChatSocketStatus.OPEN
              : real.matches({ live: 'connecting' }) ? ChatSocketStatus.CONNECTING
              : ChatSocketStatus.CLOSED,
            );
            // One timer per state that waits: the reconnect, the heartbeat or the pong; none otherwise.
            expect(vi.getTimerCount()).toBe(real.matches('reconnecting') || real.matches({ live: 'open' }) ? 1 : 0);
          },
        },
        events: {
          'socket.connect': ({ event }) => {
            const before = actor.getSnapshot();
            const attempts = connections.made.length;
            send(event);
            const after = actor.getSnapshot();
            const restarted = before.matches('live') && after.matches('live') && before.context.config !== after.context.config;
            expect(news()).toEqual(restarted ? [{ type: 'socket.closed', code: null }] : []);
            const connects = after.matches('live') && (!before.matches('live') || restarted);
            expect(connections.made.length - attempts).toBe(connects ? 1 : 0);
          },
          'socket.resume': ({ event }) => {
            const attempts = connections.made.length;
            send(event);
            expect(actor.getSnapshot().matches('live')).toBe(true);
            expect(connections.made.length - attempts).toBe(1);
            expect(news()).toEqual([]);
          },
          'socket.disconnect': ({ event }) => {
            const wasLive = actor.getSnapshot().matches('live');
            send(event);
            expect(news()).toEqual(wasLive ? [{ type: 'socket.closed', code: null }] : []);
          },
          'socket.init': ({ event }) => {
            send(event);
            expect(connections.current().sent.at(-1)).toEqual({ route: 'chat/initUser', data: { resume: ev.init.resume }, ackId: INIT_ACK_ID });
            expect(news()).toEqual([]);
          },
          'socket.send': ({ event }) => {
            const ready = selectChatSocketReady(actor.getSnapshot());
            const sent = live()[0]?.sent.length ?? 0;
            send(event);
            if (ready) {
              expect(connections.current().sent).toHaveLength(sent + 1);
              expect(connections.current().sent.at(-1)).toBe(ev.send.request);
              expect(news()).toEqual([]);
            } else {
              expect(live()[0]?.sent.length ?? 0).toBe(sent);
              expect(news()).toEqual([{ type: 'socket.sendFailed', ackId: ev.send.request.ackId, error: IM_ERROR.notInitialized }]);
            }
          },
          'connection.opened': ({ event }) => {
            connections.current().report(event as ImConnectionEvent);
            expect(news()).toEqual([{ type: 'socket.opened' }]);
          },
          'connection.closed': ({ event }) => {
            const closed = event as Extract<ImConnectionEvent, { type: 'connection.closed' }>;
            connections.current().report(closed);
            expect(news()).toEqual([{ type: 'socket.closed', code: closed.code }]);
          },
          'connection.frame': ({ event }) => {
            const { frame } = event as Extract<ImConnectionEvent, { type: 'connection.frame' }>;
            connections.current().report(event as ImConnectionEvent);
            const expected: ChatSocketNotification[] =
              frame.message_type === 'pong' ? []
              : frame.message_type === 'ackMessage' && frame.confirmed_ack_id === INIT_ACK_ID ? [{ type: 'socket.ready' }]
              : [{ type: 'socket.frame', frame }];
            expect(news()).toEqual(expected);
          },
          'connection.sendFailed': ({ event }) => {
            connections.current().report(event as ImConnectionEvent);
            expect(news()).toEqual([{ type: 'socket.sendFailed', ackId: ev.sendFailed.ackId, error: ev.sendFailed.error }]);
          },
          [SOCKET_HEARTBEAT_EVENT]: async () => {
            const sent = connections.current().sent.length;
            await pass(CHAT_HEARTBEAT_MS);
            expect(connections.current().sent.slice(sent)).toEqual([{ route: 'chat/ping', data: {}, ackId: 'ping' }]);
            expect(news()).toEqual([]);
          },
          [SOCKET_PONG_TIMEOUT_EVENT]: async () => {
            const connection = connections.current();
            await pass(CHAT_PONG_TIMEOUT_MS - 1);
            expect(connection.closed).toBe(false);
            await pass(1);
            expect(connection.closed).toBe(true);
            expect(news()).toEqual([{ type: 'socket.closed', code: null }]);
          },
          [SOCKET_RECONNECT_EVENT]: async () => {
            const attempts = connections.made.length;
            await pass(CHAT_RECONNECT_MS - 1);
            expect(connections.made).toHaveLength(attempts);
            await pass(1);
            expect(connections.made).toHaveLength(attempts + 1);
            expect(news()).toEqual([]);
          },
        },
      });
      actor.stop();
    });
  }
});
