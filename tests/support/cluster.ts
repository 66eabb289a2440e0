import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabaseUrl } from './databases';
import { freePort } from './free-port';
import { type Balancer, startHaproxy } from './haproxy';
import { createRawClient } from './raw-client';
import { startRedisServer } from './redis-server';
import { startS3Server } from './s3-server';
import pg from 'pg';
import { type ServerProcess, startServerProcess } from './server-process';

/** One app process of the cluster: its own OS process, port and DATA_DIR. */
export interface ClusterNode {
  name: string;
  port: number;
  url: string;
  server: ServerProcess;
}

export interface Cluster {
  /** The balancer's address: what every client uses. */
  url: string;
  imUrl: string;
  nodes: ClusterNode[];
  env: Record<string, string>;
  /** A query on the cluster's database, for the state no API call makes (a membership, an approved identity). */
  sql(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** A raw API client through the balancer (or straight to `baseUrl`). */
  client(baseUrl?: string): ReturnType<typeof createRawClient>;
  /** Starts the node again on its port (after a kill or a stop), and waits until the balancer sends to it. */
  restart(name: string): Promise<void>;
  /** Resolves once `names` all answer through the balancer (each seen in X-Served-By). */
  waitForNodes(names: string[], timeoutMs?: number): Promise<void>;
  balancer: Balancer;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Settings added to every process. */
  extraEnv?: Record<string, string>;
  /**
   * The shared database: a fresh one of the test suite's PostgreSQL by default (vitest's global setup); the
   * benchmarks, which run outside vitest, hand in a scratch database of their own (dropped by `drop` at stop).
   */
  database?: { url: string; drop(): Promise<void> };
  /** Files in an S3 bucket of s3rver (the default), or in each process's own DATA_DIR (a run that stores no files). */
  s3?: boolean;
  /** Settings of one process only, by its name (app1, app2, …): a metrics port of its own. */
  nodeEnv?: (name: string) => Record<string, string> | Promise<Record<string, string>>;
}

/**
 * DESIGN section 9's many-machine mode on loopback: PostgreSQL, a real redis-server, `count` server processes (each
 * its own OS process, port and DATA_DIR, sharing only what the design shares, files in an S3 bucket of s3rver on
 * loopback) and HAProxy in front of them with docs/ops/haproxy.cfg. `options.extraEnv` adds settings to every process.
 */
export async function startCluster(count: number, options: ClusterOptions = {}): Promise<Cluster> {
  const { extraEnv = {}, s3: withS3 = true } = options;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const database = options.database ?? (await createTestDatabaseUrl());
    cleanups.push(() => database.drop());
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    // The shared file storage: a real S3-compatible server (s3rver) on loopback, one bucket for every process.
    const s3 = withS3 ? await startS3Server() : null;
    if (s3) cleanups.push(() => s3.stop());
    const lbPort = await freePort();
    const env: Record<string, string> = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      API_AES_KEY: randomBytes(32).toString('hex'),
      API_SIGN_KEY: randomBytes(32).toString('hex'),
      SERVER_SECRET: randomBytes(32).toString('hex'),
      KYC_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
      IM_URLS: `ws://127.0.0.1:${lbPort}/im`,
      TRUST_PROXY: '1',
      // The balancer probes every 500 ms and takes a node out after two failures.
      DRAIN_DELAY_MS: '1500',
      ...(s3
        ? {
            S3_BUCKET: s3.bucket,
            S3_ENDPOINT: s3.endpoint,
            S3_FORCE_PATH_STYLE: '1',
            AWS_REGION: 'us-east-1',
            AWS_ACCESS_KEY_ID: 'S3RVER',
            AWS_SECRET_ACCESS_KEY: 'S3RVER',
          }
        : {}),
      ...extraEnv,
    };
    const nodes: ClusterNode[] = [];
    const start = async (name: string, port: number) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `venuely-${name}-`));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      return startServerProcess(port, { ...env, ...(await options.nodeEnv?.(name)), DATA_DIR: dataDir });
    };
    // One at a time: the first migrates the shared database.
    for (let i = 1; i <= count; i += 1) {
      const port = await freePort();
      const name = `app${i}`;
      nodes.push({ name, port, url: `http://127.0.0.1:${port}`, server: await start(name, port) });
    }
    cleanups.push(async () => {
      for (const node of nodes) await node.server.stop();
    });
    const balancer = await startHaproxy(lbPort, nodes);
    cleanups.push(() => balancer.stop());

    const waitForNodes = async (names: string[], timeoutMs = 20_000) => {
      const seen = new Set<string>();
      const deadline = Date.now() + timeoutMs;
      while (!names.every((name) => seen.has(name))) {
        if (Date.now() > deadline) throw new Error(`the balancer did not reach ${names.filter((n) => !seen.has(n)).join(', ')}:\n${balancer.output()}`);
        try {
          const res = await fetch(`${balancer.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
          const by = res.headers.get('x-served-by');
          if (res.status === 200 && by) seen.add(by);
        } catch {
          // Not yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await waitForNodes(nodes.map((n) => n.name));

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    cleanups.push(() => db.end());

    return {
      url: balancer.url,
      sql: async (text, values = []) => (await db.query(text, values)).rows as Record<string, unknown>[],
      imUrl: env.IM_URLS,
      nodes,
      env,
      balancer,
      client: (baseUrl = balancer.url) => createRawClient(baseUrl, env.API_AES_KEY, env.API_SIGN_KEY),
      async restart(name) {
        const node = nodes.find((n) => n.name === name);
        if (!node) throw new Error(`no node ${name}`);
        node.server = await start(name, node.port);
        await waitForNodes([name]);
      },
      waitForNodes,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
