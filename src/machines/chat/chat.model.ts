import type { ActorLogic, AnyEventObject, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { ChatContact, ChatStatus } from '@/contract/calls/chat';
import { CHAT_RECONNECT_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import { afterEventOf, doneEvent, errorEvent } from '@/machines/app/form.model';
import { highestSeq } from './chat-messages';
import { chatMachine, type ChatContext, type ChatEvent, type ChatInput, type ChatSnapshot } from './chat.machine';
import {
  CHAT_CONFIG,
  contactEntry,
  historyItem,
  historyPage,
  incoming,
  LOCKED_STATUS,
  ME,
  OPEN_STATUS,
  PARTNER,
  PARTNER_KEY,
  PEER,
  SIGN_PREFIX,
} from './chat.fixtures';

/**
 * The chat machine's test models (STYLE rule 19), shared by chat.machine.test.ts and `npm run test:paths`. Test
 * data only: no app module imports this file, so it stays out of the bundle.
 *
 * createTestModel() refuses machines with `invoke`, and the chat invokes its socket and every call by design
 * (STYLE rules 6 and 7), so these are TestModels of the machine as it is (as in favorites.model.ts). Model events
 * are the user's and the app's events, the socket's notifications (`socket.*`, which a test sends as the socket
 * would) and the invoked calls' completions (which a test turns into answering the fake call).
 *
 * The whole chat is too large for one finite graph, so there are three models, each a scenario with a bounded set
 * of events, all starting from a fresh chat; together their paths reach every state:
 * - `delivery`: connecting, the socket going up and down, sending, acks, refusals (final, and for now), echoes and
 *   the outbox resent on every reconnect and after a refusal for now; logout.
 * - `receiving`: the contact sync, live messages (next in sequence, duplicates, a skipped seq), resync, opening a
 *   conversation, history pages and markRead, with failures.
 * - `actions`: unlock, block, the status check after them, and photo uploads, with failures.
 *
 * Sequence numbers follow a small server: the conversation with PEER has seqs 1–4 stored (page 1 is 3–4, page 2 is
 * 1–2), and every new message takes the next seq after the highest the client has seen. Bounds keep the graphs
 * finite: at most two own messages per model (signs are never reused, even after a logout), live messages up to seq
 * 5 (a skipped seq up to 6).
 *
 * A vertex is the state value and the facts that tell contexts apart (what each message is, the counts, the queues,
 * how many signs were made), plus the event when it changed none of them or was a failed call, so that ignored
 * and refused events (a blank text, a duplicate frame) and failures end paths of their own.
 */

export type ChatModelVariant = 'delivery' | 'receiving' | 'actions';
export const CHAT_MODEL_VARIANTS: readonly ChatModelVariant[] = ['delivery', 'receiving', 'actions'];

export const CHAT_MODEL_INPUT: ChatInput = { signPrefix: SIGN_PREFIX };

/** The last seq the model's server holds for PEER before anything is sent or received live. */
const STORED_SEQ = 4;
const MAX_LIVE_SEQ = 5;
/** A skipped seq may go one further. */
const MAX_GAP_SEQ = 6;
const MAX_OWN_MESSAGES = 2;

export const CHAT_SYNC_DONE = doneEvent('syncContacts');
export const CHAT_SYNC_ERROR = errorEvent('syncContacts');
export const CHAT_HISTORY_DONE = doneEvent('loadHistory');
export const CHAT_HISTORY_ERROR = errorEvent('loadHistory');
export const CHAT_READ_DONE = doneEvent('markRead');
export const CHAT_READ_ERROR = errorEvent('markRead');
export const CHAT_UNLOCK_DONE = doneEvent('unlockPartner');
export const CHAT_UNLOCK_ERROR = errorEvent('unlockPartner');
export const CHAT_BLOCK_DONE = doneEvent('blockUser');
export const CHAT_BLOCK_ERROR = errorEvent('blockUser');
export const CHAT_STATUS_DONE = doneEvent('fetchStatus');
export const CHAT_STATUS_ERROR = errorEvent('fetchStatus');
export const CHAT_UPLOAD_DONE = doneEvent('uploadImage');
export const CHAT_UPLOAD_ERROR = errorEvent('uploadImage');

/** The delayed event that resends the outbox after a refusal for now. */
export const CHAT_RESEND_EVENT = afterEventOf(chatMachine, 'chat.active.link.online.backingOff');

const offline = (call: string) => new ApiError(`${call} failed: network error`, { kind: 'network' });

export const MODEL_PHOTO = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
export const MODEL_IMAGE = { image: '/uploads/chat/model.webp', thumb: '/uploads/chat/model-t.webp', width: 4, height: 4 };
/** chat/unlockPartner's refusal data when the profile's price is no longer the one the member confirmed. */
export const MODEL_PRICE_CHANGE = { code: 'chat.priceChanged', price: 45 } as const;
export const UNLOCKED_STATUS: ChatStatus = { ...LOCKED_STATUS, can_send: true, is_unlocked: true };
export const BLOCKED_STATUS: ChatStatus = { ...OPEN_STATUS, is_block: true, can_send: false };

/** The contact list the model's server answers: PEER with one unread message, and the locked partner. */
export const MODEL_CONTACTS = [
  contactEntry(PEER, { unread: 1, last: historyItem(STORED_SEQ, PEER) }),
  contactEntry(PARTNER, { partner: PARTNER }),
];

/** The user's, the app's and the socket's events that need no computed payload. */
export const chatModelEvents = {
  connect: { type: 'chat.connect', config: CHAT_CONFIG, me: ME },
  clear: { type: 'chat.clear' },
  opened: { type: 'socket.opened' },
  ready: { type: 'socket.ready' },
  closed: { type: 'socket.closed', code: 1006 },
  badToken: { type: 'socket.closed', code: 4001 },
  openPeer: { type: 'conversation.open', uuid: PEER },
  close: { type: 'conversation.close' },
  more: { type: 'history.more', key: PEER },
  send: { type: 'message.send', key: PEER, content: 'hello' },
  sendBlank: { type: 'message.send', key: PEER, content: '   ' },
  photo: { type: 'photo.send', key: PEER, file: MODEL_PHOTO },
  unlock: { type: 'partner.unlock', key: PARTNER_KEY, price: LOCKED_STATUS.unlock_price! },
  block: { type: 'user.block', key: PEER, block: true },
  resync: { type: 'socket.frame', frame: { message_type: 'resync', peer_uuid: PEER } },
} as const satisfies Record<string, ChatEvent>;

const ev = chatModelEvents;

type ModelEvent = ChatEvent | AnyEventObject;

const peerOf = (context: ChatContext): ChatContact | undefined => context.contacts[PEER];

/** The seq the server gives the next message with PEER: after everything it stored and the client has seen. */
function nextSeq(context: ChatContext): number {
  const peer = peerOf(context);
  return Math.max(STORED_SEQ, context.lastSeq[PEER] ?? 0, peer ? highestSeq(peer.messages) : 0) + 1;
}


/** A call of the chat is in flight. */
const BUSY_TAGS = ['syncing', 'loadingHistory', 'markingRead', 'busy', 'uploading'] as const;

/** The completions of the calls in flight, answered as the model's server would. */
function completionsOf(snapshot: ChatSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const events: ModelEvent[] = [];
  if (snapshot.hasTag('syncing')) {
    events.push({ type: CHAT_SYNC_DONE, output: MODEL_CONTACTS }, { type: CHAT_SYNC_ERROR, error: offline('chat/getContactList') });
  }
  const request = context.historyQueue[0];
  if (request) {
    const page =
      request.page === 1
        ? historyPage([historyItem(3, ME), historyItem(4, PEER)], { hasMore: true })
        : historyPage([historyItem(1, PEER), historyItem(2, ME)], { page: 2, hasMore: false });
    events.push({ type: CHAT_HISTORY_DONE, output: page }, { type: CHAT_HISTORY_ERROR, error: offline('chat/getHistory') });
  }
  const reading = context.readQueue[0];
  if (reading) {
    const read_seq = highestSeq(context.contacts[reading].messages);
    events.push({ type: CHAT_READ_DONE, output: { unreadcount: 0, read_seq } }, { type: CHAT_READ_ERROR, error: offline('chat/markRead') });
  }
  if (snapshot.matches({ active: { action: 'unlocking' } })) {
    events.push(
      { type: CHAT_UNLOCK_DONE, output: { is_unlocked: true, spent: 30, fun_score: 70 } },
      { type: CHAT_UNLOCK_ERROR, error: new ApiError('Not enough points', { kind: 'server', status: 0 }) },
      // The owner changed the price since the member confirmed it: nothing spent, the member is asked again.
      { type: CHAT_UNLOCK_ERROR, error: new ApiError('The price changed', { kind: 'server', status: 0, details: MODEL_PRICE_CHANGE }) },
    );
  }
  if (snapshot.matches({ active: { action: 'blocking' } })) {
    events.push({ type: CHAT_BLOCK_DONE, output: { is_block: true } }, { type: CHAT_BLOCK_ERROR, error: offline('chat/block') });
  }
  if (snapshot.matches({ active: { action: 'checkingStatus' } })) {
    const status = context.action?.kind === 'unlock' ? UNLOCKED_STATUS : BLOCKED_STATUS;
    events.push({ type: CHAT_STATUS_DONE, output: status }, { type: CHAT_STATUS_ERROR, error: offline('chat/status') });
  }
  if (context.uploads.length > 0) {
    events.push({ type: CHAT_UPLOAD_DONE, output: MODEL_IMAGE }, { type: CHAT_UPLOAD_ERROR, error: offline('chat/uploadImage') });
  }
  return events;
}

/**
 * The events of a variant that can happen in this snapshot, with payloads computed from it. While a call is in
 * flight the model's world only answers it (or the user logs out): interleavings of calls with other events are
 * the unit tests' business, and would multiply the graph.
 */
function eventsOf(variant: ChatModelVariant, snapshot: ChatSnapshot): ModelEvent[] {
  const { context } = snapshot;
  // A logout after sending ends the run (logging in again is the unit tests'), which keeps `sent` bounded.
  if (snapshot.matches('idle')) return context.sent === 0 ? [ev.connect] : [];
  if (BUSY_TAGS.some((tag) => snapshot.hasTag(tag))) return [...completionsOf(snapshot), ev.clear];
  const online = snapshot.hasTag('online');
  const peer = peerOf(context);
  const head = context.outbox[0];
  const events: ModelEvent[] = [ev.clear];
  if (!online) events.push(ev.opened, ev.ready);

  if (variant === 'delivery') {
    if (online) events.push(ev.closed, ev.badToken);
    if (peer && context.sent < MAX_OWN_MESSAGES) events.push(ev.send);
    if (peer) events.push(ev.sendBlank);
    if (snapshot.matches({ active: { link: { online: 'backingOff' } } })) events.push({ type: CHAT_RESEND_EVENT });
    if (online && head) {
      const seq = nextSeq(context);
      events.push(
        // Refused for now, naming no frame (the server's rate limit).
        { type: 'socket.frame', frame: { message_type: 'errorMessage', code: 'chat.rateLimited', msg: 'Too many messages' } },
        { type: 'socket.frame', frame: { message_type: 'ackMessage', confirmed_ack_id: head.message.sign, seq } },
        { type: 'socket.frame', frame: { message_type: 'errorMessage', confirmed_ack_id: head.message.sign, code: 'chat.blocked', msg: 'Blocked' } },
        // The echo of the oldest unacked message, before its ack.
        { type: 'socket.frame', frame: { message_type: 'chatMessage', data: incoming(seq, ME, PEER, { sign: head.message.sign, content: head.message.content }) } },
      );
    }
  }

  if (variant === 'receiving' && online) {
    const seq = nextSeq(context);
    if (seq <= MAX_LIVE_SEQ) events.push({ type: 'socket.frame', frame: { message_type: 'chatMessage', data: incoming(seq, PEER, ME) } });
    const lastFromPeer = peer?.messages.filter((m) => !m.self && m.seq !== null).at(-1);
    // The same message again (a replay the client already holds).
    if (lastFromPeer) events.push({ type: 'socket.frame', frame: { message_type: 'chatMessage', data: incoming(lastFromPeer.seq!, PEER, ME) } });
    // A message that skips one.
    if ((context.pages[PEER] ?? 0) > 0 && seq + 1 <= MAX_GAP_SEQ) {
      events.push({ type: 'socket.frame', frame: { message_type: 'chatMessage', data: incoming(seq + 1, PEER, ME) } });
    }
    if (peer) events.push(ev.resync);
    if (context.openKey !== PEER) events.push(ev.openPeer);
    else events.push(ev.close);
    if (snapshot.can(ev.more)) events.push(ev.more);
  }

  if (variant === 'actions' && online) {
    events.push(ev.block);
    // Each unlock and photo is a message: bounded like sending.
    // At the price the member is shown: the new one once the server refused a changed price.
    if (context.sent < MAX_OWN_MESSAGES) events.push({ ...ev.unlock, price: context.statuses[PARTNER_KEY]?.unlock_price ?? ev.unlock.price });
    if (peer && context.sent < MAX_OWN_MESSAGES) events.push(ev.photo);
  }
  return events;
}

/** A message as the model tells it apart: its id, type, status and seq, and whether it is unread. */
const messageFact = (m: ChatContact['messages'][number]) =>
  `${m.id}:${m.contentType}:${m.status}:${m.seq ?? '-'}${m.unread ? ':unread' : ''}`;

/** The facts of a model state (no times, no file contents). */
export function chatModelFacts(snapshot: ChatSnapshot) {
  const { context } = snapshot;
  const contact = (key: string) => {
    const c = context.contacts[key];
    if (!c) return null;
    return {
      messages: c.messages.map(messageFact),
      unread: c.unreadcount,
      named: c.username !== '',
      loading: c.loading,
      noMore: c.noMore,
      pages: context.pages[key] ?? 0,
      lastSeq: context.lastSeq[key] ?? null,
      status: context.statuses[key] ?? null,
    };
  };
  return {
    value: snapshot.value,
    me: context.me,
    peer: contact(PEER),
    partner: contact(PARTNER_KEY),
    openKey: context.openKey,
    outbox: context.outbox.map((entry) => entry.message.sign),
    history: context.historyQueue,
    reads: context.readQueue,
    uploads: context.uploads.length,
    action: context.action,
    repriced: context.repriced,
    // With the signs it determines, the last fact that tells contexts apart.
    sent: context.sent,
  };
}

export function chatModelKey(snapshot: ChatSnapshot, event?: EventObject, previous?: ChatSnapshot): string {
  const facts = JSON.stringify(chatModelFacts(snapshot));
  const unchanged = event && previous && JSON.stringify(chatModelFacts(previous)) === facts;
  // A failed call mostly leads back to a state reached before; marked, it ends a path of its own.
  const failed = event?.type.startsWith('xstate.error.actor.');
  return unchanged || failed ? `${facts} via ${describeChatEvent(event!)}` : facts;
}

export function createChatTestModel(variant: ChatModelVariant = 'delivery') {
  // The model also sends the invoked calls' completions, which the machine's own event type does not list.
  const logic = chatMachine as unknown as ActorLogic<ChatSnapshot, ModelEvent, ChatInput>;
  return new TestModel<ChatSnapshot, ModelEvent, ChatInput>(logic, {
    input: CHAT_MODEL_INPUT,
    events: (snapshot) => eventsOf(variant, snapshot),
    serializeState: chatModelKey,
  });
}

/** Every variant's shortest paths, labelled with the variant. */
export function chatTestPaths() {
  return CHAT_MODEL_VARIANTS.flatMap((variant) =>
    createChatTestModel(variant)
      .getShortestPaths()
      .map((path) => ({ label: variant, variant, path })),
  );
}

/** A short description of a chat model event. */
export function describeChatEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case 'chat.connect':
      return 'connect the chat';
    case 'chat.clear':
      return 'log out (chat.clear)';
    case 'socket.opened':
      return 'the socket opens';
    case 'socket.ready':
      return 'the socket is initialized';
    case 'socket.closed':
      return `the socket closes (${String(e.code)})`;
    case 'socket.frame': {
      const frame = e.frame as { message_type: string; confirmed_ack_id?: string; seq?: number; data?: { from_uuid: string; seq: number; sign: string } };
      if (frame.message_type === 'chatMessage' && frame.data) {
        return `${frame.data.from_uuid === ME ? 'own echo' : 'peer message'} ${frame.data.sign} seq ${frame.data.seq}`;
      }
      if (frame.message_type === 'ackMessage') return `ack ${frame.confirmed_ack_id} seq ${frame.seq}`;
      if (frame.message_type === 'errorMessage') return frame.confirmed_ack_id ? `refusal of ${frame.confirmed_ack_id}` : 'a rate-limit refusal';
      return frame.message_type;
    }
    case 'conversation.open':
      return 'open the conversation with the peer';
    case 'conversation.close':
      return 'close the conversation';
    case 'history.more':
      return 'load older messages';
    case 'message.send':
      return String(e.content).trim() === '' ? 'send blank text' : `send "${String(e.content)}"`;
    case 'photo.send':
      return 'send a photo';
    case 'partner.unlock':
      return 'unlock the partner';
    case 'user.block':
      return 'block the peer';
    case CHAT_RESEND_EVENT:
      return `${CHAT_RECONNECT_MS} ms (resend)`;
    case CHAT_SYNC_DONE:
      return 'the contact list answers';
    case CHAT_HISTORY_DONE:
      return `history page ${String((e.output as { page: number }).page)} answers`;
    case CHAT_READ_DONE:
      return `markRead answers (read up to ${String((e.output as { read_seq: number }).read_seq)})`;
    case CHAT_UNLOCK_DONE:
      return 'the unlock succeeds';
    case CHAT_BLOCK_DONE:
      return 'the block succeeds';
    case CHAT_STATUS_DONE:
      return 'the status answers';
    case CHAT_UPLOAD_DONE:
      return 'the upload succeeds';
    case CHAT_SYNC_ERROR:
    case CHAT_HISTORY_ERROR:
    case CHAT_READ_ERROR:
    case CHAT_UNLOCK_ERROR:
    case CHAT_BLOCK_ERROR:
    case CHAT_STATUS_ERROR:
    case CHAT_UPLOAD_ERROR:
      return `${e.type.slice('xstate.error.actor.'.length)} fails: ${(e.error as Error).message}`;
    default:
      return e.type;
  }
}

