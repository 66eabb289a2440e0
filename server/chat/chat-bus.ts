import type { Redis } from 'ioredis';

/**
 * Fan-out of stored chat messages to the sockets of their recipients (DESIGN sections 2 and 9): in-process by
 * default; with REDIS_URL one Redis channel per user, to which a process subscribes only while that user has a socket
 * on it, so N processes behind a load balancer deliver to each other's sockets.
 *
 * The bus carries what was stored, not frames: each socket renders the frame for its own viewer.
 */
export interface ChatEvent {
  conversation: { userA: string; userB: string; partnerUuid: string | null };
  message: { seq: number; sign: string; from_uuid: string; content: string; content_type: 'text' | 'photos' | 'unlock'; created_at: string };
}

/**
 * Notices to a user's sockets on every process, on the same channel as their messages:
 * - `sessions`: some of the user's sessions ended (logout, password change or reset, an admin's action): each socket
 *   checks in the database that the session its token came from is still live, and closes with 4001 if not;
 * - `close`: these sockets (ids of ChatSocketRegistry) are beyond the user's cap: whichever process holds one closes
 *   it with 4008;
 * - `locale`: the account's language changed (server/account/member-locale.ts): each socket pushes the system
 *   contact's notices in it from now on.
 */
export type ChatControl = { control: 'sessions' } | { control: 'close'; sockets: string[] } | { control: 'locale'; locale: string };
export type BusEvent = ChatEvent | ChatControl;

export type ChatListener = (event: BusEvent) => void;

export interface ChatBus {
  publish(userUuid: string, event: BusEvent): Promise<void>;
  /** Resolves once the subscription is live (a message published after it is delivered); returns the unsubscribe. */
  subscribe(userUuid: string, listener: ChatListener): Promise<() => void>;
  close(): Promise<void>;
}

/** Listeners per user, shared by both buses. */
class Listeners {
  readonly byUser = new Map<string, Set<ChatListener>>();

  add(user: string, listener: ChatListener): boolean {
    let set = this.byUser.get(user);
    const first = set === undefined;
    if (!set) this.byUser.set(user, (set = new Set()));
    set.add(listener);
    return first;
  }

  /** Returns true when the user has no listener left. */
  remove(user: string, listener: ChatListener): boolean {
    const set = this.byUser.get(user);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byUser.delete(user);
    return true;
  }

  deliver(user: string, event: BusEvent): void {
    for (const listener of this.byUser.get(user) ?? []) listener(event);
  }
}

export function createMemoryChatBus(): ChatBus {
  const listeners = new Listeners();
  return {
    async publish(user, event) {
      listeners.deliver(user, event);
    },
    async subscribe(user, listener) {
      listeners.add(user, listener);
      return () => void listeners.remove(user, listener);
    },
    async close() {
      listeners.byUser.clear();
    },
  };
}

const CHANNEL_PREFIX = 'venuely-chat:user:';

/**
 * `publisher` is the app's shared connection; the subscriber is a dedicated duplicate (a connection in subscriber
 * mode can do nothing else).
 */
export function createRedisChatBus(publisher: Redis): ChatBus {
  const subscriber = publisher.duplicate({ enableOfflineQueue: true });
  const listeners = new Listeners();
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, text: string) => {
    if (!channel.startsWith(CHANNEL_PREFIX)) return;
    let event: BusEvent;
    try {
      event = JSON.parse(text) as BusEvent;
    } catch {
      return;
    }
    listeners.deliver(channel.slice(CHANNEL_PREFIX.length), event);
  });
  return {
    async publish(user, event) {
      await publisher.publish(CHANNEL_PREFIX + user, JSON.stringify(event));
    },
    async subscribe(user, listener) {
      if (listeners.add(user, listener)) await subscriber.subscribe(CHANNEL_PREFIX + user);
      return () => {
        if (listeners.remove(user, listener)) void subscriber.unsubscribe(CHANNEL_PREFIX + user).catch(() => undefined);
      };
    },
    async close() {
      listeners.byUser.clear();
      subscriber.disconnect();
    },
  };
}
