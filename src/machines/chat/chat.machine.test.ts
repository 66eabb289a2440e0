import { Server, WebSocket as MockWebSocket, type Client } from 'mock-socket';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject, type EventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { contactKey, UNLOCK_CONTENT, type ChatStatus, type ContactListEntry, type OutgoingFrame } from '@/contract/calls/chat';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_RECONNECT_MS } from '@/contract/constants';
import { ChatSocketStatus } from '@/contract/feature-enums';
import { toRequestError } from '@/machines/app/request.machine';
import { ApiError } from '@/services/api-client';
import { IM_ERROR } from '@/services/im-client';
import {
  chatMachine,
  resumeEntries,
  selectChatStatus,
  selectContact,
  selectContacts,
  selectIsOnline,
  selectOpenContact,
  selectRepricedFrom,
  selectTotalUnread,
  type BlockUserInput,
  type BlockUserOutput,
  type ChatContext,
  type ChatEmitted,
  type ChatEvent,
  type ChatRequest,
  type ChatSnapshot,
  type ChatStatusInput,
  type ContactListOutput,
  type FetchProfileInput,
  type FetchProfileOutput,
  type GetHistoryInput,
  type GetHistoryOutput,
  type MarkReadInput,
  type MarkReadOutput,
  type UnlockPartnerInput,
  type UnlockPartnerOutput,
  type UploadImageInput,
  type UploadImageOutput,
} from './chat.machine';
import {
  CHAT_CONFIG,
  contactEntry,
  historyItem,
  historyPage,
  IM_URL,
  incoming,
  LOCKED_STATUS,
  ME,
  OPEN_STATUS,
  MEMBER,
  MY_PROFILE,
  PARTNER,
  PARTNER_KEY,
  PEER,
  SIGN_PREFIX,
  signOf,
  STRANGER,
} from './chat.fixtures';
import { CHAT_MODEL_INPUT, CHAT_RESEND_EVENT, chatModelEvents, chatModelKey, chatTestPaths, describeChatEvent } from './chat.model';
import { chatSocketMachine, imConnection, INIT_ACK_ID, selectChatSocketStatus, type ChatSocketSnapshot } from './chat-socket.machine';

/** mock-socket delivers open, close and client frames after this many ms (its `delay`). */
const MOCK_DELAY_MS = 4;
const PEER_KEY = PEER;

// ---------------------------------------------------------------------------------------------------------------
// The world: a mock chat server, HTTP fakes the test answers, and what the chat emits.

interface PendingCall<I, O> {
  input: I;
  signal: AbortSignal;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
  settled: boolean;
}

/** A promise actor whose calls stay pending until the test answers them, oldest first. */
function fakeCall<I, O>() {
  const calls: PendingCall<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject, settled: false });
      }),
  );
  const pending = () => calls.filter((call) => !call.settled && !call.signal.aborted);
  const oldest = () => {
    const call = pending()[0];
    if (!call) throw new Error('no call in flight');
    return call;
  };
  return {
    logic,
    calls,
    pending,
    oldest,
    async answer(output: O) {
      const call = oldest();
      call.settled = true;
      call.resolve(output);
      await vi.advanceTimersByTimeAsync(0);
      return call.input;
    },
    async fail(error: unknown) {
      const call = oldest();
      call.settled = true;
      call.reject(error);
      await vi.advanceTimersByTimeAsync(0);
      return call.input;
    },
  };
}

interface ServerConnection {
  socket: Client;
  frames: OutgoingFrame[];
}

let servers: Server[] = [];

function startServer() {
  const server = new Server(IM_URL);
  servers.push(server);
  const connections: ServerConnection[] = [];
  server.on('connection', (socket) => {
    const connection: ServerConnection = { socket, frames: [] };
    socket.on('message', (data) => connection.frames.push(JSON.parse(String(data)) as OutgoingFrame));
    connections.push(connection);
  });
  const last = () => {
    const connection = connections.at(-1);
    if (!connection) throw new Error('nobody connected');
    return connection;
  };
  return {
    server,
    connections,
    last,
    push: (frame: unknown) => last().socket.send(JSON.stringify(frame)),
    /** The chat frames this connection received, in order. */
    chats: () => last().frames.filter((f) => f.route === 'chat/chat').map((f) => f.data as Extract<OutgoingFrame, { route: 'chat/chat' }>['data']),
    inits: () => last().frames.filter((f) => f.route === 'chat/initUser').map((f) => f.data),
  };
}

/** The chat's HTTP calls as fakes a test answers by hand, and the actors that use them. */
function fakeChatCalls() {
  return {
    syncContacts: fakeCall<unknown, ContactListOutput>(),
    loadHistory: fakeCall<GetHistoryInput, GetHistoryOutput>(),
    markRead: fakeCall<MarkReadInput, MarkReadOutput>(),
    unlockPartner: fakeCall<UnlockPartnerInput, UnlockPartnerOutput>(),
    blockUser: fakeCall<BlockUserInput, BlockUserOutput>(),
    fetchStatus: fakeCall<ChatStatusInput, ChatStatus>(),
    uploadImage: fakeCall<UploadImageInput, UploadImageOutput>(),
    fetchProfile: fakeCall<FetchProfileInput, FetchProfileOutput>(),
  };
}

function callActors(api: ReturnType<typeof fakeChatCalls>) {
  return {
    syncContacts: api.syncContacts.logic,
    loadHistory: api.loadHistory.logic,
    markRead: api.markRead.logic,
    unlockPartner: api.unlockPartner.logic,
    blockUser: api.blockUser.logic,
    fetchStatus: api.fetchStatus.logic,
    uploadImage: api.uploadImage.logic,
    fetchProfile: api.fetchProfile.logic,
  };
}

function start() {
  const im = startServer();
  const api = fakeChatCalls();
  const machine = chatMachine.provide({
    actors: {
      chatSocket: chatSocketMachine.provide({ actors: { connection: imConnection((url) => new MockWebSocket(url), () => 0) } }),
      ...callActors(api),
    },
  });
  const actor = createActor(machine, { input: { signPrefix: SIGN_PREFIX } }).start();
  const emitted: ChatEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  const snap = () => actor.getSnapshot();
  const ctx = () => snap().context;
  const contact = (key: string) => {
    const found = selectContact(snap(), key);
    if (!found) throw new Error(`no contact ${key}`);
    return found;
  };
  const socketStatus = () =>
    selectChatSocketStatus(actor.system.get('chatSocket')!.getSnapshot() as ChatSocketSnapshot);
  return { actor, api, im, emitted, snap, ctx, contact, socketStatus };
}

type World = ReturnType<typeof start>;

const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Lets the socket open and its initUser reach the server; the server has not acked it yet. */
async function openSocket() {
  await pass(MOCK_DELAY_MS);
  await pass(MOCK_DELAY_MS);
}

/** Acks the init (the socket is ready: the outbox goes out) and answers the contact sync that follows. */
async function initialize(w: World, contacts: ContactListEntry[] = []) {
  w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
  await w.api.syncContacts.answer(contacts);
  // The outbox frames reach the server.
  await pass(MOCK_DELAY_MS);
}

/** A chat connected as ME and initialized with `contacts`. */
async function startOnline(contacts: ContactListEntry[] = [contactEntry(PEER), contactEntry(PARTNER, { partner: PARTNER })]) {
  const w = start();
  w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
  await openSocket();
  await initialize(w, contacts);
  expect(selectIsOnline(w.snap())).toBe(true);
  return w;
}

