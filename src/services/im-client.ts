import { incomingFrame, type IncomingFrame, type OutgoingFrame } from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';

/**
 * The chat socket's wire end (spec section 7 "Chat socket", DESIGN section 4): one WebSocket to a randomly picked
 * `im_url` entry, frames out as JSON with the session header (route, via, token, encrypt 'self', data, ack_id),
 * frames in parsed and validated against the contract. No timing and no state beyond the socket itself: the
 * reconnect, heartbeat and pong timeout live in chat-socket.machine.ts (STYLE rule 8), which wraps this class in a
 * callback actor.
 */

/** The error texts of spec section 8 "Chat"; messages of the ImClientError a refused send throws. */
export const IM_ERROR = {
  notInitialized: 'IM call sendMessage before initialize',
  route: 'IM sendMessage route error',
  textContent: 'Send text content error',
} as const;
export type ImErrorText = (typeof IM_ERROR)[keyof typeof IM_ERROR];

export class ImClientError extends Error {
  constructor(readonly text: ImErrorText) {
    super(text);
    this.name = 'ImClientError';
  }
}

/** A frame to send, without the header the client adds: `ackId` becomes the frame's `ack_id`. */
type RequestOf<F> = F extends { route: infer R; data: infer D } ? { route: R; data: D; ackId: string } : never;
export type ImRequest = RequestOf<OutgoingFrame>;

/** The part of the DOM WebSocket this client uses; tests pass mock-socket's WebSocket. */
export type ImSocket = Pick<WebSocket, 'readyState' | 'onopen' | 'onclose' | 'onmessage' | 'onerror' | 'send' | 'close'>;

/** Opens a socket to `url`: `(url) => new WebSocket(url)` in the app. */
export type OpenImSocket = (url: string) => ImSocket;

/** WebSocket.readyState values (the DOM constants, which Node tests may not have). */
const CONNECTING = 0;
const OPEN = 1;
/** The close code the client reports when it could not even create the socket (an invalid address). */
export const IM_CLOSE_ABNORMAL = 1006;
/** The close code the server uses for a bad or expired chat token. */
export const IM_CLOSE_BAD_TOKEN = 4001;
/** The server closed this socket because the user opened more than the cap allows elsewhere (docs/chat-protocol.md). */
export const IM_CLOSE_TOO_MANY_SOCKETS = 4008;

/** The addresses a config offers, without blanks. */
function imAddresses(config: AppConfig): string[] {
  return config.im_url.filter((url) => url.trim() !== '');
}

/** A config the socket can connect with: a chat token and at least one address (guests get neither). */
export function isUsableImConfig(config: AppConfig): boolean {
  return config.chat_token !== '' && imAddresses(config).length > 0;
}

/**
 * The address to connect to: a random `im_url` entry with the chat token as query parameter. `random` is
 * Math.random's contract (a number in [0, 1)); tests pass a fixed one.
 */
export function imSocketUrl(config: AppConfig, random: () => number = Math.random): string {
  const addresses = imAddresses(config);
  if (addresses.length === 0) throw new Error('The app config has no chat address');
  const index = Math.min(addresses.length - 1, Math.floor(random() * addresses.length));
  const base = addresses[index];
  return `${base}${base.includes('?') ? '&' : '?'}token=${encodeURIComponent(config.chat_token)}`;
}

/** A frame from the server, or null when it is not JSON or not a frame of the contract (ignored, not fatal). */
export function parseImFrame(data: unknown): IncomingFrame | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = incomingFrame.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Checks what the spec refuses before a frame leaves (section 8 "Chat"): a route outside `chat/`, and a chat
 * message whose content is not a non-empty string. The rest of the frame is the server's to judge: it answers an
 * invalid one with errorMessage.
 */
export function checkImRequest(request: { route: string; data: unknown }): void {
  if (typeof request.route !== 'string' || !request.route.startsWith('chat/')) throw new ImClientError(IM_ERROR.route);
  if (request.route === 'chat/chat') {
    const content = (request.data as { content?: unknown } | null)?.content;
    if (typeof content !== 'string' || content.trim() === '') throw new ImClientError(IM_ERROR.textContent);
  }
}

/** The frame for `request` under `config`'s session header. */
export function toOutgoingFrame(config: AppConfig, request: ImRequest): OutgoingFrame {
  return {
    route: request.route,
    via: config.via,
    token: config.chat_token,
    encrypt: 'self',
    data: request.data,
    ack_id: request.ackId,
  } as OutgoingFrame;
}

/** The spec's error text of a refused send, whatever was thrown. */
export function imErrorText(error: unknown): ImErrorText {
  return error instanceof ImClientError ? error.text : IM_ERROR.notInitialized;
}

export interface ImClientOptions {
  config: AppConfig;
  openSocket: OpenImSocket;
  random?: () => number;
  onOpen: () => void;
  /** Once per client, whether the server closed, the network dropped or the socket could not be created. */
  onClose: (code: number, reason: string) => void;
  /** Every valid frame from the server, in order; invalid ones never reach here. */
  onFrame: (frame: IncomingFrame) => void;
}

/**
 * One connection attempt. It never reconnects by itself: after `onClose` (or `close()`) it is done, and the
 * machine makes a new one. `close()` detaches the handlers first, so a client closed by its owner reports nothing.
 */
export class ImClient {
  readonly url: string;
  private readonly config: AppConfig;
  private socket: ImSocket | null = null;
  private done = false;

  constructor(private readonly options: ImClientOptions) {
    this.config = options.config;
    this.url = imSocketUrl(options.config, options.random);
    try {
      this.socket = options.openSocket(this.url);
    } catch (error) {
      this.done = true;
      options.onClose(IM_CLOSE_ABNORMAL, error instanceof Error ? error.message : String(error));
      return;
    }
    this.socket.onopen = () => this.options.onOpen();
    this.socket.onmessage = (event) => {
      const frame = parseImFrame(event.data);
      if (frame) this.options.onFrame(frame);
    };
    // A failed socket fires `error` and then `close`; `close` alone ends the client.
    this.socket.onerror = () => {};
    this.socket.onclose = (event) => this.finish(event.code, event.reason);
  }

  get isOpen(): boolean {
    return !this.done && this.socket?.readyState === OPEN;
  }

  /** Sends one frame; throws an ImClientError with the spec's text when it cannot. */
  send(request: ImRequest): void {
    checkImRequest(request);
    if (!this.isOpen || !this.socket) throw new ImClientError(IM_ERROR.notInitialized);
    this.socket.send(JSON.stringify(toOutgoingFrame(this.config, request)));
  }

  /** Closes the socket without reporting it (the owner knows). Safe to call more than once. */
  close(): void {
    const socket = this.socket;
    this.done = true;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close(1000);
  }

  private finish(code: number, reason: string): void {
    if (this.done) return;
    this.done = true;
    this.socket = null;
    this.options.onClose(code, reason);
  }
}
