import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_ECONOMY, type EconomyConfig, economyConfig } from '@/contract/economy';
import { type ChatLimitRules, DEFAULT_CHAT_LIMITS } from './chat/chat-limits';
import { parseFailpoints } from './failpoints/failpoints';
import { checkRetentionDays, DEFAULT_RETENTION, type RetentionConfig } from './retention/retention.job';

/**
 * Configuration is environment variables only (DESIGN section 3); every one is documented in the README with
 * its default. Rate limits are configuration too, so tests can tighten or loosen them per suite.
 */

export interface RateLimitRule {
  /** Requests allowed per window. */
  max: number;
  /** Window, milliseconds. */
  windowMs: number;
}

export interface RateLimits {
  loginPerIp: RateLimitRule;
  loginPerAccount: RateLimitRule;
  registerPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerAccount: RateLimitRule;
  emailCodePerIp: RateLimitRule;
  emailCodePerAccount: RateLimitRule;
  /** account/checkUsername and account/isUseEmail (each reveals whether an account exists) per IP. */
  accountProbePerIp: RateLimitRule;
  /** The same per guest id (oauth_id). */
  accountProbePerGuest: RateLimitRule;
  /** Visit reports written per account (each may carry 6 images to re-encode). */
  visitReportPerAccount: RateLimitRule;
  /** Feedback messages sent per account. */
  feedbackPerAccount: RateLimitRule;
  /** Abuse reports (user/report) sent per account. */
  reportPerAccount: RateLimitRule;
  /** Chat photos uploaded per account (each is re-encoded). */
  chatImagePerAccount: RateLimitRule;
  /** Identity verification applications sent per account (each carries up to 3 document images to re-encode). */
  kycApplyPerAccount: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerIp: { max: 30, windowMs: 10 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 20, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
  emailCodePerIp: { max: 20, windowMs: 60 * 60_000 },
  emailCodePerAccount: { max: 5, windowMs: 60 * 60_000 },
  accountProbePerIp: { max: 30, windowMs: 60_000 },
  accountProbePerGuest: { max: 20, windowMs: 60_000 },
  visitReportPerAccount: { max: 10, windowMs: 60 * 60_000 },
  feedbackPerAccount: { max: 10, windowMs: 60 * 60_000 },
  reportPerAccount: { max: 30, windowMs: 60 * 60_000 },
  chatImagePerAccount: { max: 30, windowMs: 10 * 60_000 },
  kycApplyPerAccount: { max: 10, windowMs: 60 * 60_000 },
};

/**
 * Where files are stored (server/storage/file-storage.ts): DATA_DIR (uploads/ and kyc/ under it) unless S3_BUCKET
 * names a bucket of S3-compatible object storage.
 */
export type StorageConfig = { kind: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** S3_ENDPOINT: an S3-compatible server instead of AWS (`http(s)://host[:port]`); null for AWS S3 itself. */
  endpoint: string | null;
  /** S3_FORCE_PATH_STYLE=1: `endpoint/bucket/key` addressing, which most self-hosted servers need. */
  forcePathStyle: boolean;
  region: string;
  /** AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; null lets the SDK find credentials itself (an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite under dataDir/pgdata (or in memory when dataDir is ':memory:'). */
  databaseUrl: string | null;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  imUrls: string[];
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  stripeWebhookSecret: string | null;
  /**
   * Where the Stripe SDK sends API requests (`http(s)://host:port`), instead of api.stripe.com. For a stand-in of
   * Stripe's API (the tests' loopback one, or stripe-mock); unset in any real deployment.
   */
  stripeApiBase: string | null;
  aesKey: string;
  signKey: string;
  /**
   * Server-only secret (64 hex characters) that signs what grants identity: chat tokens and any other server-issued
   * grant. Unlike the envelope keys it never reaches a client; every process of one deployment must share it.
   */
  serverSecret: string;
  /**
   * AES-256-GCM key (64 hex characters) of identity documents at rest (DATA_DIR/kyc). KYC_KEY, else derived from the
   * server secret, so a deployment that keeps its secret keeps its documents readable.
   */
  kycKey: string;
  /** NODE_ENV=production: no secret is ever logged, even without SMTP. */
  production: boolean;
  /** Accept plain (debug) requests that carry debug=1. Never in production. */
  apiDebug: boolean;
  /** Directory of the built SPA (index.html + assets). */
  distDir: string;
  logLevel: string;
  rateLimits: RateLimits;
  /** Argon2id cost; tests lower it to keep suites fast, never below OWASP's minimum in production. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  seedDemo: boolean;
  /** DESIGN section 6's economy, overridable with ECONOMY_JSON; served to clients by home/economy. */
  economy: EconomyConfig;
  /** The chat socket's frame budget and socket cap per user, across processes (server/chat/chat-limits.ts). */
  chatLimits: ChatLimitRules;
  /**
   * SIGTERM (start.ts): not ready at once, then `drainDelayMs` for the load balancer's health check to notice, then
   * the app closes and finishes its requests; past `timeoutMs` from the signal the process exits anyway (code 1).
   */
  shutdown: { drainDelayMs: number; timeoutMs: number };
  /** Where uploaded pictures and identity documents are kept: DATA_DIR, or an S3 bucket (S3_BUCKET). */
  storage: StorageConfig;
  /** The crash suite's kill points (FAILPOINTS; server/failpoints/failpoints.ts); empty everywhere else. */
  failpoints: string[];
  /**
   * Prometheus metrics (server/metrics/metrics.plugin.ts): on a port of their own (METRICS_PORT on METRICS_HOST, by
   * default loopback only), and/or at /metrics on the app's port for a bearer METRICS_TOKEN. Neither: not served.
   */
  metrics: { port: number | null; host: string; token: string | null };
  /**
   * The retention job (server/retention/): whether this process schedules it (RETENTION), how often it runs across
   * the deployment (RETENTION_INTERVAL_MINUTES) and the days each table keeps a row (RETENTION_DAYS_JSON).
   */
  retention: RetentionConfig;
}

/** Two failed probes of a balancer checking /readyz every second, with a margin (README, "Running on several machines"). */
export const DEFAULT_DRAIN_DELAY_MS = 3_000;
/** From SIGTERM to a forced exit: the drain delay plus time for slow requests (an upload, a payment call) to finish. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 20_000;

const hexKey = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Venuely <no-reply@localhost>'),
  PUBLIC_URL: z.string().optional(),
  IM_URLS: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  API_AES_KEY: hexKey.optional(),
  API_SIGN_KEY: hexKey.optional(),
  SERVER_SECRET: hexKey.optional(),
  KYC_KEY: hexKey.optional(),
  API_DEBUG: z.enum(['0', '1']).default('0'),
  PAYMENTS_SANDBOX: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.string().default('info'),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  ECONOMY_JSON: z.string().optional(),
  CHAT_FRAMES_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(DEFAULT_CHAT_LIMITS.framesPerSecond),
  CHAT_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(100).default(DEFAULT_CHAT_LIMITS.socketsPerUser),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(DEFAULT_DRAIN_DELAY_MS),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  FAILPOINTS: z.string().optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters (for example `openssl rand -hex 16`)').optional(),
  RETENTION: z.enum(['0', '1']).default('1'),
  RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(DEFAULT_RETENTION.intervalMs / 60_000),
  RETENTION_DAYS_JSON: z.string().optional(),
  // S3's own naming rules (3–63 characters, lower case, digits, '.' and '-', starting and ending with a letter or
  // digit), so a typo stops the start instead of the first upload.
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 characters: a-z, 0-9, "." and "-")')
    .refine((name) => !name.includes('..') && !/^\d+\.\d+\.\d+\.\d+$/.test(name), 'must be an S3 bucket name, not an IP address or a name with ".."')
    .optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  AWS_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-west-1').optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
});


/**
 * The economy: DESIGN section 6's defaults, with ECONOMY_JSON (a JSON object) replacing any of its top-level keys.
 * The result is validated whole; a mistake stops the start with a message naming ECONOMY_JSON and the key.
 */
function loadEconomy(json: string | undefined): EconomyConfig {
  if (!json) return DEFAULT_ECONOMY;
  let override: unknown;
  try {
    override = JSON.parse(json);
  } catch {
    throw new ConfigError('ECONOMY_JSON is not valid JSON.');
  }
  if (typeof override !== 'object' || override === null || Array.isArray(override)) {
    throw new ConfigError('ECONOMY_JSON must be a JSON object whose keys replace those of the default economy.');
  }
  const unknown = Object.keys(override).filter((key) => !(key in DEFAULT_ECONOMY));
  if (unknown.length > 0) throw new ConfigError(`ECONOMY_JSON: unknown key ${unknown.map((k) => `"${k}"`).join(', ')}.`);
  const parsed = economyConfig.safeParse({ ...DEFAULT_ECONOMY, ...override });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`ECONOMY_JSON: ${issue.path.join('.') || 'value'}: ${issue.message}`);
  }
  return parsed.data;
}