/** Drops the connection from the server side and lets the socket reconnect and send its init. */
async function reconnect(w: World, code = 1006) {
  w.im.last().socket.close({ code, reason: '', wasClean: false });
  await pass(MOCK_DELAY_MS);
  expect(selectIsOnline(w.snap())).toBe(false);
  await pass(CHAT_RECONNECT_MS);
  await openSocket();
}

/** Opens the conversation with PEER and answers its first page with `items` (and the markRead that may follow). */
async function openPeer(w: World, items = [historyItem(1, PEER), historyItem(2, ME), historyItem(3, PEER)], hasMore = false, unread = w.contact(PEER_KEY)?.unreadcount ?? 0) {
  w.actor.send({ type: 'conversation.open', uuid: PEER });
  // The server counts in the page what its contact list counted, unless a test says otherwise.
  await w.api.loadHistory.answer(historyPage(items, { hasMore, unread }));
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12, 0, 0) });
});
afterEach(() => {
  for (const server of servers) server.stop();
  servers = [];
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------------------------

describe('chat: connecting', () => {
  it('stays idle without a usable config and connects with one', async () => {
    const w = start();
    w.actor.send({ type: 'chat.connect', config: { ...CHAT_CONFIG, chat_token: '' }, me: ME });
    w.actor.send({ type: 'chat.connect', config: { ...CHAT_CONFIG, im_url: [] }, me: ME });
    await pass(CHAT_RECONNECT_MS);
    expect(w.snap().value).toBe('idle');
    expect(w.im.connections).toHaveLength(0);

    w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
    expect(w.socketStatus()).toBe(ChatSocketStatus.CONNECTING);
    await openSocket();
    expect(w.socketStatus()).toBe(ChatSocketStatus.OPEN);
    expect(selectIsOnline(w.snap())).toBe(false);
    // The first connection resumes nothing.
    expect(w.im.inits()).toEqual([{ resume: [] }]);
    expect(w.api.syncContacts.calls).toHaveLength(0);
  });

  it('once the server acks the init: online, and the contact list is synced', async () => {
    const w = start();
    w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
    await openSocket();
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    expect(selectIsOnline(w.snap())).toBe(true);
    expect(w.snap().hasTag('syncing')).toBe(true);
    expect(w.api.syncContacts.pending()).toHaveLength(1);
  });

  it('the contact list names contacts, marks the system and partner ones, and sets the server’s unread counts', async () => {
    const last = historyItem(9, PEER);
    const w = await startOnline([
      contactEntry(PEER, { unread: 2, last, name: 'mika' }),
      contactEntry(PARTNER, { partner: PARTNER, unread: 1 }),
      contactEntry('00000000-0000-4000-8000-000000000001', { name: 'system' }),
    ]);
    expect(w.contact(PEER)).toMatchObject({
      uuid: PEER,
      username: 'mika',
      nickname: 'MIKA',
      avatar: '/thumbs/mika.webp',
      isSystem: false,
      isPartner: false,
      appends: null,
      unreadcount: 2,
    });
    // The latest message is held as a preview, and the conversation resumes from it.
    expect(w.contact(PEER).messages.map((m) => m.id)).toEqual([last.sign]);
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(9);
    expect(w.contact(PARTNER_KEY)).toMatchObject({ uuid: PARTNER, isPartner: true, appends: { uuid: PARTNER }, unreadcount: 1 });
    expect(w.contact('00000000-0000-4000-8000-000000000001').isSystem).toBe(true);
    expect(selectTotalUnread(w.snap())).toBe(3);
    expect(selectContacts(w.snap())[0].uuid).toBe(PEER);
  });

  it('tells the app when the server refuses the chat token (4001)', async () => {
    const w = await startOnline();
    await reconnect(w, 4001);
    expect(w.emitted).toContainEqual({ type: 'chat.tokenRejected' });
  });
});

describe('chat: sending', () => {
  it('shows a message as sending, sends it with its sign as ack id, and marks it success with its seq on the ack', async () => {
    const w = await startOnline();
    const sentAt = Date.now();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'hello' });
    expect(w.contact(PEER_KEY).messages).toEqual([
      {
        id: signOf(0),
        seq: null,
        timeStamp: sentAt,
        content: 'hello',
        contentType: 'text',
        self: true,
        status: 'sending',
        unread: false,
        ext: null,
      },
    ]);
    expect(w.ctx().outbox).toHaveLength(1);
    await pass(MOCK_DELAY_MS);
    const frame = w.im.last().frames.at(-1)!;
    expect(frame).toEqual({
      route: 'chat/chat',
      via: 'pwa',
      token: CHAT_CONFIG.chat_token,
      encrypt: 'self',
      ack_id: signOf(0),
      data: { to_uuid: PEER, type: 'friend', msgType: 'text', content: 'hello', microtime: sentAt, sign: signOf(0), ext: {} },
    });
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 1 });
    expect(w.contact(PEER_KEY).messages[0]).toMatchObject({ id: signOf(0), status: 'success', seq: 1 });
    expect(w.ctx().outbox).toEqual([]);
  });

  it('a partner conversation’s messages carry the partner uuid', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PARTNER_KEY, content: 'hi there' });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats().at(-1)).toMatchObject({ to_uuid: PARTNER, ext: { partner_uuid: PARTNER } });
    expect(w.contact(PARTNER_KEY).messages[0].ext).toEqual({ partner_uuid: PARTNER });
  });

  it('refuses empty, blank or non-string text with the spec’s error and sends nothing', async () => {
    const w = await startOnline();
    for (const content of ['', '   ', 42 as unknown as string, undefined as unknown as string]) {
      w.actor.send({ type: 'message.send', key: PEER_KEY, content });
    }
    await pass(MOCK_DELAY_MS);
    expect(w.contact(PEER_KEY).messages).toEqual([]);
    expect(w.im.chats()).toEqual([]);
    expect(w.emitted.filter((e) => e.type === 'chat.sendRejected')).toEqual(
      Array.from({ length: 4 }, () => ({ type: 'chat.sendRejected', key: PEER_KEY, error: IM_ERROR.textContent })),
    );
  });

  it('nobody writes to the system contact or to an unknown one', async () => {
    const system = '00000000-0000-4000-8000-000000000001';
    const w = await startOnline([contactEntry(system)]);
    w.actor.send({ type: 'message.send', key: system, content: 'hello' });
    w.actor.send({ type: 'message.send', key: STRANGER, content: 'hello' });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats()).toEqual([]);
    expect(w.ctx().outbox).toEqual([]);
  });

  it('an errorMessage marks the message failed for good: reported, and never resent', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'hello' });
    await pass(MOCK_DELAY_MS);
    w.im.push({ message_type: 'errorMessage', confirmed_ack_id: signOf(0), code: 'chat.blocked', msg: 'You cannot write to this user.' });
    expect(w.contact(PEER_KEY).messages[0]).toMatchObject({ status: 'failed', seq: null });
    expect(w.ctx().outbox).toEqual([]);
    expect(w.emitted).toContainEqual({ type: 'chat.messageFailed', key: PEER_KEY, id: signOf(0), code: 'chat.blocked' });
    await reconnect(w);
    await initialize(w);
    expect(w.im.chats()).toEqual([]);
  });

  it('a rate-limit refusal is not final: the outbox goes out again after 3 s, with the same signs', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'one' });
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'two' });
    await pass(MOCK_DELAY_MS);
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 1 });
    // The server's rate limit names no frame.
    w.im.push({ message_type: 'errorMessage', code: 'chat.rateLimited', msg: 'Too many messages' });
    w.im.push({ message_type: 'errorMessage', code: 'chat.rateLimited', msg: 'Too many messages' });
    expect(w.contact(PEER_KEY).messages.map((m) => m.status)).toEqual(['success', 'sending']);
    expect(w.emitted.filter((e) => e.type === 'chat.messageFailed')).toEqual([]);
    await pass(CHAT_RECONNECT_MS - 1);
    expect(w.im.chats().map((m) => m.sign)).toEqual([signOf(0), signOf(1)]);
    await pass(1 + MOCK_DELAY_MS);
    expect(w.im.chats().map((m) => m.sign)).toEqual([signOf(0), signOf(1), signOf(1)]);
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(1), seq: 2 });
    expect(w.contact(PEER_KEY).messages.map((m) => m.status)).toEqual(['success', 'success']);
  });

  it('a server fault on a message is retried too, not marked failed', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'one' });
    await pass(MOCK_DELAY_MS);
    w.im.push({ message_type: 'errorMessage', confirmed_ack_id: signOf(0), code: 'server.error', msg: 'Internal error' });
    expect(w.contact(PEER_KEY).messages[0].status).toBe('sending');
    await pass(CHAT_RECONNECT_MS + MOCK_DELAY_MS);
    expect(w.im.chats().map((m) => m.sign)).toEqual([signOf(0), signOf(0)]);
  });

  it('acks and errors for signs it does not know change nothing', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'hello' });
    const before = w.ctx();
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: 'someone-else', seq: 4 });
    w.im.push({ message_type: 'errorMessage', confirmed_ack_id: 'someone-else', code: 'x', msg: 'x' });
    w.im.push({ message_type: 'errorMessage', code: 'frame.invalid', msg: 'x' });
    expect(w.ctx()).toEqual(before);
  });
});

