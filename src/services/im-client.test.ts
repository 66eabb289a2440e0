import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IncomingFrame } from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';
import {
  checkImRequest,
  IM_CLOSE_ABNORMAL,
  IM_ERROR,
  ImClient,
  ImClientError,
  imErrorText,
  imSocketUrl,
  isUsableImConfig,
  parseImFrame,
  toOutgoingFrame,
  type ImRequest,
} from './im-client';

const MOCK_DELAY_MS = 4;
const URL_A = 'ws://im-a.test/im';
const CONFIG: AppConfig = { chat_token: 'tok en+/=', via: 'web', im_url: [URL_A, 'ws://im-b.test/im', 'ws://im-c.test/im?region=eu'] };
const PEER = '2b6f0c1e-8d3a-4f5b-9c7d-1e2f3a4b5c6d';

const chat = (content: unknown): ImRequest => ({
  route: 'chat/chat',
  data: { to_uuid: PEER, type: 'friend', msgType: 'text', content: content as string, microtime: 1, sign: 'sign-0001', ext: {} },
  ackId: 'sign-0001',
});

describe('im client: helpers', () => {
  it('a config is usable with a token and a non-blank address', () => {
    expect(isUsableImConfig(CONFIG)).toBe(true);
    expect(isUsableImConfig({ ...CONFIG, chat_token: '' })).toBe(false);
    expect(isUsableImConfig({ ...CONFIG, im_url: [] })).toBe(false);
    expect(isUsableImConfig({ ...CONFIG, im_url: [' '] })).toBe(false);
  });

  it('picks the im_url entry random() points at and adds the encoded token', () => {
    expect(imSocketUrl(CONFIG, () => 0)).toBe(`${URL_A}?token=tok%20en%2B%2F%3D`);
    expect(imSocketUrl(CONFIG, () => 0.5)).toBe('ws://im-b.test/im?token=tok%20en%2B%2F%3D');
    // An address with a query of its own gets the token appended to it.
    expect(imSocketUrl(CONFIG, () => 0.999)).toBe('ws://im-c.test/im?region=eu&token=tok%20en%2B%2F%3D');
    // Blank entries are never picked.
    expect(imSocketUrl({ ...CONFIG, im_url: ['', URL_A] }, () => 0)).toBe(`${URL_A}?token=tok%20en%2B%2F%3D`);
    expect(() => imSocketUrl({ ...CONFIG, im_url: [] })).toThrow();
  });

  it('spreads connections over every address with Math.random', () => {
    const seen = new Set(Array.from({ length: 200 }, () => imSocketUrl(CONFIG).split('?')[0]));
    expect(seen.size).toBe(3);
  });

  it('parses only JSON frames of the contract', () => {
    const pong: IncomingFrame = { message_type: 'pong' };
    expect(parseImFrame(JSON.stringify(pong))).toEqual(pong);
    expect(parseImFrame(JSON.stringify({ message_type: 'ackMessage', confirmed_ack_id: 'a', seq: 3 }))).toEqual({
      message_type: 'ackMessage',
      confirmed_ack_id: 'a',
      seq: 3,
    });
    expect(parseImFrame('{')).toBeNull();
    expect(parseImFrame(JSON.stringify({ message_type: 'nope' }))).toBeNull();
    expect(parseImFrame(JSON.stringify({ message_type: 'ackMessage' }))).toBeNull();
    expect(parseImFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('refuses a route outside chat/ and chat text that is not a non-empty string, with the spec’s texts', () => {
    expect(() => checkImRequest(chat('hi'))).not.toThrow();
    expect(() => checkImRequest({ route: 'chat/ping', data: {} })).not.toThrow();
    for (const route of ['user/me', 'chatting', '', 'Chat/chat']) {
      expect(() => checkImRequest({ route, data: {} })).toThrow(new ImClientError(IM_ERROR.route));
    }
    for (const content of ['', '  \n', 0, null, undefined, { text: 'hi' }]) {
      expect(() => checkImRequest(chat(content))).toThrow(IM_ERROR.textContent);
    }
    expect(imErrorText(new ImClientError(IM_ERROR.route))).toBe(IM_ERROR.route);
    expect(imErrorText(new Error('socket gone'))).toBe(IM_ERROR.notInitialized);
  });

  it('adds the session header: via, token, encrypt self, ack id', () => {
    expect(toOutgoingFrame(CONFIG, { route: 'chat/ping', data: {}, ackId: 'ping' })).toEqual({
      route: 'chat/ping',
      via: 'web',
      token: CONFIG.chat_token,
      encrypt: 'self',
      data: {},
      ack_id: 'ping',
    });
  });
});

describe('im client: the socket', () => {
  let server: Server;
  let received: unknown[];

  beforeEach(() => {
    vi.useFakeTimers();
    server = new Server(URL_A);
    received = [];
    server.on('connection', (socket) => {
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
    });
  });
  afterEach(() => {
    server.stop();
    vi.useRealTimers();
  });

  function open(config: AppConfig = { ...CONFIG, im_url: [URL_A] }) {
    const events: string[] = [];
    const frames: IncomingFrame[] = [];
    const client = new ImClient({
      config,
      openSocket: (url) => new MockWebSocket(url),
      onOpen: () => events.push('open'),
      onClose: (code) => events.push(`close ${code}`),
      onFrame: (frame) => frames.push(frame),
    });
    return { client, events, frames };
  }

  it('refuses to send before the socket is open, then sends JSON frames', async () => {
    const { client, events } = open();
    expect(client.isOpen).toBe(false);
    expect(() => client.send(chat('hi'))).toThrow(new ImClientError(IM_ERROR.notInitialized));
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(events).toEqual(['open']);
    client.send(chat('hi'));
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(received).toEqual([toOutgoingFrame({ ...CONFIG, im_url: [URL_A] }, chat('hi'))]);
  });

  it('checks the route and text before anything else', () => {
    const { client } = open();
    expect(() => client.send({ ...chat('hi'), route: 'x/y' } as unknown as ImRequest)).toThrow(IM_ERROR.route);
    expect(() => client.send(chat(''))).toThrow(IM_ERROR.textContent);
  });

  it('hands valid frames over and ignores the rest', async () => {
    const sockets: { send(data: string): void }[] = [];
    server.on('connection', (socket) => sockets.push(socket));
    const { frames } = open();
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    sockets[0].send('garbage');
    sockets[0].send(JSON.stringify({ message_type: 'pong' }));
    sockets[0].send(JSON.stringify({ message_type: 'resync' }));
    expect(frames).toEqual([{ message_type: 'pong' }]);
  });

  it('reports a close once with its code, and sends nothing after it', async () => {
    const sockets: { close(options?: { code: number; reason: string }): void }[] = [];
    server.on('connection', (socket) => sockets.push(socket));
    const { client, events } = open();
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    sockets[0].close({ code: 4001, reason: 'token expired' });
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(events).toEqual(['open', 'close 4001']);
    expect(() => client.send(chat('hi'))).toThrow(IM_ERROR.notInitialized);
  });

  it('reports a connection that fails (no server) as closed', async () => {
    const { events } = open({ ...CONFIG, im_url: ['ws://nobody.test/im'] });
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(events).toEqual(['close 1000']);
  });

  it('reports a socket that cannot even be created as an abnormal close', () => {
    const { events } = open({ ...CONFIG, im_url: ['http://not-a-socket.test'] });
    expect(events).toEqual([`close ${IM_CLOSE_ABNORMAL}`]);
  });

  it('close() closes the socket without reporting it, and may be called twice', async () => {
    const closed: number[] = [];
    server.on('connection', (socket) => socket.on('close', () => closed.push(1)));
    const { client, events } = open();
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    client.close();
    client.close();
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS);
    expect(events).toEqual(['open']);
    expect(closed).toEqual([1]);
    expect(client.isOpen).toBe(false);
  });

  it('close() while connecting: the socket never opens', async () => {
    const { client, events } = open();
    client.close();
    await vi.advanceTimersByTimeAsync(MOCK_DELAY_MS * 3);
    expect(events).toEqual([]);
  });
});
