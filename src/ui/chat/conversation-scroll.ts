import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { ChatMessage } from '@/contract/calls/chat';

/**
 * Where a conversation's scroll goes, as in WhatsApp and Telegram:
 * - it opens at the newest message, or, when some are unread, with the "unread messages" divider at the top (when
 *   the unread ones fit below it, that is the bottom as well);
 * - it stays pinned to the bottom while messages arrive, as long as the user is at the bottom; a message the user
 *   sends always brings them there;
 * - scrolled up, arriving messages leave the view where it is and are counted for the "new messages" pill;
 * - older messages put above ("Show earlier messages") leave the messages on screen where they were.
 */

/** Within this distance of the end (px) the list counts as at the bottom: a rounding or a last pixel row is no scroll. */
export const PIN_SLACK_PX = 48;
/** Space left above the unread divider when the conversation opens on it (px). */
const DIVIDER_GAP_PX = 8;

export function isAtBottom(list: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  return list.scrollHeight - list.scrollTop - list.clientHeight <= PIN_SLACK_PX;
}

/** The unread divider: above the peer's first unread message, counting the unread ones; null when none is unread. */
export interface UnreadMark {
  id: string;
  count: number;
}

/**
 * The divider of a conversation as it opens: before the first message from the peer that is unread, with the
 * conversation's unread count (which may be higher than the loaded page shows).
 */
export function unreadMarkOf(messages: readonly ChatMessage[], unreadcount: number): UnreadMark | null {
  const index = messages.findIndex((m) => !m.self && m.unread);
  if (index === -1) return null;
  const shown = messages.slice(index).filter((m) => !m.self && m.unread).length;
  return { id: messages[index].id, count: Math.max(shown, unreadcount) };
}

/** The peer's messages after the one with id `after` (all of them when it is not held): the pill's count. */
export function messagesAfter(messages: readonly ChatMessage[], after: string): number {
  const index = messages.findIndex((m) => m.id === after);
  return messages.slice(index + 1).filter((m) => !m.self).length;
}

export interface ConversationScroll {
  listRef: RefObject<HTMLOListElement | null>;
  dividerRef: RefObject<HTMLLIElement | null>;
  onScroll(): void;
  /** The user has scrolled away from the bottom: the jump button shows. */
  away: boolean;
  /** Messages from the peer that came in while the user was scrolled up. */
  fresh: number;
  /** Scrolls to the newest message (the jump button). */
  toBottom(): void;
}

/**
 * The scroll behaviour above for the list at `listRef`. `ready`: the conversation's first page is in; the open
 * position is decided then, once (`dividerRef` is the unread divider, rendered in that same commit when there is one).
 */
export function useConversationScroll(messages: readonly ChatMessage[], ready: boolean): ConversationScroll {
  const listRef = useRef<HTMLOListElement>(null);
  const dividerRef = useRef<HTMLLIElement>(null);
  const pinned = useRef(true);
  const placed = useRef(false);
  const held = useRef<{ first?: string; last?: string; height: number }>({ height: 0 });
  const [away, setAway] = useState(false);
  // The newest message the user had seen when others came in while scrolled up; null when none came in.
  const [freshAfter, setFreshAfter] = useState<string | null>(null);

  const pin = useCallback((list: HTMLElement) => {
    list.scrollTop = list.scrollHeight;
    pinned.current = true;
  }, []);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const before = held.current;
    if (!placed.current) {
      // Until the first page is in, whatever shows (the contact list's last message) sits at the bottom.
      const divider = dividerRef.current;
      if (ready && divider) {
        list.scrollTop += divider.getBoundingClientRect().top - list.getBoundingClientRect().top - DIVIDER_GAP_PX;
        pinned.current = isAtBottom(list);
        setAway(!pinned.current);
      } else pin(list);
      placed.current = ready;
    } else if (first !== before.first && last === before.last) {
      // An older page went on top: the messages on screen stay where they were (scroll anchoring is off in CSS).
      list.scrollTop += list.scrollHeight - before.height;
    } else if (last !== before.last) {
      if (pinned.current || messages.at(-1)?.self) {
        pin(list);
        setFreshAfter(null);
        setAway(false);
      } else if (before.last) {
        const seen = before.last;
        setFreshAfter((current) => current ?? seen);
      }
    }
    held.current = { first, last, height: list.scrollHeight };
  }, [messages, ready, pin]);

  // The list gets shorter or taller (the composer grows, a notice shows, the on-screen keyboard opens): the bottom
  // stays in view when it was.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) pin(list);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [pin]);

  const onScroll = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    pinned.current = isAtBottom(list);
    setAway(!pinned.current);
    if (pinned.current) setFreshAfter(null);
  }, []);

  const toBottom = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    pin(list);
    setAway(false);
    setFreshAfter(null);
    // The jump button goes away with the click: focus moves to the list rather than to the page's start.
    list.focus({ preventScroll: true });
  }, [pin]);

  return { listRef, dividerRef, onScroll, away, fresh: freshAfter === null ? 0 : messagesAfter(messages, freshAfter), toBottom };
}