describe('chat: the outbox', () => {
  it('messages written offline wait, and go out in order once the socket is initialized', async () => {
    const w = start();
    w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
    await openSocket();
    await initialize(w, [contactEntry(PEER)]);
    await reconnect(w);
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'one' });
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'two' });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats()).toEqual([]);
    await initialize(w, [contactEntry(PEER)]);
    expect(w.im.chats().map((m) => [m.sign, m.content])).toEqual([
      [signOf(0), 'one'],
      [signOf(1), 'two'],
    ]);
  });

  it('unacked messages are resent after every reconnect with the same sign, until acked', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'one' });
    w.actor.send({ type: 'message.send', key: PARTNER_KEY, content: 'two' });
    await pass(MOCK_DELAY_MS);
    const sent = w.im.chats();
    expect(sent.map((m) => m.sign)).toEqual([signOf(0), signOf(1)]);

    await reconnect(w);
    await initialize(w);
    // Byte for byte the same messages: the server de-duplicates them by sign.
    expect(w.im.chats()).toEqual(sent);
    expect(w.contact(PEER_KEY).messages[0].status).toBe('sending');

    // The server stored the first (a second ack of the same sign carries the same seq); the second is still open.
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 1 });
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 1 });
    expect(w.contact(PEER_KEY).messages).toHaveLength(1);
    expect(w.contact(PEER_KEY).messages[0]).toMatchObject({ status: 'success', seq: 1 });

    await reconnect(w);
    await initialize(w);
    expect(w.im.chats()).toEqual([sent[1]]);
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(1), seq: 1 });
    await reconnect(w);
    await initialize(w);
    expect(w.im.chats()).toEqual([]);
  });

  it('the init goes first on a new connection, before any resent message', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'one' });
    await reconnect(w);
    await initialize(w);
    expect(w.im.last().frames.map((f) => f.route)).toEqual(['chat/initUser', 'chat/chat']);
  });
});

describe('chat: resume', () => {
  it('initUser lists, per conversation, the end of the unbroken run of seqs it holds', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(4, PEER), historyItem(5, ME), historyItem(6, PEER)]);
    // Seq 7 is in flight elsewhere; the own message acked as 8 does not skip it.
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'mine' });
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 8 });
    // The partner conversation is known only from a live message.
    w.im.push({ message_type: 'chatMessage', data: incoming(3, PARTNER, ME, { partner: PARTNER }) });
    await reconnect(w);
    expect(w.im.inits().at(-1)).toEqual({
      resume: expect.arrayContaining([
        { peer_uuid: PEER, seq: 6 },
        { peer_uuid: PARTNER, partner_uuid: PARTNER, seq: 3 },
      ]),
    });
    expect(w.im.inits().at(-1)?.resume).toHaveLength(2);

    // The server replays 7, and the run reaches the acked 8.
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    w.im.push({ message_type: 'chatMessage', data: incoming(7, PEER, ME) });
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(8);
    expect(w.contact(PEER_KEY).messages.map((m) => m.seq)).toEqual([4, 5, 6, 7, 8]);
  });

  it('a resync reloads the conversation’s first page and keeps the messages not yet acked', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(1, PEER), historyItem(2, PEER)]);
    w.actor.send({ type: 'conversation.close' });
    await reconnect(w);
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'pending' });
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    w.im.push({ message_type: 'resync', peer_uuid: PEER });
    expect(w.contact(PEER_KEY).loading).toBe(true);
    const input = await w.api.loadHistory.answer(historyPage([historyItem(9, PEER), historyItem(10, ME), historyItem(11, PEER)]));
    expect(input).toEqual({ page: 1, limit: CHAT_HISTORY_PAGE_SIZE, from_uuid: PEER });
    expect(w.contact(PEER_KEY).messages.map((m) => [m.id, m.status])).toEqual([
      ['theirs-9', 'success'],
      ['mine-10', 'success'],
      ['theirs-11', 'success'],
      [signOf(0), 'sending'],
    ]);
    expect(w.contact(PEER_KEY).loading).toBe(false);
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(11);
    expect(w.ctx().outbox.map((e) => e.message.sign)).toEqual([signOf(0)]);
  });

  it('an outbox message found on a reloaded page was stored: it is success, and not resent', async () => {
    const w = await startOnline();
    await openPeer(w, []);
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'lost ack' });
    await reconnect(w);
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    w.im.push({ message_type: 'resync', peer_uuid: PEER });
    await w.api.loadHistory.answer(historyPage([historyItem(1, ME, { sign: signOf(0), content: 'lost ack' })]));
    expect(w.contact(PEER_KEY).messages).toEqual([expect.objectContaining({ id: signOf(0), status: 'success', seq: 1 })]);
    expect(w.ctx().outbox).toEqual([]);
  });

  it('a live message that skips a seq in a loaded conversation reloads it: no silent gap', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(1, PEER), historyItem(2, PEER)]);
    w.im.push({ message_type: 'chatMessage', data: incoming(3, PEER, ME) });
    expect(w.api.loadHistory.pending()).toHaveLength(0);
    w.im.push({ message_type: 'chatMessage', data: incoming(5, PEER, ME) });
    expect(w.api.loadHistory.pending()).toHaveLength(1);
    // The run stops before the gap until the reload fills it.
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(3);
    await w.api.loadHistory.answer(historyPage([1, 2, 3, 4, 5].map((seq) => historyItem(seq, PEER))));
    expect(w.contact(PEER_KEY).messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(5);
  });

  it('a conversation never loaded is not reloaded for a skipped seq', async () => {
    const w = await startOnline([contactEntry(PEER, { last: historyItem(2, PEER) })]);
    w.im.push({ message_type: 'chatMessage', data: incoming(7, PEER, ME) });
    expect(w.api.loadHistory.calls).toHaveLength(0);
    expect(w.ctx().lastSeq[PEER_KEY]).toBe(7);
  });
});

