import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { IncomingFrame } from '@/contract/calls/chat';
import { SYSTEM_CHAT_UUID } from '@/contract/calls/chat';
import { createSessionToken } from '../../server/account/token.repository';
import { emailKey, usernameKey } from '../../server/account/user.repository';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { createImageStore } from '../../server/images/image.service';
import { demoImagePool } from '../../server/seed/demo-images';
import { generateListings } from '../../server/seed/listing-generator';
import { seedReferenceData } from '../../server/seed/reference-data';
import { createLocalStorage } from '../../server/storage/local-storage';
import { type Cluster, startCluster } from '../support/cluster';
import { freePort } from '../support/free-port';
import { type BenchEnvironment, type Benchmark, CHAT_CLIENT_TIMING, fmtMs, fmtPercent, onAllCpus, percentile, printTable } from './lib';

/**
 * Issue 33 item 4, the soak: SOAK_MINUTES (10) of chat and API load through the load balancer, on DESIGN section 9's
 * many-machine stage: two server processes (`server/start.ts`, each its own OS process and METRICS_PORT) on one
 * PostgreSQL database and one redis-server, behind HAProxy with docs/ops/haproxy.cfg (tests/support/cluster.ts, as
 * the cluster tests run it; files in each process's DATA_DIR: nothing is uploaded).
 *
 * Load, all through the balancer, from this process:
 *  - chat: SOAK_SOCKETS (200) sockets, paired into conversations, each sending SOAK_CHAT_RATE (1) message per second
 *    to its partner; HAProxy's round robin puts the two ends of most conversations on different processes, so most
 *    messages cross Redis. Every message is followed: acked once, delivered once to the partner's socket, echoed once
 *    to the sender's own socket; afterwards the database holds exactly the acked messages, and every member's unread
 *    count (chat/getContactList) equals the partner's acked messages after the member's own last one (nobody marks
 *    anything read, and writing a message moves the writer's read position to it);
 *  - API: SOAK_API_RATE (100) requests per second in all, at most SOAK_API_CONCURRENCY (32) at once, in turn
 *    user/me, merchant/list (a city, newest first), city/search, user/buyLog (the wallet's points log) and
 *    chat/getContactList, each with a member's session through a freshly sealed envelope, over SOAK_LISTINGS (2 000)
 *    generated listings; every answer must be status 1.
 *
 * Measured: every process's Prometheus endpoint is scraped every SOAK_SAMPLE_S seconds (the run / 120, 2 to 5 s):
 * `nodejs_heap_size_used_bytes`, `process_resident_memory_bytes` and the event-loop delay of the interval since the
 * last scrape (prom-client resets its histogram at each scrape: `nodejs_eventloop_lag_{p50,p90,p99,max}_seconds`).
 * Warm-up is the first 20 % of the run (2 minutes of 10). Goals, each printed beside its figure:
 *  - memory growth ≤ 10 % per process: (last minute − first minute after the warm-up) / the first, judged on the JS
 *    heap in use at the lowest of each minute's samples: heap in use saws up with garbage until a collection and drops
 *    at it (by half, in the trials), so its mean over a minute says more about when V8 collected than about what the app
 *    keeps, while its low point is the nearest to the live heap a scrape can see. A leak of the app's objects raises the
 *    low points. The mean of the heap and of RSS are printed beside it (RSS also holds what V8 and the allocator keep
 *    after a collection, and moves with them, not with the app);
 *  - event-loop delay p99 ≤ 20 ms per process, over the whole run after the warm-up: each interval gives its own
 *    p50/p90/p99/max, and the run's p99 is at most the least delay that no more than 1 % of all intervals' samples
 *    can exceed given those quantiles (an upper bound: judging on it never passes a run that missed the goal). Node's
 *    histogram records the time between the ticks of prom-client's 10 ms timer (an idle loop reads 10 ms): the delay
 *    judged is that minus the 10 ms, and the figure as exposed is printed beside it;
 *  - 0 lost and 0 duplicated chat messages (with the other chat faults and failed API calls, errors of `npm run bench`).
 */

const MEMORY_GROWTH_GOAL = 0.1;
const LOOP_DELAY_P99_GOAL_MS = 20;
/**
 * prom-client's default eventLoopMonitoringPrecision: Node's histogram records the time between the ticks of a timer of
 * this period, so an idle loop reads 10 ms; the delay is what exceeds it.
 */
