import type { IncomingMessage as HttpRequest } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { CHAT_RESUME_MAX, type IncomingFrame, type OutgoingFrame, outgoingFrame } from '@/contract/calls/chat';
import { CHAT_HEARTBEAT_MS } from '@/contract/constants';
import { type Locale, localeFromAcceptLanguage } from '@/contract/enums';
import { type ChatGrant, verifyChatToken } from '../account/chat-token';
import { liveSessionIds } from '../account/token.repository';
import { safeParseUntrusted } from '../api/parse-untrusted';
import { knownLocale, type MessageKey, translate } from '../i18n';
import type { BusEvent, ChatBus, ChatControl, ChatEvent } from './chat-bus';
import { type ChatLimits, createMemoryChatLimits, DEFAULT_CHAT_LIMITS, newSocketId, SOCKET_REFRESH_MS } from './chat-limits';
import { chatAckChannel, type ChatAckTiming } from './chat-timing';
import { findConversation, messagesAfter, resolveConversation } from './chat.repository';
import { type ConversationCache, incomingOf, sendMessage } from './chat.service';
import { conversationKey, PushOrder } from './push-order';

declare module 'fastify' {
  interface FastifyInstance {
    /** The path of this process's chat socket; home/config advertises it (issue 10 item 12). */
    chatSocketPath: string;
    chatBus: ChatBus;
    /**
     * Tells every process that some of the user's sessions ended (logout, password change or reset, an admin's
     * action): each socket whose session is no longer live closes with 4001 at once. Call it after the revocation
     * committed. Sockets are also checked every SESSION_CHECK_MS, which catches idle expiry and a lost notice.
     */
    chatSessionsEnded(userUuid: string): Promise<void>;
    /**
     * Tells the user's sockets on every process that the account's language changed (server/account/member-locale.ts):
     * the system contact's notices they push from then on are in it.
     */
    chatLocaleChanged(userUuid: string, locale: Locale): Promise<void>;
  }
}

export const CHAT_SOCKET_PATH = '/im';
/** A frame is a short JSON text: a larger one is answered with an error frame, and beyond 64 KB `ws` closes (1009). */
export const MAX_FRAME_BYTES = 16 * 1024;
const MAX_PAYLOAD_BYTES = 64 * 1024;
/** The client pings every 8 s: a socket silent for three beats is dead. */
const IDLE_CLOSE_MS = CHAT_HEARTBEAT_MS * 3 + 2_000;
/** Live messages are held back until the resume replay is sent, at most this long after the socket opened. */
const INIT_WAIT_MS = 5_000;
/** How often the sessions of open sockets are checked in the database (idle expiry; a notice lost on the bus). */
export const SESSION_CHECK_MS = 5_000;
/**
 * Sessions checked per statement. PGlite runs one statement at a time, and the messages that arrive meanwhile wait
 * behind it: one statement for 1 000 sockets' sessions took 6–10 ms there, one for 250 about 2 ms (four of them, with
 * messages between, took no longer in all).
 */
const SESSION_CHECK_CHUNK = 250;
/** A gap longer than this is not replayed frame by frame: the client reloads the conversation (resync). */
export const RESUME_REPLAY_MAX = 200;

/** Close codes (4000–4999 are the application's). */
export const CLOSE_TOKEN_INVALID = 4001;
/** The user opened more sockets than the cap allows: the oldest is closed. The client does not reconnect by itself. */
export const CLOSE_TOO_MANY_SOCKETS = 4008;

interface Connection {
  socket: WebSocket;
  /** The TCP socket under it (the upgrade's), corked while a tick's frames are written (see `send`). */
  wire: Duplex;
  corked: boolean;
  /** The socket's id in ChatLimits (sorts by opening time). */
  id: string;
  user: string;
  /** The session that obtained the chat token: the socket lives only as long as it does. */
  session: string;
  token: string;
  /**
   * The account's language (users.locale, kept current by the 'locale' notice): the system contact's notices and the
   * error frames are in it. Not the upgrade's Accept-Language, which is the browser's, not the page's.
   */
  locale: Locale;
  /** What the client holds of each conversation, and the order its live messages go out in. */
  order: PushOrder;
  conversations: ConversationCache;
}

