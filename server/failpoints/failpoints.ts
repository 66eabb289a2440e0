import { writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * Crash points (issue 32 item 3; DESIGN section 8 "a crash (kill -9) at any point leaves the database
 * consistent"). The crash suite (tests/crash/) starts the real server with `FAILPOINTS=<name>,…` and the process
 * kills itself with SIGKILL when it reaches one of them: no shutdown hook, no flush, no rollback, as when the machine
 * loses power or the kernel's OOM killer picks it. The suite then restarts it and checks the data.
 *
 * Two kinds of point:
 * - a named point in the code, each inside its transaction after every write and before the commit:
 *   `listing.create`, `listing.update`, `unlock`, `order.paid`, `withdrawal.apply`, `withdrawal.pay`,
 *   `withdrawal.reject` (FAILPOINT_NAMES);
 * - `reply:<METHOD> <route>` (e.g. `reply:POST /api/user/apply_withdraw`): after the route's work committed, before
 *   its answer leaves, so the client never learns that it succeeded and retries.
 *
 * Unset (every real deployment) a point costs one comparison, and the reply hook is not even added. The config refuses
 * FAILPOINTS with NODE_ENV=production (server/config.ts). The set is per process, as the kill is.
 */
export const FAILPOINT_NAMES = ['listing.create', 'listing.update', 'unlock', 'order.paid', 'withdrawal.apply', 'withdrawal.pay', 'withdrawal.reject'] as const;
export type FailpointName = (typeof FAILPOINT_NAMES)[number];

let armed: ReadonlySet<string> = new Set();

/** Arms the named points of this process (the config's `failpoints`); an empty list disarms them. */
export function armFailpoints(names: readonly string[]): void {
  armed = new Set(names);
}

/** Kills this process with SIGKILL when `name` is armed; else nothing. */
export function failpoint(name: FailpointName | `reply:${string}`): void {
  if (armed.size === 0 || !armed.has(name)) return;
  // Written synchronously, so the line is out before the process is gone: the suite reads it as proof of where it died.
  writeSync(2, `failpoint ${name}: killing the process with SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered at once; nothing of this thread may run in between (no commit, no answer).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}

/** Adds the `reply:` points' hook to `app` when any is armed: the answer to an armed route never leaves. */
export function registerReplyFailpoints(app: FastifyInstance, names: readonly string[]): void {
  if (!names.some((name) => name.startsWith('reply:'))) return;
  app.addHook('onSend', async (request) => {
    failpoint(`reply:${request.method} ${request.routeOptions.url ?? request.url}`);
  });
}

/** FAILPOINTS as the config reads it: comma-separated names, each a known point or a `reply:` point. */
export function parseFailpoints(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(FAILPOINT_NAMES as readonly string[]).includes(name) && !/^reply:(GET|POST|PUT|PATCH|DELETE) \/\S*$/.test(name)) {
      throw new Error(`FAILPOINTS: unknown point "${name}" (known: ${FAILPOINT_NAMES.join(', ')}, or reply:<METHOD> <route>)`);
    }
  }
  return names;
}
