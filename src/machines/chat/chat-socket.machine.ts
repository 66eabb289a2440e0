import { and, assign, fromCallback, sendTo, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import type { IncomingFrame } from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';
import { CHAT_HEARTBEAT_MS, CHAT_PONG_TIMEOUT_MS, CHAT_RECONNECT_MS } from '@/contract/constants';
import { ChatSocketStatus } from '@/contract/feature-enums';
import {
  checkImRequest,
  IM_CLOSE_ABNORMAL,
  IM_CLOSE_TOO_MANY_SOCKETS,
  IM_ERROR,
  ImClient,
  imErrorText,
  isUsableImConfig,
  type ImErrorText,
  type ImRequest,
  type OpenImSocket,
} from '@/services/im-client';

/**
 * The chat socket (spec sections 4, 7 and 8 "Chat"; DESIGN sections 4 and 8): one live connection to the chat
 * server, owned by the chat machine (chat.machine.ts), which invokes it with itself as `parent`.
 *
 * - `socket.connect` with an app config that has a chat token and an address connects (CONNECTING); without them
 *   it is ignored (a guest's config). A config that differs from the current one (a fresh token) reconnects.
 * - On open (OPEN) the socket tells the parent `socket.opened` and waits for `socket.init` with the resume list,
 *   then sends `chat/initUser`. The parent answers at once, within the same synchronous step, so no other frame
 *   can go first. The resume data stays with the parent, which owns the messages it is computed from; asking for
 *   it per connection keeps it exact without mirroring every sequence number into this machine. When the server
 *   answers the init (ackMessage or errorMessage for its ack id), the socket is `ready` and tells the parent
 *   `socket.ready`; the parent then resends its outbox. Sending before that fails with the spec's
 *   'IM call sendMessage before initialize'.
 * - While open: `chat/ping` every CHAT_HEARTBEAT_MS after the last pong; without a pong within CHAT_PONG_TIMEOUT_MS
 *   the connection counts as dead and is closed.
 * - Any close (server, network, pong timeout) tells the parent `socket.closed` and reconnects after exactly
 *   CHAT_RECONNECT_MS, without limit (spec section 4). `socket.disconnect` (logout) closes for good.
 * - But a close with 4008 (the user's sockets elsewhere reached the server's cap, and this was the oldest) is
 *   `displaced`: reconnecting by itself would only close another of the user's windows, which would do the same,
 *   so it waits for `socket.resume` (the user's "Use here", as in WhatsApp Web), keeping a fresh config meanwhile.
 * - Every valid frame but pongs and the init's answer goes to the parent as `socket.frame`; invalid frames never
 *   get here (the connection drops them).
 *
 * The connection is the `connection` callback actor: `imConnection(openSocket)` around src/services/im-client.ts,
 * injected with `.provide()` by the app (the browser's WebSocket) and by tests (mock-socket). The default has no
 * socket: every attempt closes at once.
 */

/** The ack ids of the socket's own frames; shorter than any message sign (8+ characters), so never confused. */
export const INIT_ACK_ID = 'init';
export const PING_ACK_ID = 'ping';

export type ChatInitRequest = Extract<ImRequest, { route: 'chat/initUser' }>;
/** One conversation the client holds messages of, and the highest sequence number it holds there. */
export type ChatResumeEntry = NonNullable<ChatInitRequest['data']['resume']>[number];

/** The frames the parent receives: all but pongs, which the heartbeat consumes. */
export type ChatSocketFrame = Exclude<IncomingFrame, { message_type: 'pong' }>;

/** What the socket tells its parent. */
export type ChatSocketNotification =
  | { type: 'socket.opened' }
  | { type: 'socket.ready' }
  /** The connection ended; `code` is the close code, null when this side ended it (pong timeout, new config). */
  | { type: 'socket.closed'; code: number | null }
  | { type: 'socket.frame'; frame: ChatSocketFrame }
  | { type: 'socket.sendFailed'; ackId: string; error: ImErrorText };

/** What the connection actor reports. */
export type ImConnectionEvent =
  | { type: 'connection.opened' }
  | { type: 'connection.closed'; code: number; reason: string }
  | { type: 'connection.frame'; frame: IncomingFrame }
  | { type: 'connection.sendFailed'; ackId: string; error: ImErrorText };

/** What the connection actor receives. */
export type ImConnectionCommand = { type: 'connection.send'; request: ImRequest };

export interface ImConnectionInput {
  config: AppConfig;
}

export type ChatSocketEvent =
  | { type: 'socket.connect'; config: AppConfig }
  | { type: 'socket.disconnect' }
  /** Connect again after a 4008 (the user chose this window). */
  | { type: 'socket.resume' }
  /** The parent's answer to `socket.opened`. */
  | { type: 'socket.init'; resume: ChatResumeEntry[] }
  | { type: 'socket.send'; request: ImRequest }
  | ImConnectionEvent;

export type ChatSocketParent = ActorRef<Snapshot<unknown>, ChatSocketNotification>;

export interface ChatSocketInput {
  parent: ChatSocketParent;
}

export interface ChatSocketContext {
  parent: ChatSocketParent;
  /** The config of the current connection; null when disconnected. */
  config: AppConfig | null;
}

export type ChatSocketTag = 'connecting' | 'open' | 'ready' | 'displaced';

function sameConfig(a: AppConfig | null, b: AppConfig): boolean {
  return a !== null && a.chat_token === b.chat_token && a.via === b.via && a.im_url.join('\n') === b.im_url.join('\n');
}

/** The server's answer to this connection's `chat/initUser`. */
function isInitAnswer(frame: IncomingFrame): boolean {
  return (frame.message_type === 'ackMessage' || frame.message_type === 'errorMessage') && frame.confirmed_ack_id === INIT_ACK_ID;
}

/** Why a send is refused before it reaches a socket: a wrong route or text first, else "before initialize". */
function refusal(request: ImRequest): ImErrorText {
  try {
    checkImRequest(request);
  } catch (error) {
    return imErrorText(error);
  }
  return IM_ERROR.notInitialized;
}

/**
 * The real connection: an ImClient per attempt, closed when the machine leaves the connection's state. The app
 * provides `imConnection((url) => new WebSocket(url))`; tests pass mock-socket's WebSocket and a fixed `random`.
 */
export function imConnection(openSocket: OpenImSocket, random: () => number = Math.random) {
  return fromCallback<ImConnectionCommand, ImConnectionInput>(({ input, sendBack, receive }) => {
    const client = new ImClient({
      config: input.config,
      openSocket,
      random,
      onOpen: () => sendBack({ type: 'connection.opened' } satisfies ImConnectionEvent),
      onClose: (code, reason) => sendBack({ type: 'connection.closed', code, reason } satisfies ImConnectionEvent),
      onFrame: (frame) => sendBack({ type: 'connection.frame', frame } satisfies ImConnectionEvent),
    });
    receive((command) => {
      try {
        client.send(command.request);
      } catch (error) {
        sendBack({ type: 'connection.sendFailed', ackId: command.request.ackId, error: imErrorText(error) } satisfies ImConnectionEvent);
      }
    });
    return () => client.close();
  });
}

export const chatSocketMachine = setup({
  types: {
    context: {} as ChatSocketContext,
    events: {} as ChatSocketEvent,
    input: {} as ChatSocketInput,
    tags: {} as ChatSocketTag,
  },
  delays: {
    RECONNECT: CHAT_RECONNECT_MS,
    HEARTBEAT: CHAT_HEARTBEAT_MS,
    PONG_TIMEOUT: CHAT_PONG_TIMEOUT_MS,
  },
  actors: {
    // Safe default: no socket, so every attempt ends at once (and is retried after CHAT_RECONNECT_MS).
    connection: fromCallback<ImConnectionCommand, ImConnectionInput>(({ sendBack }) => {
      sendBack({ type: 'connection.closed', code: IM_CLOSE_ABNORMAL, reason: 'not provided' } satisfies ImConnectionEvent);
    }),
  },
  guards: {
    isUsableConfig: ({ event }) => event.type === 'socket.connect' && isUsableImConfig(event.config),
    isNewConfig: ({ context, event }) => event.type === 'socket.connect' && !sameConfig(context.config, event.config),
    isDisplaced: ({ event }) => event.type === 'connection.closed' && event.code === IM_CLOSE_TOO_MANY_SOCKETS,
    isPong: ({ event }) => event.type === 'connection.frame' && event.frame.message_type === 'pong',
    isInitAnswer: ({ event }) => event.type === 'connection.frame' && isInitAnswer(event.frame),
    /** A frame for the parent: neither a pong nor the init's answer. */
    isParentFrame: ({ event }) =>
      event.type === 'connection.frame' && event.frame.message_type !== 'pong' && !isInitAnswer(event.frame),
  },
  actions: {
    setConfig: assign({ config: ({ context, event }) => (event.type === 'socket.connect' ? event.config : context.config) }),
    clearConfig: assign({ config: null }),
    sendInit: sendTo('connection', ({ event }) => ({
      type: 'connection.send' as const,
      request: {
        route: 'chat/initUser' as const,
        data: { resume: event.type === 'socket.init' ? event.resume : [] },
        ackId: INIT_ACK_ID,
      },
    })),
    sendPing: sendTo('connection', {
      type: 'connection.send' as const,
      request: { route: 'chat/ping' as const, data: {}, ackId: PING_ACK_ID },
    }),
    sendRequest: sendTo('connection', ({ event }) => {
      if (event.type !== 'socket.send') throw new Error(`sendRequest on ${event.type}`);
      return { type: 'connection.send' as const, request: event.request };
    }),
    notifyOpened: sendTo(({ context }) => context.parent, { type: 'socket.opened' } satisfies ChatSocketNotification),
    notifyReady: sendTo(({ context }) => context.parent, { type: 'socket.ready' } satisfies ChatSocketNotification),
    notifyClosed: sendTo(
      ({ context }) => context.parent,
      ({ event }): ChatSocketNotification => ({ type: 'socket.closed', code: event.type === 'connection.closed' ? event.code : null }),
    ),
    forwardFrame: sendTo(
      ({ context }) => context.parent,
      ({ event }): ChatSocketNotification => {
        if (event.type !== 'connection.frame' || event.frame.message_type === 'pong') throw new Error(`forwardFrame on ${event.type}`);
        return { type: 'socket.frame', frame: event.frame };
      },
    ),
    /** A send the connection could not make (its socket closed under it, a wrong route or text). */
    forwardSendFailure: sendTo(
      ({ context }) => context.parent,
      ({ event }): ChatSocketNotification => {
        if (event.type !== 'connection.sendFailed') throw new Error(`forwardSendFailure on ${event.type}`);
        return { type: 'socket.sendFailed', ackId: event.ackId, error: event.error };
      },
    ),
    /** A send while the socket is not ready: refused with the spec's text, nothing is queued here. */
    refuseSend: sendTo(
      ({ context }) => context.parent,
      ({ event }): ChatSocketNotification => {
        if (event.type !== 'socket.send') throw new Error(`refuseSend on ${event.type}`);
        return { type: 'socket.sendFailed', ackId: event.request.ackId, error: refusal(event.request) };
      },
    ),
  },
}).createMachine({
  id: 'chatSocket',
  context: ({ input }) => ({ parent: input.parent, config: null }),
  initial: 'idle',
  // Everywhere but `ready`, which sends.
  on: {
    'socket.send': { actions: 'refuseSend' },
  },
  states: {
    idle: {
      on: {
        'socket.connect': { guard: 'isUsableConfig', target: 'live', actions: 'setConfig' },
      },
    },
    live: {
      invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ config: context.config! }) },
      on: {
        'connection.closed': [
          { guard: 'isDisplaced', target: 'displaced', actions: 'notifyClosed' },
          { target: 'reconnecting', actions: 'notifyClosed' },
        ],
        'connection.sendFailed': { actions: 'forwardSendFailure' },
        'socket.connect': {
          guard: and(['isUsableConfig', 'isNewConfig']),
          target: 'live',
          reenter: true,
          actions: ['notifyClosed', 'setConfig'],
        },
        'socket.disconnect': { target: 'idle', actions: ['notifyClosed', 'clearConfig'] },
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['connecting'],
          on: { 'connection.opened': { target: 'open' } },
        },
        open: {
          tags: ['open'],
          type: 'parallel',
          entry: 'notifyOpened',
          // Reached only when no region takes the frame (XState runs a parallel state's own transitions only
          // then): pongs and the init's answer stay with the heartbeat and the handshake.
          on: {
            'connection.frame': { guard: 'isParentFrame', actions: 'forwardFrame' },
          },
          states: {
            handshake: {
              initial: 'initializing',
              states: {
                initializing: {
                  on: {
                    'socket.init': { actions: 'sendInit' },
                    'connection.frame': { guard: 'isInitAnswer', target: 'ready' },
                  },
                },
                ready: {
                  tags: ['ready'],
                  entry: 'notifyReady',
                  on: { 'socket.send': { actions: 'sendRequest' } },
                },
              },
            },
            heartbeat: {
              initial: 'waiting',
              states: {
                waiting: {
                  after: { HEARTBEAT: { target: 'awaitingPong', actions: 'sendPing' } },
                },
                awaitingPong: {
                  on: { 'connection.frame': { guard: 'isPong', target: 'waiting' } },
                  // No pong: the connection is dead even if the browser has not noticed yet.
                  after: { PONG_TIMEOUT: { target: '#chatSocket.reconnecting', actions: 'notifyClosed' } },
                },
              },
            },
          },
        },
      },
    },
    reconnecting: {
      after: { RECONNECT: { target: 'live' } },
      on: {
        // A new config (a fresh token after a 4001) need not wait for the timer.
        'socket.connect': { guard: 'isUsableConfig', target: 'live', actions: 'setConfig' },
        'socket.disconnect': { target: 'idle', actions: 'clearConfig' },
      },
    },
    displaced: {
      tags: ['displaced'],
      on: {
        'socket.resume': { target: 'live' },
        'socket.connect': { guard: 'isUsableConfig', actions: 'setConfig' },
        'socket.disconnect': { target: 'idle', actions: 'clearConfig' },
      },
    },
  },
});

