import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { type EventLoopUtilization, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type RawData, WebSocketServer } from 'ws';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { TokenPurpose } from '@/contract/feature-enums';
import { createChatToken, verifyChatToken } from '../../server/account/chat-token';
import { emailKey, usernameKey } from '../../server/account/user.repository';
import { type BatchStats, batchStats } from '../../server/chat/append-batcher';
import { appendUnlessBlocked, type ConversationRef, ensureConversation } from '../../server/chat/chat.repository';
import { chatAckChannel, type ChatAckTiming, chatStoreChannel, type ChatStoreTiming } from '../../server/chat/chat-timing';
import { CHAT_SOCKET_PATH } from '../../server/chat/im.plugin';
import type { AppConfig } from '../../server/config';
import { type DatabaseKind, migrateToLatest, openDatabase } from '../../server/db/database';
import type { ChatConversationRow, Database } from '../../server/db/schema';
import { startRedisServer } from '../support/redis-server';
import { testConfig } from '../support/test-app';
import type { ChatGeneratorMessage, ChatLoadJob, ChatLoadResult, ChatSocketSpec } from './chat-load';
import type { ChatServerReply, ChatServerRequest } from './chat-server';
import {
  type BenchEnvironment,
  type Benchmark,
  benchDatabases,
  fmtMs,
  fmtPercent,
  fmtRatio,
  fmtUs,
  goalState,
  percentile,
  pinProcessTree,
  placementApplied,
  printTable,
  processesCpuUs,
  buildBenchApp,
  openBenchDatabase,
} from './lib';

/**
 * The chat socket under load, end to end (issue 11): BENCH_CHAT_SOCKETS (1 000) sockets on loopback, paired into
 * conversations, each sending BENCH_CHAT_RATE (1) message per second to its partner for BENCH_CHAT_DURATION_S (60)
 * seconds after BENCH_WARMUP_S of the same load, through the full path: the socket's token, the frame's schema, the
 * message stored, the bus, the push to the partner's socket (and the sender's own), the ack. The load generator
 * (chat-load.ts) runs in a child process and holds both ends of every conversation, so a message's latency is
 * measured on one clock from its send to its arrival on the partner's socket. Runs, all in this one `npm run bench`:
 *  - bare: a `ws` echo server (every frame sent back) in this process, the same sockets, frames and rate;
 *  - floors, on each database: the bare echo storing every frame before echoing it, with one INSERT (what any chat
 *    server that acks only stored messages pays here) and with the app's own store (the append batcher), so the full
 *    path's cost beyond them is the rest of the app's path;
 *  - one process: the real server (buildApp) in this process with its in-process bus, on each database;
 *  - two processes: two real servers, each its own process (chat-server.ts), sharing one PostgreSQL database and a
 *    redis-server; the two members of every conversation on different processes, so every message crosses Redis.
 * Goals: the full path's p99 at most P99_GOAL × the bare echo's p99; and at most FLOOR_GOAL × the store-then-ack
 * floor's (one INSERT) on each database, as the median of BENCH_CHAT_REPEAT (3) rounds, each round a floor and the full
 * path one after the other. Lost, duplicated or refused messages, failed connections and anything else unexpected are
 * errors (and fail `npm run bench`), not a missed goal.
 */

const P99_GOAL = 5;
/** The full path's p99 over the store-then-ack floor's (one INSERT per frame), median of BENCH_CHAT_REPEAT rounds (issue 33). */
const FLOOR_GOAL = 1.25;
/** Event-loop utilisation above which the server is the bottleneck: latency then measures its queue. */
const SATURATED = 0.9;
const DATABASES: readonly { kind: DatabaseKind; label: string }[] = [
  { kind: 'pglite', label: 'PGlite' },
  { kind: 'postgres', label: 'PostgreSQL' },
];
/** Nobody logs in as a benchmark user: their sockets get chat tokens directly. Not a hash any password matches. */
const NO_LOGIN_HASH = 'bench:no-login';
/** Besides its sockets, a process needs descriptors for its database, Redis, IPC and files. */
const SPARE_DESCRIPTORS = 200;
const CHAT_LOAD_PATH = fileURLToPath(new URL('./chat-load.ts', import.meta.url));
const CHAT_SERVER_PATH = fileURLToPath(new URL('./chat-server.ts', import.meta.url));
const TSX_URL = import.meta.resolve('tsx');
const CHILD_STOP_MS = 10_000;

interface ChatSettings {
  /** Rounds of each floor and of the full path (BENCH_CHAT_REPEAT, 3). */
  repeat: number;
  sockets: number;
  durationS: number;
  rate: number;
  warmupS: number;
}

