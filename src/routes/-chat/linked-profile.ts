import type { ChatContact } from '@/contract/calls/chat';
import { type ChatProfile, newContact } from '@/machines/chat/chat-messages';

/**
 * What a page that links to a conversation already knows of the other side (issue 30): a profile page knows the
 * profile's name and picture, so the conversation's header shows them from its first paint instead of waiting for the
 * chat. Carried in the router's history state (`chatProfile`), so it survives a reload of the conversation too; a
 * conversation opened by its address alone asks the server (the chat machine's `fetchProfile`).
 */
export interface LinkedProfile {
  /** The uuid the conversation names as the other side: a profile's uuid, or a member's. */
  uuid: string;
  nickname: string;
  thumb: string;
}

declare module '@tanstack/history' {
  interface HistoryState {
    chatProfile?: LinkedProfile;
  }
}

/** The linked profile when it is about this conversation's other side (`peer`), as the chat takes it. */
export function linkedChatProfile(linked: LinkedProfile | undefined, peer: string): ChatProfile | undefined {
  if (!linked || linked.uuid.toLowerCase() !== peer.toLowerCase()) return undefined;
  return { username: '', nickname: linked.nickname, thumb: linked.thumb };
}

/**
 * The contact as the conversation shows it: what the chat holds, named from the linked profile while the chat has no
 * name for it yet, or (before the chat has opened the conversation) a contact made from the linked profile alone.
 */
export function withLinkedProfile(contact: ChatContact | null, peer: string, partnerUuid: string | undefined, profile: ChatProfile | undefined): ChatContact | null {
  if (!profile) return contact;
  if (!contact) return newContact(peer, partnerUuid, profile);
  if (contact.nickname !== '' || contact.avatar !== '') return contact;
  return { ...contact, nickname: profile.nickname, avatar: profile.thumb };
}