export type ChatSocketSnapshot = SnapshotFrom<typeof chatSocketMachine>;

/** The spec's socket status (section 3 enums): a closed socket waiting to reconnect is CLOSED. */
export const selectChatSocketStatus = (snapshot: ChatSocketSnapshot): ChatSocketStatus =>
  snapshot.hasTag('open') ? ChatSocketStatus.OPEN
  : snapshot.hasTag('connecting') ? ChatSocketStatus.CONNECTING
  : ChatSocketStatus.CLOSED;

/** Closed because the user's chat is open in too many other windows; connects again only on `socket.resume`. */
export const selectChatSocketDisplaced = (snapshot: ChatSocketSnapshot): boolean => snapshot.hasTag('displaced');

/** Initialized: chat frames may be sent. */
export const selectChatSocketReady = (snapshot: ChatSocketSnapshot): boolean => snapshot.hasTag('ready');

/** What the user is told of the chat's connection: the socket's status, or DISPLACED (open in another window). */
export type ChatConnection = ChatSocketStatus | 'DISPLACED';

/**
 * The connection as the user is told it. The chat counts as connected once it can act (`ready`: the server answered
 * the init): the outbox goes out then, and an unlock is refused before it. So an open socket whose init is not
 * answered yet is still CONNECTING: a notice that vanished a moment before an unlock is refused as "not connected"
 * would contradict it.
 */
export function selectChatConnection(snapshot: ChatSocketSnapshot): ChatConnection {
  if (selectChatSocketDisplaced(snapshot)) return 'DISPLACED';
  const status = selectChatSocketStatus(snapshot);
  return status === ChatSocketStatus.OPEN && !selectChatSocketReady(snapshot) ? ChatSocketStatus.CONNECTING : status;
}