const retentionDays = z.strictObject(
  Object.fromEntries(Object.keys(DEFAULT_RETENTION.days).map((table) => [table, z.number().int().min(1).max(3650)])) as Record<
    keyof RetentionConfig['days'],
    z.ZodNumber
  >,
);

/**
 * The retention job's settings: its defaults, with RETENTION_DAYS_JSON (a JSON object of days by table name) replacing
 * any table's days. A mistake stops the start with a message naming RETENTION_DAYS_JSON and the table.
 */
function loadRetention(e: { RETENTION: '0' | '1'; RETENTION_INTERVAL_MINUTES: number; RETENTION_DAYS_JSON?: string }): RetentionConfig {
  let override: object = {};
  if (e.RETENTION_DAYS_JSON) {
    try {
      override = JSON.parse(e.RETENTION_DAYS_JSON) as object;
    } catch {
      throw new ConfigError('RETENTION_DAYS_JSON is not valid JSON.');
    }
    if (typeof override !== 'object' || override === null || Array.isArray(override)) {
      throw new ConfigError(`RETENTION_DAYS_JSON must be a JSON object of days by table (for example {"page_views": 30}); tables: ${Object.keys(DEFAULT_RETENTION.days).join(', ')}.`);
    }
  }
  const parsed = retentionDays.safeParse({ ...DEFAULT_RETENTION.days, ...override });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.code === 'unrecognized_keys' ? `unknown table ${issue.keys.map((k) => `"${k}"`).join(', ')}` : `${issue.path.join('.')}: must be a whole number of days from 1 to 3650`;
    throw new ConfigError(`RETENTION_DAYS_JSON: ${where}.`);
  }
  const problem = checkRetentionDays(parsed.data);
  if (problem) throw new ConfigError(`RETENTION_DAYS_JSON: ${problem}.`);
  return { ...DEFAULT_RETENTION, enabled: e.RETENTION === '1', intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000, days: parsed.data };
}

