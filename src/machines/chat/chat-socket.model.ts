import { createEmptyActor, type ActorLogic, type AnyEventObject, type EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { AppConfig } from '@/contract/calls/home';
import { CHAT_HEARTBEAT_MS, CHAT_PONG_TIMEOUT_MS, CHAT_RECONNECT_MS } from '@/contract/constants';
import { IM_ERROR } from '@/services/im-client';
import { afterEventOf } from '@/machines/app/form.model';
import {
  chatSocketMachine,
  INIT_ACK_ID,
  type ChatSocketEvent,
  type ChatSocketInput,
  type ChatSocketParent,
  type ChatSocketSnapshot,
} from './chat-socket.machine';

/**
 * The chat socket's test model (STYLE rule 19), shared by chat-socket.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines with `invoke` or `after`, and the socket has both by design (STYLE rules 7
 * and 8), so this is a TestModel of the machine as it is (as in app-update.model.ts). The model's world is the
 * connection actor's reports (`connection.*`, which a test makes a fake connection send back) and the three named
 * delays (which a test passes on the fake clock), plus the parent's commands. Events are offered only where they
 * can happen: the connection reports only while one exists, a pong only after a ping, the delays only in their
 * states.
 *
 * A vertex is the state value, which config is current, and the event and the state it came from, so every
 * transition (also those that act without changing the value: a send, the init, a forwarded frame) ends a path of
 * its own.
 */

export const SOCKET_CONFIG_A: AppConfig = { chat_token: 'chat-token-a', via: 'pwa', im_url: ['ws://im-a.test/im', 'ws://im-b.test/im'] };
/** The same servers with a fresh token (after a 4001): a new connection. */
export const SOCKET_CONFIG_B: AppConfig = { ...SOCKET_CONFIG_A, chat_token: 'chat-token-b' };
/** A guest's config: nothing to connect with. */
export const SOCKET_CONFIG_GUEST: AppConfig = { chat_token: '', via: 'pwa', im_url: [] };

export const PEER_UUID = '2b6f0c1e-8d3a-4f5b-9c7d-1e2f3a4b5c6d';
export const ME_UUID = '6f1c2f8e-3f7a-4c1e-9a55-0c6b1d2e3f40';

export const SOCKET_HEARTBEAT_EVENT = afterEventOf(chatSocketMachine, 'chatSocket.live.open.heartbeat.waiting');
export const SOCKET_PONG_TIMEOUT_EVENT = afterEventOf(chatSocketMachine, 'chatSocket.live.open.heartbeat.awaitingPong');
export const SOCKET_RECONNECT_EVENT = afterEventOf(chatSocketMachine, 'chatSocket.reconnecting');

export const chatSocketTestEvents = {
  connectA: { type: 'socket.connect', config: SOCKET_CONFIG_A },
  connectB: { type: 'socket.connect', config: SOCKET_CONFIG_B },
  connectGuest: { type: 'socket.connect', config: SOCKET_CONFIG_GUEST },
  disconnect: { type: 'socket.disconnect' },
  init: { type: 'socket.init', resume: [{ peer_uuid: PEER_UUID, seq: 3 }] },
  send: {
    type: 'socket.send',
    request: {
      route: 'chat/chat',
      data: {
        to_uuid: PEER_UUID,
        type: 'friend',
        msgType: 'text',
        content: 'hello',
        microtime: 1_767_000_000_000,
        sign: 'modelsign-0',
        ext: {},
      },
      ackId: 'modelsign-0',
    },
  },
  opened: { type: 'connection.opened' },
  closed: { type: 'connection.closed', code: 1006, reason: '' },
  closedBadToken: { type: 'connection.closed', code: 4001, reason: 'token expired' },
  closedTooManySockets: { type: 'connection.closed', code: 4008, reason: 'too many sockets' },
  resume: { type: 'socket.resume' },
  initAck: { type: 'connection.frame', frame: { message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID } },
  pong: { type: 'connection.frame', frame: { message_type: 'pong' } },
  chatMessage: {
    type: 'connection.frame',
    frame: {
      message_type: 'chatMessage',
      data: {
        sign: 'peer-sign-0001',
        seq: 4,
        from_uuid: PEER_UUID,
        to_id: ME_UUID,
        timestamp: 1_767_000_000,
        content: 'hi',
        content_type: 'text',
        ext: null,
      },
    },
  },
  sendFailed: { type: 'connection.sendFailed', ackId: 'modelsign-0', error: IM_ERROR.notInitialized },
} as const satisfies Record<string, ChatSocketEvent>;

const ev = chatSocketTestEvents;

export const chatSocketModelEvents: AnyEventObject[] = [
  ...Object.values(ev),
  { type: SOCKET_HEARTBEAT_EVENT },
  { type: SOCKET_PONG_TIMEOUT_EVENT },
  { type: SOCKET_RECONNECT_EVENT },
];

/** The model's input: a parent that receives nothing (a test replays against a recording one). */
export function chatSocketModelInput(parent: ChatSocketParent = createEmptyActor()): ChatSocketInput {
  return { parent };
}

const inState = (snapshot: ChatSocketSnapshot, state: string) => snapshot.matches(state as never);

/** Whether `event` can happen in `snapshot`'s state (see the header). */
function canHappen(snapshot: ChatSocketSnapshot, event: AnyEventObject): boolean {
  const live = inState(snapshot, 'live');
  const open = inState(snapshot, 'live.open');
  switch (event.type) {
    case 'connection.opened':
      return inState(snapshot, 'live.connecting');
    case 'connection.closed':
    case 'connection.sendFailed':
      return live;
    case 'connection.frame': {
      const type = (event as typeof ev.pong | typeof ev.initAck | typeof ev.chatMessage).frame.message_type;
      if (type === 'pong') return inState(snapshot, 'live.open.heartbeat.awaitingPong');
      if (type === 'ackMessage') return inState(snapshot, 'live.open.handshake.initializing');
      return open;
    }
    case 'socket.init':
      return inState(snapshot, 'live.open.handshake.initializing');
    // A guest's config changes nothing anywhere; once, from idle, is enough to show it.
    case 'socket.connect':
      return event.config !== SOCKET_CONFIG_GUEST || inState(snapshot, 'idle');
    case SOCKET_HEARTBEAT_EVENT:
      return inState(snapshot, 'live.open.heartbeat.waiting');
    case SOCKET_PONG_TIMEOUT_EVENT:
      return inState(snapshot, 'live.open.heartbeat.awaitingPong');
    case SOCKET_RECONNECT_EVENT:
      return inState(snapshot, 'reconnecting');
    // The user's "Use here" is offered only while displaced.
    case 'socket.resume':
      return inState(snapshot, 'displaced');
    default:
      return true;
  }
}

/** Which sample config is current. */
export function configName(snapshot: ChatSocketSnapshot): 'A' | 'B' | null {
  const { config } = snapshot.context;
  return config === null ? null : config.chat_token === SOCKET_CONFIG_A.chat_token ? 'A' : 'B';
}

export function chatSocketModelKey(snapshot: ChatSocketSnapshot, event?: EventObject, previous?: ChatSocketSnapshot): string {
  const via = event && previous ? ` via ${describeChatSocketEvent(event)} from ${JSON.stringify(previous.value)}` : '';
  return JSON.stringify({ value: snapshot.value, config: configName(snapshot) }) + via;
}

export function createChatSocketTestModel(input: ChatSocketInput = chatSocketModelInput()) {
  // The model also sends the delayed events, which the machine's own event type does not list.
  const logic = chatSocketMachine as unknown as ActorLogic<ChatSocketSnapshot, AnyEventObject, ChatSocketInput>;
  return new TestModel<ChatSocketSnapshot, AnyEventObject, ChatSocketInput>(logic, {
    input,
    events: chatSocketModelEvents,
    filterEvents: canHappen,
    serializeState: chatSocketModelKey,
  });
}

/** A short description of a socket model event. */
export function describeChatSocketEvent(event: EventObject): string {
  const e = event as ChatSocketEvent | AnyEventObject;
  switch (e.type) {
    case 'socket.connect':
      return e.config === SOCKET_CONFIG_GUEST ? 'connect with a guest config' : `connect with config ${e.config === SOCKET_CONFIG_A ? 'A' : 'B'}`;
    case 'socket.disconnect':
      return 'disconnect (logout)';
    case 'socket.resume':
      return 'the user chooses this window ("Use here")';
    case 'socket.init':
      return 'the parent answers the resume list';
    case 'socket.send':
      return 'the parent sends a chat message';
    case 'connection.opened':
      return 'the socket opens';
    case 'connection.closed':
      return `the socket closes (${String(e.code)})`;
    case 'connection.frame':
      return `the server sends ${String((e.frame as { message_type: string }).message_type)}`;
    case 'connection.sendFailed':
      return 'a send fails in the socket';
    case SOCKET_HEARTBEAT_EVENT:
      return `${CHAT_HEARTBEAT_MS} ms (heartbeat)`;
    case SOCKET_PONG_TIMEOUT_EVENT:
      return `${CHAT_PONG_TIMEOUT_MS} ms without a pong`;
    case SOCKET_RECONNECT_EVENT:
      return `${CHAT_RECONNECT_MS} ms (reconnect)`;
    default:
      return e.type;
  }
}