const LAG_RESOLUTION_S = 0.01;
const WARMUP_SHARE = 0.2;
/** The mean windows at either end of the measured part, at most this long. */
const MEMORY_WINDOW_S = 60;
const CONNECT_CONCURRENCY = 20;
const DRAIN_MAX_MS = 120_000;
const { pingEveryMs: PING_EVERY_MS, drainIdleMs: DRAIN_IDLE_MS, duplicateGraceMs: DUPLICATE_GRACE_MS } = CHAT_CLIENT_TIMING;
const CITY = { region_slug: 'japan', city_slug: 'tokyo' } as const;
const SEARCH_KEYWORD = 'lantern';
const NODES = 2;

interface SoakSettings {
  minutes: number;
  sockets: number;
  chatRate: number;
  apiRate: number;
  apiConcurrency: number;
  listings: number;
  sampleS: number;
}

function soakSettings(): SoakSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name]);
    return process.env[name] !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
  };
  const minutes = number('SOAK_MINUTES', 10);
  return {
    minutes,
    sockets: Math.max(2, Math.round(number('SOAK_SOCKETS', 200) / 2) * 2),
    chatRate: number('SOAK_CHAT_RATE', 1),
    apiRate: number('SOAK_API_RATE', 100),
    apiConcurrency: Math.round(number('SOAK_API_CONCURRENCY', 32)),
    listings: Math.round(number('SOAK_LISTINGS', 2000)),
    sampleS: number('SOAK_SAMPLE_S', Math.min(5, Math.max(2, (minutes * 60) / 120))),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Metrics of each process

interface Sample {
  /** Seconds since the load started. */
  t: number;
  heapUsed: number;
  rss: number;
  /** Event-loop delay of the interval since the previous scrape, in seconds. */
  lag: { p50: number; p90: number; p99: number; max: number };
  cpuSeconds: number;
  sockets: number;
  chatMessages: number;
}

/** The value of an unlabelled series of a Prometheus text exposition. */
function seriesValue(text: string, name: string): number {
  const match = new RegExp(`^${name} ([^\\s]+)`, 'm').exec(text);
  if (!match) throw new Error(`the metrics have no ${name}`);
  return Number(match[1]);
}

async function scrape(port: number, t: number): Promise<Sample> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5_000) });
  if (response.status !== 200) throw new Error(`metrics on ${port}: HTTP ${response.status}`);
  const text = await response.text();
  return {
    t,
    heapUsed: seriesValue(text, 'nodejs_heap_size_used_bytes'),
    rss: seriesValue(text, 'process_resident_memory_bytes'),
    lag: {
      p50: seriesValue(text, 'nodejs_eventloop_lag_p50_seconds'),
      p90: seriesValue(text, 'nodejs_eventloop_lag_p90_seconds'),
      p99: seriesValue(text, 'nodejs_eventloop_lag_p99_seconds'),
      max: seriesValue(text, 'nodejs_eventloop_lag_max_seconds'),
    },
    cpuSeconds: seriesValue(text, 'process_cpu_seconds_total'),
    sockets: seriesValue(text, 'venuely_chat_sockets_open'),
    chatMessages: seriesValue(text, 'venuely_chat_messages_total'),
  };
}

/**
 * An upper bound of the p99 of all samples of equally long intervals, from each interval's p50, p90, p99 and max: the
 * least candidate delay x for which the share of samples that may exceed x (none above an interval's max, at most 1 %
 * above its p99, 10 % above its p90, 50 % above its p50, else all) averages to at most 1 %.
 */
export function pooledP99UpperBound(intervals: readonly { p50: number; p90: number; p99: number; max: number }[]): number {
  if (intervals.length === 0) return Number.NaN;
  const over = (x: number, i: { p50: number; p90: number; p99: number; max: number }) =>
    x >= i.max ? 0 : x >= i.p99 ? 0.01 : x >= i.p90 ? 0.1 : x >= i.p50 ? 0.5 : 1;
  const candidates = [...new Set(intervals.flatMap((i) => [i.p50, i.p90, i.p99, i.max]))].sort((a, b) => a - b);
  for (const x of candidates) {
    const share = intervals.reduce((sum, i) => sum + over(x, i), 0) / intervals.length;
    if (share <= 0.01 + 1e-12) return x;
  }
  return candidates[candidates.length - 1];
}

const mean = (values: number[]) => (values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);

// ---------------------------------------------------------------------------------------------------------------
// Members

interface Member {
  uuid: string;
  /** Session token (API). */
  token: string;
  chatToken: string;
}

