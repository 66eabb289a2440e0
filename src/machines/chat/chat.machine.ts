import { and, assign, emit, enqueueActions, fromPromise, raise, sendTo, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { PayloadOf, ResponseOf } from '@/contract/call';
import type * as chatApi from '@/contract/calls/chat';
import {
  CHAT_RESUME_MAX,
  contactKey,
  UNLOCK_CONTENT,
  unlockPriceChanged,
  type ChatContact,
  type ChatMessage,
  type ChatMessageStatus,
  type ChatStatus,
  type ContactListEntry,
  type OutgoingMessage,
} from '@/contract/calls/chat';
import type { AppConfig } from '@/contract/calls/home';
import { CHAT_HISTORY_PAGE_SIZE, CHAT_RECONNECT_MS } from '@/contract/constants';
import type { ChatContentType } from '@/contract/feature-enums';
import { toRequestError, type RequestError } from '@/machines/app/request.machine';
import { IM_CLOSE_BAD_TOKEN, IM_ERROR, isUsableImConfig, type ImErrorText } from '@/services/im-client';
import {
  contactFromEntry,
  contiguousSeq,
  highestSeq,
  historyToMessage,
  incomingToMessage,
  keyOfEntry,
  keyOfMessage,
  lastActivity,
  markNewestUnread,
  markReadUpTo,
  mergeMessages,
  newContact,
  peerOf,
  sortMessages,
  unreadAfter,
  type ChatProfile,
} from './chat-messages';
import { chatSocketMachine, type ChatResumeEntry, type ChatSocketNotification } from './chat-socket.machine';

/**
 * The logged-in user's one-to-one chat (spec sections 3, 4, 7 and 8; DESIGN sections 1 and 8). App-wide: created
 * once, found by systemId 'chat'; its socket (chat-socket.machine.ts) is invoked as 'socket', systemId
 * 'chatSocket'. The session's `connectChat` sends `chat.connect` with the app config and the user's uuid, its
 * `disconnectChat` sends `chat.clear`. Every HTTP call is a promise actor injected with `.provide()`.
 *
 * - Contacts by contact key (`{uuid}` or `{uuid}-{partner uuid}`), each with its messages oldest first. The contact
 *   list (chat/getContactList) is fetched on every (re)connect once the socket is initialized, and when a message
 *   comes from a contact the client does not know yet; its counts replace the local ones.
 * - Unread counts are the server's: between syncs a peer's message to a conversation that is not open adds one;
 *   opening a conversation, and each peer message while it is open, calls chat/markRead up to the newest seq and
 *   takes the count it answers. The badge is the sum (`selectTotalUnread`).
 * - Sending: the message gets a sign (its id, reused on every resend so the server de-duplicates), shows as
 *   `sending` and joins the outbox. An ack with its sign makes it `success` and gives it its seq; an errorMessage
 *   makes it `failed` for good, unless it is a refusal for now (rate limit, server fault: sent again after
 *   CHAT_RECONNECT_MS). The outbox is sent whenever the socket becomes ready, in order, until each message is acked
 *   or refused (DESIGN section 8).
 * - Resume: on each connection the socket asks for the resume list, per conversation the end of the unbroken run
 *   of seqs held; the server replays the gap or answers `resync`, and the conversation's first page is reloaded.
 *   A live message whose seq skips one in a loaded conversation reloads it too: a gap is never shown silently.
 * - A message is never held twice: incoming messages, replays, echoes of the user's own messages (from this or
 *   another device) and history pages are merged by sign.
 * - Each message from a peer emits `chat.newMessage` (the app shows a TOAST_MS toast when it is not open).
 * - `chat.clear` (logout) forgets everything, aborts the calls in flight and disconnects the socket for good.
 */

/** A message sent but not yet acked or refused; resent with the same sign after every reconnect. */
export interface OutboxEntry {
  key: string;
  message: OutgoingMessage;
}

export interface HistoryRequest {
  key: string;
  page: number;
}

export interface PhotoUpload {
  key: string;
  file: Blob;
}

/** `price`: the unlock price the member was shown and confirmed, the only price the server may charge. */
export type ConversationAction = { kind: 'unlock'; key: string; price: number } | { kind: 'block'; key: string; block: boolean };

export interface ChatContext {
  /** The logged-in user's uuid; null when no chat is connected. */
  me: string | null;
  config: AppConfig | null;
  contacts: Record<string, ChatContact>;
  /**
   * Per conversation, the seq the client would resume from: in a loaded conversation the end of the unbroken run
   * from its first page up; elsewhere the highest seq held (opening it reloads it anyway).
   */
  lastSeq: Record<string, number>;
  /** History pages loaded per conversation; a conversation without an entry was never loaded. */
  pages: Record<string, number>;
  /** Whether the user may write in a conversation (chat/getHistory, chat/status). */
  statuses: Record<string, ChatStatus>;
  openKey: string | null;
  outbox: OutboxEntry[];
  /** History loads, one at a time; the head is in flight. */
  historyQueue: HistoryRequest[];
  /** Conversations to mark read, one call at a time; the head is in flight. */
  readQueue: string[];
  /** Photos to upload, one at a time; the head is in flight. */
  uploads: PhotoUpload[];
  /** The unlock or block in progress (one at a time). */
  action: ConversationAction | null;
  /**
   * Per conversation, the unlock price the member had confirmed when the server refused it because the profile's
   * price had changed (its status now holds the new price, to confirm again); cleared by the unlock.
   */
  repriced: Record<string, number>;
  /**
   * Conversations whose other side's name and picture were asked of the server (user/getUserInfoByUuid), once each: a
   * conversation opened by its address that neither the contact list nor the linking page named (issue 30).
   */
  profilesAsked: Record<string, true>;
  /** Signs are `${signPrefix}-${sent}`: unique per client and never reused, even after a logout. */
  signPrefix: string;
  sent: number;
}

export interface ChatInput {
  /** The start of every sign this client makes (8+ of [A-Za-z0-9_-]); random by default, fixed in tests. */
  signPrefix?: string;
}

export type ChatEvent =
  | { type: 'chat.connect'; config: AppConfig; me: string }
  | { type: 'chat.clear' }
  /** "Use here": this window takes the chat back after the server closed its socket for another (close code 4008). */
  | { type: 'chat.useHere' }
  | { type: 'contacts.sync' }
  /** Opens a conversation; `profile` names a contact the client does not know yet (a profile page's chat button). */
  | { type: 'conversation.open'; uuid: string; partnerUuid?: string; profile?: ChatProfile }
  | { type: 'conversation.close' }
  | { type: 'history.more'; key: string }
  /** `content` is checked at run time too: empty, blank or non-string text is refused (spec section 8). */
  | { type: 'message.send'; key: string; content: string }
  | { type: 'photo.send'; key: string; file: Blob }
  /** `price`: the unlock price shown to the member when they confirmed; the server refuses any other. */
  | { type: 'partner.unlock'; key: string; price: number }
  | { type: 'user.block'; key: string; block: boolean }
  /** Internal: a message to add to the outbox (text, an uploaded photo, the unlock announcement). */
  | { type: 'outbox.add'; key: string; msgType: ChatContentType; content: string }
  | ChatSocketNotification;

/** The calls whose failures `chat.requestFailed` reports. */
/** Spec section 8: an unlock refused because the chat socket is not connected; nothing was spent. */
export const UNLOCK_OFFLINE_ERROR = 'ws connect failed';

export type ChatRequest = 'contacts' | 'history' | 'markRead' | 'unlock' | 'block' | 'status' | 'upload';

/** What the chat emits for the app (toasts, points refresh, a fresh chat token). */
export type ChatEmitted =
  | { type: 'chat.newMessage'; key: string; message: ChatMessage; isOpen: boolean }
  | { type: 'chat.messageFailed'; key: string; id: string; code: string }
  | { type: 'chat.sendRejected'; key: string; error: ImErrorText }
  | { type: 'chat.unlocked'; key: string; spent: number; fun_score: number }
  | { type: 'chat.requestFailed'; request: ChatRequest; key: string | null; error: RequestError }
  /** The server refused the chat token (close code 4001): the app fetches home/config again and reconnects. */
  | { type: 'chat.tokenRejected' };

export type ChatTag = 'online' | 'syncing' | 'loadingHistory' | 'markingRead' | 'busy' | 'uploading';

export type GetHistoryInput = PayloadOf<typeof chatApi.getHistory>;
export type GetHistoryOutput = ResponseOf<typeof chatApi.getHistory>;
export type ContactListOutput = ResponseOf<typeof chatApi.getContactList>;
export type MarkReadInput = PayloadOf<typeof chatApi.markRead>;
export type MarkReadOutput = ResponseOf<typeof chatApi.markRead>;
export type UnlockPartnerInput = PayloadOf<typeof chatApi.unlockPartner>;
export type UnlockPartnerOutput = ResponseOf<typeof chatApi.unlockPartner>;
export type BlockUserInput = PayloadOf<typeof chatApi.block>;
export type BlockUserOutput = ResponseOf<typeof chatApi.block>;
export type ChatStatusInput = PayloadOf<typeof chatApi.status>;
export type FetchProfileInput = PayloadOf<typeof chatApi.getUserInfoByUuid>;
export type FetchProfileOutput = ResponseOf<typeof chatApi.getUserInfoByUuid>;
export type UploadImageInput = { image: Blob };
export type UploadImageOutput = ResponseOf<typeof chatApi.uploadImage>;

const notProvided = () => Promise.reject(new Error('not provided'));

/**
 * Refusals that are not final (docs/chat-protocol.md): too many frames per second, and a fault on the server. The
 * message stays in the outbox and goes out again after CHAT_RECONNECT_MS; a rate-limit refusal names no frame, so
 * the whole outbox does (the server de-duplicates by sign).
 */
const RETRYABLE_REFUSALS: ReadonlySet<string> = new Set(['chat.rateLimited', 'server.error']);

function randomSignPrefix(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

function emptyChat(context: Pick<ChatContext, 'signPrefix' | 'sent'>): ChatContext {
  return {
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
    signPrefix: context.signPrefix,
    sent: context.sent,
  };
}

const isLoaded = (context: ChatContext, key: string) => (context.pages[key] ?? 0) > 0;

/** The profile's current price when `error` is chat/unlockPartner's refusal of a changed price, else null. */
function newPriceOf(error: unknown): number | null {
  const details = error instanceof Error ? (error as Error & { details?: unknown }).details : undefined;
  const parsed = unlockPriceChanged.safeParse(details);
  return parsed.success ? parsed.data.price : null;
}

function withContact(context: ChatContext, key: string, contact: ChatContact): ChatContext {
  return { ...context, contacts: { ...context.contacts, [key]: contact } };
}

/** The `loading` flag of each contact: a history load for it is queued or in flight. */
function withLoadingFlags(context: ChatContext): ChatContext {
  const loading = new Set(context.historyQueue.map((request) => request.key));
  let contacts = context.contacts;
  for (const [key, contact] of Object.entries(context.contacts)) {
    if (contact.loading !== loading.has(key)) contacts = { ...contacts, [key]: { ...contact, loading: loading.has(key) } };
  }
  return contacts === context.contacts ? context : { ...context, contacts };
}

/**
 * Queues a history load. A first page is queued unless one already waits (one in flight may predate what made
 * the caller ask, so it does not count); an older page unless any load of the conversation is queued.
 */
function queueHistory(context: ChatContext, key: string, page: number): ChatContext {
  if (!context.contacts[key]) return context;
  const waiting = page === 1 ? context.historyQueue.slice(1) : context.historyQueue;
  if (waiting.some((request) => request.key === key && (page !== 1 || request.page === 1))) return context;
  return withLoadingFlags({ ...context, historyQueue: [...context.historyQueue, { key, page }] });
}

/** Queues a markRead, unless one for the conversation waits already (one in flight may be older). */
function queueRead(context: ChatContext, key: string): ChatContext {
  const contact = context.contacts[key];
  if (!contact || highestSeq(contact.messages) === 0 || context.readQueue.slice(1).includes(key)) return context;
  return { ...context, readQueue: [...context.readQueue, key] };
}

function lastSeqOf(context: ChatContext, key: string, messages: readonly ChatMessage[]): number {
  return isLoaded(context, key) ? contiguousSeq(messages, context.lastSeq[key] ?? 0) : highestSeq(messages);
}

/** Gives an own message its outcome: out of the outbox, its status and seq set, and the seq run extended. */
function settleOwnMessage(
  context: ChatContext,
  key: string,
  sign: string,
  outcome: { status: ChatMessageStatus; seq: number | null },
): ChatContext {
  const outbox = context.outbox.filter((entry) => entry.message.sign !== sign);
  const contact = context.contacts[key];
  if (!contact) return { ...context, outbox };
  const messages = sortMessages(contact.messages.map((m) => (m.id === sign ? { ...m, ...outcome } : m)));
  const next = { ...withContact(context, key, { ...contact, messages }), outbox };
  return { ...next, lastSeq: { ...context.lastSeq, [key]: lastSeqOf(context, key, messages) } };
}

function hasUnread(contact: ChatContact): boolean {
  return contact.unreadcount > 0 || contact.messages.some((m) => m.unread);
}

/** Whether the user may write to this contact at all: a known contact that is not the system's. */
function isWritableContact(context: ChatContext, key: string): boolean {
  const contact = context.contacts[key];
  return Boolean(contact && !contact.isSystem);
}

function isValidText(content: unknown): boolean {
  return typeof content === 'string' && content.trim() !== '';
}

/** Per conversation the client holds messages of (or has loaded), where to resume; the newest conversations first. */
export function resumeEntries(context: ChatContext): ChatResumeEntry[] {
  return Object.entries(context.contacts)
    .filter(([key]) => isLoaded(context, key) || (context.lastSeq[key] ?? 0) > 0)
    .sort(([, a], [, b]) => lastActivity(b) - lastActivity(a))
    .slice(0, CHAT_RESUME_MAX)
    .map(([key, contact]) => ({
      peer_uuid: contact.uuid,
      ...(contact.appends ? { partner_uuid: contact.appends.uuid } : {}),
      seq: context.lastSeq[key] ?? 0,
    }));
}

function conversationOf(contact: ChatContact): { to_uuid: string; partner_uuid?: string } {
  return { to_uuid: contact.uuid, ...(contact.appends ? { partner_uuid: contact.appends.uuid } : {}) };
}

function applyHistoryPage(context: ChatContext, request: HistoryRequest, output: GetHistoryOutput): ChatContext {
  const { key } = request;
  const contact = context.contacts[key];
  const me = context.me;
  if (!contact || !me) return context;
  const page = output.list.map((item) => historyToMessage(item, me));
  let next: ChatContext = { ...context, statuses: { ...context.statuses, [key]: output.status } };
  if (request.page === 1) {
    const top = highestSeq(page);
    const stored = new Set(page.map((m) => m.id));
    // The page replaces what was held, except what it cannot hold yet: own messages not acked (the outbox) or
    // refused, and messages that arrived while it was on its way.
    const kept = contact.messages.filter((m) => !stored.has(m.id) && (m.seq === null || m.seq > top));
    // The page's own count is the freshest: the contact list's may be older (read elsewhere since), or not in yet (a
    // conversation opened by its address, before the list). Messages that arrived while it was on its way add to it.
    const unreadcount = output.unreadcount + unreadAfter(kept, top);
    const messages = markNewestUnread(mergeMessages(page, kept), unreadcount);
    next = withContact(next, key, { ...contact, messages, unreadcount, noMore: !output.has_more });
    next = {
      ...next,
      // An outbox message on the page was stored though its ack never came: it is sent, not to be resent.
      outbox: next.outbox.filter((entry) => entry.key !== key || !stored.has(entry.message.sign)),
      pages: { ...next.pages, [key]: 1 },
      lastSeq: { ...next.lastSeq, [key]: contiguousSeq(messages, top) },
    };
    if (key === next.openKey && hasUnread(next.contacts[key])) next = queueRead(next, key);
  } else {
    const messages = mergeMessages(contact.messages, page);
    next = withContact(next, key, { ...contact, messages, noMore: !output.has_more });
    next = { ...next, pages: { ...next.pages, [key]: request.page } };
  }
  return next;
}

function applyContacts(context: ChatContext, list: ContactListOutput): ChatContext {
  const me = context.me;
  if (!me) return context;
  let next = context;
  for (const entry of list as ContactListEntry[]) {
    const key = keyOfEntry(entry);
    const contact = contactFromEntry(entry, next.contacts[key]);
    if (entry.message && contact.messages.length === 0) {
      contact.messages = [historyToMessage(entry.message, me)];
      next = { ...next, lastSeq: { ...next.lastSeq, [key]: entry.message.seq } };
    }
    // The server's count as of its answer, plus the peer's messages that reached this client after that.
    contact.unreadcount = entry.unreadcount + unreadAfter(contact.messages, entry.message?.seq ?? 0);
    next = withContact(next, key, contact);
    if (key === next.openKey && contact.unreadcount > 0) next = queueRead(next, key);
  }
  return next;
}

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    // `void`, not `undefined`: setup() drops undefined from an inferred type, which would make input required.
    input: {} as ChatInput | void,
    tags: {} as ChatTag,
    emitted: {} as ChatEmitted,
  },
  delays: {
    // A refused-for-now message is retried as soon as a lost connection would be.
    RESEND: CHAT_RECONNECT_MS,
  },
  actors: {
    chatSocket: chatSocketMachine,
    // Safe defaults: the real calls are injected with .provide() where the app creates the actor.
    syncContacts: fromPromise<ContactListOutput>(notProvided),
    loadHistory: fromPromise<GetHistoryOutput, GetHistoryInput>(notProvided),
    markRead: fromPromise<MarkReadOutput, MarkReadInput>(notProvided),
    unlockPartner: fromPromise<UnlockPartnerOutput, UnlockPartnerInput>(notProvided),
    blockUser: fromPromise<BlockUserOutput, BlockUserInput>(notProvided),
    fetchStatus: fromPromise<ChatStatus, ChatStatusInput>(notProvided),
    uploadImage: fromPromise<UploadImageOutput, UploadImageInput>(notProvided),
    fetchProfile: fromPromise<FetchProfileOutput, FetchProfileInput>(notProvided),
  },
  guards: {
    isUsableConfig: ({ event }) => event.type === 'chat.connect' && isUsableImConfig(event.config) && event.me !== '',
    isOtherUser: ({ context, event }) => event.type === 'chat.connect' && event.me !== context.me,
    isChatMessage: ({ event }) => event.type === 'socket.frame' && event.frame.message_type === 'chatMessage',
    isAck: ({ event }) => event.type === 'socket.frame' && event.frame.message_type === 'ackMessage',
    isRefusal: ({ event }) =>
      event.type === 'socket.frame' && event.frame.message_type === 'errorMessage' && !RETRYABLE_REFUSALS.has(event.frame.code),
    isRetryableRefusal: ({ event }) =>
      event.type === 'socket.frame' && event.frame.message_type === 'errorMessage' && RETRYABLE_REFUSALS.has(event.frame.code),
    isResync: ({ event }) => event.type === 'socket.frame' && event.frame.message_type === 'resync',
    /** A send the socket refused for good (a wrong route or text); "before initialize" leaves it in the outbox. */
    isFinalSendFailure: ({ event }) => event.type === 'socket.sendFailed' && event.error !== IM_ERROR.notInitialized,
    isBadToken: ({ event }) => event.type === 'socket.closed' && event.code === IM_CLOSE_BAD_TOKEN,
    isOpenable: ({ event }) => event.type === 'conversation.open' && event.uuid !== '',
    isWritable: ({ context, event }) =>
      (event.type === 'message.send' || event.type === 'photo.send') && isWritableContact(context, event.key),
    isValidText: ({ event }) => event.type === 'message.send' && isValidText(event.content),
    canLoadMore: ({ context, event }) => {
      if (event.type !== 'history.more') return false;
      const contact = context.contacts[event.key];
      return Boolean(contact && isLoaded(context, event.key) && !contact.noMore && !contact.loading);
    },
    /**
     * A partner conversation on the member's side (there the peer is the profile itself; the owner sees the
     * member's uuid) that is not known to be unlocked.
     */
    isLockedPartner: ({ context, event }) => {
      if (event.type !== 'partner.unlock') return false;
      const contact = context.contacts[event.key];
      return Boolean(contact?.isPartner && contact.appends?.uuid === contact.uuid) && context.statuses[event.key]?.is_unlocked !== true;
    },
    /** The chat socket is open and initialised: an unlock's announcement can go out at once. */
    isLinkOnline: stateIn('#chat.active.link.online'),
    isBlockable: ({ context, event }) => event.type === 'user.block' && isWritableContact(context, event.key),
    /** The server refused the unlock because the profile's price is no longer the one the member confirmed. */
    isPriceChanged: ({ event }) => newPriceOf((event as { error?: unknown }).error) !== null,
    hasQueuedHistory: ({ context }) => context.historyQueue.length > 0,
    hasQueuedReads: ({ context }) => context.readQueue.length > 0,
    hasQueuedUploads: ({ context }) => context.uploads.length > 0,
    /** The open conversation's other side has no name or picture yet, and was not asked for them. */
    needsProfile: ({ context }) => {
      const key = context.openKey;
      const contact = key === null ? undefined : context.contacts[key];
      return Boolean(key !== null && contact && !contact.isSystem && contact.nickname === '' && contact.avatar === '' && !context.profilesAsked[key]);
    },
  },
  actions: {
    setUser: assign(({ context, event }) =>
      event.type === 'chat.connect' ? { me: event.me, config: event.config } : { me: context.me, config: context.config },
    ),
    resetChat: assign(({ context }) => emptyChat(context)),
    connectSocket: sendTo('socket', ({ context }) => ({ type: 'socket.connect' as const, config: context.config! })),
    disconnectSocket: sendTo('socket', { type: 'socket.disconnect' as const }),
    resumeSocket: sendTo('socket', { type: 'socket.resume' as const }),
    /** The socket's `socket.opened`, answered at once: initUser carries where each conversation resumes. */
    answerInit: sendTo('socket', ({ context }) => ({ type: 'socket.init' as const, resume: resumeEntries(context) })),
    flushOutbox: enqueueActions(({ context, enqueue }) => {
      for (const entry of context.outbox) {
        enqueue.sendTo('socket', {
          type: 'socket.send',
          request: { route: 'chat/chat', data: entry.message, ackId: entry.message.sign },
        });
      }
    }),
    requestContactSync: raise({ type: 'contacts.sync' }),
    notifyTokenRejected: emit({ type: 'chat.tokenRejected' } as const),

    receiveMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.frame' || event.frame.message_type !== 'chatMessage' || !context.me) return;
      const { data } = event.frame;
      const me = context.me;
      const key = keyOfMessage(data, me);
      const held = context.contacts[key];
      const known = held?.messages.find((m) => m.id === data.sign);
      if (known) {
        // The echo of an own message can beat its ack; it settles the message as the ack would. Anything else
        // held already (a replay, a second echo) is a duplicate.
        if (known.self && known.seq === null) enqueue.assign(settleOwnMessage(context, key, data.sign, { status: 'success', seq: data.seq }));
        return;
      }
      const fromPeer = data.from_uuid !== me;
      const isOpen = context.openKey === key;
      const message = incomingToMessage(data, me, fromPeer && !isOpen);
      const contact = held ?? newContact(peerOf(data, me), data.ext?.partner_uuid);
      const messages = mergeMessages(contact.messages, [message]);
      const unreadcount = contact.unreadcount + (fromPeer && !isOpen ? 1 : 0);
      const gap = isLoaded(context, key) && data.seq > (context.lastSeq[key] ?? 0) + 1;
      let next = withContact(context, key, { ...contact, messages, unreadcount });
      next = { ...next, lastSeq: { ...next.lastSeq, [key]: lastSeqOf(context, key, messages) } };
      if (gap) next = queueHistory(next, key, 1);
      if (fromPeer && isOpen) next = queueRead(next, key);
      enqueue.assign(next);
      if (fromPeer) enqueue.emit({ type: 'chat.newMessage', key, message, isOpen });
      // A new contact: the contact list names it (and knows whether it is a partner's).
      if (!held) enqueue.raise({ type: 'contacts.sync' });
    }),
    confirmMessage: assign(({ context, event }) => {
      if (event.type !== 'socket.frame' || event.frame.message_type !== 'ackMessage') return {};
      const sign = event.frame.confirmed_ack_id;
      const entry = context.outbox.find((e) => e.message.sign === sign);
      // Not in the outbox: a second ack of a resent message, or the echo came first. Nothing changes.
      if (!entry) return {};
      return settleOwnMessage(context, entry.key, sign, { status: 'success', seq: event.frame.seq ?? null });
    }),
    refuseMessage: enqueueActions(({ context, event, enqueue }) => {
      const refusal =
        event.type === 'socket.frame' && event.frame.message_type === 'errorMessage'
          ? { sign: event.frame.confirmed_ack_id, code: event.frame.code }
          : event.type === 'socket.sendFailed'
            ? { sign: event.ackId, code: event.error }
            : null;
      const entry = refusal && context.outbox.find((e) => e.message.sign === refusal.sign);
      if (!refusal || !entry) return;
      enqueue.assign(settleOwnMessage(context, entry.key, entry.message.sign, { status: 'failed', seq: null }));
      enqueue.emit({ type: 'chat.messageFailed', key: entry.key, id: entry.message.sign, code: refusal.code });
    }),
    queueResync: assign(({ context, event }) => {
      if (event.type !== 'socket.frame' || event.frame.message_type !== 'resync') return {};
      return queueHistory(context, contactKey(event.frame.peer_uuid, event.frame.partner_uuid), 1);
    }),

    openConversation: assign(({ context, event }) => {
      if (event.type !== 'conversation.open') return {};
      const key = contactKey(event.uuid, event.partnerUuid);
      const held = context.contacts[key];
      const profile = event.profile;
      const contact =
        !held ? newContact(event.uuid, event.partnerUuid, profile)
        : profile && held.username === '' ? { ...held, avatar: profile.thumb, username: profile.username, nickname: profile.nickname }
        : held;
      let next: ChatContext = { ...withContact(context, key, contact), openKey: key };
      if (!isLoaded(next, key)) next = queueHistory(next, key, 1);
      else if (hasUnread(contact)) next = queueRead(next, key);
      return next;
    }),
    closeConversation: assign({ openKey: null }),
    queueMoreHistory: assign(({ context, event }) =>
      event.type === 'history.more' ? queueHistory(context, event.key, (context.pages[event.key] ?? 0) + 1) : {},
    ),
    rejectText: emit(({ event }): ChatEmitted => ({
      type: 'chat.sendRejected',
      key: event.type === 'message.send' ? event.key : '',
      error: IM_ERROR.textContent,
    })),
    addText: raise(({ event }): ChatEvent => {
      if (event.type !== 'message.send') throw new Error(`addText on ${event.type}`);
      return { type: 'outbox.add', key: event.key, msgType: 'text', content: event.content };
    }),
    /** A message gets its sign and joins the conversation and the outbox; it is sent at once when `send`. */
    addToOutbox: enqueueActions(({ context, event, enqueue }, params: { send: boolean }) => {
      if (event.type !== 'outbox.add') return;
      const contact = context.contacts[event.key];
      if (!contact) return;
      const sign = `${context.signPrefix}-${context.sent.toString(36)}`;
      const partner = contact.appends?.uuid;
      const message: OutgoingMessage = {
        to_uuid: contact.uuid,
        type: 'friend',
        msgType: event.msgType,
        content: event.content,
        microtime: Date.now(),
        sign,
        ext: partner ? { partner_uuid: partner } : {},
      };
      const shown: ChatMessage = {
        id: sign,
        seq: null,
        timeStamp: message.microtime,
        content: message.content,
        contentType: message.msgType,
        self: true,
        status: 'sending',
        unread: false,
        ext: partner ? { partner_uuid: partner } : null,
      };
      enqueue.assign({
        ...withContact(context, event.key, { ...contact, messages: [...contact.messages, shown] }),
        outbox: [...context.outbox, { key: event.key, message }],
        sent: context.sent + 1,
      });
      if (params.send) enqueue.sendTo('socket', { type: 'socket.send', request: { route: 'chat/chat', data: message, ackId: sign } });
    }),
    queueUpload: assign(({ context, event }) =>
      event.type === 'photo.send' ? { uploads: [...context.uploads, { key: event.key, file: event.file }] } : {},
    ),
    /** The uploaded photo is sent as a `photos` message whose content is the stored image path. */
    sendPhoto: enqueueActions(({ context, enqueue }, params: { image: string }) => {
      const [upload, ...rest] = context.uploads;
      enqueue.assign({ uploads: rest });
      if (upload) enqueue.raise({ type: 'outbox.add', key: upload.key, msgType: 'photos', content: params.image });
    }),
    dequeueUpload: assign(({ context }) => ({ uploads: context.uploads.slice(1) })),

    applyContactList: assign(({ context }, params: { list: ContactListOutput }) => applyContacts(context, params.list)),
    applyHistory: assign(({ context }, params: { output: GetHistoryOutput }) => {
      const [request, ...rest] = context.historyQueue;
      if (!request) return {};
      return withLoadingFlags({ ...applyHistoryPage(context, request, params.output), historyQueue: rest });
    }),
    dequeueHistory: assign(({ context }) => withLoadingFlags({ ...context, historyQueue: context.historyQueue.slice(1) })),
    applyRead: assign(({ context }, params: { output: MarkReadOutput }) => {
      const [key, ...rest] = context.readQueue;
      const contact = key === undefined ? undefined : context.contacts[key];
      if (!contact) return { readQueue: rest };
      const messages = markReadUpTo(contact.messages, params.output.read_seq);
      // The answer counts what the server held when it answered; peer messages that came in after are unread too.
      const unreadcount = Math.max(params.output.unreadcount, unreadAfter(messages, params.output.read_seq));
      return { ...withContact(context, key, { ...contact, messages, unreadcount }), readQueue: rest };
    }),
    dequeueRead: assign(({ context }) => ({ readQueue: context.readQueue.slice(1) })),

    startUnlock: assign(({ event }) =>
      event.type === 'partner.unlock' ? { action: { kind: 'unlock' as const, key: event.key, price: event.price } } : {},
    ),
    finishUnlock: enqueueActions(({ context, enqueue }, params: { output: UnlockPartnerOutput }) => {
      const key = context.action?.key;
      if (!key) return;
      const status = context.statuses[key];
      const { [key]: _confirmed, ...repriced } = context.repriced;
      enqueue.assign({ repriced, ...(status ? { statuses: { ...context.statuses, [key]: { ...status, is_unlocked: true } } } : {}) });
      enqueue.emit({ type: 'chat.unlocked', key, spent: params.output.spent, fun_score: params.output.fun_score });
      // Spec section 7: the unlock is announced in the conversation as a message of its own type.
      enqueue.raise({ type: 'outbox.add', key, msgType: 'unlock', content: UNLOCK_CONTENT });
    }),
    /**
     * The profile's price changed since the member confirmed it: nothing was spent. The conversation's status takes
     * the new price, so the member is shown it and asked again; `repriced` keeps the price they had confirmed.
     */
    applyNewPrice: assign(({ context }, params: { error: unknown }) => {
      const action = context.action;
      const price = newPriceOf(params.error);
      if (action?.kind !== 'unlock' || price === null) return {};
      const status = context.statuses[action.key];
      return {
        repriced: { ...context.repriced, [action.key]: context.repriced[action.key] ?? action.price },
        ...(status ? { statuses: { ...context.statuses, [action.key]: { ...status, unlock_price: price } } } : {}),
      };
    }),
    startBlock: assign(({ event }) =>
      event.type === 'user.block' ? { action: { kind: 'block' as const, key: event.key, block: event.block } } : {},
    ),
    /** Blocking is per user: every conversation with that user (theirs and their partner profiles') changes. */
    finishBlock: assign(({ context }, params: { output: BlockUserOutput }) => {
      const uuid = context.action && context.contacts[context.action.key]?.uuid;
      if (!uuid) return {};
      const statuses = { ...context.statuses };
      for (const [key, contact] of Object.entries(context.contacts)) {
        const status = statuses[key];
        if (contact.uuid !== uuid || !status) continue;
        statuses[key] = { ...status, is_block: params.output.is_block, can_send: params.output.is_block ? false : status.can_send };
      }
      return { statuses };
    }),
    applyStatus: assign(({ context }, params: { status: ChatStatus }) =>
      context.action ? { statuses: { ...context.statuses, [context.action.key]: params.status } } : {},
    ),
    clearAction: assign({ action: null }),
    markProfileAsked: assign(({ context }) => (context.openKey === null ? {} : { profilesAsked: { ...context.profilesAsked, [context.openKey]: true as const } })),
    /** Names every conversation with that uuid that is still unnamed (the contact list may have named it meanwhile). */
    applyProfile: assign(({ context }, params: { profile: FetchProfileOutput }) => {
      const { profile } = params;
      let contacts = context.contacts;
      for (const [key, contact] of Object.entries(context.contacts)) {
        if (contact.uuid !== profile.uuid || contact.nickname !== '' || contact.avatar !== '') continue;
        contacts = { ...contacts, [key]: { ...contact, nickname: profile.nickname, avatar: profile.thumb, username: profile.username } };
      }
      return { contacts };
    }),
    refuseUnlockOffline: emit(({ event }): ChatEmitted => ({
      type: 'chat.requestFailed',
      request: 'unlock',
      key: event.type === 'partner.unlock' ? event.key : null,
      error: toRequestError(new Error(UNLOCK_OFFLINE_ERROR)),
    })),
    reportFailure: emit((_, params: { request: ChatRequest; key: string | null; error: unknown }): ChatEmitted => ({
      type: 'chat.requestFailed',
      request: params.request,
      key: params.key,
      error: toRequestError(params.error),
    })),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => emptyChat({ signPrefix: input?.signPrefix ?? randomSignPrefix(), sent: 0 }),
  invoke: { id: 'socket', systemId: 'chatSocket', src: 'chatSocket', input: ({ self }) => ({ parent: self }) },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'chat.connect': { guard: 'isUsableConfig', target: 'active', actions: ['setUser', 'connectSocket'] },
        // Spec section 8: without a chat connection an unlock would spend points and announce nothing.
        'partner.unlock': { actions: 'refuseUnlockOffline' },
      },
    },
    active: {
      type: 'parallel',
      on: {
        'chat.connect': [
          { guard: 'isOtherUser', target: 'active', reenter: true, actions: ['resetChat', 'setUser', 'connectSocket'] },
          { actions: ['setUser', 'connectSocket'] },
        ],
        'chat.clear': { target: 'idle', actions: ['resetChat', 'disconnectSocket'] },
        'chat.useHere': { actions: 'resumeSocket' },
        'socket.opened': { actions: 'answerInit' },
        'socket.frame': [
          { guard: 'isChatMessage', actions: 'receiveMessage' },
          { guard: 'isAck', actions: 'confirmMessage' },
          { guard: 'isRefusal', actions: 'refuseMessage' },
          { guard: 'isResync', actions: 'queueResync' },
        ],
        'socket.sendFailed': { guard: 'isFinalSendFailure', actions: 'refuseMessage' },
        'conversation.open': { guard: 'isOpenable', actions: 'openConversation' },
        'conversation.close': { actions: 'closeConversation' },
        'history.more': { guard: 'canLoadMore', actions: 'queueMoreHistory' },
        'message.send': [
          { guard: and(['isWritable', 'isValidText']), actions: 'addText' },
          { guard: 'isWritable', actions: 'rejectText' },
        ],
        'photo.send': { guard: 'isWritable', actions: 'queueUpload' },
      },
      states: {
        link: {
          initial: 'offline',
          states: {
            offline: {
              on: {
                'socket.ready': { target: 'online' },
                // A bad token is often refused before the init is answered.
                        'outbox.add': { actions: { type: 'addToOutbox', params: { send: false } } },
              },
            },
            online: {
              tags: ['online'],
              entry: ['flushOutbox', 'requestContactSync'],
              on: {
                'socket.closed': [{ guard: 'isBadToken', target: 'offline', actions: 'notifyTokenRejected' }, { target: 'offline' }],
                'outbox.add': { actions: { type: 'addToOutbox', params: { send: true } } },
              },
              initial: 'steady',
              states: {
                steady: {
                  on: { 'socket.frame': { guard: 'isRetryableRefusal', target: 'backingOff' } },
                },
                // Further refusals while waiting change nothing: the whole outbox goes out when the wait ends.
                backingOff: {
                  after: { RESEND: { target: 'steady', actions: 'flushOutbox' } },
                },
              },
            },
          },
        },
        contacts: {
          initial: 'idle',
          states: {
            idle: { on: { 'contacts.sync': { target: 'syncing' } } },
            syncing: {
              tags: ['syncing'],
              invoke: {
                id: 'syncContacts',
                src: 'syncContacts',
                onDone: { target: 'idle', actions: { type: 'applyContactList', params: ({ event }) => ({ list: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: { type: 'reportFailure', params: ({ event }) => ({ request: 'contacts' as const, key: null, error: event.error }) },
                },
              },
              // The latest answer wins: a sync asked for during one restarts it.
              on: { 'contacts.sync': { target: 'syncing', reenter: true } },
            },
          },
        },
        history: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedHistory', target: 'loading' } },
            loading: {
              tags: ['loadingHistory'],
              invoke: {
                id: 'loadHistory',
                src: 'loadHistory',
                input: ({ context }): GetHistoryInput => {
                  const { key, page } = context.historyQueue[0];
                  const contact = context.contacts[key];
                  return {
                    page,
                    limit: CHAT_HISTORY_PAGE_SIZE,
                    from_uuid: contact.uuid,
                    ...(contact.appends ? { partner_uuid: contact.appends.uuid } : {}),
                  };
                },
                onDone: { target: 'idle', actions: { type: 'applyHistory', params: ({ event }) => ({ output: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ context, event }) => ({ request: 'history' as const, key: context.historyQueue[0]?.key ?? null, error: event.error }),
                    },
                    'dequeueHistory',
                  ],
                },
              },
            },
          },
        },
        reads: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedReads', target: 'marking' } },
            marking: {
              tags: ['markingRead'],
              invoke: {
                id: 'markRead',
                src: 'markRead',
                input: ({ context }): MarkReadInput => {
                  const contact = context.contacts[context.readQueue[0]];
                  return { ...conversationOf(contact), seq: highestSeq(contact.messages) };
                },
                onDone: { target: 'idle', actions: { type: 'applyRead', params: ({ event }) => ({ output: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    {
                      type: 'reportFailure',
                      params: ({ context, event }) => ({ request: 'markRead' as const, key: context.readQueue[0] ?? null, error: event.error }),
                    },
                    'dequeueRead',
                  ],
                },
              },
            },
          },
        },
        action: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'partner.unlock': [
                  { guard: and(['isLockedPartner', 'isLinkOnline']), target: 'unlocking', actions: 'startUnlock' },
                  // The socket is down (reconnecting): the same refusal as with no chat at all, before anything is spent.
                  { guard: 'isLockedPartner', actions: 'refuseUnlockOffline' },
                ],
                'user.block': { guard: 'isBlockable', target: 'blocking', actions: 'startBlock' },
              },
            },
            unlocking: {
              tags: ['busy'],
              invoke: {
                id: 'unlockPartner',
                src: 'unlockPartner',
                input: ({ context }): UnlockPartnerInput => {
                  const action = context.action as Extract<ConversationAction, { kind: 'unlock' }>;
                  return {
                    partner_uuid: context.contacts[action.key].appends!.uuid,
                    price: action.price,
                    // A new key per attempt: unlocking twice is a no-op success on the server anyway.
                    idempotency_key: globalThis.crypto.randomUUID(),
                  };
                },
                onDone: { target: 'checkingStatus', actions: { type: 'finishUnlock', params: ({ event }) => ({ output: event.output }) } },
                onError: [
                  // Not a failure: a question again, at the new price (nothing was spent).
                  { guard: 'isPriceChanged', target: 'idle', actions: [{ type: 'applyNewPrice', params: ({ event }) => ({ error: event.error }) }, 'clearAction'] },
                  {
                    target: 'idle',
                    actions: [
                      { type: 'reportFailure', params: ({ context, event }) => ({ request: 'unlock' as const, key: context.action?.key ?? null, error: event.error }) },
                      'clearAction',
                    ],
                  },
                ],
              },
            },
            blocking: {
              tags: ['busy'],
              invoke: {
                id: 'blockUser',
                src: 'blockUser',
                input: ({ context }): BlockUserInput => {
                  const action = context.action!;
                  return { uuid: context.contacts[action.key].uuid, block: action.kind === 'block' && action.block };
                },
                onDone: { target: 'checkingStatus', actions: { type: 'finishBlock', params: ({ event }) => ({ output: event.output }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'reportFailure', params: ({ context, event }) => ({ request: 'block' as const, key: context.action?.key ?? null, error: event.error }) },
                    'clearAction',
                  ],
                },
              },
            },
            // After an unlock or a block, whether the user may write now (the other side may block them too).
            checkingStatus: {
              tags: ['busy'],
              invoke: {
                id: 'fetchStatus',
                src: 'fetchStatus',
                input: ({ context }): ChatStatusInput => conversationOf(context.contacts[context.action!.key]),
                onDone: { target: 'idle', actions: [{ type: 'applyStatus', params: ({ event }) => ({ status: event.output }) }, 'clearAction'] },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'reportFailure', params: ({ context, event }) => ({ request: 'status' as const, key: context.action?.key ?? null, error: event.error }) },
                    'clearAction',
                  ],
                },
              },
            },
          },
        },
        // The other side's name and picture, when a conversation opened by its address has neither (issue 30): asked
        // once per conversation; a failure leaves the neutral name, as before.
        profile: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'needsProfile', target: 'fetching', actions: 'markProfileAsked' } },
            fetching: {
              invoke: {
                id: 'fetchProfile',
                src: 'fetchProfile',
                input: ({ context }): FetchProfileInput => ({ uuid: context.contacts[context.openKey!].uuid }),
                onDone: { target: 'idle', actions: { type: 'applyProfile', params: ({ event }) => ({ profile: event.output }) } },
                onError: { target: 'idle' },
              },
            },
          },
        },
        upload: {
          initial: 'idle',
          states: {
            idle: { always: { guard: 'hasQueuedUploads', target: 'uploading' } },
            uploading: {
              tags: ['uploading'],
              invoke: {
                id: 'uploadImage',
                src: 'uploadImage',
                input: ({ context }): UploadImageInput => ({ image: context.uploads[0].file }),
                onDone: { target: 'idle', actions: { type: 'sendPhoto', params: ({ event }) => ({ image: event.output.image }) } },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'reportFailure', params: ({ context, event }) => ({ request: 'upload' as const, key: context.uploads[0]?.key ?? null, error: event.error }) },
                    'dequeueUpload',
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
});

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** Contacts, the most recently active first. */
/**
 * The conversations as the contact list shows them once a connection has synced `list` (chat/getContactList) for
 * member `me`: for the server's paint of the conversations page (src/routes/-app/signed-in-pages.tsx), which the
 * app's own render then matches.
 */
export function contactsOfList(list: ContactListOutput, me: string): ChatContact[] {
  const context = applyContacts({ ...emptyChat({ signPrefix: '', sent: 0 }), me }, list);
  return selectContacts({ context } as ChatSnapshot);
}

export const selectContacts = (snapshot: ChatSnapshot): ChatContact[] =>
  Object.values(snapshot.context.contacts).sort((a, b) => lastActivity(b) - lastActivity(a));

export const selectContact = (snapshot: ChatSnapshot, key: string): ChatContact | null => snapshot.context.contacts[key] ?? null;

/** The nav badge: the sum of the conversations' unread counts. */
export const selectTotalUnread = (snapshot: ChatSnapshot): number =>
  Object.values(snapshot.context.contacts).reduce((sum, contact) => sum + contact.unreadcount, 0);

export const selectOpenKey = (snapshot: ChatSnapshot): string | null => snapshot.context.openKey;

export const selectOpenContact = (snapshot: ChatSnapshot): ChatContact | null =>
  snapshot.context.openKey === null ? null : (snapshot.context.contacts[snapshot.context.openKey] ?? null);

/** Whether the user may write in a conversation, once its first page or chat/status told. */
export const selectChatStatus = (snapshot: ChatSnapshot, key: string): ChatStatus | null => snapshot.context.statuses[key] ?? null;

/**
 * The conversation's first page is in and nothing is loading: its messages are the server's (not only the contact
 * list's last one), with the unread ones marked. The conversation screen places its scroll position then.
 */
export const selectConversationLoaded = (snapshot: ChatSnapshot, key: string): boolean =>
  isLoaded(snapshot.context, key) && snapshot.context.contacts[key]?.loading === false;

/** The unlock price the member had confirmed before the server refused it as changed (status: the new one); null if none. */
export const selectRepricedFrom = (snapshot: ChatSnapshot, key: string): number | null => snapshot.context.repriced[key] ?? null;

/** The socket is initialized: messages go out at once (otherwise they wait in the outbox). */
export const selectIsOnline = (snapshot: ChatSnapshot): boolean => snapshot.hasTag('online');
