import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { bundleBenchmark } from '../budget/check-bundle';
import { apiMeBenchmark } from './api-me.bench';
import { chatBenchmark } from './chat.bench';
import { directoryBenchmark } from './directory.bench';
import { lighthouseBenchmark } from './lighthouse.bench';
import { soakBenchmark } from './soak.bench';
import { applyCpuPlacement, type Benchmark, benchSettings, cpuPlacement, fmtPercent, machineBusy, postgresProvider } from './lib';

/**
 * `npm run bench`: every benchmark below, in order, in one process on this machine. `npm run bench -- <name>...`
 * runs only the named ones. Exit code 1 when any request or call failed (or a benchmark threw); a missed
 * performance goal is reported, not a failure.
 *
 * Environment: BENCH_DATABASE_URL (PostgreSQL admin URL that may CREATE DATABASE; else a throwaway cluster is
 * started), BENCH_CONNECTIONS (10; the directory benchmark uses 50 unless set), BENCH_WARMUP_S (2),
 * BENCH_DURATION_S (8), BENCH_API_REPEAT (api-me: 3 rounds), BENCH_DATABASES (pglite,postgres), BENCH_PIN (1: see cpuPlacement in lib.ts), BENCH_LISTINGS (directory: 100000 generated listings), BENCH_KEYWORD (directory: lantern),
 * BENCH_CHAT_SOCKETS (chat: 1000 sockets), BENCH_CHAT_DURATION_S (chat: 60), BENCH_CHAT_RATE (chat: 1 message per second per
 * socket; the server allows 10 frames per second), SOAK_MINUTES (soak: 10), SOAK_SOCKETS (200), SOAK_CHAT_RATE (1),
 * SOAK_API_RATE (100 requests per second), SOAK_API_CONCURRENCY (32), SOAK_LISTINGS (2000), SOAK_SAMPLE_S (soak.bench.ts).
 */
const BENCHMARKS: readonly Benchmark[] = [bundleBenchmark, lighthouseBenchmark, apiMeBenchmark, directoryBenchmark, chatBenchmark, soakBenchmark];

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !BENCHMARKS.some((b) => b.name === name));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    return 1;
  }
  const selected = wanted.length > 0 ? BENCHMARKS.filter((b) => wanted.includes(b.name)) : BENCHMARKS;
  const settings = benchSettings();
  const wantedPlacement = cpuPlacement();
  const placement = wantedPlacement && applyCpuPlacement(wantedPlacement) ? wantedPlacement : null;
  const postgres = postgresProvider(placement);
  // Also on a crash (an unhandled error event exits without running `finally`): never leave the cluster running.
  process.once('exit', () => postgres.killNow());
  const cpus = os.cpus();
  console.log(`node ${process.version}, ${os.platform()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}`);
  console.log(`PostgreSQL: ${postgres.describe()}; load generator: autocannon in a child process (the bench process's CPU time is the server's alone)`);
  console.log(
    placement
      ? `CPU placement: the server's (and the in-process loops') main thread alone on CPU ${placement.measured}; the databases (PostgreSQL, PGlite's thread) and the load generator on CPU ${placement.others} (BENCH_PIN=0: no pinning)`
      : 'CPU placement: left to the scheduler (BENCH_PIN=0, no taskset, or one CPU)',
  );
  const busy = await machineBusy();
  console.log(`CPU busy before start (other processes): ${fmtPercent(busy)} of ${cpus.length} cores${busy > 0.15 ? ' — the machine is busy: figures will be low and noisy' : ''}`);

  let failed = 0;
  const started = performance.now();
  try {
    for (const bench of selected) {
      console.log(`\n=== ${bench.name}: ${bench.title}`);
      const t0 = performance.now();
      try {
        const { errors } = await bench.run({ settings, scratchPostgres: () => postgres.scratch() });
        console.log(`\n${bench.name}: ${errors === 0 ? 'no errors' : `${errors} ERRORS`} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
        if (errors > 0) failed++;
      } catch (error) {
        failed++;
        console.error(`\n${bench.name} FAILED:`, error);
      }
    }
  } finally {
    await postgres.stop();
  }
  console.log(`\nbench: ${selected.length - failed}/${selected.length} without errors in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return failed > 0 ? 1 : 0;
}

// Exit explicitly: a pool or worker left behind by a failed benchmark must not keep the process alive.
main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
