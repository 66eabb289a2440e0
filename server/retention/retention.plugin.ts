import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RETENTION_TABLES, runRetention } from './retention.job';

/** About how long a process waits between two looks at whether the job is due (less with a shorter interval). */
const CHECK_MAX_MS = 10 * 60_000;
/** About how long a process waits after it is ready before its first look (it may have been down past a due run). */
const FIRST_CHECK_MAX_MS = 30_000;

/** `ms` give or take a fifth, so processes started together do not all look at the same moment. */
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/**
 * Schedules the retention job (server/retention/retention.job.ts) on this process when config.retention.enabled. Every
 * process looks every min(interval, 10 min) whether the job is due and runs it if so; the job's lock and its record of
 * runs make one process do each run, whoever looks first. A plain unref'd timer rather than a cron library: the job
 * needs only "every so often", and no timer of it keeps a process alive. Draining, and closing the app, stop the
 * looking and a run in progress after its current batch, before the database closes.
 */
export default fp(
  async function retentionPlugin(app: FastifyInstance, options: { now?: () => number }) {
    const config = app.config.retention;
    if (!config.enabled) return;

    const now = options.now ?? (() => Date.now());
    const stop = new AbortController();
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;

    const arm = (delayMs: number) => {
      if (stop.signal.aborted) return;
      timer = setTimeout(tick, delayMs);
      timer.unref();
    };
    const tick = () => {
      timer = null;
      running = (async () => {
        try {
          const result = await runRetention(app.db, new Date(now()), config, { signal: stop.signal });
          if (!result.ran) return;
          for (const table of RETENTION_TABLES) if (result.deleted[table] > 0) app.metrics.retentionDeleted.inc({ table }, result.deleted[table]);
          app.log.info({ run: result.runId, deleted: result.deleted, complete: result.complete }, 'retention run');
        } catch (error) {
          // The next look runs it again: an unfinished run does not count as done.
          app.log.error({ err: error }, 'retention run failed');
        }
      })().finally(() => {
        running = null;
        arm(jittered(Math.min(config.intervalMs, CHECK_MAX_MS)));
      });
    };
    const halt = async () => {
      stop.abort();
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    };

    app.addHook('onReady', async () => arm(jittered(Math.min(config.intervalMs, FIRST_CHECK_MAX_MS))));
    // A process draining is about to exit: another one runs the job next time.
    app.health.onDrain(halt);
    // preClose: before onClose hooks close the database, so a run in progress ends on an open one.
    app.addHook('preClose', halt);
  },
  { name: 'retention', dependencies: ['core', 'metrics', 'health'] },
);
