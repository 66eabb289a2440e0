import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { IncomingFrame, OutgoingMessage } from '../../src/contract/calls/chat';

/**
 * A minimal chat socket client for server tests, written from docs/chat-protocol.md: it connects with a chat token,
 * sends frames, and collects every frame the server pushes so a test can wait for the one it expects.
 */
export interface ChatTestClient {
  frames: IncomingFrame[];
  send(route: string, data: unknown, ackId?: string): string;
  chat(message: Partial<OutgoingMessage> & { to_uuid: string; content: string }): { sign: string; ackId: string };
  waitFor<T extends IncomingFrame>(match: (frame: IncomingFrame) => frame is T, timeoutMs?: number): Promise<T>;
  waitFor(match: (frame: IncomingFrame) => boolean, timeoutMs?: number): Promise<IncomingFrame>;
  /** Resolves after `ms` with the frames received meanwhile (to assert that nothing came). */
  quiet(ms: number): Promise<IncomingFrame[]>;
  close(): Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  socket: WebSocket;
  /** The X-Served-By header of the upgrade's answer: which process a load balancer gave the socket to. */
  servedBy: string | null;
}

export async function connectChat(url: string, token: string, options: { headers?: Record<string, string> } = {}): Promise<ChatTestClient> {
  const socket = new WebSocket(`${url}?token=${encodeURIComponent(token)}`, { headers: options.headers });
  const frames: IncomingFrame[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as IncomingFrame);
    for (const wake of waiters) wake();
  });
  let servedBy: string | null = null;
  socket.once('upgrade', (response) => {
    const header = response.headers['x-served-by'];
    servedBy = typeof header === 'string' ? header : null;
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('close', () => resolve());
  });
  let cursor = 0;
  const client: ChatTestClient = {
    frames,
    socket,
    closed,
    get servedBy() {
      return servedBy;
    },
    send(route, data, ackId = randomUUID().replaceAll('-', '')) {
      socket.send(JSON.stringify({ route, via: 'pwa', token, encrypt: 'self', data, ack_id: ackId }));
      return ackId;
    },
    chat(message) {
      const sign = message.sign ?? randomUUID().replaceAll('-', '');
      client.send('chat/chat', { type: 'friend', msgType: 'text', microtime: Date.now(), ext: {}, ...message, sign }, sign);
      return { sign, ackId: sign };
    },
    waitFor(match: (frame: IncomingFrame) => boolean, timeoutMs = 5_000) {
      return new Promise<IncomingFrame>((resolve, reject) => {
        const check = () => {
          while (cursor < frames.length) {
            const frame = frames[cursor++];
            if (match(frame)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(frame);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames.slice(-5))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async quiet(ms) {
      const start = frames.length;
      await new Promise((resolve) => setTimeout(resolve, ms));
      cursor = frames.length;
      return frames.slice(start);
    },
    async close() {
      if (socket.readyState === socket.CLOSED) return;
      socket.close();
      await closed;
    },
  } as ChatTestClient;
  return client;
}

export const isAck = (ackId: string) => (f: IncomingFrame): f is Extract<IncomingFrame, { message_type: 'ackMessage' }> =>
  f.message_type === 'ackMessage' && f.confirmed_ack_id === ackId;
export const isError = (ackId: string) => (f: IncomingFrame): f is Extract<IncomingFrame, { message_type: 'errorMessage' }> =>
  f.message_type === 'errorMessage' && f.confirmed_ack_id === ackId;
export const isChat = (sign: string) => (f: IncomingFrame): f is Extract<IncomingFrame, { message_type: 'chatMessage' }> =>
  f.message_type === 'chatMessage' && f.data.sign === sign;
