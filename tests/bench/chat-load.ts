import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { IncomingFrame } from '@/contract/calls/chat';
import { CHAT_CLIENT_TIMING, percentile, pinThisProcess } from './lib';

/**
 * The load generator of the chat benchmark (chat.bench.ts), in its own child process so that none of its CPU is
 * counted as the server's. It opens one socket per spec, then every socket sends `rate` chat/chat frames per second
 * to its partner, the sockets' starts spread evenly over the first period (sendPhases). Both ends of every conversation are
 * sockets of this process, so the latency of a message is measured on one clock: from its send to its arrival on
 * the partner's socket (`chat` mode) or back on its own socket (`echo` mode, against a bare `ws` echo server).
 *
 * Protocol with the parent: it sends `{ job }` (too large for argv: 1 000 tokens); this process answers
 * `{ connected }` once the sockets are open (and, in `chat` mode, initialised), `{ measuring: true }` when the
 * warm-up ends and `{ result }` after the drain (or `{ error }`).
 */

export interface ChatSocketSpec {
  /** ws://…/im?token=… */
  url: string;
  /** The chat token, repeated in every frame as the protocol asks. */
  token: string;
  uuid: string;
  /** Index of the partner's socket in `sockets`. */
  partner: number;
}

export interface ChatLoadJob {
  /** `chat`: the real server, delivery to the partner's socket; `echo`: a bare echo server, delivery back to the sender. */
  mode: 'chat' | 'echo';
  /** CPUs this process is pinned to (see cpuPlacement in lib.ts); unset: wherever the scheduler puts it. */
  pinCpus?: string;
  sockets: ChatSocketSpec[];
  warmupS: number;
  durationS: number;
  /** Messages per second per socket. */
  rate: number;
}

export interface ChatLoadResult {
  sockets: number;
  /** Sockets that did not open (or, in `chat` mode, whose chat/initUser was not acked). */
  connectFailures: number;
  /** Messages sent, warm-up included; `measured` of them were sent in the measured window. */
  sent: number;
  measured: number;
  acked: number;
  /** Delivered at least once to the socket that should get them. */
  delivered: number;
  /** Acked (`echo` mode: sent) but never delivered by the end of the drain. */
  lost: number;
  /** Extra copies of a message on one socket: the partner's, or the sender's own echo in `chat` mode. */
  duplicated: number;
  /** errorMessage frames, whatever they answer. */
  errorFrames: number;
  /**
   * Everything else that must not happen: a message neither acked nor refused by the end, an acked message whose
   * echo never reached the sender's own socket, a frame on a socket that is no member of the message's conversation,
   * an unexpected frame (resync, unknown sign), a socket closed by the server during the run.
   */
  other: number;
  /** Pushed messages more than one seq above the run (without a hole) of the conversation the socket held, pushed or acked. */
  gaps: number;
  /** Send → delivery, over the messages sent in the measured window. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Send → ack (`chat` mode), same messages. */
  ackP50Ms: number;
  ackP99Ms: number;
  /**
   * The measured window cut into slices of `sliceS` seconds by send time, in order: each slice's p99 and max, so a
   * tail made of one stall (a few slow seconds) tells itself apart from a tail spread over the run.
   */
  slices: { count: number; p99Ms: number; maxMs: number }[];
  sliceS: number;
  /** How long after the last send everything had arrived, or the drain gave up with `outstanding` messages not all there. */
  drainMs: number;
  outstanding: number;
  /** Event-loop utilisation of this process's main thread while measuring (near 1: the generator is the limit). */
  generatorElu: number;
  /** Faults by kind (error frames by code, the parts of `other`, lost, failed connections). */
  faults: Record<string, number>;
  /** A few samples of each kind. */
  errorSamples: string[];
}

export type ChatGeneratorMessage = { connected: number } | { measuring: true } | { result: ChatLoadResult } | { error: string };

/** Sockets opened at a time: 1 000 at once would only queue in the server's accept backlog. */
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 30_000;
/** The drain ends when everything arrived, or after CHAT_CLIENT_TIMING.drainIdleMs without progress, or at this. */
const DRAIN_MAX_MS = 180_000;
const { pingEveryMs: PING_EVERY_MS, drainIdleMs: DRAIN_IDLE_MS, duplicateGraceMs: DUPLICATE_GRACE_MS } = CHAT_CLIENT_TIMING;
const INIT_ACK = 'bench_init';
const SAMPLES_PER_KIND = 3;
/** The width of the measured window's slices (ChatLoadResult.slices). */
const TAIL_WINDOW_S = 10;

