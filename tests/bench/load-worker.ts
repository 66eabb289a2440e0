import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildRequestHooks, type GeneratorMessage, type LoadJob, pinThisProcess } from './lib';

/**
 * The load generator of `runLoad` (lib.ts), in its own child process so that none of its CPU is counted as the
 * server's: one autocannon run for the warm-up, then, once the parent has marked its CPU and answered `go`, one
 * for the measurement, each with fresh hooks (for sealed requests, a new envelope per request). The result
 * carries this process's own CPU over the measured phase, so the report can tell the generator's share apart.
 */

const send = (message: GeneratorMessage) => process.send!(message);

/** The next message of the parent with `key` (listening before the parent can send it); exit when the parent goes away. */
function nextMessage<K extends string>(key: K): Promise<Record<K, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      process.off('message', onMessage);
      resolve(message as Record<K, unknown>);
    };
    process.on('message', onMessage);
  });
}
process.once('disconnect', () => process.exit(0));

async function phase(job: LoadJob, durationS: number) {
  const hooks = buildRequestHooks(job.request);
  const result = await autocannon({
    url: job.url,
    method: 'POST',
    connections: job.connections,
    duration: durationS,
    headers: hooks.headers,
    requests: [hooks.request],
  });
  return { result, counters: hooks.counters };
}

try {
  const job = JSON.parse(process.argv[2]) as LoadJob;
  if (job.pinCpus !== undefined && !pinThisProcess(job.pinCpus)) throw new Error(`could not pin the load generator to CPU ${job.pinCpus}`);
  const warm = await phase(job, job.warmupS);
  const go = nextMessage('go');
  send({ measuring: true });
  await go;
  const eluFrom = performance.eventLoopUtilization();
  const cpuFrom = process.cpuUsage();
  const run = await phase(job, job.durationS);
  const cpu = process.cpuUsage(cpuFrom);
  const generatorElu = performance.eventLoopUtilization(eluFrom).utilization;
  const transport = (r: autocannon.Result) => r.errors; // connection errors, timeouts included
  const errors = warm.counters.bad + transport(warm.result) + run.counters.bad + transport(run.result);
  const samples = [...warm.counters.samples, ...run.counters.samples];
  if (transport(warm.result) + transport(run.result) > 0) {
    samples.push(`${transport(warm.result) + transport(run.result)} connection errors (timeouts: ${warm.result.timeouts + run.result.timeouts})`);
  }
  send({
    result: {
      rate: run.result.requests.total / run.result.duration,
      total: run.result.requests.total,
      p50Ms: run.result.latency.p50,
      p99Ms: run.result.latency.p99,
      durationS: run.result.duration,
      generatorElu,
      generatorCpuUs: cpu.user + cpu.system,
      errors,
      errorSamples: samples,
    },
  });
} catch (error) {
  send({ error: (error as Error)?.stack ?? String(error) });
}
