import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * What one user may hold of the chat server, whichever process their sockets landed on (DESIGN section 9, issue 29
 * item 8):
 * - a frame budget per user, shared by all the user's sockets: `framesPerSecond` on average, bursts of twice that;
 * - at most `socketsPerUser` open sockets: a new socket beyond it closes the user's oldest (close code 4008).
 * In one process they live in memory; with REDIS_URL in Redis, so ten sockets on three processes share one budget
 * and count against one cap.
 */
export interface ChatLimitRules {
  framesPerSecond: number;
  socketsPerUser: number;
}

export const DEFAULT_CHAT_LIMITS: ChatLimitRules = { framesPerSecond: 10, socketsPerUser: 8 };

export interface ChatLimits {
  /** Takes one frame from the user's budget: false once it is spent. */
  takeFrame(user: string): boolean | Promise<boolean>;
  /** Counts a new socket of the user; answers the ids of the user's sockets now beyond the cap, oldest first. */
  addSocket(user: string, socket: string): Promise<string[]>;
  removeSocket(user: string, socket: string): void;
  /** Keeps this process's open sockets counted (Redis forgets a socket not refreshed for SOCKET_STALE_MS). */
  refresh(sockets: readonly { user: string; socket: string }[]): Promise<void>;
}

/** A socket's id: its opening time first, so ids sort oldest first (in memory and in Redis alike). */
export const newSocketId = (nowMs: number) => `${String(nowMs).padStart(15, '0')}:${randomUUID()}`;

/** How often a process refreshes its sockets in Redis, and after how long without one a socket no longer counts. */
export const SOCKET_REFRESH_MS = 30_000;
const SOCKET_STALE_MS = SOCKET_REFRESH_MS * 3;

class Bucket {
  constructor(
    public tokens: number,
    public at: number,
  ) {}
}

export function createMemoryChatLimits(rules: ChatLimitRules, now: () => number = Date.now): ChatLimits {
  const burst = rules.framesPerSecond * 2;
  const buckets = new Map<string, Bucket>();
  const sockets = new Map<string, string[]>();
  return {
    takeFrame(user) {
      const at = now();
      let bucket = buckets.get(user);
      if (!bucket) buckets.set(user, (bucket = new Bucket(burst, at)));
      bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * rules.framesPerSecond);
      bucket.at = at;
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    async addSocket(user, socket) {
      let open = sockets.get(user);
      if (!open) sockets.set(user, (open = []));
      open.push(socket);
      return open.length > rules.socketsPerUser ? open.splice(0, open.length - rules.socketsPerUser) : [];
    },
    removeSocket(user, socket) {
      const open = sockets.get(user);
      if (!open) return;
      const index = open.indexOf(socket);
      if (index >= 0) open.splice(index, 1);
      if (open.length === 0) {
        sockets.delete(user);
        // A user with no socket here keeps no budget: a reconnect starts with a full one, as a new socket did before.
        buckets.delete(user);
      }
    },
    async refresh() {},
  };
}

/** Token bucket on Redis's own clock (processes' clocks may differ): 1 when a frame may go, 0 when not. */
const TAKE_FRAME_LUA = `
local rate = tonumber(ARGV[1])
local burst = rate * 2
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
return ok`;

/**
 * Adds a socket (scored by its last refresh) and answers those beyond the cap, oldest first (ids sort by age), after
 * dropping sockets no process refreshed for ARGV[3] ms (their process died without closing them).
 */
const ADD_SOCKET_LUA = `
local cap = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[3]))
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
local all = redis.call('ZRANGE', KEYS[1], 0, -1)
if #all <= cap then return {} end
table.sort(all)
local evicted = {}
for i = 1, #all - cap do
  evicted[i] = all[i]
  redis.call('ZREM', KEYS[1], all[i])
end
return evicted`;

/** Re-scores this process's sockets (KEYS: their users' sets, ARGV: their ids, pairwise) and keeps the sets alive. */
const REFRESH_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], 'XX', now, ARGV[i])
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[#KEYS + 1]))
end
return #KEYS`;

const FRAMES_KEY = 'venuely-chat:frames:';
const SOCKETS_KEY = 'venuely-chat:sockets:';

type ChatLimitCommands = {
  chatTakeFrame(key: string, rate: number): Promise<number>;
  chatAddSocket(key: string, socket: string, cap: number, staleMs: number): Promise<string[]>;
  chatRefreshSockets(...keysThenArgs: (string | number)[]): Promise<number>;
};

/**
 * The same limits in Redis. While Redis is unreachable a frame is let through and a socket is not counted: an outage
 * must not silence every chat (the API's rate limits do the same, skipOnError).
 */
export function createRedisChatLimits(redis: Redis, rules: ChatLimitRules, onError: (error: Error) => void = () => undefined): ChatLimits {
  if (!('chatTakeFrame' in redis)) {
    redis.defineCommand('chatTakeFrame', { numberOfKeys: 1, lua: TAKE_FRAME_LUA });
    redis.defineCommand('chatAddSocket', { numberOfKeys: 1, lua: ADD_SOCKET_LUA });
    redis.defineCommand('chatRefreshSockets', { lua: REFRESH_LUA });
  }
  const commands = redis as unknown as ChatLimitCommands;
  return {
    async takeFrame(user) {
      try {
        return (await commands.chatTakeFrame(FRAMES_KEY + user, rules.framesPerSecond)) === 1;
      } catch (error) {
        onError(error as Error);
        return true;
      }
    },
    async addSocket(user, socket) {
      try {
        return await commands.chatAddSocket(SOCKETS_KEY + user, socket, rules.socketsPerUser, SOCKET_STALE_MS);
      } catch (error) {
        onError(error as Error);
        return [];
      }
    },
    removeSocket(user, socket) {
      redis.zrem(SOCKETS_KEY + user, socket).catch(onError);
    },
    async refresh(sockets) {
      if (sockets.length === 0) return;
      try {
        await commands.chatRefreshSockets(sockets.length, ...sockets.map((s) => SOCKETS_KEY + s.user), ...sockets.map((s) => s.socket), SOCKET_STALE_MS);
      } catch (error) {
        onError(error as Error);
      }
    },
  };
}