interface Sent {
  from: number;
  sentAt: number;
  measured: boolean;
  ackedAt: number;
  /** The seq of the ack. */
  seq: number;
  refused: boolean;
  deliveredAt: number;
  deliveries: number;
  echoes: number;
  done: boolean;
}

const send = (message: ChatGeneratorMessage) => process.send!(message);
/**
 * When each socket sends within a period, as a fraction of it: one socket every period / n, evenly, and the two
 * members of a conversation half a period apart, as two people taking turns. (Until 2026-11-30 sockets i and i + 1,
 * a conversation's two members, sent 1 ms apart: the second message then often waited for its partner's store, which
 * one conversation's order requires, in a pattern no pair of people makes.)
 */
export function sendPhases(specs: readonly Pick<ChatSocketSpec, 'partner'>[]): number[] {
  const phases: number[] = new Array(specs.length).fill(0);
  const firsts = specs.flatMap((spec, index) => (index <= spec.partner ? [index] : []));
  firsts.forEach((index, rank) => {
    phases[index] = rank / (2 * firsts.length);
    if (specs[index].partner !== index) phases[specs[index].partner] = phases[index] + 0.5;
  });
  return phases;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
process.once('disconnect', () => process.exit(0));

async function run(job: ChatLoadJob): Promise<ChatLoadResult> {
  const { mode, sockets: specs } = job;
  // Every fault is counted under a kind (its breakdown goes into the report) with a few samples of each kind, so
  // one frequent kind does not hide the others.
  const kinds = new Map<string, { count: number; samples: string[] }>();
  const fault = (kind: string, why: string) => {
    const entry = kinds.get(kind) ?? { count: 0, samples: [] };
    kinds.set(kind, entry);
    entry.count++;
    if (entry.samples.length < SAMPLES_PER_KIND) entry.samples.push(why.slice(0, 300));
  };
  /** A fault counted in `other`. */
  const otherFault = (kind: string, why: string) => {
    other++;
    fault(kind, why);
  };
  const sent = new Map<string, Sent>();
  // What each socket holds of each conversation (keyed by its lower socket index), as the client's chat machine
  // counts it: the run of seqs up to `top` without a hole, and those above it; pushes and acks of its own messages alike.
  const held = specs.map(() => new Map<number, { top: number; above: Set<number> }>());
  const heldOf = (index: number, conversation: number) => {
    let run = held[index].get(conversation);
    if (!run) held[index].set(conversation, (run = { top: 0, above: new Set() }));
    return run;
  };
  const hold = (run: { top: number; above: Set<number> }, seq: number) => {
    if (seq > run.top) run.above.add(seq);
    while (run.above.delete(run.top + 1)) run.top += 1;
  };
  let pending = 0;
  let lastProgress = 0;
  let errorFrames = 0;
  let gaps = 0;
  let other = 0;
  let finishing = false;
  const receiverOf = (rec: Sent) => (mode === 'echo' ? rec.from : specs[rec.from].partner);
  /** Called on every frame about a message we sent: the server is still at work (the drain goes on), and the message may be complete. */
  const settle = (rec: Sent) => {
    lastProgress = performance.now();
    if (rec.done) return;
    const arrived = rec.deliveries > 0 && (mode === 'echo' || (rec.echoes > 0 && rec.ackedAt > 0));
    if (!arrived && !rec.refused) return;
    rec.done = true;
    pending--;
  };

  const onFrame = (index: number, text: string) => {
    const at = performance.now();
    let frame: IncomingFrame | { route?: string; ack_id?: string };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return otherFault('unexpected frame', `socket ${index}: not JSON: ${text}`);
    }
    if (mode === 'echo') {
      // The bare server sends back what it got: our own chat/chat frames (and nothing else is sent meanwhile).
      const rec = 'ack_id' in frame && frame.ack_id ? sent.get(frame.ack_id) : undefined;
      if (!rec || rec.from !== index) {
        return otherFault('unexpected frame', `socket ${index}: unexpected echo ${text}`);
      }
      if (++rec.deliveries === 1) rec.deliveredAt = at;
      return settle(rec);
    }
    if (!('message_type' in frame)) {
      return otherFault('unexpected frame', `socket ${index}: ${text}`);
    }
    switch (frame.message_type) {
      case 'chatMessage': {
        const rec = sent.get(frame.data.sign);
        if (!rec) {
          return otherFault('unexpected frame', `socket ${index}: unknown message ${text}`);
        }
        // A message the socket does not hold yet, more than one above the run of seqs it holds, is a gap, which a
        // client with the conversation open answers by reloading it (docs/chat-protocol.md). The echo of an own
        // message the socket was acked is no news to it.
        const run = heldOf(index, Math.min(rec.from, specs[rec.from].partner));
        if (frame.data.seq > run.top + 1 && !run.above.has(frame.data.seq)) gaps++;
        hold(run, frame.data.seq);
        if (index === rec.from) rec.echoes++;
        else if (index === receiverOf(rec)) {
          if (++rec.deliveries === 1) rec.deliveredAt = at;
        } else {
          return otherFault('delivered to a stranger', `socket ${index}: message ${frame.data.sign} of socket ${rec.from}`);
        }
        return settle(rec);
      }
      case 'ackMessage': {
        const rec = sent.get(frame.confirmed_ack_id);
        if (!rec) return; // the init's ack, handled while connecting
        if (rec.ackedAt === 0) {
          rec.ackedAt = at;
          rec.seq = frame.seq ?? 0;
          if (rec.seq > 0) hold(heldOf(index, Math.min(rec.from, specs[rec.from].partner)), rec.seq);
        }
        return settle(rec);
      }
      case 'errorMessage': {
        errorFrames++;
        fault(`errorMessage ${frame.code}`, `socket ${index}: ${text}`);
        const rec = frame.confirmed_ack_id ? sent.get(frame.confirmed_ack_id) : undefined;
        if (rec) {
          rec.refused = true;
          settle(rec);
        }
        return;
      }
      case 'pong':
        return;
      default:
        return otherFault('unexpected frame', `socket ${index}: ${text}`);
    }
  };

  // --- Connect: CONNECT_CONCURRENCY sockets at a time; in `chat` mode each sends chat/initUser and waits for its ack.
  const sockets: (WebSocket | null)[] = specs.map(() => null);
  const frameOf = (spec: ChatSocketSpec, route: string, data: unknown, ackId: string) =>
    JSON.stringify({ route, via: 'pwa', token: spec.token, encrypt: 'self', data, ack_id: ackId });
  const open = (index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const spec = specs[index];
      const socket = new WebSocket(spec.url, { perMessageDeflate: false });
      const onError = (error: Error) => fail(error);
      const onClose = (code: number) => fail(new Error(`closed with ${code} while connecting`));
      const done = () => {
        clearTimeout(timer);
        socket.off('error', onError).off('close', onClose);
        resolve(socket);
      };
      const fail = (error: Error) => {
        clearTimeout(timer);
        socket.off('error', onError).off('close', onClose).on('error', () => undefined);
        socket.terminate();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error('timed out')), CONNECT_TIMEOUT_MS);
      socket.on('error', onError);
      socket.on('close', onClose);
      socket.once('open', () => {
        if (mode === 'echo') return done();
        socket.on('message', function awaitInit(data) {
          const frame = JSON.parse(data.toString()) as IncomingFrame;
          if (frame.message_type !== 'ackMessage' || frame.confirmed_ack_id !== INIT_ACK) return;
          socket.off('message', awaitInit);
          done();
        });
        socket.send(frameOf(spec, 'chat/initUser', { resume: [] }, INIT_ACK));
      });
    }).then((socket) => {
      socket.on('message', (data) => onFrame(index, data.toString()));
      socket.on('error', (error) => fault('socket error', `socket ${index}: ${error.message}`));
      socket.on('close', (code, reason) => {
        if (finishing) return;
        otherFault(`closed by the server (${code} ${reason.toString()})`, `socket ${index}`);
      });
      sockets[index] = socket;
    });
  let connectFailures = 0;
  let nextToOpen = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, specs.length) }, async () => {
      while (nextToOpen < specs.length) {
        const index = nextToOpen++;
        await open(index).catch((error: Error) => {
          connectFailures++;
          fault('connection failed', `socket ${index}: ${error.message}`);
        });
      }
    }),
  );
  send({ connected: specs.length - connectFailures });

  // --- Send: socket i's k-th message is due at start + (phase i + k) periods, until warm-up + duration have passed.
  // A socket whose partner did not connect stays silent: its messages would be counted lost twice over.
  const period = 1000 / job.rate;
  const phases = sendPhases(specs);
  const start = performance.now() + 100;
  const measureFrom = start + job.warmupS * 1000;
  const sendUntil = measureFrom + job.durationS * 1000;
  let eluFrom = performance.eventLoopUtilization();
  setTimeout(() => {
    eluFrom = performance.eventLoopUtilization();
    send({ measuring: true });
  }, measureFrom - performance.now());
  await Promise.all(
    specs.map(async (spec, index) => {
      const socket = sockets[index];
      const partnerSocket = sockets[mode === 'echo' ? index : spec.partner];
      if (!socket || !partnerSocket) return;
      const to = specs[spec.partner].uuid;
      for (let k = 0; ; k++) {
        const due = start + (phases[index] + k) * period;
        if (due >= sendUntil) return;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        if (socket.readyState !== WebSocket.OPEN) return;
        const sign = `b${index.toString(36)}_${k.toString(36)}_msg`;
        const message = { to_uuid: to, type: 'friend', msgType: 'text', content: `bench message ${k} from ${index}`, microtime: Date.now(), sign, ext: {} };
        sent.set(sign, { from: index, sentAt: performance.now(), measured: due >= measureFrom, ackedAt: 0, seq: 0, refused: false, deliveredAt: 0, deliveries: 0, echoes: 0, done: false });
        pending++;
        socket.send(frameOf(spec, 'chat/chat', message, sign));
      }
    }),
  );
  const generatorElu = performance.eventLoopUtilization(eluFrom).utilization;

  // --- Drain: wait until every message is answered and delivered, or nothing moves any more.
  const drainFrom = performance.now();
  lastProgress = drainFrom;
  const heartbeat =
    mode === 'chat'
      ? setInterval(() => {
          specs.forEach((spec, index) => {
            const socket = sockets[index];
            if (socket?.readyState === WebSocket.OPEN) socket.send(frameOf(spec, 'chat/ping', {}, `ping${index}`));
          });
        }, PING_EVERY_MS)
      : null;
  while (pending > 0 && performance.now() - lastProgress < DRAIN_IDLE_MS && performance.now() - drainFrom < DRAIN_MAX_MS) await sleep(20);
  const drainMs = performance.now() - drainFrom;
  await sleep(DUPLICATE_GRACE_MS);
  if (heartbeat) clearInterval(heartbeat);
  finishing = true;
  for (const socket of sockets) socket?.terminate();

  // --- Count.
  const latencies: number[] = [];
  const ackLatencies: number[] = [];
  const bySlice: number[][] = [];
  let acked = 0;
  let delivered = 0;
  let lost = 0;
  let duplicated = 0;
  let measured = 0;
  for (const [sign, rec] of sent) {
    if (rec.ackedAt > 0) acked++;
    if (rec.deliveries > 0) delivered++;
    duplicated += Math.max(0, rec.deliveries - 1) + Math.max(0, rec.echoes - 1);
    const expected = mode === 'echo' || rec.ackedAt > 0;
    if (expected && rec.deliveries === 0) {
      lost++;
      fault('lost', `${sign} of socket ${rec.from}, seq ${rec.seq}`);
    }
    if (mode === 'chat' && rec.ackedAt === 0 && !rec.refused) {
      otherFault('never answered', `${sign} of socket ${rec.from}`);
    }
    if (mode === 'chat' && rec.ackedAt > 0 && rec.echoes === 0) {
      otherFault("acked, missing on the sender's own socket", `${sign} of socket ${rec.from}, seq ${rec.seq}`);
    }
    if (!rec.measured) continue;
    measured++;
    if (rec.deliveredAt > 0) {
      latencies.push(rec.deliveredAt - rec.sentAt);
      const slice = Math.max(0, Math.floor((rec.sentAt - measureFrom) / (TAIL_WINDOW_S * 1000)));
      (bySlice[slice] ??= []).push(rec.deliveredAt - rec.sentAt);
    }
    if (rec.ackedAt > 0) ackLatencies.push(rec.ackedAt - rec.sentAt);
  }
  latencies.sort((a, b) => a - b);
  ackLatencies.sort((a, b) => a - b);
  return {
    sockets: specs.length,
    connectFailures,
    sent: sent.size,
    measured,
    acked,
    delivered,
    lost,
    duplicated,
    errorFrames,
    other,
    gaps,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length > 0 ? latencies[latencies.length - 1] : Number.NaN,
    ackP50Ms: percentile(ackLatencies, 50),
    ackP99Ms: percentile(ackLatencies, 99),
    sliceS: TAIL_WINDOW_S,
    slices: Array.from(bySlice, (values = []) => {
      values.sort((a, b) => a - b);
      return { count: values.length, p99Ms: percentile(values, 99), maxMs: values.length > 0 ? values[values.length - 1] : Number.NaN };
    }),
    drainMs,
    outstanding: pending,
    generatorElu,
    faults: Object.fromEntries([...kinds].map(([kind, { count }]) => [kind, count])),
    errorSamples: [...kinds].flatMap(([kind, entry]) => entry.samples.map((why) => `${kind}: ${why}`)),
  };
}

process.once('message', (message: { job: ChatLoadJob }) => {
  const { job } = message;
  if (job.pinCpus !== undefined && !pinThisProcess(job.pinCpus)) {
    send({ error: `could not pin the load generator to CPU ${job.pinCpus}` });
    return;
  }
  run(job).then(
    (result) => send({ result }),
    (error: unknown) => send({ error: (error as Error)?.stack ?? String(error) }),
  );
});