/** A configuration the server refuses to start with; start.ts prints only its message, which names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/**
 * Stripe is all or nothing: with STRIPE_SECRET_KEY set the browser needs the publishable key and the webhook
 * endpoint its signing secret (a webhook that cannot be verified is never trusted), so a half configuration stops
 * the start instead of failing on the first payment.
 */
function checkStripe(e: { STRIPE_SECRET_KEY?: string; STRIPE_PUBLISHABLE_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_BASE?: string }): void {
  if (e.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter((name) => !e[name]);
    if (missing.length > 0) throw new ConfigError(`STRIPE_SECRET_KEY is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not: set all three, or none to use the sandbox provider.`);
  } else if (e.STRIPE_PUBLISHABLE_KEY || e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY or STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: set all three, or none to use the sandbox provider.');
  }
  if (e.STRIPE_API_BASE) {
    let url: URL | null = null;
    try {
      url = new URL(e.STRIPE_API_BASE);
    } catch {
      // Reported below.
    }
    // The SDK takes a protocol, a host and a port: a path, a query or credentials would be silently dropped.
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      throw new ConfigError('STRIPE_API_BASE must be http(s)://host[:port] with nothing after it (for example http://127.0.0.1:12111).');
    }
  }
}

/**
 * Test mode and debug mode never reach production by accident (DESIGN sections 4 and 9; issue 29):
 * - PAYMENTS_SANDBOX=1 asks for the sandbox provider, so it contradicts a STRIPE_SECRET_KEY in any mode.
 * - With NODE_ENV=production the sandbox, whose pay page lets any member approve their own order, runs only when
 *   PAYMENTS_SANDBOX=1 says so (a staging or demo deployment); otherwise the start stops and names both ways out.
 *   Outside production the sandbox stays the default, so `npm install && npm start` needs no setup.
 * - API_DEBUG=1 accepts unencrypted requests: never with NODE_ENV=production.
 */
