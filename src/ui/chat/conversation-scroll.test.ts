import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/contract/calls/chat';
import { isAtBottom, messagesAfter, PIN_SLACK_PX, unreadMarkOf } from './conversation-scroll';

function message(id: string, options: { self?: boolean; unread?: boolean } = {}): ChatMessage {
  return {
    id,
    seq: null,
    timeStamp: 0,
    content: id,
    contentType: 'text',
    self: options.self ?? false,
    status: 'success',
    unread: options.unread ?? false,
    ext: null,
  };
}

describe('unreadMarkOf', () => {
  it('puts the divider above the peer’s first unread message, with the unread count', () => {
    const messages = [message('a'), message('b', { self: true }), message('c', { unread: true }), message('d', { unread: true })];
    expect(unreadMarkOf(messages, 2)).toEqual({ id: 'c', count: 2 });
  });

  it('counts what the server says is unread when the loaded page holds fewer', () => {
    expect(unreadMarkOf([message('c', { unread: true }), message('d', { unread: true })], 25)).toEqual({ id: 'c', count: 25 });
  });

  it('has no divider when nothing is unread, or only own messages are', () => {
    expect(unreadMarkOf([message('a'), message('b', { self: true })], 0)).toBeNull();
    expect(unreadMarkOf([message('a', { self: true, unread: true })], 0)).toBeNull();
    expect(unreadMarkOf([], 3)).toBeNull();
  });
});

describe('messagesAfter', () => {
  it('counts the peer’s messages after the one seen last, not the user’s own', () => {
    const messages = [message('a'), message('b'), message('c', { self: true }), message('d')];
    expect(messagesAfter(messages, 'a')).toBe(2);
    expect(messagesAfter(messages, 'd')).toBe(0);
  });

  it('counts them all when the one seen last is gone (a reloaded page)', () => {
    expect(messagesAfter([message('x'), message('y')], 'gone')).toBe(2);
  });
});

describe('isAtBottom', () => {
  it('is at the bottom within the slack, and not beyond it', () => {
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 600, scrollTop: 400 })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 600, scrollTop: 400 - PIN_SLACK_PX })).toBe(true);
    expect(isAtBottom({ scrollHeight: 1000, clientHeight: 600, scrollTop: 399 - PIN_SLACK_PX })).toBe(false);
    // A list that does not overflow is at the bottom.
    expect(isAtBottom({ scrollHeight: 300, clientHeight: 600, scrollTop: 0 })).toBe(true);
  });
});
