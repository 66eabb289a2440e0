import { execFileSync, fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { computeSign, openData, sealData, serverKeys } from '../../server/api/envelope';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../server/db/database';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

/**
 * Helpers shared by every benchmark of `npm run bench`: the HTTP load runner (autocannon in a child process, so
 * the load generator shares neither the server's event loop nor its process: `process.cpuUsage()` of this
 * process is then the server's CPU alone), the in-process loop runner, a scratch PostgreSQL provider and a table
 * printer.
 */

// ---------------------------------------------------------------------------------------------------------------
// Settings and the benchmark list's shape

export interface BenchSettings {
  /** Concurrent HTTP connections, and concurrent async loops for in-process runs. */
  connections: number;
  warmupS: number;
  durationS: number;
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Defaults: 10 connections, 2 s warm-up, 8 s measured; BENCH_CONNECTIONS / BENCH_WARMUP_S / BENCH_DURATION_S override. */
export function benchSettings(): BenchSettings {
  return {
    connections: Math.round(envNumber('BENCH_CONNECTIONS', 10)),
    warmupS: envNumber('BENCH_WARMUP_S', 2),
    durationS: envNumber('BENCH_DURATION_S', 8),
  };
}

/** The databases a benchmark runs on: BENCH_DATABASES (comma-separated pglite, postgres) narrows the default both. */
export function benchDatabases<T extends { kind: string }>(all: readonly T[]): readonly T[] {
  const wanted = (process.env.BENCH_DATABASES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  if (wanted.length === 0) return all;
  const unknown = wanted.filter((name) => !all.some((db) => db.kind === name));
  if (unknown.length > 0) throw new Error(`BENCH_DATABASES: unknown ${unknown.join(', ')}; known: ${all.map((db) => db.kind).join(', ')}`);
  return all.filter((db) => wanted.includes(db.kind));
}

export interface BenchEnvironment {
  settings: BenchSettings;
  /** A fresh, empty PostgreSQL database (dropped by `drop`); the cluster is shared by all benchmarks of the run. */
  scratchPostgres(): Promise<ScratchDatabase>;
}

export interface BenchOutcome {
  /** Failed requests or calls; any makes `npm run bench` exit with 1. */
  errors: number;
}

export interface Benchmark {
  name: string;
  title: string;
  run(env: BenchEnvironment): Promise<BenchOutcome>;
}

// ---------------------------------------------------------------------------------------------------------------
// CPU placement: on a small machine the load generator and PostgreSQL would otherwise preempt the server's thread

/** Which CPUs (taskset lists) the measured thread and everything else run on. */
export interface CpuPlacement {
  /** The server's main thread, which is also the in-process loops' thread. */
  measured: string;
  /** The databases (PostgreSQL's processes, PGlite's thread) and the load generator's process. */
  others: string;
}

/**
 * Linux with taskset and ≥ 2 CPUs: the measured thread alone on CPU 0, PostgreSQL and the load generator on the
 * rest — as when the load comes from other machines. BENCH_PIN=0 leaves placement to the scheduler.
 */
export function cpuPlacement(): CpuPlacement | null {
  const cpus = os.availableParallelism();
  if (process.env.BENCH_PIN === '0' || process.platform !== 'linux' || cpus < 2) return null;
  if (spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status !== 0) return null;
  return { measured: '0', others: cpus === 2 ? '1' : `1-${cpus - 1}` };
}

/** Pins one thread, by its id in the operating system, to `cpus`; throws when that is not possible here. */
function pinThread(tid: string | number, cpus: string): void {
  execFileSync('taskset', ['-p', '-c', cpus, String(tid)], { stdio: 'ignore' });
}

/** Pins the calling thread (main or worker) to `cpus`; false when that is not possible here. */
export function pinThisThread(cpus: string): boolean {
  try {
    pinThread(path.basename(readlinkSync('/proc/thread-self')), cpus);
    return true;
  } catch {
    return false;
  }
}

let placementInUse: CpuPlacement | null = null;

/** The placement applied by applyCpuPlacement; null when nothing is pinned. */
export const placementApplied = (): CpuPlacement | null => placementInUse;

/** Pins this (the main) thread to the measured CPU; every later load generator runs on the other CPUs. */
export function applyCpuPlacement(placement: CpuPlacement): boolean {
  if (!pinThisThread(placement.measured)) return false;
  placementInUse = placement;
  return true;
}

/**
 * Runs `work` with this thread, and so every process it starts meanwhile, free to use every CPU, then pins it back:
 * for benchmarks that measure a browser and a server as a user's machine would run them (Lighthouse), not one
 * thread against its load.
 */
export async function onAllCpus<T>(work: () => Promise<T>): Promise<T> {
  const placement = placementInUse;
  if (!placement) return work();
  // os.cpus(), not availableParallelism(): the latter counts only the CPUs this pinned thread may use.
  pinThisThread(`0-${os.cpus().length - 1}`);
  try {
    return await work();
  } finally {
    pinThisThread(placement.measured);
  }
}

/**
 * The database of `config` as the server opens it, with the embedded database's own thread (PGlite's, see
 * server/db/pglite-thread.ts) placed with PostgreSQL, off the measured CPU: a new thread would otherwise inherit this
 * thread's CPU and compete with it.
 */
export async function openBenchDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  const database = await openDatabase(config);
  if (placementInUse && database.osThreadId !== undefined) {
    try {
      pinThread(database.osThreadId, placementInUse.others);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

/** The real server as `npm start` builds it (what buildApp does with the config: open the database, migrate, seed), its database placed by openBenchDatabase. */
export async function buildBenchApp(config: AppConfig): Promise<FastifyInstance> {
  const database = await openBenchDatabase(config);
  try {
    await migrateToLatest(database.db);
    const app = await buildApp(config, { database });
    app.addHook('onClose', async () => database.close());
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** Pins every thread of this process (the load generator's, at its start); false when that is not possible here. */
export function pinThisProcess(cpus: string): boolean {
  try {
    execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The fields of /proc/<pid>/stat after the command, from the state on ([1] ppid, [11] utime, [12] stime, in clock
 * ticks); null when this machine has no such process. "pid (comm) state ppid ...": comm may hold spaces, so the
 * fields are read after the last ')'.
 */
function procStat(pid: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

let clockTicks: number | undefined;

/** CPU time (user + system, µs) of the processes `pids`, from /proc; null when one of them is not on this machine. */
export function processesCpuUs(pids: readonly number[]): number | null {
  clockTicks ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
  let sum = 0;
  for (const pid of pids) {
    const fields = procStat(pid);
    if (!fields) return null;
    sum += ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / clockTicks;
  }
  return sum;
}

/** Pins a process, its threads and its children (PostgreSQL's postmaster and the backends it has started). */
export function pinProcessTree(pid: number, cpus: string): void {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => Number(procStat(entry)?.[1]) === pid);
  for (const target of [String(pid), ...children]) execFileSync('taskset', ['-a', '-p', '-c', cpus, target], { stdio: 'ignore' });
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: BENCH_DATABASE_URL (an admin URL allowed to CREATE DATABASE) or a throwaway cluster

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface PostgresProvider {
  scratch(): Promise<ScratchDatabase>;
  /** Stops the throwaway cluster when one was started. */
  stop(): Promise<void>;
  /** The same, synchronously, for a process that is exiting. */
  killNow(): void;
  /** Where the databases come from, for the report. */
  describe(): string;
}

export function postgresProvider(placement: CpuPlacement | null = null): PostgresProvider {
  let cluster: PostgresCluster | null = null;
  let adminUrl: Promise<string> | null = null;
  const given = process.env.BENCH_DATABASE_URL;
  const admin = () =>
    (adminUrl ??= given
      ? Promise.resolve(given)
      : startPostgresCluster().then((started) => {
          cluster = started;
          // New backends are forked by the postmaster and inherit its CPUs.
          if (placement) pinProcessTree(started.pid(), placement.others);
          return started.url;
        }));
  return {
    async scratch() {
      const url = new URL(await admin());
      const name = `venuely_bench_${randomBytes(6).toString('hex')}`;
      const run = async (sql: string) => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      };
      await run(`CREATE DATABASE ${name}`);
      const scratchUrl = new URL(url);
      scratchUrl.pathname = `/${name}`;
      return {
        url: scratchUrl.toString(),
        // Without FORCE first: pg-pool's end() resolves before its sockets are closed, and a backend terminated by
        // FORCE then sends a FATAL error to a closing client, which the pool re-emits as an unhandled 'error'.
        async drop() {
          for (let attempt = 0; attempt < 50; attempt++) {
            try {
              return await run(`DROP DATABASE IF EXISTS ${name}`);
            } catch (error) {
              if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
              await new Promise((resolve) => setTimeout(resolve, 100));
            }
          }
          await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        },
      };
    },
    async stop() {
      await cluster?.stop();
      cluster = null;
    },
    killNow() {
      cluster?.killNow();
      cluster = null;
    },
    describe() {
      return given ? 'BENCH_DATABASE_URL (not pinned)' : 'throwaway local cluster (fsync=off, loopback TCP)';
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// HTTP load with autocannon

/** What each request sends and how its response is judged. Plain data: it is passed to the load worker. */
export type RequestSpec =
  | {
      kind: 'json';
      body: unknown;
      /** The exact JSON the response must be. */
      expect: unknown;
    }
  | {
      /** An encrypted API form, sealed afresh for every request (new timestamp, iv and sign). */
      kind: 'sealed';
      aesKey: string;
      signKey: string;
      client: 'pwa' | 'web';
      payload: Record<string, unknown>;
      /** Fields the decrypted response data must have (the body must also be status 1). */
      expectData?: Record<string, unknown>;
    };

export interface LoadJob {
  /** Full URL of the endpoint, e.g. http://127.0.0.1:1234/api/user/me. */
  url: string;
  /** CPUs the load generator's process is pinned to (see cpuPlacement); unset: wherever the scheduler puts it. */
  pinCpus?: string;
  connections: number;
  warmupS: number;
  durationS: number;
  request: RequestSpec;
}

export interface LoadResult {
  /** Completed requests per second over the measured phase. */
  rate: number;
  /** Completed requests in the measured phase. */
  total: number;
  p50Ms: number;
  p99Ms: number;
  durationS: number;
  /** Event-loop utilisation of the main thread (the server's, when it runs in this process) while measuring. */
  mainElu: number;
  /** Event-loop utilisation of the load generator's main thread while measuring (near 1: the generator is the limit). */
  generatorElu: number;
  /** CPU use while measuring; `self` and `selfUs` are the server's, as it is the only work of this process then. */
  cpu: CpuShare;
  /** The load generator process's share of all cores while measuring (not part of `cpu.others`). */
  generatorCpu: number;
  /** Bad responses (HTTP status, envelope status or data) plus connection errors and timeouts, both phases. */
  errors: number;
  errorSamples: string[];
}

export interface ResponseCounters {
  bad: number;
  samples: string[];
}

/** The autocannon request hooks for a spec; runs inside the load generator's process. */
export function buildRequestHooks(spec: RequestSpec): { request: autocannon.Request; headers: Record<string, string>; counters: ResponseCounters } {
  const counters: ResponseCounters = { bad: 0, samples: [] };
  const reject = (why: string) => {
    counters.bad++;
    if (counters.samples.length < 5) counters.samples.push(why.slice(0, 300));
  };
  if (spec.kind === 'json') {
    const expected = JSON.stringify(spec.expect);
    return {
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      counters,
      request: {
        method: 'POST',
        body: JSON.stringify(spec.body),
        onResponse: (status, body) => {
          if (status !== 200) return reject(`HTTP ${status}: ${body}`);
          if (body !== expected) reject(`unexpected body: ${body}`);
        },
      },
    };
  }
  const keys = serverKeys(spec.aesKey, spec.signKey);
  const plaintext = JSON.stringify(spec.payload);
  const expectData = spec.expectData ? Object.entries(spec.expectData) : null;
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    counters,
    request: {
      method: 'POST',
      setupRequest: (request) => {
        const timestamp = String(Math.floor(Date.now() / 1000));
        const data = sealData(plaintext, keys.aes);
        const sign = computeSign(spec.client, timestamp, data, keys.sign);
        request.body = new URLSearchParams({ client: spec.client, timestamp, data, sign }).toString();
        return request;
      },
      onResponse: (status, body) => {
        if (status !== 200) return reject(`HTTP ${status}: ${body}`);
        let reply: { status?: unknown; msg?: unknown; data?: unknown };
        try {
          reply = JSON.parse(body) as typeof reply;
        } catch {
          return reject(`not JSON: ${body}`);
        }
        if (reply.status !== 1) return reject(`status ${String(reply.status)}: ${String(reply.msg)}`);
        if (!expectData) return;
        try {
          const data = JSON.parse(openData(String(reply.data), keys.aes)) as Record<string, unknown>;
          const wrong = expectData.find(([key, value]) => data[key] !== value);
          if (wrong) reject(`data.${wrong[0]} = ${String(data[wrong[0]])}, expected ${String(wrong[1])}`);
        } catch (error) {
          reject(`data does not open: ${(error as Error).message}`);
        }
      },
    },
  };
}

const GENERATOR_PATH = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const TSX_URL = import.meta.resolve('tsx');

/** Messages from the load generator's process (load-worker.ts), in this order. */
export type GeneratorMessage =
  /** Warm-up done: the parent marks its CPU and answers `go` before the measured phase starts. */
  | { measuring: true }
  | { result: Omit<LoadResult, 'mainElu' | 'cpu' | 'generatorCpu'> & { generatorCpuUs: number } }
  | { error: string };

/**
 * Runs autocannon against `job.url` in a child process (load-worker.ts): a warm-up phase (counted for errors
 * only), then the measured phase. The child waits for this process's `go` after the warm-up, so the CPU mark
 * taken here precedes every measured request, and this process does nothing else than serving while it waits for
 * the result: its `process.cpuUsage()` delta is the server's CPU for the requests the result counts (plus, at
 * most, the last `connections` requests answered after autocannon stopped counting).
 * The child is started with tsx explicitly (`--import`), not with this process's flags (--cpu-prof stays here), and
 * gets the job as its argument.
 */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const pinned: LoadJob = { ...job, pinCpus: job.pinCpus ?? placementInUse?.others };
    const child = fork(GENERATOR_PATH, [JSON.stringify(pinned)], { execArgv: ['--import', TSX_URL], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    let mainFrom: EventLoopUtilization | null = null;
    let cpuFrom: CpuMark | null = null;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      outcome();
      if (child.connected) child.disconnect();
    };
    child.on('message', (message: GeneratorMessage) => {
      if ('measuring' in message) {
        mainFrom = performance.eventLoopUtilization();
        cpuFrom = cpuMark();
        child.send({ go: true });
        return;
      }
      const mainElu = mainFrom ? performance.eventLoopUtilization(mainFrom).utilization : Number.NaN;
      const cpu = cpuFrom ? cpuSince(cpuFrom) : NO_CPU;
      if ('error' in message) return settle(() => reject(new Error(`load generator failed: ${message.error}`)));
      const { generatorCpuUs, ...result } = message.result;
      // The generator's share of the window, and what is left for the other processes (PostgreSQL, the machine).
      const generatorCpu = Math.min(cpu.others, generatorCpuUs / 1000 / cpu.coreMs);
      settle(() => resolve({ ...result, mainElu, cpu: { ...cpu, others: Math.max(0, cpu.others - generatorCpu) }, generatorCpu }));
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code) => settle(() => reject(new Error(`load generator exited with code ${code} before reporting`))));
  });
}

// ---------------------------------------------------------------------------------------------------------------
// In-process loops

export interface LoopJob {
  concurrency: number;
  warmupS: number;
  durationS: number;
  /** One call; a throw counts as an error. */
  call: () => Promise<void>;
}

export interface LoopResult {
  rate: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  durationS: number;
  /** Event-loop utilisation of this thread while measuring. */
  mainElu: number;
  /** CPU use while measuring. */
  cpu: CpuShare;
  errors: number;
  errorSamples: string[];
}

/**
 * `concurrency` async loops calling `call` back to back for warm-up + duration; counts the calls that complete
 * inside the measured window. Phases are decided by the clock, not by timers, so a call chain that never yields
 * to the event loop (PGlite resolves in microtasks) still ends on time.
 */
export async function runLoops(job: LoopJob): Promise<LoopResult> {
  const start = performance.now();
  const measureFrom = start + job.warmupS * 1000;
  const measureTo = measureFrom + job.durationS * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const errorSamples: string[] = [];
  let eluFrom: EventLoopUtilization | null = null;
  let eluTo: EventLoopUtilization | null = null;
  let cpuFrom: CpuMark | null = null;
  let cpu: CpuShare | null = null;
  const loop = async () => {
    for (;;) {
      const t0 = performance.now();
      if (t0 >= measureTo) {
        eluTo ??= performance.eventLoopUtilization(eluFrom ?? undefined);
        cpu ??= cpuFrom ? cpuSince(cpuFrom) : null;
        return;
      }
      if (t0 >= measureFrom) {
        eluFrom ??= performance.eventLoopUtilization();
        cpuFrom ??= cpuMark();
      }
      try {
        await job.call();
        const t1 = performance.now();
        if (t1 >= measureFrom && t1 < measureTo) latencies.push(t1 - t0);
      } catch (error) {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(String((error as Error)?.message ?? error).slice(0, 300));
      }
    }
  };
  await Promise.all(Array.from({ length: job.concurrency }, loop));
  latencies.sort((a, b) => a - b);
  return {
    rate: latencies.length / job.durationS,
    total: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    durationS: job.durationS,
    mainElu: (eluTo as EventLoopUtilization | null)?.utilization ?? Number.NaN,
    cpu: (cpu as CpuShare | null) ?? NO_CPU,
    errors,
    errorSamples,
  };
}

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

// ---------------------------------------------------------------------------------------------------------------
// Output

export interface CpuMark {
  idleMs: number;
  totalMs: number;
  self: NodeJS.CpuUsage;
}

/** A point to measure CPU use from: all cores (os.cpus) and this process (all its threads). */
export function cpuMark(): CpuMark {
  let idleMs = 0;
  let totalMs = 0;
  for (const { times } of os.cpus()) {
    idleMs += times.idle;
    totalMs += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idleMs, totalMs, self: process.cpuUsage() };
}

export interface CpuShare {
  /** Busy share of all cores. */
  machine: number;
  /** This process's share of all cores. */
  self: number;
  /** Everything else: other processes (PostgreSQL's backends included, when it is used). */
  others: number;
  /** CPU time of this process (all its threads, user + system) over the window, in microseconds. */
  selfUs: number;
  /** Time of all cores over the window (wall time × cores), in milliseconds: the denominator of the shares. */
  coreMs: number;
}

const NO_CPU: CpuShare = { machine: Number.NaN, self: Number.NaN, others: Number.NaN, selfUs: Number.NaN, coreMs: Number.NaN };

export function cpuSince(from: CpuMark): CpuShare {
  const now = cpuMark();
  const totalMs = now.totalMs - from.totalMs;
  const selfUs = now.self.user - from.self.user + now.self.system - from.self.system;
  if (totalMs <= 0) return { ...NO_CPU, selfUs };
  const machine = 1 - (now.idleMs - from.idleMs) / totalMs;
  const self = Math.min(machine, selfUs / 1000 / totalMs);
  return { machine, self, others: Math.max(0, machine - self), selfUs, coreMs: totalMs };
}

/** CPU microseconds of this process per request answered (or per loop call) in the measured window. */
export function cpuPerRequestUs(result: { cpu: CpuShare; total: number }): number {
  return result.total > 0 ? result.cpu.selfUs / result.total : Number.NaN;
}

/** Share of all cores busy over `ms`, before anything runs: figures taken on a busy machine are low. */
export async function machineBusy(ms = 1000): Promise<number> {
  const from = cpuMark();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return cpuSince(from).machine;
}

/** Prints rows as an aligned table; numeric-looking cells are right-aligned. */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const isNumeric = (cell: string) => /^[-+]?[\d.,]+(\s?\S{0,3})?$/.test(cell.trim()) || cell.trim() === '—';
  const line = (cells: string[]) =>
    cells.map((c, i) => (i > 0 && isNumeric(c) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/**
 * The breakdown line of a full-stack figure: `canned` served the same answer without database work, `inProcess` did
 * the database work without HTTP. If the two costs only added up on the server's thread, they would allow this.
 */
export function breakdownLine(canned: { rate: number }, inProcess: { rate: number }, full: { rate: number }, connections: number): string {
  const httpMs = 1000 / canned.rate;
  const dbMs = 1000 / inProcess.rate;
  const sumMs = httpMs + dbMs;
  return (
    `HTTP + envelope ${httpMs.toFixed(3)} ms per request (canned), database work ${dbMs.toFixed(3)} ms per call (in-process); ` +
    `sum ${sumMs.toFixed(3)} ms → at most ${(1000 / sumMs).toFixed(0)} req/s, ratio ≤ ${fmtRatio(dbMs / sumMs)}, ` +
    `mean latency at ${connections} connections ≥ ${(connections * sumMs).toFixed(0)} ms; measured ${(1000 / full.rate).toFixed(3)} ms per request`
  );
}

/** Goal of the CPU breakdown: the full stack may cost the server's process at most this much more than its parts. */
export const CPU_SUM_GOAL = 1.25;

/** The server's CPU per request of the full stack over the sum of its parts' (the figure CPU_SUM_GOAL bounds). */
export function cpuSumRatio(full: { cpu: CpuShare; total: number }, canned: { cpu: CpuShare; total: number }, inProcess: { cpu: CpuShare; total: number }): number {
  return cpuPerRequestUs(full) / (cpuPerRequestUs(canned) + cpuPerRequestUs(inProcess));
}

/**
 * The CPU breakdown of a full-stack figure, from the server process's CPU alone: `canned` is the HTTP stack, the
 * envelope and the schemas without database work, `inProcess` the database work (and, on PGlite, the database
 * itself) without HTTP. The full stack should cost no more than their sum plus CPU_SUM_GOAL's margin.
 */
export function cpuBreakdownLine(full: { cpu: CpuShare; total: number }, canned: { cpu: CpuShare; total: number }, inProcess: { cpu: CpuShare; total: number }): string {
  const fullUs = cpuPerRequestUs(full);
  const sumUs = cpuPerRequestUs(canned) + cpuPerRequestUs(inProcess);
  const ratio = cpuSumRatio(full, canned, inProcess);
  return (
    `server CPU per request: full stack ${fmtUs(fullUs)} µs; canned ${fmtUs(cpuPerRequestUs(canned))} µs + in-process ${fmtUs(cpuPerRequestUs(inProcess))} µs = ${fmtUs(sumUs)} µs; ` +
    `full / (canned + in-process) ${fmtRatio(ratio)} (goal ≤ ${CPU_SUM_GOAL.toFixed(2)}: ${goalState(ratio <= CPU_SUM_GOAL, ratio)})`
  );
}

/** 'met' or 'NOT met', or '—' when the figure could not be measured. */
export const goalState = (met: boolean, figure: number) => (Number.isFinite(figure) ? (met ? 'met' : 'NOT met') : '—');

/** The header and cells every benchmark table shares (load results and loop results alike). */
export const RESULT_HEADER = ['rate', 'unit', 'p50 ms', 'p99 ms', 'measured', 'errors', 'main busy', 'loadgen busy', 'CPU µs/req', 'CPU self', 'CPU loadgen', 'CPU others'];

export function resultCells(result: LoadResult | LoopResult, unit: string): string[] {
  const load = 'generatorElu' in result ? result : null;
  return [
    fmtRate(result.rate),
    unit,
    fmtMs(result.p50Ms),
    fmtMs(result.p99Ms),
    String(result.total),
    String(result.errors),
    fmtPercent(result.mainElu),
    load ? fmtPercent(load.generatorElu) : '—',
    fmtUs(cpuPerRequestUs(result)),
    fmtPercent(result.cpu.self),
    load ? fmtPercent(load.generatorCpu) : '—',
    fmtPercent(result.cpu.others),
  ];
}

/** The legend printed under every table. */
export function resultLegend(postgres: boolean): string[] {
  return [
    'busy: event-loop utilisation while measuring (main = server or in-process loops; loadgen = the autocannon process).',
    'CPU µs/req: CPU time of this process (the server, or the in-process loops; no load generator runs in it) over the measured window, per request answered or call completed in it.',
    `CPU self / loadgen / others: share of all ${os.cpus().length} cores while measuring: this process, the load generator's process, all other processes (${postgres ? "PostgreSQL's backends and " : ''}anything else running).`,
    'autocannon latencies have 1 ms resolution.',
  ];
}

export const fmtUs = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 100 ? 1 : 0) : '—');
export const fmtRate = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '—');
export const fmtMs = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');
export const fmtPercent = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : '—');
export const fmtRatio = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '—');

/**
 * The chat clients' timing, shared by the chat benchmark's load generator (chat-load.ts) and the soak (soak.bench.ts):
 * the heartbeat (the app's CHAT_HEARTBEAT_MS), sent while draining, when no message keeps a socket alive; how long a
 * drain waits without a frame about any message before it stops (long, because a saturated server, PGlite at 1 000
 * messages per second, was seen answering nothing for over 5 s); and the time left after a drain for late duplicates.
 * How long a drain may last at most, and how many sockets open at a time, are each run's own (its socket count).
 */
export const CHAT_CLIENT_TIMING = { pingEveryMs: 8_000, drainIdleMs: 15_000, duplicateGraceMs: 1_000 } as const;
