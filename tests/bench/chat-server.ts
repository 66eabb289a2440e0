import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';

/**
 * One server process of the chat benchmark's multi-process run (chat.bench.ts): the real app (buildApp, as
 * `npm start` builds it, without the SPA build and the demo seed) on a loopback port, driven over IPC:
 *   `{ config }` → builds and listens, answers `{ port }` (or `{ error }`);
 *   `{ mark: true }` → notes its CPU time and event-loop utilisation, answers `{ marked: true }`;
 *   `{ since: true }` → answers `{ since: { cpuUs, elu } }`, this process's CPU time and main-thread utilisation
 *   since the mark;
 *   `{ stop: true }` → closes the app (sockets, Redis, database) and exits.
 * The parent going away ends it too.
 */

export type ChatServerRequest = { config: AppConfig } | { mark: true } | { since: true } | { stop: true };
export type ChatServerReply = { port: number } | { marked: true } | { since: { cpuUs: number; elu: number } } | { error: string };

const reply = (message: ChatServerReply) => process.send!(message);
let app: FastifyInstance | null = null;
let cpuFrom = process.cpuUsage();
let eluFrom: EventLoopUtilization = performance.eventLoopUtilization();

process.once('disconnect', () => process.exit(0));
process.on('message', (request: ChatServerRequest) => {
  if ('config' in request) {
    buildApp(request.config, { logger: false })
      .then(async (built) => {
        app = built;
        await built.listen({ port: 0, host: '127.0.0.1' });
        reply({ port: (built.server.address() as { port: number }).port });
      })
      .catch((error: unknown) => reply({ error: (error as Error)?.stack ?? String(error) }));
  } else if ('mark' in request) {
    cpuFrom = process.cpuUsage();
    eluFrom = performance.eventLoopUtilization();
    reply({ marked: true });
  } else if ('since' in request) {
    const cpu = process.cpuUsage(cpuFrom);
    reply({ since: { cpuUs: cpu.user + cpu.system, elu: performance.eventLoopUtilization(eluFrom).utilization } });
  } else {
    void (app?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  }
});
