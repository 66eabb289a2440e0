import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database';
import { walSinceCheckpoint } from '../db/pglite-checkpoints';

/**
 * Prometheus metrics (issue 33 item 1; DESIGN section 9), with prom-client, one registry per app:
 * - `venuely_api_requests_total{call,outcome}` and `venuely_api_request_duration_seconds{call}`: every /api/ call by
 *   its path; outcome `ok` (status 1), `refused` (status 0, 422 or another 4xx: the request's own fault),
 *   `limited` (429) or `error` (5xx). Only registered calls are labels, so no request can add a series;
 * - `venuely_chat_sockets_open` and `venuely_chat_messages_total` (acked chat messages; `rate()` gives per second);
 * - `venuely_chat_ack_seconds`: a chat message's time on this process, from its frame's arrival to its ack (stored);
 * - `venuely_db_pool_connections{state}` (PostgreSQL's pool: total, idle, waiting);
 * - `venuely_db_checkpoints_total`, `venuely_db_checkpoint_seconds_total` and `venuely_db_wal_since_checkpoint_bytes`
 *   (PGlite: the checkpoints the server takes of it, server/db/pglite-checkpoints.ts, and the WAL waiting for the next);
 * - `venuely_orders{status}` and `venuely_withdrawals{status}`, counted in the database at each scrape;
 * - `venuely_retention_deleted_total{table}`: rows the retention job deleted on this process (server/retention/);
 * - prom-client's process and Node.js metrics (`nodejs_eventloop_lag_p99_seconds` and the rest of the event-loop
 *   delay, heap, GC, handles).
 * Never public: on METRICS_PORT (a listener of its own, on METRICS_HOST, loopback by default), and at /metrics on the
 * app's port only with `Authorization: Bearer <METRICS_TOKEN>`. With neither set nothing is served and requests are
 * not timed.
 */