describe('chat: incoming messages', () => {
  it('a peer’s message to a closed conversation counts as unread and emits chat.newMessage', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, PEER, ME, { content: 'hey' }) });
    const message = w.contact(PEER_KEY).messages[0];
    expect(message).toMatchObject({ id: 'theirs-1', seq: 1, content: 'hey', self: false, status: 'success', unread: true });
    expect(w.contact(PEER_KEY).unreadcount).toBe(1);
    expect(selectTotalUnread(w.snap())).toBe(1);
    expect(w.emitted).toContainEqual({ type: 'chat.newMessage', key: PEER_KEY, message, isOpen: false });
  });

  it('a message is never shown twice: a duplicate frame changes nothing', async () => {
    const w = await startOnline();
    const frame = { message_type: 'chatMessage', data: incoming(1, PEER, ME) };
    w.im.push(frame);
    const after = w.ctx();
    const news = w.emitted.length;
    w.im.push(frame);
    w.im.push({ ...frame, data: { ...frame.data, seq: 2 } });
    expect(w.ctx()).toEqual(after);
    expect(w.emitted).toHaveLength(news);
  });

  it('an own message from another device is shown as own, not counted and not announced', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, ME, PEER, { content: 'from my phone' }) });
    expect(w.contact(PEER_KEY).messages).toEqual([expect.objectContaining({ self: true, unread: false, content: 'from my phone' })]);
    expect(w.contact(PEER_KEY).unreadcount).toBe(0);
    expect(w.emitted.filter((e) => e.type === 'chat.newMessage')).toEqual([]);
  });

  it('the echo of an own message sent from here settles it like its ack; the ack then changes nothing', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'hello' });
    w.im.push({ message_type: 'chatMessage', data: incoming(1, ME, PEER, { sign: signOf(0), content: 'hello' }) });
    expect(w.contact(PEER_KEY).messages).toEqual([expect.objectContaining({ id: signOf(0), status: 'success', seq: 1 })]);
    expect(w.ctx().outbox).toEqual([]);
    const after = w.ctx();
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: signOf(0), seq: 1 });
    expect(w.ctx()).toEqual(after);
  });

  it('a message from an unknown user creates the contact and syncs the contact list to name it', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, STRANGER, ME) });
    expect(w.contact(STRANGER)).toMatchObject({ uuid: STRANGER, username: '', unreadcount: 1, isPartner: false });
    expect(w.api.syncContacts.pending()).toHaveLength(1);
    await w.api.syncContacts.answer([contactEntry(STRANGER, { name: 'kai', unread: 1, last: historyItem(1, STRANGER) })]);
    expect(w.contact(STRANGER)).toMatchObject({ username: 'kai', unreadcount: 1 });
    expect(w.contact(STRANGER).messages).toHaveLength(1);
  });

  it('a partner conversation is keyed by the user and the partner profile', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, PARTNER, ME, { partner: PARTNER }) });
    expect(w.contact(PARTNER_KEY).unreadcount).toBe(1);
    expect(selectContact(w.snap(), PARTNER)).toBeNull();
  });

  it('frames after a logout are ignored', async () => {
    const w = await startOnline();
    const socket = w.im.last().socket;
    w.actor.send({ type: 'chat.clear' });
    socket.send(JSON.stringify({ message_type: 'chatMessage', data: incoming(1, PEER, ME) }));
    expect(w.ctx().contacts).toEqual({});
  });
});

describe('chat: unread counts', () => {
  it('opening a conversation marks it read up to its newest seq and takes the server’s count', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 2 })]);
    await openPeer(w, [historyItem(1, ME), historyItem(2, PEER), historyItem(3, PEER)]);
    expect(selectOpenContact(w.snap())?.uuid).toBe(PEER);
    expect(w.contact(PEER_KEY).messages.map((m) => m.unread)).toEqual([false, true, true]);
    const input = await w.api.markRead.answer({ unreadcount: 0, read_seq: 3 });
    expect(input).toEqual({ to_uuid: PEER, seq: 3 });
    expect(w.contact(PEER_KEY).unreadcount).toBe(0);
    expect(w.contact(PEER_KEY).messages.map((m) => m.unread)).toEqual([false, false, false]);
    expect(selectTotalUnread(w.snap())).toBe(0);
  });

  it('a conversation opened before the contact list arrives (by its address) marks unread what its first page counts', async () => {
    const w = await startOnline([]);
    w.actor.send({ type: 'conversation.open', uuid: PEER });
    await w.api.loadHistory.answer(historyPage([historyItem(1, PEER), historyItem(2, ME), historyItem(3, PEER), historyItem(4, PEER)], { unread: 2 }));
    expect(w.contact(PEER_KEY).messages.map((m) => m.unread)).toEqual([false, false, true, true]);
    expect(w.contact(PEER_KEY).unreadcount).toBe(2);
    expect(await w.api.markRead.answer({ unreadcount: 0, read_seq: 4 })).toEqual({ to_uuid: PEER, seq: 4 });
  });

  it('the first page’s count wins over an older contact list’s: messages read elsewhere since show no divider', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 2 })]);
    await openPeer(w, [historyItem(1, PEER), historyItem(2, PEER)], false, 0);
    expect(w.contact(PEER_KEY).messages.map((m) => m.unread)).toEqual([false, false]);
    expect(w.contact(PEER_KEY).unreadcount).toBe(0);
    expect(w.api.markRead.calls).toHaveLength(0);
  });

  it('a peer message in the open conversation is read at once: not counted, marked read, announced as open', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(1, PEER)]);
    w.im.push({ message_type: 'chatMessage', data: incoming(2, PEER, ME) });
    expect(w.contact(PEER_KEY).unreadcount).toBe(0);
    expect(w.emitted.at(-1)).toMatchObject({ type: 'chat.newMessage', key: PEER_KEY, isOpen: true });
    expect(await w.api.markRead.answer({ unreadcount: 0, read_seq: 2 })).toEqual({ to_uuid: PEER, seq: 2 });
  });

  it('opening a loaded conversation without unread messages calls nothing', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(1, ME)]);
    w.actor.send({ type: 'conversation.close' });
    w.actor.send({ type: 'conversation.open', uuid: PEER });
    expect(w.api.loadHistory.calls).toHaveLength(1);
    expect(w.api.markRead.calls).toHaveLength(0);
  });

  it('the contact list on reconnect replaces the local counts with the server’s', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 1, last: historyItem(1, PEER) })]);
    w.im.push({ message_type: 'chatMessage', data: incoming(2, PEER, ME) });
    w.im.push({ message_type: 'chatMessage', data: incoming(3, PEER, ME) });
    expect(w.contact(PEER_KEY).unreadcount).toBe(3);
    // Read on another device meanwhile: the server counts 0 up to seq 3.
    await reconnect(w);
    w.im.push({ message_type: 'ackMessage', confirmed_ack_id: INIT_ACK_ID });
    await w.api.syncContacts.answer([contactEntry(PEER, { unread: 0, last: historyItem(3, PEER) })]);
    expect(w.contact(PEER_KEY).unreadcount).toBe(0);
    expect(selectTotalUnread(w.snap())).toBe(0);
  });

  it('peer messages that arrive after the server counted are added to its count', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 1, last: historyItem(1, PEER) })]);
    w.actor.send({ type: 'contacts.sync' });
    w.im.push({ message_type: 'chatMessage', data: incoming(2, PEER, ME) });
    // The answer was made before seq 2 existed.
    await w.api.syncContacts.answer([contactEntry(PEER, { unread: 1, last: historyItem(1, PEER) })]);
    expect(w.contact(PEER_KEY).unreadcount).toBe(2);
  });

  it('a markRead answer that predates a newer peer message keeps that message unread', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 1 })]);
    await openPeer(w, [historyItem(1, PEER)]);
    w.actor.send({ type: 'conversation.close' });
    w.im.push({ message_type: 'chatMessage', data: incoming(2, PEER, ME) });
    await w.api.markRead.answer({ unreadcount: 0, read_seq: 1 });
    expect(w.contact(PEER_KEY).unreadcount).toBe(1);
  });
});