function checkProduction(production: boolean, e: { STRIPE_SECRET_KEY?: string; PAYMENTS_SANDBOX: '0' | '1'; API_DEBUG: '0' | '1'; FAILPOINTS?: string }): void {
  if (e.PAYMENTS_SANDBOX === '1' && e.STRIPE_SECRET_KEY) {
    throw new ConfigError('PAYMENTS_SANDBOX=1 asks for the sandbox payment provider but STRIPE_SECRET_KEY is set: unset one of them.');
  }
  if (!production) return;
  if (e.FAILPOINTS?.trim()) {
    throw new ConfigError('FAILPOINTS makes the process kill itself at the named points (the crash tests) and is refused with NODE_ENV=production: unset FAILPOINTS.');
  }
  if (e.API_DEBUG === '1') {
    throw new ConfigError('API_DEBUG=1 accepts unencrypted (debug) requests and is refused with NODE_ENV=production: unset API_DEBUG (or NODE_ENV outside production).');
  }
  if (!e.STRIPE_SECRET_KEY && e.PAYMENTS_SANDBOX !== '1') {
    throw new ConfigError(
      'NODE_ENV=production needs real payments: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, ' +
        'or set PAYMENTS_SANDBOX=1 to run on the sandbox payment provider in test mode (its purchases are not real money and are never paid out).',
    );
  }
}

/**
 * The storage settings: DATA_DIR unless S3_BUCKET is set. An S3 setting without S3_BUCKET, an endpoint that is not
 * `http(s)://host[:port]`, one of the two access keys without the other, or AWS S3 without a region stops the start
 * with a message naming the variable, instead of the first upload failing.
 */
function loadStorage(e: {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE: '0' | '1';
  AWS_REGION?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
}): StorageConfig {
  if (!e.S3_BUCKET) {
    // AWS_* may be set for other tools on the machine; only the S3_* settings are this app's own.
    if (e.S3_ENDPOINT || e.S3_FORCE_PATH_STYLE === '1') {
      throw new ConfigError('S3_ENDPOINT or S3_FORCE_PATH_STYLE is set but S3_BUCKET is not: set S3_BUCKET to store files in that bucket, or unset them to keep files in DATA_DIR.');
    }
    return { kind: 'local' };
  }
  let endpoint: string | null = null;
  if (e.S3_ENDPOINT) {
    let url: URL | null = null;
    try {
      url = new URL(e.S3_ENDPOINT);
    } catch {
      // Reported below.
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      throw new ConfigError('S3_ENDPOINT must be http(s)://host[:port] with nothing after it (for example http://127.0.0.1:9000); credentials go in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.');
    }
    endpoint = url.origin;
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    throw new ConfigError(`${e.AWS_ACCESS_KEY_ID ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY'} is set but ${e.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'} is not: set both, or neither to use the credentials the machine provides (an instance role).`);
  }
  // AWS itself needs the bucket's region; a self-hosted server (S3_ENDPOINT) usually accepts any, conventionally this one.
  if (!e.AWS_REGION && !endpoint) throw new ConfigError('S3_BUCKET is set without S3_ENDPOINT, so the bucket is on AWS: set AWS_REGION to its region (for example eu-west-1).');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    region: e.AWS_REGION ?? 'us-east-1',
    credentials: e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : null,
  };
}

/** Reads a JSON file of hex keys kept under DATA_DIR; a damaged file is refused, never silently replaced. */
function readKeyFile<K extends string>(file: string, names: readonly K[]): Record<K, string> | null {
  if (!existsSync(file)) return null;
  let stored: Record<string, unknown>;
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new ConfigError(`${file} is not valid JSON. Restore it from a backup (clients and sessions depend on its keys), or delete it to generate new keys.`);
  }
  for (const name of names) {
    const value = stored?.[name];
    if (typeof value !== 'string' || !HEX_KEY.test(value)) {
      throw new ConfigError(`${file}: "${name}" must be 64 hex characters. Restore the file from a backup, or delete it to generate new keys.`);
    }
  }
  return stored as Record<K, string>;
}

/** Writes a new key file; 'wx' fails rather than overwrite one that appeared meanwhile (another process starting). */
function createKeyFile<K extends string>(dataDir: string, file: string, names: readonly K[]): Record<K, string> {
  const keys = Object.fromEntries(names.map((n) => [n, randomBytes(32).toString('hex')])) as Record<K, string>;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readKeyFile(file, names)!;
    throw error;
  }
  return keys;
}