export interface ImPluginOptions {
  bus: ChatBus;
  /** The per-user frame budget and socket cap: in memory by default, Redis-backed across processes. */
  limits?: ChatLimits;
  now?: () => number;
  sessionCheckMs?: number;
}

/**
 * The chat socket at /im (spec section 7 "Chat socket", DESIGN sections 4 and 8): authenticates the upgrade with the
 * chat token, answers chat/ping, replays the gap of every conversation named in chat/initUser (or asks for a resync),
 * stores chat/chat messages and acks them with their sequence number, and pushes every stored message to the sockets
 * of both members through the bus. docs/chat-protocol.md is the protocol's reference.
 */
export default fp(
  async function imPlugin(app: FastifyInstance, options: ImPluginOptions) {
    const { db, config } = app;
    const now = options.now ?? Date.now;
    const bus = options.bus;
    const limits = options.limits ?? createMemoryChatLimits(DEFAULT_CHAT_LIMITS, now);
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false });
    const connections = new Set<Connection>();
    app.metrics.gauge('venuely_chat_sockets_open', 'Chat sockets open on this process', () => connections.size);
    app.decorate('chatSocketPath', CHAT_SOCKET_PATH);
    app.decorate('chatBus', bus);
    app.decorate('chatSessionsEnded', async (user: string) => {
      await bus.publish(user, { control: 'sessions' }).catch((error: Error) => app.log.warn({ err: error.message }, 'session notice not sent'));
    });
    app.decorate('chatLocaleChanged', async (user: string, locale: Locale) => {
      await bus.publish(user, { control: 'locale', locale }).catch((error: Error) => app.log.warn({ err: error.message }, 'language notice not sent'));
    });

    /**
     * Closes, with 4001, each socket (of `user`, or all) whose session is no longer live. One query per
     * SESSION_CHECK_CHUNK sessions; a failed check closes nothing (the next one retries).
     */
    async function closeEndedSessions(user?: string): Promise<void> {
      const open = [...connections].filter((connection) => user === undefined || connection.user === user);
      const sessions = [...new Set(open.map((connection) => connection.session))];
      const live = new Set<string>();
      for (let i = 0; i < sessions.length; i += SESSION_CHECK_CHUNK) {
        for (const key of await liveSessionIds(db, sessions.slice(i, i + SESSION_CHECK_CHUNK), now())) live.add(key);
      }
      for (const connection of open) {
        if (!live.has(`${connection.user}:${connection.session}`)) connection.socket.close(CLOSE_TOKEN_INVALID, 'session ended');
      }
    }
    const checkFailed = (error: Error) => app.log.warn({ err: error.message }, 'chat session check failed');
    /** Users whose sockets a 'sessions' notice asked to check: one check per user, however many sockets got it. */
    const checksDue = new Set<string>();

    function onControl(connection: Connection, event: ChatControl): void {
      if (event.control === 'locale') {
        connection.locale = knownLocale(event.locale);
        return;
      }
      if (event.control === 'close') {
        if (event.sockets.includes(connection.id)) connection.socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many sockets');
        return;
      }
      if (checksDue.has(connection.user)) return;
      checksDue.add(connection.user);
      setImmediate(() => {
        checksDue.delete(connection.user);
        closeEndedSessions(connection.user).catch(checkFailed);
      });
    }

    const sessionTimer = setInterval(() => void closeEndedSessions().catch(checkFailed), options.sessionCheckMs ?? SESSION_CHECK_MS);
    sessionTimer.unref();
    const refreshTimer = setInterval(() => {
      void limits.refresh([...connections].map((connection) => ({ user: connection.user, socket: connection.id })));
    }, SOCKET_REFRESH_MS);
    refreshTimer.unref();

    /** Counts a new socket against its user's cap and closes the user's oldest sockets beyond it, on any process. */
    async function enforceSocketCap(connection: Connection): Promise<void> {
      const evicted = await limits.addSocket(connection.user, connection.id);
      if (evicted.length === 0) return;
      const elsewhere = evicted.filter((id) => {
        const local = [...connections].find((other) => other.id === id && other.user === connection.user);
        local?.socket.close(CLOSE_TOO_MANY_SOCKETS, 'too many sockets');
        return !local;
      });
      if (elsewhere.length > 0) await bus.publish(connection.user, { control: 'close', sockets: elsewhere });
    }

    /**
     * Frames written to one socket in one tick leave together: the socket is corked at the first and uncorked once
     * the tick's work is done (process.nextTick runs after the promise jobs queued meanwhile), so an ack and the
     * sender's own copy of the message are one write, one system call and one packet instead of two.
     */
    function send(connection: Connection, frame: IncomingFrame): void {
      if (connection.socket.readyState !== connection.socket.OPEN) return;
      if (!connection.corked) {
        connection.corked = true;
        connection.wire.cork();
        process.nextTick(uncork, connection);
      }
      connection.socket.send(JSON.stringify(frame));
    }

    function uncork(connection: Connection): void {
      connection.corked = false;
      connection.wire.uncork();
    }

    function sendError(connection: Connection, key: MessageKey, ackId?: string): void {
      send(connection, { message_type: 'errorMessage', ...(ackId ? { confirmed_ack_id: ackId } : {}), code: key, msg: translate(connection.locale, key) });
    }

    /** Replays each named conversation's messages after the client's seq, or asks for a resync of it. */
    async function resume(connection: Connection, entries: { peer_uuid: string; partner_uuid?: string; seq: number }[]): Promise<void> {
      for (const entry of entries.slice(0, CHAT_RESUME_MAX)) {
        const resolved = await resolveConversation(db, connection.user, entry.peer_uuid, entry.partner_uuid ?? null);
        const row = typeof resolved === 'string' ? undefined : await findConversation(db, resolved);
        const resync = () => send(connection, { message_type: 'resync', peer_uuid: entry.peer_uuid, ...(entry.partner_uuid ? { partner_uuid: entry.partner_uuid } : {}) });
        if (!row || typeof resolved === 'string') {
          // The client holds messages of a conversation this account does not have: its copy is not to be trusted.
          if (entry.seq > 0) resync();
          continue;
        }
        if (entry.seq > row.last_seq) {
          resync();
          continue;
        }
        const missed = await messagesAfter(db, row.id, entry.seq, RESUME_REPLAY_MAX);
        if (missed.length > RESUME_REPLAY_MAX) {
          resync();
          continue;
        }
        const conversation = { userA: row.user_a, userB: row.user_b, partnerUuid: row.partner_uuid };
        const seqs = connection.order.seqsOf(conversationKey(conversation));
        seqs.holdUpTo(entry.seq);
        for (const message of missed) {
          send(connection, { message_type: 'chatMessage', data: incomingOf(conversation, message, connection.user, connection.locale) });
          seqs.add(message.seq);
        }
      }
    }

    /** `arrivedAt`: performance.now() when the frame came off the socket (its ack's latency is timed from there). */
    async function handleFrame(connection: Connection, frame: OutgoingFrame, arrivedAt: number): Promise<void> {
      switch (frame.route) {
        case 'chat/ping':
          send(connection, { message_type: 'pong' });
          return;
        case 'chat/initUser':
          await resume(connection, frame.data.resume ?? []);
          send(connection, { message_type: 'ackMessage', confirmed_ack_id: frame.ack_id });
          connection.order.finishInit();
          return;
        case 'chat/chat': {
          // The ack goes out before anything that waited for it (PushOrder): the peer's reply numbered just after.
          connection.order.beginAppend();
          let acked: { key: string; seq: number } | undefined;
          let outcome: Awaited<ReturnType<typeof sendMessage>>;
          try {
            const storeFrom = performance.now();
            outcome = await sendMessage(db, connection.user, frame.data, new Date(now()), connection.conversations);
            if (outcome.ok) {
              const { seq } = outcome.result.message;
              send(connection, { message_type: 'ackMessage', confirmed_ack_id: frame.ack_id, seq });
              app.metrics.chatMessages.inc();
              const ackedAt = performance.now();
              if (app.metrics.enabled) app.metrics.chatAckSeconds.observe((ackedAt - arrivedAt) / 1000);
              if (chatAckChannel.hasSubscribers) chatAckChannel.publish({ ackMs: ackedAt - arrivedAt, storeMs: ackedAt - storeFrom } satisfies ChatAckTiming);
              acked = { key: conversationKey(outcome.conversation), seq };
            }
          } finally {
            connection.order.endAppend(acked);
          }
          if (!outcome.ok) {
            sendError(connection, outcome.reason, frame.ack_id);
            return;
          }
          const { result, conversation } = outcome;
          if (result.duplicate) return;
          const event: ChatEvent = {
            conversation: { userA: conversation.userA, userB: conversation.userB, partnerUuid: conversation.partnerUuid },
            message: {
              seq: result.message.seq,
              sign: result.message.sign,
              from_uuid: result.message.from_uuid,
              content: result.message.content,
              content_type: result.message.content_type,
              created_at: new Date(result.message.created_at).toISOString(),
            },
          };
          // Both members' sockets, the sender's other tabs included. A bus outage loses no message: it is stored,
          // and the recipients' clients get it on their next resume.
          await Promise.all(
            [conversation.userA, conversation.userB].map((user) =>
              bus.publish(user, event).catch((error: Error) => app.log.warn({ err: error.message }, 'chat fan-out failed')),
            ),
          );
        }
      }
    }

    async function onMessage(connection: Connection, data: RawData, isBinary: boolean, withinRate: boolean, arrivedAt: number): Promise<void> {
      if (isBinary) return sendError(connection, 'chat.frameInvalid');
      const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
      if (size > MAX_FRAME_BYTES) return sendError(connection, 'chat.frameInvalid');
      if (!withinRate) return sendError(connection, 'chat.rateLimited');
      let json: unknown;
      try {
        json = JSON.parse(data.toString());
      } catch {
        return sendError(connection, 'chat.frameInvalid');
      }
      const parsed = safeParseUntrusted(outgoingFrame, json);
      const ackId = typeof (json as { ack_id?: unknown })?.ack_id === 'string' ? ((json as { ack_id: string }).ack_id.slice(0, 64)) : undefined;
      if (!parsed.success) return sendError(connection, 'chat.frameInvalid', ackId);
      if (parsed.data.token !== connection.token) return sendError(connection, 'chat.frameInvalid', ackId);
      try {
        await handleFrame(connection, parsed.data, arrivedAt);
      } catch (error) {
        app.log.error({ err: error }, 'chat frame failed');
        sendError(connection, 'server.error', ackId);
      }
    }

    function accept(request: HttpRequest, socket: Duplex, head: Buffer, grant: ChatGrant, token: string, locale: Locale): void {
      const { user } = grant;
      wss.handleUpgrade(request, socket, head, (ws) => {
        const connection: Connection = {
          socket: ws,
          wire: socket,
          corked: false,
          id: newSocketId(now()),
          user,
          session: grant.session,
          token,
          locale,
          order: new PushOrder((event) =>
            send(connection, { message_type: 'chatMessage', data: incomingOf(event.conversation, event.message, connection.user, connection.locale) }),
          ),
          conversations: new Map(),
        };
        connections.add(connection);
        enforceSocketCap(connection).catch((error: Error) => app.log.warn({ err: error.message }, 'chat socket cap not applied'));
        // Frames are handled one at a time, in order: an ack never overtakes the replay before it.
        let queue = Promise.resolve();
        ws.on('message', (data, isBinary) => {
          const arrivedAt = performance.now();
          // The rate is the user's sending rate over all their sockets, judged on arrival: frames that queued behind
          // slow ones are not refused for arriving at the handler together.
          const withinRate = limits.takeFrame(connection.user);
          // A frame whose handling throws is logged and answered; it never stops the frames behind it.
          queue = queue
            .then(async () => onMessage(connection, data, isBinary, typeof withinRate === 'boolean' ? withinRate : await withinRate, arrivedAt))
            .catch((error: unknown) => {
              app.log.error({ err: error }, 'chat frame failed');
              sendError(connection, 'server.error');
            });
        });
        // Restarted by every frame with refresh(), not a new timer: a timer per frame would live for IDLE_CLOSE_MS,
        // long enough to be copied by every young-generation collection meanwhile (and then promoted).
        const idle = setTimeout(() => ws.close(1001, 'idle'), IDLE_CLOSE_MS);
        ws.on('message', () => idle.refresh());
        const initTimer = setTimeout(() => connection.order.finishInit(), INIT_WAIT_MS);
        const unsubscribe = bus.subscribe(user, (event: BusEvent) => {
          if ('control' in event) onControl(connection, event);
          else connection.order.deliver(event);
        });
        ws.on('close', () => {
          connections.delete(connection);
          limits.removeSocket(connection.user, connection.id);
          clearTimeout(idle);
          clearTimeout(initTimer);
          connection.order.close();
          void unsubscribe.then((off) => off());
        });
        ws.on('error', () => ws.terminate());
      });
    }

    function refuse(socket: Duplex, status: number, reason: string): void {
      // The client may reset the connection before the answer is out (a balancer does when its own client left): an
      // 'error' without a listener would end the process.
      socket.on('error', () => socket.destroy());
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }

    function onUpgrade(request: HttpRequest, socket: Duplex, head: Buffer): void {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== CHAT_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
      const token = url.searchParams.get('token') ?? '';
      const grant = token.length <= 512 ? verifyChatToken(config.serverSecret, token, now()) : null;
      if (!grant) return refuseToken(request, socket, head);
      // The token is well signed; the session that obtained it must still be live (DESIGN section 8, "Sessions").
      // Until the socket is handed to ws, a reset of it must not go unheard (an unhandled 'error' ends the process).
      const onSocketError = () => socket.destroy();
      socket.on('error', onSocketError);
      // The account's language comes with the session check, in the same round of queries.
      const language = db.selectFrom('users').select('locale').where('uuid', '=', grant.user).executeTakeFirst();
      Promise.all([liveSessionIds(db, [grant.session], now()), language]).then(
        ([live, user]) => {
          socket.off('error', onSocketError);
          if (socket.destroyed) return;
          if (closing) return refuse(socket, 503, 'Service Unavailable');
          if (!live.has(`${grant.user}:${grant.session}`)) return refuseToken(request, socket, head);
          accept(request, socket, head, grant, token, knownLocale(user?.locale ?? localeFromAcceptLanguage(request.headers['accept-language'])));
        },
        (error: Error) => {
          socket.off('error', onSocketError);
          app.log.warn({ err: error.message }, 'chat session check failed');
          refuse(socket, 503, 'Service Unavailable');
        },
      );
    }

    /** Upgrades, then closes with an application code: a browser sees the code, not an HTTP status. */
    function refuseToken(request: HttpRequest, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(request, socket, head, (ws) => ws.close(CLOSE_TOKEN_INVALID, 'token invalid'));
    }

    app.server.on('upgrade', onUpgrade);
    // Before the HTTP server closes (it would wait for the upgraded sockets): clients are told the server is going
    // away, reconnect (to another process) and resume from their last seq.
    let closing = false;
    // Draining (SIGTERM, server/health): new sockets are refused and open ones told to go elsewhere at once, while
    // the process still finishes its HTTP requests.
    app.health.onDrain(() => {
      closing = true;
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(sessionTimer);
      clearInterval(refreshTimer);
      app.server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'im', dependencies: ['core', 'health'] },
);