/** `count` accounts with a session each, straight into the database (registration is rate limited per address). */
async function insertMembers(databaseUrl: string, count: number, listings: number): Promise<{ uuid: string; token: string }[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-soak-seed-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateToLatest(database.db);
    await seedReferenceData(database.db);
    const pool = await demoImagePool(createImageStore({ storage: createLocalStorage(dataDir) }), { cacheFile: path.join(dataDir, 'pool.json'), count: 4 });
    const generated = await generateListings(database.db, { count: listings, seed: 1, images: pool });
    console.log(`generated ${generated.merchants} merchants + ${generated.partners} partners in ${(generated.ms / 1000).toFixed(1)} s`);
    const members: { uuid: string; token: string }[] = [];
    const rows = Array.from({ length: count }, (_, index) => {
      const name = `soak${index}`;
      const email = `${name}@soak.test`;
      return { uuid: crypto.randomUUID(), username: name, username_key: usernameKey(name), email, email_key: emailKey(email), password_hash: 'soak:no-login', nickname: `Soak ${index}` };
    });
    for (let from = 0; from < rows.length; from += 500) await database.db.insertInto('users').values(rows.slice(from, from + 500)).execute();
    for (const row of rows) members.push({ uuid: row.uuid, token: await createSessionToken(database.db, row.uuid, 'pwa') });
    return members;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Chat

interface Sent {
  from: number;
  sentAt: number;
  ackedAt: number;
  /** The seq the ack gave it. */
  seq: number;
  refused: boolean;
  deliveries: number;
  echoes: number;
  done: boolean;
}

interface ChatTally {
  sent: number;
  acked: number;
  delivered: number;
  lost: number;
  duplicated: number;
  neverAnswered: number;
  errorFrames: number;
  /** Sockets the server closed, frames for a stranger, unexpected frames, acked messages missing on the sender's socket. */
  other: number;
  latencies: number[];
  faults: Map<string, { count: number; samples: string[] }>;
  /** The seqs of each sender's acked messages, by sender index (the partner's unread count at the end). */
  ackedSeqs: number[][];
  socketsByNode: Map<string, number>;
}

class ChatLoad {
  private readonly sockets: (WebSocket | null)[];
  private readonly sent = new Map<string, Sent>();
  private pending = 0;
  private lastProgress = performance.now();
  private finishing = false;
  private running = true;
  private readonly senders: Promise<void>[] = [];
  private pinger: NodeJS.Timeout | null = null;
  readonly tally: ChatTally;

  constructor(
    private readonly members: Member[],
    private readonly imUrl: string,
    private readonly rate: number,
  ) {
    this.sockets = members.map(() => null);
    this.tally = { sent: 0, acked: 0, delivered: 0, lost: 0, duplicated: 0, neverAnswered: 0, errorFrames: 0, other: 0, latencies: [], faults: new Map(), ackedSeqs: members.map(() => []), socketsByNode: new Map() };
  }

  private fault(kind: string, why: string, other = true): void {
    if (other) this.tally.other++;
    const entry = this.tally.faults.get(kind) ?? { count: 0, samples: [] };
    this.tally.faults.set(kind, entry);
    entry.count++;
    if (entry.samples.length < 3) entry.samples.push(why.slice(0, 300));
  }

  private frame(index: number, route: string, data: unknown, ackId: string): string {
    return JSON.stringify({ route, via: 'pwa', token: this.members[index].chatToken, encrypt: 'self', data, ack_id: ackId });
  }

  private settle(rec: Sent): void {
    this.lastProgress = performance.now();
    if (rec.done) return;
    if (!rec.refused && !(rec.deliveries > 0 && rec.echoes > 0 && rec.ackedAt > 0)) return;
    rec.done = true;
    this.pending--;
  }

  private onFrame(index: number, text: string): void {
    const at = performance.now();
    let frame: IncomingFrame;
    try {
      frame = JSON.parse(text) as IncomingFrame;
    } catch {
      return this.fault('unexpected frame', `socket ${index}: ${text}`);
    }
    switch (frame.message_type) {
      case 'chatMessage': {
        const rec = this.sent.get(frame.data.sign);
        if (!rec) return this.fault('unexpected frame', `socket ${index}: unknown message ${text}`);
        if (index === rec.from) rec.echoes++;
        else if (index === (rec.from ^ 1)) {
          if (++rec.deliveries === 1) this.tally.latencies.push(at - rec.sentAt);
        } else return this.fault('delivered to a stranger', `socket ${index}: ${frame.data.sign}`);
        return this.settle(rec);
      }
      case 'ackMessage': {
        const rec = this.sent.get(frame.confirmed_ack_id);
        if (!rec) return; // a ping's or the init's
        if (rec.ackedAt === 0) {
          rec.ackedAt = at;
          rec.seq = frame.seq ?? 0;
        }
        return this.settle(rec);
      }
      case 'errorMessage': {
        this.tally.errorFrames++;
        this.fault(`errorMessage ${frame.code}`, `socket ${index}: ${text}`, false);
        const rec = frame.confirmed_ack_id ? this.sent.get(frame.confirmed_ack_id) : undefined;
        if (rec) {
          rec.refused = true;
          this.settle(rec);
        }
        return;
      }
      case 'pong':
        return;
      default:
        return this.fault('unexpected frame', `socket ${index}: ${text}`);
    }
  }

  private open(index: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${this.imUrl}?token=${encodeURIComponent(this.members[index].chatToken)}`, { perMessageDeflate: false });
      const timer = setTimeout(() => fail(new Error('timed out')), 30_000);
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.removeAllListeners();
        socket.on('error', () => undefined);
        socket.terminate();
        reject(error);
      };
      socket.once('upgrade', (response) => {
        const node = String(response.headers['x-served-by'] ?? '?');
        this.tally.socketsByNode.set(node, (this.tally.socketsByNode.get(node) ?? 0) + 1);
      });
      socket.once('error', fail);
      socket.once('close', (code) => fail(new Error(`closed with ${code} while connecting`)));
      socket.once('open', () => {
        socket.on('message', function awaitInit(data) {
          const frame = JSON.parse(data.toString()) as IncomingFrame;
          if (frame.message_type !== 'ackMessage' || frame.confirmed_ack_id !== 'soak_init') return;
          socket.off('message', awaitInit);
          clearTimeout(timer);
          socket.removeAllListeners('error');
          socket.removeAllListeners('close');
          resolve();
        });
        socket.send(this.frame(index, 'chat/initUser', { resume: [] }, 'soak_init'));
      });
      this.sockets[index] = socket;
    }).then(() => {
      const socket = this.sockets[index]!;
      socket.on('message', (data) => this.onFrame(index, data.toString()));
      socket.on('error', (error) => this.fault('socket error', `socket ${index}: ${error.message}`, false));
      socket.on('close', (code, reason) => {
        if (!this.finishing) this.fault(`closed by the server (${code} ${reason.toString()})`, `socket ${index}`);
      });
    });
  }

  async connect(): Promise<void> {
    let next = 0;
    const failures: string[] = [];
    await Promise.all(
      Array.from({ length: Math.min(CONNECT_CONCURRENCY, this.members.length) }, async () => {
        while (next < this.members.length) {
          const index = next++;
          await this.open(index).catch((error: Error) => failures.push(`socket ${index}: ${error.message}`));
        }
      }),
    );
    if (failures.length > 0) throw new Error(`${failures.length} chat sockets did not open: ${failures.slice(0, 3).join('; ')}`);
  }

  /** Every socket sends `rate` messages per second to its partner, starts spread over the first period, until stop(). */
  start(): void {
    const period = 1000 / this.rate;
    const start = performance.now() + 100;
    this.members.forEach((_, index) => {
      const to = this.members[index ^ 1].uuid;
      this.senders.push(
        (async () => {
          for (let k = 0; this.running; k++) {
            const wait = start + (index / this.members.length + k) * period - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            if (!this.running) return;
            const socket = this.sockets[index];
            if (socket?.readyState !== WebSocket.OPEN) return;
            const sign = `soak_${index.toString(36)}_${k.toString(36)}`;
            this.sent.set(sign, { from: index, sentAt: performance.now(), ackedAt: 0, seq: 0, refused: false, deliveries: 0, echoes: 0, done: false });
            this.pending++;
            this.tally.sent++;
            const message = { to_uuid: to, type: 'friend', msgType: 'text', content: `soak message ${k} from ${index}`, microtime: Date.now(), sign, ext: {} };
            socket.send(this.frame(index, 'chat/chat', message, sign));
          }
        })(),
      );
    });
    // The client's heartbeat: at 1 message per second it changes nothing, at a low rate it keeps the sockets open.
    this.pinger = setInterval(() => {
      this.sockets.forEach((socket, index) => {
        if (socket?.readyState === WebSocket.OPEN) socket.send(this.frame(index, 'chat/ping', {}, `ping${index}`));
      });
    }, PING_EVERY_MS);
  }

  /** Stops sending, waits until every message is answered and delivered (or nothing moves any more), then counts. */
  async stop(): Promise<{ drainMs: number; outstanding: number }> {
    this.running = false;
    await Promise.all(this.senders);
    const from = performance.now();
    this.lastProgress = from;
    while (this.pending > 0 && performance.now() - this.lastProgress < DRAIN_IDLE_MS && performance.now() - from < DRAIN_MAX_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const drainMs = performance.now() - from;
    await new Promise((resolve) => setTimeout(resolve, DUPLICATE_GRACE_MS));
    for (const [sign, rec] of this.sent) {
      if (rec.ackedAt > 0) {
        this.tally.acked++;
        this.tally.ackedSeqs[rec.from].push(rec.seq);
      }
      if (rec.deliveries > 0) this.tally.delivered++;
      this.tally.duplicated += Math.max(0, rec.deliveries - 1) + Math.max(0, rec.echoes - 1);
      if (rec.ackedAt > 0 && rec.deliveries === 0) {
        this.tally.lost++;
        this.fault('lost', `${sign} of socket ${rec.from}`, false);
      }
      if (rec.ackedAt === 0 && !rec.refused) {
        this.tally.neverAnswered++;
        this.fault('never answered', `${sign} of socket ${rec.from}`, false);
      }
      if (rec.ackedAt > 0 && rec.echoes === 0) this.fault("acked, missing on the sender's own socket", `${sign} of socket ${rec.from}`);
    }
    this.tally.latencies.sort((a, b) => a - b);
    return { drainMs, outstanding: this.pending };
  }

  close(): void {
    this.finishing = true;
    this.running = false;
    if (this.pinger) clearInterval(this.pinger);
    for (const socket of this.sockets) socket?.terminate();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// API

const API_CALLS = [
  { path: 'user/me', payload: {} },
  { path: 'merchant/list', payload: { ...CITY, sort: 'newest' } },
  { path: 'city/search', payload: { keyword: SEARCH_KEYWORD } },
  { path: 'user/buyLog', payload: { page: 1 } },
  { path: 'chat/getContactList', payload: {} },
] as const;

interface ApiTally {
  byCall: Map<string, { latencies: number[]; errors: number }>;
  errorSamples: string[];
  /** Requests not sent on time because SOAK_API_CONCURRENCY were already in flight (the servers fell behind). */
  skipped: number;
}

/** SOAK_API_RATE requests per second, at most `concurrency` in flight, until `stop()`. */
function startApiLoad(cluster: Cluster, members: Member[], rate: number, concurrency: number): { stop(): Promise<ApiTally> } {
  const tally: ApiTally = { byCall: new Map(API_CALLS.map((call) => [call.path, { latencies: [], errors: 0 }])), errorSamples: [], skipped: 0 };
  const clients = members.map(() => cluster.client());
  let inFlight = 0;
  let issued = 0;
  let running = true;
  const started = performance.now();
  const requests = new Set<Promise<void>>();
  const one = async (n: number) => {
    const call = API_CALLS[n % API_CALLS.length];
    const who = Math.floor(n / API_CALLS.length) % members.length;
    const entry = tally.byCall.get(call.path)!;
    const t0 = performance.now();
    try {
      const res = await clients[who].call(call.path, { ...call.payload, token: members[who].token });
      if (res.httpStatus !== 200 || res.status !== 1) throw new Error(`HTTP ${res.httpStatus} status ${res.status}: ${res.msg}`);
      entry.latencies.push(performance.now() - t0);
    } catch (error) {
      entry.errors++;
      if (tally.errorSamples.length < 5) tally.errorSamples.push(`${call.path}: ${(error as Error).message}`.slice(0, 300));
    }
  };
  const timer = setInterval(() => {
    if (!running) return;
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (issued < due) {
      if (inFlight >= concurrency) {
        tally.skipped += due - issued;
        issued = due;
        break;
      }
      inFlight++;
      const request = one(issued++).finally(() => {
        inFlight--;
        requests.delete(request);
      });
      requests.add(request);
    }
  }, 10);
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await Promise.all([...requests]);
      for (const entry of tally.byCall.values()) entry.latencies.sort((a, b) => a - b);
      return tally;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The run

async function runSoak(env: BenchEnvironment): Promise<{ errors: number }> {
  const settings = soakSettings();
  const runS = settings.minutes * 60;
  const warmupS = runS * WARMUP_SHARE;
  const windowS = Math.min(MEMORY_WINDOW_S, (runS - warmupS) / 3);
  console.log(
    `${settings.minutes} min (warm-up ${warmupS.toFixed(0)} s, memory windows ${windowS.toFixed(0)} s), ${NODES} server processes on PostgreSQL + redis-server behind HAProxy; ` +
      `chat: ${settings.sockets} sockets × ${settings.chatRate} message/s; API: ${settings.apiRate} requests/s (≤ ${settings.apiConcurrency} in flight) over ${settings.listings} listings; ` +
      `metrics scraped every ${settings.sampleS} s`,
  );
  const scratch = await env.scratchPostgres();
  let cluster: Cluster | null = null;
  let chat: ChatLoad | null = null;
  try {
    const seeded = await insertMembers(scratch.url, settings.sockets, settings.listings);
    const metricsPorts = new Map<string, number>();
    for (let i = 1; i <= NODES; i++) metricsPorts.set(`app${i}`, await freePort());
    cluster = await startCluster(NODES, {
      database: scratch,
      s3: false,
      // As in production, with the retention job on (the test support turns it off), every minute rather than every
      // hour, so a soak sees it run.
      nodeEnv: (name) => ({ METRICS_PORT: String(metricsPorts.get(name)), NODE_ENV: 'production', PAYMENTS_SANDBOX: '1', RETENTION: '1', RETENTION_INTERVAL_MINUTES: '1' }),
    });
    const started = cluster;
    // The chat token as the app gets it: home/config through the balancer.
    const members: Member[] = [];
    for (const member of seeded) {
      const res = await started.client().call('home/config', { token: member.token });
      const data = res.data as { chat_token?: string } | null;
      if (res.status !== 1 || !data?.chat_token) throw new Error(`home/config: status ${res.status} ${res.msg}`);
      members.push({ ...member, chatToken: data.chat_token });
    }
    chat = new ChatLoad(members, started.imUrl, settings.chatRate);
    await chat.connect();
    console.log(`chat sockets by process: ${[...chat.tally.socketsByNode].map(([node, n]) => `${node} ${n}`).join(', ')}`);

    const samples = new Map<string, Sample[]>([...metricsPorts.keys()].map((name) => [name, []]));
    const scrapeErrors: string[] = [];
    const t0 = performance.now();
    const scrapeAll = async () => {
      const t = (performance.now() - t0) / 1000;
      await Promise.all(
        [...metricsPorts].map(([name, port]) =>
          scrape(port, t).then(
            (sample) => void samples.get(name)!.push(sample),
            (error: Error) => void (scrapeErrors.length < 5 && scrapeErrors.push(`${name}: ${error.message}`)),
          ),
        ),
      );
    };
    await scrapeAll(); // resets the event-loop histograms: the first interval starts with the load
    chat.start();
    const api = startApiLoad(started, members, settings.apiRate, settings.apiConcurrency);
    const sampler = setInterval(() => void scrapeAll(), settings.sampleS * 1000);
    let nextReport = 60;
    while ((performance.now() - t0) / 1000 < runS) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const t = (performance.now() - t0) / 1000;
      if (t >= nextReport) {
        nextReport += 60;
        const last = [...samples].map(([name, list]) => {
          const s = list[list.length - 1];
          return s ? `${name} heap ${(s.heapUsed / 2 ** 20).toFixed(0)} MB rss ${(s.rss / 2 ** 20).toFixed(0)} MB delay p99 ${((s.lag.p99 - LAG_RESOLUTION_S) * 1000).toFixed(1)} ms` : `${name} —`;
        });
        console.log(`  ${(t / 60).toFixed(0)} min: ${chat.tally.sent} messages sent; ${last.join('; ')}`);
      }
    }
    clearInterval(sampler);
    await scrapeAll();
    const apiTally = await api.stop();
    const drain = await chat.stop();

    // The database holds exactly the acked messages, and every member's unread count is right: nobody marks anything
    // read, but writing moves the writer's read position to the message written, so a member's unread messages are the
    // partner's acked ones after the member's own last one.
    const [{ n: stored }] = (await started.sql('select count(*)::int as n from chat_messages where from_uuid <> $1', [SYSTEM_CHAT_UUID])) as { n: number }[];
    // The retention job ran under the load (every minute here, once across the processes: server/retention).
    const [retention] = (await started.sql(
      'select count(*) filter (where finished_at is not null)::int as finished, count(*) filter (where finished_at is null)::int as unfinished, count(distinct process)::int as processes from retention_runs',
    )) as { finished: number; unfinished: number; processes: number }[];
    let unreadWrong = 0;
    const unreadSamples: string[] = [];
    for (let index = 0; index < members.length; index++) {
      const res = await started.client().call('chat/getContactList', { token: members[index].token });
      const list = (res.data ?? []) as { user: { uuid: string }; unreadcount: number }[];
      const entry = list.find((contact) => contact.user.uuid === members[index ^ 1].uuid);
      const ownLast = Math.max(0, ...chat.tally.ackedSeqs[index]);
      const expected = chat.tally.ackedSeqs[index ^ 1].filter((seq) => seq > ownLast).length;
      if (res.status !== 1 || (entry?.unreadcount ?? 0) !== expected) {
        unreadWrong++;
        if (unreadSamples.length < 3) unreadSamples.push(`member ${index}: unread ${entry?.unreadcount ?? 'none'} (status ${res.status}), expected ${expected}`);
      }
    }
    chat.close();

    // --- Report
    const t = chat.tally;
    const measured = (list: Sample[]) => list.filter((s) => s.t > warmupS);
    const rows: string[][] = [];
    let memoryMet = true;
    let lagMet = true;
    for (const [name, list] of samples) {
      const after = measured(list);
      const end = after[after.length - 1]?.t ?? Number.NaN;
      const first = after.filter((s) => s.t <= warmupS + windowS);
      const last = after.filter((s) => s.t > end - windowS);
      const growth = (pick: (s: Sample) => number) => (mean(last.map(pick)) - mean(first.map(pick))) / mean(first.map(pick));
      const low = (samples: Sample[]) => Math.min(...samples.map((s) => s.heapUsed));
      const heapGrowth = (low(last) - low(first)) / low(first);
      const heapMeanGrowth = growth((s) => s.heapUsed);
      const rssGrowth = growth((s) => s.rss);
      // Intervals wholly after the warm-up: each sample covers the interval since the one before it.
      const lagIntervals = list.filter((_, i) => i > 0 && list[i - 1].t >= warmupS).map((s) => s.lag);
      const exposedP99 = pooledP99UpperBound(lagIntervals) * 1000;
      const lagP99 = exposedP99 - LAG_RESOLUTION_S * 1000;
      const worst = Math.max(...lagIntervals.map((l) => l.p99)) * 1000 - LAG_RESOLUTION_S * 1000;
      const medianP99 = percentile(lagIntervals.map((l) => (l.p99 - LAG_RESOLUTION_S) * 1000).sort((a, b) => a - b), 50);
      const cpu = after.length > 1 ? (after[after.length - 1].cpuSeconds - after[0].cpuSeconds) / (after[after.length - 1].t - after[0].t) : Number.NaN;
      const heapOk = Number.isFinite(heapGrowth) && heapGrowth <= MEMORY_GROWTH_GOAL;
      const lagOk = Number.isFinite(lagP99) && lagP99 <= LOOP_DELAY_P99_GOAL_MS;
      memoryMet &&= heapOk;
      lagMet &&= lagOk;
      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)}`;
      rows.push([
        name,
        `${mb(low(first))} → ${mb(low(last))}`,
        fmtPercent(heapGrowth),
        '≤ 10 %',
        heapOk ? 'PASS' : 'FAIL',
        `${mb(mean(first.map((s) => s.heapUsed)))} → ${mb(mean(last.map((s) => s.heapUsed)))}`,
        fmtPercent(heapMeanGrowth),
        `${mb(mean(first.map((s) => s.rss)))} → ${mb(mean(last.map((s) => s.rss)))}`,
        fmtPercent(rssGrowth),
        fmtMs(medianP99),
        fmtMs(worst),
        fmtMs(exposedP99),
        fmtMs(lagP99),
        `≤ ${LOOP_DELAY_P99_GOAL_MS} ms`,
        lagOk ? 'PASS' : 'FAIL',
        fmtPercent(cpu),
      ]);
    }
    printTable(
      `soak — per server process, after the ${warmupS.toFixed(0)} s warm-up (${settings.minutes} min in all)`,
      ['process', 'heap low MB first → last', 'growth', 'goal', '', 'heap mean MB', 'growth', 'RSS mean MB first → last', 'RSS growth', 'delay p99 median ms', 'worst ms', 'exposed p99 run ≤ ms', 'delay p99 run ≤ ms', 'goal', '', 'CPU'],
      rows,
    );
    const chatOk = t.lost === 0 && t.duplicated === 0;
    printTable(
      'soak — chat through the balancer',
      ['sockets', 'sent', 'acked', 'delivered', 'stored', 'lost', 'dup', 'goal', '', 'never answered', 'err frames', 'other', 'unread wrong', 'p50 ms', 'p99 ms', 'max ms'],
      [
        [
          String(members.length),
          String(t.sent),
          String(t.acked),
          String(t.delivered),
          String(stored),
          String(t.lost),
          String(t.duplicated),
          '0 lost, 0 dup',
          chatOk ? 'PASS' : 'FAIL',
          String(t.neverAnswered),
          String(t.errorFrames),
          String(t.other),
          String(unreadWrong),
          fmtMs(percentile(t.latencies, 50)),
          fmtMs(percentile(t.latencies, 99)),
          fmtMs(t.latencies[t.latencies.length - 1] ?? Number.NaN),
        ],
      ],
    );
    printTable(
      `soak — API through the balancer (${settings.apiRate} requests/s asked)`,
      ['call', 'answered', 'rate /s', 'errors', 'p50 ms', 'p99 ms', 'max ms'],
      [...apiTally.byCall].map(([call, { latencies, errors }]) => [
        call,
        String(latencies.length),
        (latencies.length / runS).toFixed(1),
        String(errors),
        fmtMs(percentile(latencies, 50)),
        fmtMs(percentile(latencies, 99)),
        fmtMs(latencies[latencies.length - 1] ?? Number.NaN),
      ]),
    );
    const apiErrors = [...apiTally.byCall.values()].reduce((sum, entry) => sum + entry.errors, 0);
    const storedWrong = stored !== t.acked && drain.outstanding === 0 ? 1 : 0;
    console.log(
      `soak goals: memory growth ≤ 10 % ${memoryMet ? 'PASS' : 'FAIL'}; event-loop delay p99 ≤ ${LOOP_DELAY_P99_GOAL_MS} ms ${lagMet ? 'PASS' : 'FAIL'}; ` +
        `0 lost and 0 duplicated ${chatOk ? 'PASS' : 'FAIL'} (${t.lost} lost, ${t.duplicated} duplicated)`,
    );
    console.log(
      `memory: the JS heap in use (nodejs_heap_size_used_bytes) at the lowest sample of the first ${windowS.toFixed(0)} s after the warm-up → of the last ${windowS.toFixed(0)} s is judged (the nearest a scrape sees to the live heap); the windows' means of the heap and of RSS are shown. ` +
        "delay: each scrape's interval has its own event-loop delay quantiles (median and worst of the intervals' p99 shown); 'run ≤' is an upper bound of the p99 over all intervals after the warm-up; " +
        "'exposed' is nodejs_eventloop_lag_* as scraped, the time between the ticks of a 10 ms timer, and the delay judged is that minus 10 ms. " +
        'CPU: the process\'s share of one core after the warm-up.',
    );
    console.log(
      `retention job (every minute, once across the processes): ${retention.finished} runs finished during the soak, by ${retention.processes} process${retention.processes === 1 ? '' : 'es'}` +
        (retention.unfinished > 0 ? `; ${retention.unfinished} not finished (stopped with its process, or failed: see the servers' logs)` : ''),
    );
    console.log(`the load ran on this machine beside the servers, PostgreSQL, Redis and HAProxy (${os.cpus().length} cores): the event-loop delay includes waiting for a core.`);
    if (drain.outstanding > 0) console.log(`note: the drain gave up after ${(drain.drainMs / 1000).toFixed(1)} s with ${drain.outstanding} messages not complete`);
    if (storedWrong) console.log(`FAULT: ${stored} messages stored, ${t.acked} acked`);
    if (unreadWrong > 0) console.log(`FAULT: ${unreadWrong} members' unread counts differ from their partner's acked messages: ${unreadSamples.join('; ')}`);
    if (apiTally.skipped > 0) console.log(`note: ${apiTally.skipped} API requests were not sent on time (${settings.apiConcurrency} already in flight): the servers fell behind the asked rate`);
    for (const [kind, { count, samples: s }] of t.faults) console.log(`faults: ${kind} × ${count}: ${s.join(' | ')}`);
    for (const sample of apiTally.errorSamples) console.log(`  API error: ${sample}`);
    for (const error of scrapeErrors) console.log(`  scrape failed: ${error}`);
    return { errors: t.lost + t.duplicated + t.neverAnswered + t.errorFrames + t.other + apiErrors + storedWrong + unreadWrong };
  } finally {
    chat?.close();
    if (cluster) await cluster.stop(); // drops the scratch database too
    else await scratch.drop();
  }
}

export const soakBenchmark: Benchmark = {
  name: 'soak',
  title: 'soak: SOAK_MINUTES (10) of chat and API load through HAProxy on two processes with PostgreSQL and Redis; memory growth, event-loop delay, nothing lost or duplicated',
  // The servers, Redis and HAProxy are processes of their own: none of them is pinned with the measured thread.
  run: (env) => onAllCpus(() => runSoak(env)),
};