describe('chat: history', () => {
  it('opens an unknown conversation from a profile, loads page 1 and records whether the user may write', async () => {
    const w = await startOnline([]);
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER, profile: { username: 'aya', nickname: 'Aya', thumb: '/t/aya.webp' } });
    expect(w.contact(PARTNER_KEY)).toMatchObject({ username: 'aya', avatar: '/t/aya.webp', isPartner: true, loading: true });
    expect(w.snap().hasTag('loadingHistory')).toBe(true);
    const input = await w.api.loadHistory.answer(historyPage([], { status: LOCKED_STATUS }));
    expect(input).toEqual({ page: 1, limit: CHAT_HISTORY_PAGE_SIZE, from_uuid: PARTNER, partner_uuid: PARTNER });
    expect(selectChatStatus(w.snap(), PARTNER_KEY)).toEqual(LOCKED_STATUS);
    expect(w.contact(PARTNER_KEY)).toMatchObject({ loading: false, noMore: true, messages: [] });
  });

  it('names a conversation opened by its address once: the other side’s name and picture are asked for, never twice', async () => {
    const w = await startOnline([contactEntry(PEER, { name: 'paul' })]);
    // A profile's conversation opened by its address (a reload, a shared link): neither the list nor a page named it.
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER });
    expect(w.contact(PARTNER_KEY)).toMatchObject({ nickname: '', avatar: '' });
    expect(w.api.fetchProfile.pending().map((call) => call.input)).toEqual([{ uuid: PARTNER }]);
    await w.api.fetchProfile.answer({ uuid: PARTNER, username: '', nickname: 'Aya', thumb: '/t/aya.webp', is_block: false });
    expect(w.contact(PARTNER_KEY)).toMatchObject({ nickname: 'Aya', avatar: '/t/aya.webp', isPartner: true });
    w.actor.send({ type: 'conversation.close' });
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER });
    // Named already, by the list, or by the page that linked here: nothing to ask.
    w.actor.send({ type: 'conversation.open', uuid: PEER });
    w.actor.send({ type: 'conversation.open', uuid: MEMBER, profile: { username: 'mia', nickname: 'Mia', thumb: '' } });
    expect(w.api.fetchProfile.calls).toHaveLength(1);

    // A failure leaves the neutral name and is not retried in a loop.
    w.actor.send({ type: 'conversation.open', uuid: STRANGER });
    await w.api.fetchProfile.fail(new ApiError('This user does not exist.', { kind: 'server', status: 0 }));
    w.actor.send({ type: 'conversation.close' });
    w.actor.send({ type: 'conversation.open', uuid: STRANGER });
    expect(w.api.fetchProfile.calls).toHaveLength(2);
    expect(w.contact(STRANGER)).toMatchObject({ nickname: '', avatar: '' });
    expect(w.emitted.filter((e) => e.type === 'chat.requestFailed' && e.request !== 'history')).toEqual([]);
  });

  it('pages back 20 at a time and stops when the server has no more', async () => {
    const w = await startOnline();
    const page1 = Array.from({ length: 20 }, (_, i) => historyItem(41 + i, i % 2 ? ME : PEER));
    const page2 = Array.from({ length: 20 }, (_, i) => historyItem(21 + i, PEER));
    const page3 = Array.from({ length: 20 }, (_, i) => historyItem(1 + i, PEER));
    await openPeer(w, page1, true);
    expect(w.contact(PEER_KEY).noMore).toBe(false);

    w.actor.send({ type: 'history.more', key: PEER_KEY });
    expect(w.contact(PEER_KEY).loading).toBe(true);
    // While a page loads, asking again does nothing.
    w.actor.send({ type: 'history.more', key: PEER_KEY });
    expect(w.api.loadHistory.pending()).toHaveLength(1);
    expect(await w.api.loadHistory.answer(historyPage(page2, { page: 2, hasMore: true }))).toMatchObject({ page: 2 });
    expect(w.contact(PEER_KEY).messages.map((m) => m.seq)).toEqual(Array.from({ length: 40 }, (_, i) => 21 + i));

    w.actor.send({ type: 'history.more', key: PEER_KEY });
    expect(await w.api.loadHistory.answer(historyPage(page3, { page: 3, hasMore: false }))).toMatchObject({ page: 3 });
    expect(w.contact(PEER_KEY).messages).toHaveLength(60);
    expect(w.contact(PEER_KEY)).toMatchObject({ noMore: true, loading: false });
    w.actor.send({ type: 'history.more', key: PEER_KEY });
    expect(w.api.loadHistory.calls).toHaveLength(3);
  });

  it('an older page that overlaps what is held (new messages shifted the pages) adds no duplicate', async () => {
    const w = await startOnline();
    await openPeer(w, [historyItem(3, PEER), historyItem(4, PEER)], true);
    w.im.push({ message_type: 'chatMessage', data: incoming(5, PEER, ME) });
    w.actor.send({ type: 'history.more', key: PEER_KEY });
    await w.api.loadHistory.answer(historyPage([historyItem(2, PEER), historyItem(3, PEER)], { page: 2 }));
    expect(w.contact(PEER_KEY).messages.map((m) => m.seq)).toEqual([2, 3, 4, 5]);
  });

  it('a failed load is reported and can be retried', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'conversation.open', uuid: PEER });
    await w.api.loadHistory.fail(new ApiError('chat/getHistory failed: network error', { kind: 'network' }));
    expect(w.contact(PEER_KEY).loading).toBe(false);
    expect(w.emitted.at(-1)).toEqual({
      type: 'chat.requestFailed',
      request: 'history',
      key: PEER_KEY,
      error: { code: 'network', msg: 'chat/getHistory failed: network error' },
    });
    w.actor.send({ type: 'conversation.close' });
    w.actor.send({ type: 'conversation.open', uuid: PEER });
    expect(w.api.loadHistory.pending()).toHaveLength(1);
  });
});

