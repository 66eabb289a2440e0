import type { IncomingMessage as HttpRequest } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { CHAT_RESUME_MAX, type IncomingFrame, type OutgoingFrame, outgoingFrame } from '@/contract/calls/chat';
import { CHAT_HEARTBEAT_MS } from '@/contract/constants';
import { type Locale, localeFromAcceptLanguage } from '@/contract/enums';
import { verifyChatToken } from '../account/chat-token';
import { safeParseUntrusted } from '../api/parse-untrusted';
import { type MessageKey, translate } from '../i18n';
import type { ChatBus, ChatEvent } from './chat-bus';
import { findConversation, messagesAfter, resolveConversation } from './chat.repository';
import { type ConversationCache, incomingOf, sendMessage } from './chat.service';
import { conversationKey, PushOrder } from './push-order';

declare module 'fastify' {
  interface FastifyInstance {
    /** The path of this process's chat socket; home/config advertises it (issue 10 item 12). */
    chatSocketPath: string;
    chatBus: ChatBus;
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
/** Per socket: at most this many frames per second on average, with bursts of twice that. */
const FRAMES_PER_SECOND = 10;
/** A gap longer than this is not replayed frame by frame: the client reloads the conversation (resync). */
export const RESUME_REPLAY_MAX = 200;

/** Close codes (4000–4999 are the application's). */
export const CLOSE_TOKEN_INVALID = 4001;

interface Connection {
  socket: WebSocket;
  user: string;
  token: string;
  locale: Locale;
  /** What the client holds of each conversation, and the order its live messages go out in. */
  order: PushOrder;
  conversations: ConversationCache;
  tokens: number;
  refilledAt: number;
}

/**
 * The chat socket at /im (spec section 7 "Chat socket", DESIGN sections 4 and 8): authenticates the upgrade with the
 * chat token, answers chat/ping, replays the gap of every conversation named in chat/initUser (or asks for a resync),
 * stores chat/chat messages and acks them with their sequence number, and pushes every stored message to the sockets
 * of both members through the bus. docs/chat-protocol.md is the protocol's reference.
 */
export default fp(
  async function imPlugin(app: FastifyInstance, options: { bus: ChatBus; now?: () => number }) {
    const { db, config } = app;
    const now = options.now ?? Date.now;
    const bus = options.bus;
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES, perMessageDeflate: false });
    const connections = new Set<Connection>();
    app.decorate('chatSocketPath', CHAT_SOCKET_PATH);
    app.decorate('chatBus', bus);

    function send(connection: Connection, frame: IncomingFrame): void {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(frame));
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
          send(connection, { message_type: 'chatMessage', data: incomingOf(conversation, message, connection.user) });
          seqs.add(message.seq);
        }
      }
    }

    function takeToken(connection: Connection): boolean {
      const at = now();
      connection.tokens = Math.min(FRAMES_PER_SECOND * 2, connection.tokens + ((at - connection.refilledAt) / 1000) * FRAMES_PER_SECOND);
      connection.refilledAt = at;
      if (connection.tokens < 1) return false;
      connection.tokens -= 1;
      return true;
    }

    async function handleFrame(connection: Connection, frame: OutgoingFrame): Promise<void> {
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
            outcome = await sendMessage(db, connection.user, frame.data, new Date(now()), connection.conversations);
            if (outcome.ok) {
              const { seq } = outcome.result.message;
              send(connection, { message_type: 'ackMessage', confirmed_ack_id: frame.ack_id, seq });
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

    async function onMessage(connection: Connection, data: RawData, isBinary: boolean, withinRate: boolean): Promise<void> {
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
        await handleFrame(connection, parsed.data);
      } catch (error) {
        app.log.error({ err: error }, 'chat frame failed');
        sendError(connection, 'server.error', ackId);
      }
    }

    function accept(request: HttpRequest, socket: Duplex, head: Buffer, user: string, token: string): void {
      wss.handleUpgrade(request, socket, head, (ws) => {
        const connection: Connection = {
          socket: ws,
          user,
          token,
          locale: localeFromAcceptLanguage(request.headers['accept-language']),
          order: new PushOrder((event) =>
            send(connection, { message_type: 'chatMessage', data: incomingOf(event.conversation, event.message, connection.user) }),
          ),
          conversations: new Map(),
          tokens: FRAMES_PER_SECOND * 2,
          refilledAt: now(),
        };
        connections.add(connection);
        // Frames are handled one at a time, in order: an ack never overtakes the replay before it.
        let queue = Promise.resolve();
        ws.on('message', (data, isBinary) => {
          // The rate is the client's sending rate, judged on arrival: frames that queued behind slow ones are not
          // refused for arriving at the handler together.
          const withinRate = takeToken(connection);
          // A frame whose handling throws is logged and answered; it never stops the frames behind it.
          queue = queue
            .then(() => onMessage(connection, data, isBinary, withinRate))
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
        const unsubscribe = bus.subscribe(user, (event) => connection.order.deliver(event));
        ws.on('close', () => {
          connections.delete(connection);
          clearTimeout(idle);
          clearTimeout(initTimer);
          connection.order.close();
          void unsubscribe.then((off) => off());
        });
        ws.on('error', () => ws.terminate());
      });
    }

    function refuse(socket: Duplex, status: number, reason: string): void {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }

    function onUpgrade(request: HttpRequest, socket: Duplex, head: Buffer): void {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== CHAT_SOCKET_PATH) return refuse(socket, 404, 'Not Found');
      const token = url.searchParams.get('token') ?? '';
      const user = token.length <= 512 ? verifyChatToken(config.serverSecret, token, now()) : null;
      if (!user) {
        // Upgrade, then close with an application code: a browser sees the code, not an HTTP status.
        wss.handleUpgrade(request, socket, head, (ws) => ws.close(CLOSE_TOKEN_INVALID, 'token invalid'));
        return;
      }
      accept(request, socket, head, user, token);
    }

    app.server.on('upgrade', onUpgrade);
    // Before the HTTP server closes (it would wait for the upgraded sockets): clients are told the server is going
    // away, reconnect (to another process) and resume from their last seq.
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      for (const connection of connections) connection.socket.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    });
    app.addHook('onClose', async () => {
      await bus.close();
    });
  },
  { name: 'im', dependencies: ['core'] },
);