export interface AppMetrics {
  registry: Registry;
  /** Whether anything is served (METRICS_PORT or METRICS_TOKEN): requests are timed and counted only then. */
  enabled: boolean;
  /** Acked chat messages (im.plugin). */
  chatMessages: Counter;
  /** Chat messages' arrival-to-ack time on this process (im.plugin), observed only when `enabled`. */
  chatAckSeconds: Histogram;
  /** Rows deleted by the retention job, by table (retention.plugin). */
  retentionDeleted: Counter<'table'>;
  /** Adds a gauge whose value is read at each scrape. */
  gauge(name: string, help: string, read: () => number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The envelope status of each /api/ answer (sendApi), for its outcome label. */
const apiStatus = new WeakMap<FastifyRequest, number>();
export function noteApiStatus(request: FastifyRequest, status: number): void {
  apiStatus.set(request, status);
}

const API_PREFIX = '/api/';

function outcomeOf(httpStatus: number, status: number | undefined): 'ok' | 'refused' | 'limited' | 'error' {
  if (httpStatus >= 500) return 'error';
  if (httpStatus === 429) return 'limited';
  return httpStatus < 400 && status === 1 ? 'ok' : 'refused';
}

/** Compares digests, so the comparison takes the same time whatever the token sent. */
function sameToken(sent: string, token: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

export default fp(
  async function metricsPlugin(app: FastifyInstance, options: { database: DatabaseHandle }) {
    const { port, host, token } = app.config.metrics;
    const registry = new Registry();
    const enabled = port !== null || token !== null;
    if (enabled) collectDefaultMetrics({ register: registry });

    const requests = new Counter({ name: 'venuely_api_requests_total', help: 'API calls by call and outcome', labelNames: ['call', 'outcome'], registers: [registry] });
    const duration = new Histogram({
      name: 'venuely_api_request_duration_seconds',
      help: 'API call latency, from the request to the end of the answer',
      labelNames: ['call'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const chatMessages = new Counter({ name: 'venuely_chat_messages_total', help: 'Chat messages stored and acked', registers: [registry] });
    const chatAckSeconds = new Histogram({
      name: 'venuely_chat_ack_seconds',
      help: "Chat message latency on this process, from the frame's arrival to its ack (stored)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    const retentionDeleted = new Counter({ name: 'venuely_retention_deleted_total', help: 'Rows the retention job deleted, by table', labelNames: ['table'] as const, registers: [registry] });
    const gauge: AppMetrics['gauge'] = (name, help, read) => {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    };
    app.decorate('metrics', { registry, enabled, chatMessages, chatAckSeconds, retentionDeleted, gauge });

    const pool = options.database.pool;
    if (pool) {
      new Gauge({
        name: 'venuely_db_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          const now = pool();
          this.set({ state: 'total' }, now.total);
          this.set({ state: 'idle' }, now.idle);
          this.set({ state: 'waiting' }, now.waiting);
        },
      });
    }
    const checkpoints = options.database.checkpoints;
    if (checkpoints) {
      // The embedded database's checkpoints (server/db/pglite-checkpoints.ts), counted by the job that takes them.
      new Counter({
        name: 'venuely_db_checkpoints_total',
        help: 'Checkpoints the server took of the embedded database (PGlite)',
        registers: [registry],
        collect() {
          this.reset();
          this.inc(checkpoints().taken);
        },
      });
      new Counter({
        name: 'venuely_db_checkpoint_seconds_total',
        help: "Time the embedded database's checkpoints took (its other statements wait meanwhile)",
        registers: [registry],
        collect() {
          this.reset();
          this.inc(checkpoints().seconds);
        },
      });
      new Gauge({
        name: 'venuely_db_wal_since_checkpoint_bytes',
        help: "WAL the embedded database wrote since its last checkpoint's redo point (kept in pg_wal until the next)",
        registers: [registry],
        async collect() {
          try {
            this.set(await walSinceCheckpoint(app.db));
          } catch (error) {
            this.reset();
            app.log.warn({ err: (error as Error).message }, 'metrics: WAL not measured');
          }
        },
      });
    }
    // Business state, counted where it lives: every process answers the same (scrape one, or take max()).
    for (const table of ['orders', 'withdrawals'] as const) {
      new Gauge({
        name: `venuely_${table}`,
        help: `${table === 'orders' ? 'Orders' : 'Withdrawals'} by status, in the database`,
        labelNames: ['status'],
        registers: [registry],
        async collect() {
          try {
            const rows = await app.db
              .selectFrom(table)
              .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
              .groupBy('status')
              .execute();
            this.reset();
            for (const row of rows) this.set({ status: row.status }, Number(row.n));
          } catch (error) {
            // A scrape while the database is away shows no series rather than failing every other metric.
            this.reset();
            app.log.warn({ err: (error as Error).message }, `metrics: ${table} not counted`);
          }
        },
      });
    }

    if (!enabled) return;
    app.addHook('onResponse', async (request, reply) => {
      const url = request.routeOptions.url;
      if (!url?.startsWith(API_PREFIX)) return;
      const call = url.slice(API_PREFIX.length);
      requests.inc({ call, outcome: outcomeOf(reply.statusCode, apiStatus.get(request)) });
      duration.observe({ call }, reply.elapsedTime / 1000);
    });

    if (token !== null) {
      app.get('/metrics', async (request, reply) => {
        const header = request.headers.authorization ?? '';
        const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
        reply.header('cache-control', 'no-store');
        if (!sent || !sameToken(sent, token)) return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'unauthorized' });
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }

    if (port !== null) {
      const server: Server = createServer((req, res) => {
        if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
          return;
        }
        registry.metrics().then(
          (body) => res.writeHead(200, { 'content-type': registry.contentType }).end(body),
          (error: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
        );
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      app.log.info({ host, port }, 'metrics listening');
      app.addHook('onClose', async () => {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });
    }
  },
  { name: 'metrics', dependencies: ['core'] },
);
