import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
/** The sample configuration the README shows; the tests run this very file. */
export const HAPROXY_SAMPLE = fileURLToPath(new URL('../../docs/ops/haproxy.cfg', import.meta.url));

export interface Balancer {
  url: string;
  port: number;
  stop(): Promise<void>;
  output(): string;
}

/**
 * HAProxy from Debian in front of `servers` (name → loopback port), with docs/ops/haproxy.cfg as its configuration.
 * Fails with the install command when the binary is missing, so a machine without it never passes by skipping.
 */
export async function startHaproxy(port: number, servers: { name: string; port: number }[]): Promise<Balancer> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} not found: apt-get install -y haproxy (or set HAPROXY_PATH)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'venuely-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const sample = readFileSync(HAPROXY_SAMPLE, 'utf8');
  if (!sample.includes('${BIND}') || !sample.includes('# servers')) throw new Error(`${HAPROXY_SAMPLE} lost its placeholders`);
  const lines = servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port} check`).join('\n');
  writeFileSync(file, sample.replaceAll('${BIND}', `127.0.0.1:${port}`).replace('    # servers', `    # servers\n${lines}`));
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) {
    throw new Error(`haproxy refused its configuration (exit ${check.status}, ${check.error?.message ?? 'no spawn error'}):\n${check.stderr}${check.stdout}\n${readFileSync(file, 'utf8')}`);
  }
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  const keep = (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-50_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${printed}`);
    try {
      await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy did not listen on ${port}:\n${printed}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    port,
    output: () => printed,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
