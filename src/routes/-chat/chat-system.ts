import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import * as chatCalls from '@/contract/calls/chat';
import * as home from '@/contract/calls/home';
import { TOAST_MS } from '@/contract/constants';
import { cutGraphemes } from '@/contract/graphemes';
import { chatMachine, selectTotalUnread } from '@/machines/chat/chat.machine';
import { chatSocketMachine, imConnection } from '@/machines/chat/chat-socket.machine';
import type { ApiClient } from '@/services/api-client';
import { chatUnread } from '@/services/chat-unread';

export interface ChatSystemDeps {
  api: ApiClient;
  /** Shows a toast (the app's toast actor). */
  showToast(message: string, params: Record<string, string | number>, durationMs: number): void;
  /** The user's points changed (an unlock): refetch the current user. */
  refreshUser(): void;
  inspect?: (event: InspectionEvent) => void;
}

/** At most one fresh chat token per this long when the server keeps refusing them (a clock far off, a revoked key). */
const TOKEN_RETRY_MS = 30_000;
const PREVIEW_CHARS = 60;

/**
 * The chat actor of a logged-in member, wired to the real socket and calls (issue 11). Loaded on demand, when a
 * session connects the chat or a chat page opens, so guests and the first paint never download it. Found by
 * systemId 'chat' (its socket: 'chatSocket') in the inspector.
 */
export function createChatSystem(deps: ChatSystemDeps) {
  const { api } = deps;
  const chat = createActor(
    chatMachine.provide({
      actors: {
        chatSocket: chatSocketMachine.provide({
          actors: { connection: imConnection((url) => new WebSocket(url)) },
        }),
        syncContacts: fromPromise(({ signal }) => api.call(chatCalls.getContactList, {}, { signal })),
        loadHistory: fromPromise(({ input, signal }) => api.call(chatCalls.getHistory, input, { signal })),
        markRead: fromPromise(({ input, signal }) => api.call(chatCalls.markRead, input, { signal })),
        unlockPartner: fromPromise(({ input, signal }) => api.call(chatCalls.unlockPartner, input, { signal })),
        blockUser: fromPromise(({ input, signal }) => api.call(chatCalls.block, input, { signal })),
        fetchStatus: fromPromise(({ input, signal }) => api.call(chatCalls.status, input, { signal })),
        uploadImage: fromPromise(({ input, signal }) => api.call(chatCalls.uploadImage, {}, { signal, files: { image: input.image } })),
        fetchProfile: fromPromise(({ input, signal }) => api.call(chatCalls.getUserInfoByUuid, input, { signal })),
      },
    }),
    { systemId: 'chat', inspect: deps.inspect },
  );

  chat.on('chat.newMessage', ({ message, isOpen, key }) => {
    if (isOpen || document.visibilityState !== 'visible') return;
    const contact = chat.getSnapshot().context.contacts[key];
    const text = message.contentType === 'text' ? cutGraphemes(message.content, PREVIEW_CHARS).text : '📷';
    const name = contact?.nickname || (contact?.isSystem ? 'Venuely' : '');
    deps.showToast(name ? 'toast.chat.newMessage' : 'toast.chat.newMessageNoName', { name, text }, TOAST_MS);
  });
  chat.on('chat.unlocked', () => deps.refreshUser());

  let lastTokenRetry = 0;
  chat.on('chat.tokenRejected', () => {
    const me = chat.getSnapshot().context.me;
    if (!me || Date.now() - lastTokenRetry < TOKEN_RETRY_MS) return;
    lastTokenRetry = Date.now();
    api.call(home.config, {}).then(
      (config) => chat.send({ type: 'chat.connect', config, me }),
      () => undefined,
    );
  });

  chat.subscribe((snapshot) => chatUnread.set(selectTotalUnread(snapshot)));
  chat.start();
  return chat;
}

export type ChatActor = ReturnType<typeof createChatSystem>;
