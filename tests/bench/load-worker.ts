import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { buildRequestHooks, type LoadJob, type LoadResult, pinThisThread } from './lib';

/**
 * The load generator of `runLoad` (lib.ts), on its own worker thread: one autocannon run for the warm-up, one
 * for the measurement, each with fresh hooks (for sealed requests, a new envelope per request).
 */

const job = workerData as LoadJob;

interface Aggregator {
  aggregateResult(results: unknown[], options: autocannon.Options): autocannon.Result;
}

async function phase(durationS: number) {
  const hooks = buildRequestHooks(job.request);
  const options: autocannon.Options = {
    url: job.url,
    method: 'POST',
    connections: job.connections,
    duration: durationS,
    headers: hooks.headers,
    requests: [hooks.request],
  };
  // Off the main thread autocannon returns its raw, encoded histograms (it assumes its own worker mode); the
  // exported aggregateResult (missing from @types/autocannon) turns them into the usual result.
  const raw: unknown = await autocannon(options);
  const result = (autocannon as unknown as Aggregator).aggregateResult([raw], options);
  return { result, counters: hooks.counters };
}

try {
  if (job.pinCpus !== undefined && !pinThisThread(job.pinCpus)) throw new Error(`could not pin the load generator to CPU ${job.pinCpus}`);
  const warm = await phase(job.warmupS);
  parentPort!.postMessage({ measuring: true });
  const eluFrom = performance.eventLoopUtilization();
  const run = await phase(job.durationS);
  const generatorElu = performance.eventLoopUtilization(eluFrom).utilization;
  const transport = (r: autocannon.Result) => r.errors; // connection errors, timeouts included
  const errors = warm.counters.bad + transport(warm.result) + run.counters.bad + transport(run.result);
  const samples = [...warm.counters.samples, ...run.counters.samples];
  if (transport(warm.result) + transport(run.result) > 0) {
    samples.push(`${transport(warm.result) + transport(run.result)} connection errors (timeouts: ${warm.result.timeouts + run.result.timeouts})`);
  }
  const result: Omit<LoadResult, 'mainElu' | 'cpu'> = {
    rate: run.result.requests.total / run.result.duration,
    total: run.result.requests.total,
    p50Ms: run.result.latency.p50,
    p99Ms: run.result.latency.p99,
    durationS: run.result.duration,
    generatorElu,
    errors,
    errorSamples: samples,
  };
  parentPort!.postMessage({ result });
} catch (error) {
  parentPort!.postMessage({ error: (error as Error)?.stack ?? String(error) });
}