function chatSettings(env: BenchEnvironment): ChatSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  };
  // Sockets come in pairs (one conversation each).
  const sockets = Math.max(2, Math.round(number('BENCH_CHAT_SOCKETS', 1000) / 2) * 2);
  return { repeat: Math.round(number('BENCH_CHAT_REPEAT', 3)), sockets, durationS: number('BENCH_CHAT_DURATION_S', 60), rate: number('BENCH_CHAT_RATE', 1), warmupS: env.settings.warmupS };
}

// ---------------------------------------------------------------------------------------------------------------
// The server side: this process, or server processes, seen through the same probe

interface ServerUse {
  /** CPU time of the server's process(es), user + system, in microseconds. */
  cpuUs: number;
  /** Event-loop utilisation of the server's main thread (the busier one when there are several processes). */
  elu: number;
  /** This process's garbage collections (only when the server is this process): their pauses' sum and longest, ms. */
  gc?: { pauses: number; totalMs: number; maxMs: number };
  /** This process's event-loop delay (only when the server is this process): p99 and max, ms. */
  loopDelay?: { p99Ms: number; maxMs: number };
  /** Where the server's time went, per message (only when the server is this process; server/chat/chat-timing.ts). */
  split?: ServerSplit;
}

/** The chat timing channels' samples over the measured window, ms. */
interface ServerSplit {
  /** Frame arrival → ack (the full path), and of which the store. */
  ackMs: number[];
  storeMs: number[];
  /** The append batcher (the full path and the `append` floor): waiting for a call, and the call. */
  queuedMs: number[];
  callMs: number[];
}

interface ServerProbe {
  mark(): Promise<void>;
  since(): Promise<ServerUse>;
}

/** The server is this process: nothing else runs in it while the load generator (a child process) works. */
function thisProcessProbe(): ServerProbe {
  let cpuFrom = process.cpuUsage();
  let eluFrom: EventLoopUtilization = performance.eventLoopUtilization();
  const gc = { pauses: 0, totalMs: 0, maxMs: 0 };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.pauses++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let split: ServerSplit = { ackMs: [], storeMs: [], queuedMs: [], callMs: [] };
  const onAck = (message: unknown) => {
    const { ackMs, storeMs } = message as ChatAckTiming;
    split.ackMs.push(ackMs);
    split.storeMs.push(storeMs);
  };
  const onStore = (message: unknown) => {
    const { queuedMs, callMs } = message as ChatStoreTiming;
    split.queuedMs.push(queuedMs);
    split.callMs.push(callMs);
  };
  return {
    async mark() {
      cpuFrom = process.cpuUsage();
      eluFrom = performance.eventLoopUtilization();
      Object.assign(gc, { pauses: 0, totalMs: 0, maxMs: 0 });
      observer.observe({ entryTypes: ['gc'] });
      delay.reset();
      delay.enable();
      split = { ackMs: [], storeMs: [], queuedMs: [], callMs: [] };
      subscribe(chatAckChannel.name, onAck);
      subscribe(chatStoreChannel.name, onStore);
    },
    async since() {
      const cpu = process.cpuUsage(cpuFrom);
      observer.disconnect();
      delay.disable();
      unsubscribe(chatAckChannel.name, onAck);
      unsubscribe(chatStoreChannel.name, onStore);
      return {
        cpuUs: cpu.user + cpu.system,
        elu: performance.eventLoopUtilization(eluFrom).utilization,
        gc: { ...gc },
        loopDelay: { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 },
        split,
      };
    },
  };
}

interface ServerProcess {
  pid: number;
  port: number;
  ask(request: ChatServerRequest): Promise<ChatServerReply>;
  stop(): Promise<void>;
}