describe('chat: photos, unlock and block', () => {
  it('a photo is uploaded, then sent as a photos message whose content is the image path', async () => {
    const w = await startOnline();
    const file = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    w.actor.send({ type: 'photo.send', key: PEER_KEY, file });
    expect(w.snap().hasTag('uploading')).toBe(true);
    expect(w.api.uploadImage.oldest().input).toEqual({ image: file });
    await w.api.uploadImage.answer({ image: '/uploads/chat/a.webp', thumb: '/uploads/chat/a-t.webp', width: 10, height: 10 });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats().at(-1)).toMatchObject({ msgType: 'photos', content: '/uploads/chat/a.webp', sign: signOf(0) });
    expect(w.contact(PEER_KEY).messages.at(-1)).toMatchObject({ contentType: 'photos', status: 'sending' });
  });

  it('a failed upload is reported and sends nothing', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'photo.send', key: PEER_KEY, file: new Blob(['x']) });
    await w.api.uploadImage.fail(new ApiError('Image too large', { kind: 'server', status: 0 }));
    expect(w.emitted.at(-1)).toMatchObject({ type: 'chat.requestFailed', request: 'upload', key: PEER_KEY });
    expect(w.contact(PEER_KEY).messages).toEqual([]);
    expect(w.snap().hasTag('uploading')).toBe(false);
  });

  it('unlocking a partner spends once, announces it with an unlock message and refreshes the status', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER });
    await w.api.loadHistory.answer(historyPage([], { status: LOCKED_STATUS }));
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    expect(w.snap().hasTag('busy')).toBe(true);
    expect(w.api.unlockPartner.calls).toHaveLength(1);
    const input = await w.api.unlockPartner.answer({ is_unlocked: true, spent: 30, fun_score: 70 });
    expect(input.partner_uuid).toBe(PARTNER);
    expect(input.price).toBe(30);
    expect(input.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(w.emitted).toContainEqual({ type: 'chat.unlocked', key: PARTNER_KEY, spent: 30, fun_score: 70 });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats().at(-1)).toMatchObject({
      to_uuid: PARTNER,
      msgType: 'unlock',
      content: UNLOCK_CONTENT,
      ext: { partner_uuid: PARTNER },
    });
    const unlocked = { ...LOCKED_STATUS, can_send: true, is_unlocked: true };
    expect(await w.api.fetchStatus.answer(unlocked)).toEqual({ to_uuid: PARTNER, partner_uuid: PARTNER });
    expect(selectChatStatus(w.snap(), PARTNER_KEY)).toEqual(unlocked);
    expect(w.snap().hasTag('busy')).toBe(false);
    // Unlocked: nothing more to unlock.
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    expect(w.api.unlockPartner.calls).toHaveLength(1);
  });

  it('an unlock refused by the server is reported; nothing is sent', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    await w.api.unlockPartner.fail(new ApiError('Not enough points', { kind: 'server', status: 0 }));
    expect(w.emitted.at(-1)).toEqual({
      type: 'chat.requestFailed',
      request: 'unlock',
      key: PARTNER_KEY,
      error: { code: 'server', msg: 'Not enough points' },
    });
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats()).toEqual([]);
  });

  it('an unlock refused because the price changed shows the new price and asks again; confirming it pays it', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER });
    await w.api.loadHistory.answer(historyPage([], { status: LOCKED_STATUS }));
    // The member confirmed the 30 they were shown; the owner has asked 45 since.
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    const refusal = new ApiError('The price to unlock this chat is now 45 points.', { kind: 'server', status: 0, details: { code: 'chat.priceChanged', price: 45 } });
    expect((await w.api.unlockPartner.fail(refusal)).price).toBe(30);
    // Not a failure to report: a question again, at the new price. Nothing is sent.
    expect(w.emitted.filter((e) => e.type === 'chat.requestFailed' || e.type === 'chat.unlocked')).toEqual([]);
    expect(selectChatStatus(w.snap(), PARTNER_KEY)).toEqual({ ...LOCKED_STATUS, unlock_price: 45 });
    expect(selectRepricedFrom(w.snap(), PARTNER_KEY)).toBe(30);
    expect(w.snap().hasTag('busy')).toBe(false);
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats()).toEqual([]);

    // Confirmed at 45, it goes through.
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 45 });
    expect((await w.api.unlockPartner.answer({ is_unlocked: true, spent: 45, fun_score: 55 })).price).toBe(45);
    expect(w.emitted).toContainEqual({ type: 'chat.unlocked', key: PARTNER_KEY, spent: 45, fun_score: 55 });
    expect(selectRepricedFrom(w.snap(), PARTNER_KEY)).toBeNull();
    await pass(MOCK_DELAY_MS);
    expect(w.im.chats().at(-1)).toMatchObject({ msgType: 'unlock', content: UNLOCK_CONTENT });
  });

  it('only the member side of a partner conversation unlocks', async () => {
    // ME owns MY_PROFILE: MEMBER's conversation with it is not ME's to unlock.
    const w = await startOnline([contactEntry(PEER), contactEntry(MEMBER, { partner: MY_PROFILE })]);
    w.actor.send({ type: 'partner.unlock', key: PEER_KEY, price: 30 });
    w.actor.send({ type: 'partner.unlock', key: STRANGER, price: 30 });
    w.actor.send({ type: 'partner.unlock', key: contactKey(MEMBER, MY_PROFILE), price: 30 });
    expect(w.api.unlockPartner.calls).toHaveLength(0);
    expect(w.snap().hasTag('busy')).toBe(false);
  });

  it('without a chat connection an unlock fails with ‘ws connect failed’ and spends nothing', () => {
    const offline = start();
    offline.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    expect(offline.emitted).toEqual([
      { type: 'chat.requestFailed', request: 'unlock', key: PARTNER_KEY, error: { code: 'unknown', msg: 'ws connect failed' } },
    ]);
    expect(offline.api.unlockPartner.calls).toHaveLength(0);
  });

  it('with the socket down and reconnecting, an unlock fails with ‘ws connect failed’ and spends nothing; back online it goes through', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'conversation.open', uuid: PARTNER, partnerUuid: PARTNER });
    await w.api.loadHistory.answer(historyPage([], { status: LOCKED_STATUS }));
    w.im.last().socket.close({ code: 1006, reason: '', wasClean: false });
    await pass(MOCK_DELAY_MS);
    expect(selectIsOnline(w.snap())).toBe(false);

    w.emitted.length = 0;
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    expect(w.emitted).toEqual([
      { type: 'chat.requestFailed', request: 'unlock', key: PARTNER_KEY, error: { code: 'unknown', msg: 'ws connect failed' } },
    ]);
    expect(w.api.unlockPartner.calls).toHaveLength(0);
    expect(w.snap().hasTag('busy')).toBe(false);
    expect(selectChatStatus(w.snap(), PARTNER_KEY)).toEqual(LOCKED_STATUS);

    await pass(CHAT_RECONNECT_MS);
    await openSocket();
    await initialize(w, [contactEntry(PEER), contactEntry(PARTNER, { partner: PARTNER })]);
    w.actor.send({ type: 'partner.unlock', key: PARTNER_KEY, price: 30 });
    expect(w.api.unlockPartner.calls).toHaveLength(1);
  });

  it('blocking a user blocks every conversation with them, then refreshes the status; unblocking reverses it', async () => {
    // As a profile owner: MEMBER wrote to ME directly and to ME's profile.
    const OWNER_VIEW_KEY = contactKey(MEMBER, MY_PROFILE);
    const w = await startOnline([contactEntry(MEMBER), contactEntry(MEMBER, { partner: MY_PROFILE })]);
    w.actor.send({ type: 'conversation.open', uuid: MEMBER });
    await w.api.loadHistory.answer(historyPage([]));
    w.actor.send({ type: 'conversation.open', uuid: MEMBER, partnerUuid: MY_PROFILE });
    await w.api.loadHistory.answer(historyPage([], { status: { ...OPEN_STATUS, is_partner: true } }));

    w.actor.send({ type: 'user.block', key: OWNER_VIEW_KEY, block: true });
    expect(await w.api.blockUser.answer({ is_block: true })).toEqual({ uuid: MEMBER, block: true });
    for (const key of [MEMBER, OWNER_VIEW_KEY]) {
      expect(selectChatStatus(w.snap(), key)).toMatchObject({ is_block: true, can_send: false });
    }
    await w.api.fetchStatus.answer({ ...OPEN_STATUS, is_partner: true, is_block: true, can_send: false });

    w.actor.send({ type: 'user.block', key: OWNER_VIEW_KEY, block: false });
    expect(await w.api.blockUser.answer({ is_block: false })).toEqual({ uuid: MEMBER, block: false });
    await w.api.fetchStatus.answer({ ...OPEN_STATUS, is_partner: true });
    expect(selectChatStatus(w.snap(), OWNER_VIEW_KEY)).toMatchObject({ is_block: false, can_send: true });
    expect(selectChatStatus(w.snap(), MEMBER)).toMatchObject({ is_block: false });
  });
});

