import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';

/**
 * Health and readiness (DESIGN section 9, issue 32 item 4), on the app's own port, for a load balancer and an
 * orchestrator:
 * - `GET /healthz`: 200 while the process runs and its event loop answers, also while it drains (a liveness probe
 *   must not restart a process that is shutting down on purpose).
 * - `GET /readyz`: 200 when every dependency answers (the database, Redis when configured, the file storage), 503
 *   when one does not (each check has READY_CHECK_TIMEOUT_MS) and from the moment the process starts draining. The
 *   body names each check and its state, never an error's text (it may hold a host name or a credential).
 *
 * Draining (`app.health.drain()`, start.ts on SIGTERM) makes /readyz answer 503 and runs what the domains
 * registered with `onDrain` (the chat closes its sockets with 1001 and refuses new ones), while the HTTP server goes
 * on serving: a balancer sees the 503 and stops sending requests, then start.ts closes the app, which finishes the
 * requests in flight.
 */

/** How long one dependency may take to answer a readiness probe before it counts as unreachable. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

type Check = () => Promise<unknown>;

export interface Health {
  /** A dependency /readyz must reach: `check` resolves when it answers and throws (or hangs) when it does not. */
  addCheck(name: string, check: Check): void;
  /** Runs once when draining starts, before the app closes. */
  onDrain(hook: () => void | Promise<void>): void;
  /** Turns the process not ready and runs the drain hooks; idempotent. */
  drain(): Promise<void>;
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    health: Health;
  }
}

type CheckState = 'ok' | 'unreachable' | 'timeout';

async function runCheck(check: Check): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then((): CheckState => 'ok', (): CheckState => 'unreachable'), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8');
}

export default fp(
  async function healthPlugin(app: FastifyInstance) {
    const checks = new Map<string, Check>();
    const drainHooks: (() => void | Promise<void>)[] = [];
    let draining: Promise<void> | null = null;

    const health: Health = {
      addCheck(name, check) {
        if (checks.has(name)) throw new Error(`readiness check ${name} is already registered`);
        checks.set(name, check);
      },
      onDrain(hook) {
        drainHooks.push(hook);
      },
      drain() {
        draining ??= (async () => {
          for (const hook of drainHooks) {
            try {
              await hook();
            } catch (error) {
              app.log.error({ err: error }, 'drain hook failed');
            }
          }
        })();
        return draining;
      },
      get draining() {
        return draining !== null;
      },
    };
    app.decorate('health', health);

    // The database is every process's first dependency.
    health.addCheck('database', () => sql`select 1`.execute(app.db));

    app.get('/healthz', async (_request, reply) => noStore(reply).send({ status: 'ok' }));

    app.get('/readyz', async (_request, reply) => {
      if (health.draining) return noStore(reply).code(503).send({ status: 'draining' });
      const names = [...checks.keys()];
      const states = await Promise.all(names.map((name) => runCheck(checks.get(name)!)));
      const result = Object.fromEntries(names.map((name, i) => [name, states[i]]));
      // A drain that began while the checks ran wins: the balancer must stop sending at once.
      if (health.draining) return noStore(reply).code(503).send({ status: 'draining' });
      const ready = states.every((state) => state === 'ok');
      return noStore(reply)
        .code(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', checks: result });
    });
  },
  { name: 'health', fastify: '5.x', dependencies: ['core'] },
);