/** One chat-server.ts process with `config`; resolves once it listens. */
async function startServerProcess(config: AppConfig): Promise<ServerProcess> {
  const child: ChildProcess = fork(CHAT_SERVER_PATH, [], { execArgv: ['--import', TSX_URL], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // One request at a time: each is answered by the next message.
  const ask = (request: ChatServerRequest) =>
    new Promise<ChatServerReply>((resolve, reject) => {
      const cleanup = () => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onMessage = (reply: ChatServerReply) => {
        cleanup();
        if ('error' in reply) reject(new Error(`chat server process: ${reply.error}`));
        else resolve(reply);
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`chat server process exited with ${code}`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(request);
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_STOP_MS);
    if (child.connected) child.send({ stop: true } satisfies ChatServerRequest);
    else child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  };
  try {
    const reply = await ask({ config });
    if (!('port' in reply)) throw new Error(`chat server process: unexpected reply ${JSON.stringify(reply)}`);
    return { pid: child.pid!, port: reply.port, ask, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The server processes' CPU summed, the busier event loop. */
function processesProbe(servers: readonly ServerProcess[]): ServerProbe {
  return {
    async mark() {
      await Promise.all(servers.map((server) => server.ask({ mark: true })));
    },
    async since() {
      const uses = await Promise.all(servers.map((server) => server.ask({ since: true })));
      return uses.reduce<ServerUse>((sum, reply) => ('since' in reply ? { cpuUs: sum.cpuUs + reply.since.cpuUs, elu: Math.max(sum.elu, reply.since.elu) } : sum), { cpuUs: 0, elu: 0 });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Load

interface ChatRun {
  result: ChatLoadResult;
  server: ServerUse;
  /** The append batcher's database calls and the messages they carried (runs in this process that store messages). */
  batches?: BatchStats;
}

/**
 * Runs chat-load.ts in a child process against the sockets of `job` and measures the server through `probe` from
 * the end of the warm-up to the end of the drain. The generator is pinned to the CPUs that are not the measured one.
 */
function runChatLoad(job: ChatLoadJob, probe: ServerProbe): Promise<ChatRun> {
  return new Promise((resolve, reject) => {
    const child = fork(CHAT_LOAD_PATH, [], { execArgv: ['--import', TSX_URL], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    let marked: Promise<void> = Promise.resolve();
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      if (child.connected) child.disconnect();
    };
    child.on('message', (message: ChatGeneratorMessage) => {
      if ('connected' in message) return;
      if ('measuring' in message) {
        marked = probe.mark();
        return;
      }
      if ('error' in message) return settle(() => reject(new Error(`chat load generator failed: ${message.error}`)));
      const { result } = message;
      marked
        .then(() => probe.since())
        .then(
          (server) => settle(() => resolve({ result, server })),
          (error: unknown) => settle(() => reject(error)),
        );
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code) => settle(() => reject(new Error(`chat load generator exited with code ${code} before reporting`))));
    child.send({ job: { ...job, pinCpus: job.pinCpus ?? placementApplied()?.others } });
  });
}

function loadJob(mode: ChatLoadJob['mode'], sockets: ChatSocketSpec[], settings: ChatSettings): ChatLoadJob {
  return { mode, sockets, warmupS: settings.warmupS, durationS: settings.durationS, rate: settings.rate };
}

/** The session of each user insertUsers made: a chat token names the session it came from, which must be live. */
const sessionOf = new Map<string, string>();

/** Users 2k and 2k + 1 are partners; socket i is user i's, on `urlOf(i)` (ws://host:port/im). */
function socketSpecs(uuids: readonly string[], serverSecret: string, urlOf: (index: number) => string): ChatSocketSpec[] {
  return uuids.map((uuid, index) => {
    // The bare echoes check no session: their users have none, and the token only needs the real token's size.
    const token = createChatToken(serverSecret, { user: uuid, session: sessionOf.get(uuid) ?? '1' });
    return { url: `${urlOf(index)}?token=${encodeURIComponent(token)}`, token, uuid, partner: index ^ 1 };
  });
}

/** `count` accounts straight into `users` (no registration: nobody logs in); returns their uuids in order. */
async function insertUsers(db: Kysely<Database>, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, index) => {
    const name = `chatbench${index}`;
    const email = `${name}@bench.test`;
    return { uuid: randomUUID(), username: name, username_key: usernameKey(name), email, email_key: emailKey(email), password_hash: NO_LOGIN_HASH, nickname: `Bench ${index}` };
  });
  for (let from = 0; from < rows.length; from += 500) await db.insertInto('users').values(rows.slice(from, from + 500)).execute();
  for (let from = 0; from < rows.length; from += 500) {
    const sessions = rows.slice(from, from + 500).map((row) => ({ user_uuid: row.uuid, purpose: TokenPurpose.Session, token_hash: randomBytes(32).toString('hex'), client: 'pwa' }));
    for (const session of await db.insertInto('user_tokens').values(sessions).returning(['id', 'user_uuid']).execute()) sessionOf.set(session.user_uuid, String(session.id));
  }
  return rows.map((row) => row.uuid);
}

/** Messages the benchmark's users stored (the system contact's welcomes aside): every ack must be exactly one. */
async function storedMessages(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('chat_messages').select((eb) => eb.fn.countAll<string>().as('n')).where('from_uuid', '<>', SYSTEM_CHAT_UUID).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A stored count other than the acked count is a fault of the persist step: counted with the other errors. Not
 * when the drain gave up: the server may still have stored messages after the generator's sockets were gone.
 */
function checkStored(run: ChatRun, stored: number): ChatRun {
  if (stored === run.result.acked || run.result.outstanding > 0) return run;
  const { result } = run;
  const faults = { ...result.faults, 'stored ≠ acked': 1 };
  return { ...run, result: { ...result, other: result.other + 1, faults, errorSamples: [...result.errorSamples, `stored ≠ acked: ${stored} stored, ${result.acked} acked`] } };
}

// ---------------------------------------------------------------------------------------------------------------
// The runs

async function benchBare(settings: ChatSettings): Promise<ChatRun> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 64 * 1024 });
  server.on('connection', (socket) => {
    socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
    socket.on('error', () => socket.terminate());
  });
  await once(server, 'listening');
  try {
    const { port } = server.address() as { port: number };
    // The same shape of users, tokens and frames as the real runs, so every frame has the same size.
    const uuids = Array.from({ length: settings.sockets }, () => randomUUID());
    const specs = socketSpecs(uuids, randomBytes(32).toString('hex'), () => `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
    return await runChatLoad(loadJob('echo', specs, settings), thisProcessProbe());
  } finally {
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The INSERT floor's table: one row per frame, its text as it came. */
const createFramesTable = (db: Kysely<Database>) =>
  sql`create table bench_frames (id bigserial primary key, body text not null, at timestamptz not null default now())`.execute(db);
/** The INSERT floor's statement: one frame, one row. */
const insertFrame = (db: Kysely<Database>, text: string) => sql`insert into bench_frames (body) values (${text})`.execute(db);

/** A conversation's side: the user `from` writing to `peer` in it. */
interface ConversationSide {
  from: string;
  peer: string;
  ref: ConversationRef;
  row: ChatConversationRow;
}

/** The conversations of users 2k and 2k + 1 (as socketSpecs pairs them), created, and both sides of each. */
async function pairConversations(db: Kysely<Database>, uuids: readonly string[]): Promise<ConversationSide[]> {
  const sides: ConversationSide[] = [];
  for (let index = 0; index < uuids.length; index += 2) {
    const [userA, userB] = [uuids[index], uuids[index + 1]].sort();
    const ref = { userA, userB, partnerUuid: null };
    const row = await ensureConversation(db, ref);
    sides.push({ from: uuids[index], peer: uuids[index + 1], ref, row }, { from: uuids[index + 1], peer: uuids[index], ref, row });
  }
  return sides;
}

/** The `append` floor's store: one message from `side.from`, through the app's own store (the append batcher). */
async function appendFrom(db: Kysely<Database>, side: ConversationSide, sign: string, content: string): Promise<void> {
  const result = await appendUnlessBlocked(db, side.ref, { sign, fromUuid: side.from, content, contentType: 'text' }, side.peer, new Date(), side.row);
  if (typeof result === 'string') throw new Error(`append: ${result}`);
}

/**
 * Floors: the bare echo, except that every frame is first stored, awaited before the echo. No token check per
 * frame, schema, bus or second socket, so what the full path costs beyond a floor is the app's own.
 *  - `insert`: one INSERT of the frame (the least any chat server that acks only stored messages pays);
 *  - `append`: the app's own store of the message (appendUnlessBlocked: the append batcher and `chat_append_batch`,
 *    with the block check, the conversation's next seq under its row lock, the message and the read position) into
 *    the sender's conversation.
 */
async function benchBareStore(kind: DatabaseKind, store: 'insert' | 'append', env: BenchEnvironment, settings: ChatSettings): Promise<ChatRun> {
  const scratch = kind === 'postgres' ? await env.scratchPostgres() : null;
  const config = testConfig({ databaseUrl: scratch?.url ?? null });
  const database = await openBenchDatabase(config);
  const { db } = database;
  let server: WebSocketServer | null = null;
  try {
    let uuids: string[] = Array.from({ length: settings.sockets }, () => randomUUID());
    /** Per sender, its side of the conversation with its partner (the `append` floor). */
    let sides = new Map<string, ConversationSide>();
    if (store === 'insert') {
      await createFramesTable(db);
    } else {
      await migrateToLatest(db);
      uuids = await insertUsers(db, settings.sockets);
      sides = new Map((await pairConversations(db, uuids)).map((side) => [side.from, side]));
    }
    const storeFrame = async (sender: string, data: RawData): Promise<void> => {
      const text = data.toString();
      if (store === 'insert') {
        await insertFrame(db, text);
        return;
      }
      const frame = JSON.parse(text) as { data: { sign: string; content: string } };
      await appendFrom(db, sides.get(sender)!, frame.data.sign, frame.data.content);
    };
    server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false, maxPayload: 64 * 1024 });
    server.on('connection', (socket, request) => {
      const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
      const sender = verifyChatToken(config.serverSecret, token)?.user ?? '';
      socket.on('message', (data, isBinary) => {
        storeFrame(sender, data).then(
          () => socket.send(data, { binary: isBinary }),
          () => socket.close(1011, 'store failed'),
        );
      });
      socket.on('error', () => socket.terminate());
    });
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const specs = socketSpecs(uuids, config.serverSecret, () => `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
    const run = await runChatLoad(loadJob('echo', specs, settings), thisProcessProbe());
    return store === 'append' ? { ...run, batches: batchStats(db) } : run;
  } finally {
    if (server) {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

async function benchOneProcess(kind: DatabaseKind, env: BenchEnvironment, settings: ChatSettings): Promise<ChatRun> {
  const scratch = kind === 'postgres' ? await env.scratchPostgres() : null;
  // PGlite: opened from the config as production does, in dataDir/pgdata (not in memory), on its own thread.
  const config = testConfig({ databaseUrl: scratch?.url ?? null });
  let app: FastifyInstance | null = null;
  try {
    app = await buildBenchApp(config); // logger from config.logLevel: 'silent'
    const uuids = await insertUsers(app.db, settings.sockets);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const specs = socketSpecs(uuids, config.serverSecret, () => `ws://127.0.0.1:${port}${CHAT_SOCKET_PATH}`);
    const run = await runChatLoad(loadJob('chat', specs, settings), thisProcessProbe());
    return { ...checkStored(run, await storedMessages(app.db)), batches: batchStats(app.db) };
  } finally {
    await app?.close(); // closes the database it opened
    rmSync(config.dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}

async function benchTwoProcesses(env: BenchEnvironment, settings: ChatSettings): Promise<ChatRun> {
  const scratch = await env.scratchPostgres();
  const redis = await startRedisServer().catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  const placement = placementApplied();
  // Redis goes with PostgreSQL and the load generator, off the measured CPU.
  if (placement) pinProcessTree(redis.pid, placement.others);
  const keys = testConfig();
  const configs = [0, 1].map(() =>
    testConfig({ databaseUrl: scratch.url, redisUrl: redis.url, aesKey: keys.aesKey, signKey: keys.signKey, serverSecret: keys.serverSecret }),
  );
  const servers: ServerProcess[] = [];
  try {
    // Migrated and filled before any server starts (buildApp migrates at start: two processes would race).
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: keys.dataDir });
    let uuids: string[];
    try {
      await migrateToLatest(database.db);
      uuids = await insertUsers(database.db, settings.sockets);
    } finally {
      await database.close();
    }
    for (const config of configs) servers.push(await startServerProcess(config));
    // On the measured CPU, as the server is in the one-process runs (PGlite's and the load generator's CPUs stay apart).
    if (placement) for (const server of servers) pinProcessTree(server.pid, placement.measured);
    // Partners are 2k and 2k + 1: even sockets on the first process, odd ones on the second.
    const specs = socketSpecs(uuids, keys.serverSecret, (index) => `ws://127.0.0.1:${servers[index % 2].port}${CHAT_SOCKET_PATH}`);
    const run = await runChatLoad(loadJob('chat', specs, settings), processesProbe(servers));
    const check = await openDatabase({ databaseUrl: scratch.url, dataDir: keys.dataDir });
    try {
      return checkStored(run, await storedMessages(check.db));
    } finally {
      await check.close();
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await redis.stop();
    for (const config of [keys, ...configs]) rmSync(config.dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

/** Database CPU per call, µs: one call at a time, so each figure is one statement's cost on PostgreSQL's side. */
interface StoreCpu {
  /** `select 1`: what any statement costs (protocol, transaction, commit). */
  noop: number;
  /** The INSERT floor's statement. */
  insert: number;
  /** The app's store of a message (appendUnlessBlocked: `chat_store`). */
  store: number;
}

/**
 * What PostgreSQL spends per call on the floor's INSERT and on the app's store, measured as its backends' CPU time:
 * the one-INSERT floor's statement does a fraction of the store's work, and on a machine where PostgreSQL shares its
 * CPUs with the load generator the tail follows that work (docs/decisions.md, issue 33). Null when the backends are
 * not on this machine (BENCH_DATABASE_URL elsewhere).
 */
async function storeDatabaseCpu(env: BenchEnvironment, calls: number): Promise<StoreCpu | null> {
  const scratch = await env.scratchPostgres();
  const config = testConfig({ databaseUrl: scratch.url });
  const database = await openBenchDatabase(config);
  const { db } = database;
  try {
    await migrateToLatest(db);
    await createFramesTable(db);
    const sides = await pairConversations(db, await insertUsers(db, 500));
    const cost = async (call: (index: number) => Promise<unknown>): Promise<number | null> => {
      for (let index = 0; index < calls / 10; index++) await call(index); // warm: plans cached, pool connected
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
      const pids = rows.map((row) => Number(row.pid));
      const before = processesCpuUs(pids);
      for (let index = 0; index < calls; index++) await call(index);
      const after = processesCpuUs(pids);
      return before === null || after === null ? null : (after - before) / calls;
    };
    const noop = await cost(() => sql`select 1`.execute(db));
    const insert = await cost((index) => insertFrame(db, `{"route":"chat/chat","data":{"sign":"cpu${index}","content":"bench message ${index}"}}`));
    const store = await cost((index) => appendFrom(db, sides[index % sides.length], `cpu${index}`, `bench message ${index}`));
    return noop === null || insert === null || store === null ? null : { noop, insert, store };
  } finally {
    await database.close();
    rmSync(config.dataDir, { recursive: true, force: true });
    await scratch.drop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report

/** Failed connections, lost, duplicated, refused and anything else unexpected. */
const errorsOf = (r: ChatLoadResult) => r.connectFailures + r.lost + r.duplicated + r.errorFrames + r.other;

function openFileLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = Number(out.stdout?.trim());
  return Number.isFinite(value) ? value : Number.POSITIVE_INFINITY; // 'unlimited' or no shell: no warning
}

export const chatBenchmark: Benchmark = {
  name: 'chat',
  title: 'chat socket: 1 000 sockets × 1 message/s end to end (token, schema, persist, bus, deliver, ack) vs a bare ws echo, one process and two with Redis',
  async run(env) {
    const settings = chatSettings(env);
    const limit = openFileLimit();
    if (limit < settings.sockets + SPARE_DESCRIPTORS) {
      console.log(`warning: ulimit -n is ${limit}; ${settings.sockets} sockets need ${settings.sockets + SPARE_DESCRIPTORS} descriptors per process (raise it: ulimit -n 65536)`);
    }
    const databases = benchDatabases(DATABASES);
    // BENCH_CHAT_RUNS picks runs besides the bare echo (insert, append, one, redis; default all), to study one of them.
    const RUNS = ['insert', 'append', 'one', 'redis'] as const;
    const picked = (process.env.BENCH_CHAT_RUNS ?? RUNS.join(',')).split(',').map((name) => name.trim());
    const unknown = picked.filter((name) => !(RUNS as readonly string[]).includes(name));
    if (unknown.length > 0) throw new Error(`BENCH_CHAT_RUNS: no run named ${unknown.join(', ')} (runs: ${RUNS.join(', ')})`);
    const wants = (run: (typeof RUNS)[number]) => picked.includes(run);
    const withRedis = wants('redis') && databases.some((db) => db.kind === 'postgres');
    const placement = placementApplied();
    console.log(
      `${settings.sockets} sockets (${settings.sockets / 2} conversations) × ${settings.rate} message/s, ${settings.warmupS} s warm-up + ${settings.durationS} s measured per run; ` +
        `load generator: one child process (chat-load.ts)${placement ? ` on CPU ${placement.others}` : ''}`,
    );
    /** bare: the echo every ratio is against; floor: a bare echo that stores each frame first (benchBareStore). */
    /** full: the one-process run of that database; round: which of BENCH_CHAT_REPEAT rounds; append: the app's-append floor. */
    const runs: { name: string; run: ChatRun; bare?: boolean; floor?: string; full?: string; round?: number; append?: boolean }[] = [];
    const progress = (name: string) => console.log(`running: ${name}…`);

    progress('bare ws echo');
    runs.push({ name: 'bare ws echo, this process', run: await benchBare(settings), bare: true });
    // The floors and the full path in rounds, one of each per round, so that a floor and the full path it is compared
    // with ran in the same minute of a machine whose load changes (BENCH_CHAT_REPEAT rounds; the goal is their median).
    for (const { kind, label } of databases) {
      for (let round = 1; round <= settings.repeat; round++) {
        const of = settings.repeat > 1 ? ` #${round}` : '';
        if (wants('insert')) {
          progress(`bare ws echo storing every frame in ${label}${of}`);
          runs.push({ name: `bare ws echo + INSERT, ${label}${of}`, run: await benchBareStore(kind, 'insert', env, settings), floor: label, round });
        }
        if (wants('append')) {
          progress(`bare ws echo storing every frame as a chat message in ${label}${of}`);
          runs.push({ name: `bare ws echo + app's append, ${label}${of}`, run: await benchBareStore(kind, 'append', env, settings), floor: label, round, append: true });
        }
        if (wants('one')) {
          progress(`${label}, one process${of}`);
          runs.push({ name: `${label}, one process, in-process bus${of}`, run: await benchOneProcess(kind, env, settings), full: label, round });
        }
      }
    }
    const storeCpuCalls = 5_000;
    let storeCpu: StoreCpu | null | undefined;
    if (databases.some((db) => db.kind === 'postgres') && (wants('insert') || wants('append'))) {
      progress('PostgreSQL\'s CPU per stored frame: the INSERT and the app\'s store');
      storeCpu = await storeDatabaseCpu(env, storeCpuCalls);
    }
    if (withRedis) {
      progress('PostgreSQL, two processes + Redis');
      runs.push({ name: 'PostgreSQL, two processes + Redis', run: await benchTwoProcesses(env, settings) });
    }

    const bare = runs[0].run.result;
    printTable(
      `chat — ${settings.sockets} sockets × ${settings.rate} msg/s, ${settings.durationS} s measured (+ ${settings.warmupS} s warm-up)`,
      ['run', 'sockets', 'failed', 'sent', 'acked', 'delivered', 'lost', 'dup', 'err frames', 'other', 'p50 ms', 'p99 ms', 'max ms', 'ack p99 ms', 'p50 ×bare', 'p99 ×bare', 'CPU µs/msg', 'server busy', 'GC pauses ms (max)', 'loop delay p99/max ms', 'loadgen busy'],
      runs.map(({ name, run: { result: r, server }, bare: isEcho, floor }) => {
        const isBare = isEcho || floor !== undefined;
        return [
        name,
        String(r.sockets),
        String(r.connectFailures),
        String(r.sent),
        isBare ? '—' : String(r.acked),
        String(r.delivered),
        String(r.lost),
        String(r.duplicated),
        String(r.errorFrames),
        String(r.other),
        fmtMs(r.p50Ms),
        fmtMs(r.p99Ms),
        fmtMs(r.maxMs),
        isBare ? '—' : fmtMs(r.ackP99Ms),
        fmtRatio(r.p50Ms / bare.p50Ms),
        fmtRatio(r.p99Ms / bare.p99Ms),
        fmtUs(r.measured > 0 ? server.cpuUs / r.measured : Number.NaN),
        fmtPercent(server.elu),
        server.gc ? `${server.gc.totalMs.toFixed(0)} (${server.gc.maxMs.toFixed(1)})` : '—',
        server.loopDelay ? `${fmtMs(server.loopDelay.p99Ms)}/${fmtMs(server.loopDelay.maxMs)}` : '—',
        fmtPercent(r.generatorElu),
        ];
      }),
    );
    for (const { name, run, bare: isBare, floor } of runs) {
      if (isBare || floor) continue;
      const ratio = run.result.p99Ms / bare.p99Ms;
      console.log(`goal: ${name}: p99 ${fmtMs(run.result.p99Ms)} ms / bare ${fmtMs(bare.p99Ms)} ms = ${fmtRatio(ratio)}× (≤ ${P99_GOAL}×) — ${goalState(ratio <= P99_GOAL, ratio)}`);
    }
    for (const { name, run, floor, round } of runs) {
      if (!floor) continue;
      const full = runs.find((r) => r.full === floor && r.round === round);
      console.log(
        `floor: ${name}: p99 ${fmtMs(run.result.p99Ms)} ms = ${fmtRatio(run.result.p99Ms / bare.p99Ms)}× bare` +
          (full ? `; the full path on ${floor} is ${fmtRatio(full.run.result.p99Ms / run.result.p99Ms)}× this floor (p50 ${fmtRatio(full.run.result.p50Ms / run.result.p50Ms)}×)` : ''),
      );
    }
    // The floors' goal: the full path's p99 at most FLOOR_GOAL × the store-then-ack echo's (one INSERT), as the median
    // of the rounds' ratios, with nothing lost or duplicated in any of them.
    for (const { label } of databases) {
      const pairs = runs
        .filter((r) => r.floor === label && !r.append)
        .flatMap((floor) => runs.filter((r) => r.full === label && r.round === floor.round).map((full) => ({ floor: floor.run.result, full: full.run.result })));
      if (pairs.length === 0) continue;
      const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
      const ratio = median(pairs.map((pair) => pair.full.p99Ms / pair.floor.p99Ms));
      const lost = pairs.reduce((sum, pair) => sum + pair.full.lost, 0);
      const duplicated = pairs.reduce((sum, pair) => sum + pair.full.duplicated, 0);
      console.log(
        `goal: ${label}: full path p99 / store-then-ack floor p99 (one INSERT), median of ${pairs.length} round${pairs.length > 1 ? 's' : ''}: ` +
          `${pairs.map((pair) => `${fmtMs(pair.full.p99Ms)}/${fmtMs(pair.floor.p99Ms)}`).join(', ')} ms → ${fmtRatio(ratio)}× (≤ ${FLOOR_GOAL}×) — ${goalState(ratio <= FLOOR_GOAL, ratio)}; ` +
          `${lost} lost, ${duplicated} duplicated (0 and 0) — ${lost === 0 && duplicated === 0 ? 'met' : 'NOT met'}`,
      );
    }
    if (storeCpu) {
      const own = (value: number) => Math.max(0, value - storeCpu!.noop);
      console.log(
        `PostgreSQL's CPU per call (its backends' CPU time, ${storeCpuCalls} calls one at a time): select 1 ${fmtUs(storeCpu.noop)} µs, the floor's INSERT ${fmtUs(storeCpu.insert)} µs, ` +
          `the app's store ${fmtUs(storeCpu.store)} µs; beyond what any statement costs, the store does ${fmtRatio(own(storeCpu.store) / own(storeCpu.insert))}× the INSERT's work ` +
          `(its guarantees: the conversation's sequence, once by sign, the read position; docs/decisions.md, issue 33)`,
      );
    } else if (storeCpu === null) {
      console.log("PostgreSQL's CPU per call: not measured (its backends are not processes of this machine)");
    }
    if (!withRedis) console.log('two processes + Redis: not run (it needs PostgreSQL, and BENCH_DATABASES leaves it out)');
    for (const line of [
      'latency: send → arrival on the partner\'s socket (bare: back on the sender\'s socket), for the messages sent in the measured window; both ends are sockets of the load generator, one clock.',
      'lost: acked (bare: sent) and never delivered by the end of the drain; dup: extra copies of a message on a socket (the partner\'s, or the sender\'s own echo); err frames: errorMessage frames;',
      '  other: messages never answered, acked messages missing on the sender\'s own socket, frames on a socket outside the conversation or unexpected, sockets the server closed, stored ≠ acked.',
      '  All of these and failed connections are errors of `npm run bench`.',
      'CPU µs/msg: CPU time of the server\'s process (this one; both server processes summed for Redis) from the end of the warm-up to the end of the drain, per message sent while measuring.',
      'server busy: event-loop utilisation of the server\'s main thread (the busier process); loadgen busy: the generator\'s (near 100 %: the generator is the limit, not the server).',
      'GC pauses: the sum (and longest) of the server process\'s garbage-collection pauses while measuring; loop delay: its event loop\'s delay (this process only).',
      'server side: the same messages timed inside the server (server/chat/chat-timing.ts): the frame\'s arrival to its ack, the store, and the append batcher\'s wait and call.',
      `two processes: two chat-server.ts processes (buildApp with REDIS_URL)${placement ? ` both on CPU ${placement.measured}` : ''}, one PostgreSQL database, one redis-server${placement ? ` on CPU ${placement.others}` : ''}; every conversation's members on different processes, so every message crosses Redis.`,
    ]) {
      console.log(line);
    }
    for (const { name, run } of runs) {
      const { slices, sliceS } = run.result;
      if (slices.length > 1) {
        const shown = slices.map((slice) => (slice.count > 0 ? `${fmtMs(slice.p99Ms)}/${fmtMs(slice.maxMs)}` : '—'));
        console.log(`tail by ${sliceS} s of the measured window: ${name}: p99 / max ms ${shown.join(', ')}`);
      }
      const split = run.server.split;
      if (split && split.callMs.length > 0) {
        const of = (samples: number[]) => {
          const sorted = [...samples].sort((a, b) => a - b);
          return `${fmtMs(percentile(sorted, 50))}/${fmtMs(percentile(sorted, 99))}`;
        };
        const ack = split.ackMs.length > 0 ? `arrival → ack ${of(split.ackMs)}, of which the store ${of(split.storeMs)}; ` : '';
        console.log(`server side: ${name}: p50/p99 ms: ${ack}in the batcher, waiting ${of(split.queuedMs)} and its database call ${of(split.callMs)}`);
      }
      if (run.batches && run.batches.calls > 0) {
        const { calls, messages } = run.batches;
        console.log(`batches: ${name}: ${messages} messages stored in ${calls} database calls, ${(messages / calls).toFixed(2)} per call (warm-up and drain included)`);
      }
      if (run.server.elu > SATURATED) {
        console.log(`note: ${name}: the server's thread was busy ${fmtPercent(run.server.elu)} of the time: frames queued, and the latency is mostly that queue`);
      }
      if (run.result.gaps > 0) {
        console.log(`note: ${name}: ${run.result.gaps} pushed messages came more than one seq above the last one their socket held (a client reloads the conversation then)`);
      }
      const drainS = (run.result.drainMs / 1000).toFixed(1);
      if (run.result.outstanding > 0) console.log(`note: ${name}: the drain gave up ${drainS} s after the last send, ${run.result.outstanding} messages not answered or not delivered everywhere`);
      else if (run.result.drainMs > 2_000) console.log(`note: ${name}: the last messages arrived ${drainS} s after the last send`);
      const faults = Object.entries(run.result.faults);
      if (faults.length > 0) console.log(`faults in ${name}: ${faults.map(([kind, count]) => `${kind} × ${count}`).join(', ')}`);
      for (const sample of run.result.errorSamples) console.log(`  error in ${name}: ${sample}`);
    }
    return { errors: runs.reduce((sum, { run }) => sum + errorsOf(run.result), 0) };
  },
};