describe('chat: logout', () => {
  it('chat.clear forgets everything, aborts the calls in flight and closes the socket for good', async () => {
    const w = await startOnline([contactEntry(PEER, { unread: 2 })]);
    await openPeer(w);
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'unsent' });
    w.actor.send({ type: 'contacts.sync' });
    const inFlight = [w.api.markRead.oldest(), w.api.syncContacts.oldest()];

    w.actor.send({ type: 'chat.clear' });
    expect(w.snap().value).toBe('idle');
    const { signPrefix, sent } = w.ctx();
    expect(w.ctx()).toEqual({
      me: null,
      config: null,
      contacts: {},
      lastSeq: {},
      pages: {},
      statuses: {},
      openKey: null,
      outbox: [],
      historyQueue: [],
      readQueue: [],
      uploads: [],
      action: null,
      repriced: {},
      profilesAsked: {},
      signPrefix,
      sent,
    });
    expect(selectTotalUnread(w.snap())).toBe(0);
    expect(inFlight.every((call) => call.signal.aborted)).toBe(true);
    expect(w.socketStatus()).toBe(ChatSocketStatus.CLOSED);
    await pass(MOCK_DELAY_MS);
    expect(w.im.last().socket.readyState).toBe(MockWebSocket.CLOSED);
    await pass(CHAT_RECONNECT_MS * 5);
    expect(w.im.connections).toHaveLength(1);
  });

  it('the next login starts from nothing, and never reuses a sign', async () => {
    const w = await startOnline();
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'before' });
    w.actor.send({ type: 'chat.clear' });
    w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
    await openSocket();
    expect(w.im.inits().at(-1)).toEqual({ resume: [] });
    await initialize(w, [contactEntry(PEER)]);
    expect(w.im.chats()).toEqual([]);
    w.actor.send({ type: 'message.send', key: PEER_KEY, content: 'after' });
    expect(w.contact(PEER_KEY).messages.map((m) => m.id)).toEqual([signOf(1)]);
  });

  it('connecting as another user drops the previous user’s chat', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, PEER, ME) });
    w.actor.send({ type: 'chat.connect', config: { ...CHAT_CONFIG, chat_token: 'other' }, me: STRANGER });
    expect(w.ctx().me).toBe(STRANGER);
    expect(w.ctx().contacts).toEqual({});
    expect(selectIsOnline(w.snap())).toBe(false);
  });

  it('chat.connect again for the same user keeps the chat and the connection', async () => {
    const w = await startOnline();
    w.im.push({ message_type: 'chatMessage', data: incoming(1, PEER, ME) });
    w.actor.send({ type: 'chat.connect', config: CHAT_CONFIG, me: ME });
    await pass(MOCK_DELAY_MS);
    expect(w.contact(PEER_KEY).messages).toHaveLength(1);
    expect(selectIsOnline(w.snap())).toBe(true);
    expect(w.im.connections).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/**
 * Model-based tests (STYLE rule 19). The models (chat.model.ts, printed by `npm run test:paths`) drive a real chat
 * whose socket is a fake that records the commands it gets, and whose calls are the pending fakes above: a
 * `socket.*` model event is sent as the socket would send it, a completion answers the oldest call in flight.
 * After every step the actor holds the model's context (times aside) and tags, the invariants of a chat hold, and
 * the step had exactly its side effects on the socket and the emitted events.
 */

type SocketCommand = { type: string; [key: string]: unknown };

/** A context as JSON without its clock readings, which differ between the model's run and the test's. */
function timeless(context: ChatContext): string {
  return JSON.stringify(context, (key, value: unknown) => (key === 'timeStamp' || key === 'microtime' ? 0 : value));
}

function modelWorld() {
  const commands: SocketCommand[] = [];
  const fakeSocket = fromCallback<SocketCommand>(({ receive }) => {
    receive((command) => commands.push(command));
  });
  const api = fakeChatCalls();
  const machine = chatMachine.provide({
    actors: {
      chatSocket: fakeSocket as unknown as typeof chatSocketMachine,
      ...callActors(api),
    },
  });
  const actor = createActor(machine, { input: CHAT_MODEL_INPUT }).start();
  const emitted: ChatEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  let seenCommands = 0;
  let seenEmitted = 0;
  /** The socket commands and emitted events since the last call. */
  const fresh = () => {
    const news = { commands: commands.slice(seenCommands), emitted: emitted.slice(seenEmitted) };
    seenCommands = commands.length;
    seenEmitted = emitted.length;
    return news;
  };
  return { actor, api, fresh };
}

/** What every chat must satisfy, whatever happened before. */
function checkInvariants(snapshot: ChatSnapshot) {
  const { context } = snapshot;
  expect(selectTotalUnread(snapshot)).toBe(Object.values(context.contacts).reduce((sum, c) => sum + c.unreadcount, 0));
  const outbox = new Set(context.outbox.map((entry) => entry.message.sign));
  const queued = new Set(context.historyQueue.map((request) => request.key));
  for (const [key, contact] of Object.entries(context.contacts)) {
    const ids = contact.messages.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    const seqs = contact.messages.map((m) => m.seq ?? Infinity);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    for (const m of contact.messages) {
      // A message is sending exactly while it waits in the outbox; only server-numbered messages are success.
      expect(m.status === 'sending').toBe(outbox.has(m.id));
      if (m.status === 'success') expect(m.seq).not.toBeNull();
      if (m.self) expect(m.unread).toBe(false);
    }
    expect(contact.loading).toBe(queued.has(key));
    expect(context.lastSeq[key] ?? 0).toBeLessThanOrEqual(Math.max(0, ...contact.messages.map((m) => m.seq ?? 0)));
  }
  for (const entry of context.outbox) expect(context.contacts[entry.key].messages.some((m) => m.id === entry.message.sign)).toBe(true);
}

const ACTOR_OF: Record<string, keyof ReturnType<typeof modelWorld>['api']> = {
  syncContacts: 'syncContacts',
  loadHistory: 'loadHistory',
  markRead: 'markRead',
  unlockPartner: 'unlockPartner',
  blockUser: 'blockUser',
  fetchStatus: 'fetchStatus',
  uploadImage: 'uploadImage',
};

describe('chat: model-based paths', () => {
  const runs = chatTestPaths();

  it('the paths reach every state of the machine and use every kind of model event', () => {
    const reached = new Set<string>();
    for (const { path } of runs) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    // The regions' idle states with an eventless exit are reached too: a snapshot can rest in them.
    const all = getStateNodes(chatMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(runs.flatMap(({ path }) => path.steps.map((step) => step.event.type)));
    for (const event of Object.values(chatModelEvents)) expect(used).toContain(event.type);
    for (const type of Object.values(ACTOR_OF).flatMap((id) => [`xstate.done.actor.${id}`, `xstate.error.actor.${id}`])) {
      expect(used).toContain(type);
    }
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(chatMachine, { input: CHAT_MODEL_INPUT })).toThrow(/not supported/);
  });

  const nameOf = ({ label, path }: (typeof runs)[number]) =>
    `${label}: ${path.steps.slice(1).map((step) => describeChatEvent(step.event)).join(' → ') || 'start'}`;

  for (const run of runs) {
    it(nameOf(run), async () => {
      const { actor, api, fresh } = modelWorld();
      const complete = async ({ event }: { event: EventObject }) => {
        const completion = event as AnyEventObject;
        const id = completion.type.replace(/^xstate\.(done|error)\.actor\./, '');
        const call = api[ACTOR_OF[id]] as ReturnType<typeof fakeCall<unknown, unknown>>;
        expect(call.pending()).toHaveLength(1);
        const before = actor.getSnapshot();
        if ('output' in completion) await call.answer(completion.output);
        else await call.fail(completion.error);
        checkCompletionEffects(before, id, completion, fresh());
      };
      const send = async ({ event }: { event: EventObject }) => {
        const before = actor.getSnapshot();
        actor.send(event as ChatEvent);
        await vi.advanceTimersByTimeAsync(0);
        checkEffects(before, event as ChatEvent, fresh());
      };
      await run.path.test({
        states: {
          '*': (model) => {
            const real = actor.getSnapshot();
            expect(real.value).toEqual(model.value);
            expect(timeless(real.context)).toBe(timeless(model.context));
            expect([...real.tags].sort()).toEqual([...model.tags].sort());
            expect(chatModelKey(real)).toBe(chatModelKey(model));
            checkInvariants(real);
            // One call in flight per busy region, and none after a logout.
            expect(api.syncContacts.pending()).toHaveLength(real.hasTag('syncing') ? 1 : 0);
            expect(api.loadHistory.pending()).toHaveLength(real.hasTag('loadingHistory') ? 1 : 0);
            expect(api.markRead.pending()).toHaveLength(real.hasTag('markingRead') ? 1 : 0);
            expect(api.uploadImage.pending()).toHaveLength(real.hasTag('uploading') ? 1 : 0);
            const request = real.context.historyQueue[0];
            if (request) expect(api.loadHistory.oldest().input).toMatchObject({ page: request.page, from_uuid: real.context.contacts[request.key].uuid });
          },
        },
        events: Object.fromEntries([
          ...Object.values(chatModelEvents).map((event) => [event.type, send] as const),
          [
            CHAT_RESEND_EVENT,
            async () => {
              const { outbox } = actor.getSnapshot().context;
              await vi.advanceTimersByTimeAsync(CHAT_RECONNECT_MS - 1);
              expect(fresh().commands).toEqual([]);
              await vi.advanceTimersByTimeAsync(1);
              expect(fresh().commands).toEqual(
                outbox.map((entry) => ({ type: 'socket.send', request: { route: 'chat/chat', data: entry.message, ackId: entry.message.sign } })),
              );
            },
          ] as const,
          ...Object.keys(ACTOR_OF).flatMap((id) => [
            [`xstate.done.actor.${id}`, complete] as const,
            [`xstate.error.actor.${id}`, complete] as const,
          ]),
        ]),
      });
      actor.stop();
    });
  }
});

/** The side effects one user, app or socket event must have: the socket commands and the emitted events. */
function checkEffects(before: ChatSnapshot, event: ChatEvent, news: { commands: SocketCommand[]; emitted: ChatEmitted[] }) {
  const { context } = before;
  const online = before.hasTag('online');
  switch (event.type) {
    case 'chat.connect':
      expect(news.commands).toEqual([{ type: 'socket.connect', config: event.config }]);
      return;
    case 'chat.clear':
      expect(news.commands).toEqual([{ type: 'socket.disconnect' }]);
      return;
    case 'socket.opened':
      expect(news.commands).toEqual([{ type: 'socket.init', resume: resumeEntries(context) }]);
      return;
    case 'socket.ready':
      // The outbox, in order, each with its sign as ack id.
      expect(news.commands).toEqual(
        context.outbox.map((entry) => ({ type: 'socket.send', request: { route: 'chat/chat', data: entry.message, ackId: entry.message.sign } })),
      );
      return;
    case 'socket.closed':
      expect(news.emitted).toEqual(event.code === 4001 ? [{ type: 'chat.tokenRejected' }] : []);
      return;
    case 'message.send':
      if (event.content.trim() === '') {
        expect(news.emitted).toEqual([{ type: 'chat.sendRejected', key: event.key, error: IM_ERROR.textContent }]);
        expect(news.commands).toEqual([]);
      } else {
        expect(news.commands).toEqual(online ? [expect.objectContaining({ type: 'socket.send', request: expect.objectContaining({ ackId: signOf(context.sent) }) })] : []);
      }
      return;
    case 'socket.frame': {
      const { frame } = event;
      if (frame.message_type === 'errorMessage' && frame.code === 'chat.rateLimited') {
        expect(news.emitted).toEqual([]);
      } else if (frame.message_type === 'errorMessage') {
        expect(news.emitted).toEqual([{ type: 'chat.messageFailed', key: PEER_KEY, id: frame.confirmed_ack_id, code: frame.code }]);
      } else if (frame.message_type === 'chatMessage') {
        const known = context.contacts[PEER_KEY]?.messages.some((m) => m.id === frame.data.sign);
        const fromPeer = frame.data.from_uuid !== ME;
        expect(news.emitted.filter((e) => e.type === 'chat.newMessage')).toHaveLength(fromPeer && !known ? 1 : 0);
      } else {
        expect(news.emitted).toEqual([]);
      }
      expect(news.commands).toEqual([]);
      return;
    }
    default:
      expect(news.commands).toEqual([]);
  }
}

const REQUEST_OF: Record<string, ChatRequest> = {
  syncContacts: 'contacts',
  loadHistory: 'history',
  markRead: 'markRead',
  unlockPartner: 'unlock',
  blockUser: 'block',
  fetchStatus: 'status',
  uploadImage: 'upload',
};

const isPriceChange = (error: unknown) => (error as { details?: { code?: string } }).details?.code === 'chat.priceChanged';

/** The side effects of a call's answer: a failure is reported once; an unlock or a photo becomes a message. */
function checkCompletionEffects(before: ChatSnapshot, id: string, completion: AnyEventObject, news: { commands: SocketCommand[]; emitted: ChatEmitted[] }) {
  const { context } = before;
  if (id === 'unlockPartner' && !('output' in completion) && isPriceChange(completion.error)) {
    // Not a failure: the member is asked again at the new price; nothing is reported, nothing sent.
    expect(news.emitted).toEqual([]);
    expect(news.commands).toEqual([]);
    return;
  }
  if (!('output' in completion)) {
    const key =
      id === 'loadHistory' ? context.historyQueue[0].key
      : id === 'markRead' ? context.readQueue[0]
      : id === 'uploadImage' ? context.uploads[0].key
      : id === 'syncContacts' ? null
      : context.action!.key;
    expect(news.emitted).toEqual([{ type: 'chat.requestFailed', request: REQUEST_OF[id], key, error: toRequestError(completion.error) }]);
    expect(news.commands).toEqual([]);
    return;
  }
  const message = (msgType: string, content: string) => ({
    type: 'socket.send',
    request: expect.objectContaining({ route: 'chat/chat', ackId: signOf(context.sent), data: expect.objectContaining({ msgType, content }) }),
  });
  const sends = before.hasTag('online');
  if (id === 'unlockPartner') {
    const { spent, fun_score } = completion.output as UnlockPartnerOutput;
    expect(news.emitted).toEqual([{ type: 'chat.unlocked', key: context.action!.key, spent, fun_score }]);
    expect(news.commands).toEqual(sends ? [message('unlock', UNLOCK_CONTENT)] : []);
  } else if (id === 'uploadImage') {
    expect(news.emitted).toEqual([]);
    expect(news.commands).toEqual(sends ? [message('photos', (completion.output as UploadImageOutput).image)] : []);
  } else {
    expect(news.emitted).toEqual([]);
    expect(news.commands).toEqual([]);
  }
}
