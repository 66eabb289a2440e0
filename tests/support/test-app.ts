import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { DEFAULT_ECONOMY } from '../../src/contract/economy';
import { DEFAULT_CHAT_LIMITS } from '../../server/chat/chat-limits';
import { type AppConfig, DEFAULT_RATE_LIMITS, type RateLimits } from '../../server/config';
import { DEFAULT_RETENTION } from '../../server/retention/retention.job';
import type { DatabaseHandle, DatabaseKind } from '../../server/db/database';
import { openTestDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  baseUrl: string;
  close(): Promise<void>;
}

/** Rate limits high enough that functional suites never hit them; the rate-limit suite sets its own. */
export const RELAXED_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(DEFAULT_RATE_LIMITS).map(([name, rule]) => [name, { ...rule, max: 10_000 }]),
) as unknown as RateLimits;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: null,
    redisUrl: null,
    smtpUrl: null,
    mailFrom: 'Venuely <no-reply@venuely.test>',
    publicUrl: 'http://venuely.test',
    imUrls: [],
    stripeSecretKey: null,
    stripePublishableKey: null,
    stripeWebhookSecret: null,
    stripeApiBase: null,
    aesKey: randomBytes(32).toString('hex'),
    signKey: randomBytes(32).toString('hex'),
    serverSecret: randomBytes(32).toString('hex'),
    kycKey: randomBytes(32).toString('hex'),
    production: false,
    apiDebug: false,
    distDir: path.join(dataDir, 'no-dist'),
    logLevel: 'silent',
    rateLimits: RELAXED_RATE_LIMITS,
    // Argon2id at its minimum cost keeps suites fast; production uses the OWASP parameters in config.ts.
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    seedDemo: false,
    economy: DEFAULT_ECONOMY,
    chatLimits: DEFAULT_CHAT_LIMITS,
    shutdown: { drainDelayMs: 0, timeoutMs: 5_000 },
    storage: { kind: 'local' },
    failpoints: [],
    metrics: { port: null, host: '127.0.0.1', token: null },
    // No scheduled retention in apps the suites build: its own suite turns it on (server/retention/).
    retention: { ...DEFAULT_RETENTION, enabled: false },
    ...overrides,
  };
}

/** The real server on a loopback port, on a fresh database of the kind. */
export async function startTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppConfig> = {},
  hooks: { beforeListen?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = await openTestDatabase(kind);
  const app = await buildApp(config, { database, logger: false });
  hooks.beforeListen?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    app,
    database,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