/**
 * Envelope keys: both from the environment, or both from dataDir/keys.json (generated on first start, mode 600).
 * Half-set keys are refused, and the stored file is never rewritten: overwriting it would break every installed
 * client and the keys an operator backed up.
 */
function loadEnvelopeKeys(dataDir: string, env: { API_AES_KEY?: string; API_SIGN_KEY?: string }) {
  if (env.API_AES_KEY && env.API_SIGN_KEY) return { aesKey: env.API_AES_KEY, signKey: env.API_SIGN_KEY };
  if (env.API_AES_KEY || env.API_SIGN_KEY) {
    const [set, missing] = env.API_AES_KEY ? ['API_AES_KEY', 'API_SIGN_KEY'] : ['API_SIGN_KEY', 'API_AES_KEY'];
    throw new ConfigError(`${set} is set but ${missing} is not: set both (64 hex characters each), or neither to use the keys kept in ${path.join(dataDir, 'keys.json')}.`);
  }
  const file = path.join(dataDir, 'keys.json');
  const names = ['aesKey', 'signKey'] as const;
  const keys = readKeyFile(file, names) ?? createKeyFile(dataDir, file, names);
  return { aesKey: keys.aesKey, signKey: keys.signKey };
}

/** SERVER_SECRET, else dataDir/server-secret.json (generated once, mode 600, never rewritten). */
function loadServerSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'server-secret.json');
  const names = ['serverSecret'] as const;
  return (readKeyFile(file, names) ?? createKeyFile(dataDir, file, names)).serverSecret;
}

/**
 * The key of identity documents at rest when KYC_KEY is unset: HKDF-SHA256 of the server secret with a purpose label,
 * so it is never the secret itself (which also signs grants) and `npm start` needs no setup. Changing SERVER_SECRET
 * then changes this key too: set KYC_KEY before rotating the secret, or stored documents can no longer be read.
 */
export function deriveKycKey(serverSecretHex: string): string {
  return Buffer.from(hkdfSync('sha256', Buffer.from(serverSecretHex, 'hex'), Buffer.alloc(0), 'venuely kyc documents v1', 32)).toString('hex');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  checkStripe(e);
  const storage = loadStorage(e);
  checkProduction(env.NODE_ENV === 'production', e);
  const dataDir = path.resolve(e.DATA_DIR);
  const keys = loadEnvelopeKeys(dataDir, e);
  const serverSecret = loadServerSecret(dataDir, e.SERVER_SECRET);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    redisUrl: e.REDIS_URL || null,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    imUrls: e.IM_URLS ? e.IM_URLS.split(',').map((s) => s.trim()).filter(Boolean) : [],
    stripeSecretKey: e.STRIPE_SECRET_KEY || null,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY || null,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET || null,
    stripeApiBase: e.STRIPE_API_BASE ? e.STRIPE_API_BASE.replace(/\/$/, '') : null,
    ...keys,
    serverSecret,
    kycKey: e.KYC_KEY ?? deriveKycKey(serverSecret),
    production: env.NODE_ENV === 'production',
    apiDebug: e.API_DEBUG === '1',
    distDir: path.resolve('dist'),
    logLevel: e.LOG_LEVEL,
    rateLimits: DEFAULT_RATE_LIMITS,
    argon2: { memoryCost: 19_456, timeCost: 2, parallelism: 1 },
    // The demo accounts have public passwords (an admin among them): a production start seeds them only when asked.
    seedDemo: (e.SEED_DEMO ?? (env.NODE_ENV === 'production' ? '0' : '1')) === '1',
    economy: loadEconomy(e.ECONOMY_JSON),
    chatLimits: { framesPerSecond: e.CHAT_FRAMES_PER_SECOND, socketsPerUser: e.CHAT_SOCKETS_PER_USER },
    shutdown: { drainDelayMs: e.DRAIN_DELAY_MS, timeoutMs: Math.max(e.SHUTDOWN_TIMEOUT_MS, e.DRAIN_DELAY_MS + 1_000) },
    storage,
    failpoints: loadFailpoints(e.FAILPOINTS),
    metrics: { port: e.METRICS_PORT ?? null, host: e.METRICS_HOST, token: e.METRICS_TOKEN ?? null },
    retention: loadRetention(e),
  };
}

function loadFailpoints(value: string | undefined): string[] {
  try {
    return parseFailpoints(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}
