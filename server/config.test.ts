import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const hex = () => randomBytes(32).toString('hex');

describe('key configuration (issue 10 item 6)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('generates the envelope keys and the server secret once, and keeps them across starts', () => {
    const first = load();
    expect(first.aesKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.serverSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(first.serverSecret).not.toBe(first.signKey);
    expect(first.serverSecret).not.toBe(first.aesKey);
    expect(statSync(path.join(dataDir, 'keys.json')).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(dataDir, 'server-secret.json')).mode & 0o777).toBe(0o600);
    const again = load();
    expect([again.aesKey, again.signKey, again.serverSecret]).toEqual([first.aesKey, first.signKey, first.serverSecret]);
  });

  it('never rewrites the stored keys file, whatever the environment sets', () => {
    load();
    const file = path.join(dataDir, 'keys.json');
    const before = readFileSync(file);
    const mtime = statSync(file).mtimeMs;
    const both = load({ API_AES_KEY: hex(), API_SIGN_KEY: hex() });
    expect(both.aesKey).not.toBe(JSON.parse(before.toString()).aesKey);
    expect(() => load({ API_AES_KEY: hex() })).toThrow();
    expect(() => load({ API_SIGN_KEY: hex() })).toThrow();
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(statSync(file).mtimeMs).toBe(mtime);
  });

  it('refuses half-set keys, naming the variable that is missing', () => {
    expect(() => load({ API_AES_KEY: hex() })).toThrow(/API_AES_KEY is set but API_SIGN_KEY is not/);
    expect(() => load({ API_SIGN_KEY: hex() })).toThrow(/API_SIGN_KEY is set but API_AES_KEY is not/);
  });

  it('refuses malformed keys, naming the variable', () => {
    expect(() => load({ API_AES_KEY: 'abc', API_SIGN_KEY: hex() })).toThrow(/API_AES_KEY: must be 64 hex characters/);
    expect(() => load({ API_AES_KEY: hex(), API_SIGN_KEY: `${hex()}00` })).toThrow(/API_SIGN_KEY: must be 64 hex characters/);
    expect(() => load({ SERVER_SECRET: 'zz'.repeat(32) })).toThrow(/SERVER_SECRET: must be 64 hex characters/);
  });

  it('refuses a damaged keys file instead of replacing it', () => {
    const file = path.join(dataDir, 'keys.json');
    writeFileSync(file, '{"aesKey": "short", "signKey": "also"}');
    expect(() => load()).toThrow(/keys\.json: "aesKey" must be 64 hex characters/);
    writeFileSync(file, 'not json');
    expect(() => load()).toThrow(/keys\.json is not valid JSON/);
    expect(readFileSync(file, 'utf8')).toBe('not json');
  });

  it('takes the server secret from SERVER_SECRET when set', () => {
    const secret = hex();
    expect(load({ SERVER_SECRET: secret }).serverSecret).toBe(secret);
  });

  it('takes the KYC key from KYC_KEY, else derives one from the server secret that is not the secret', () => {
    const key = hex();
    expect(load({ KYC_KEY: key }).kycKey).toBe(key);
    const secret = hex();
    const derived = load({ SERVER_SECRET: secret }).kycKey;
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toBe(secret);
    expect(load({ SERVER_SECRET: secret }).kycKey).toBe(derived);
    // Without SERVER_SECRET: from the stored secret, the same across starts.
    expect(load().kycKey).toBe(load().kycKey);
    expect(() => load({ KYC_KEY: 'abc' })).toThrow(/KYC_KEY: must be 64 hex characters/);
  });
});

describe('Stripe configuration (issue 12 item 3)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it('is off by default (the sandbox provider) and on with all three keys', () => {
    expect(load()).toMatchObject({ stripeSecretKey: null, stripePublishableKey: null, stripeWebhookSecret: null, stripeApiBase: null });
    expect(load(stripe)).toMatchObject({ stripeSecretKey: 'sk_test_x', stripePublishableKey: 'pk_test_x', stripeWebhookSecret: 'whsec_x' });
  });

  it('refuses a half configuration, naming what is missing', () => {
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not/);
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are not/);
    expect(() => load({ STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/STRIPE_SECRET_KEY is not/);
  });

  it('takes STRIPE_API_BASE as a protocol, a host and a port only', () => {
    expect(load({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripeApiBase).toBe('http://127.0.0.1:12111');
    for (const bad of ['127.0.0.1:12111', 'ftp://127.0.0.1', 'http://127.0.0.1:12111/v1', 'http://user:pw@127.0.0.1', 'http://127.0.0.1/?x=1']) {
      expect(() => load({ ...stripe, STRIPE_API_BASE: bad }), bad).toThrow(/STRIPE_API_BASE must be/);
    }
  });
});

describe('storage configuration (issue 32 item 1)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
  const minio = { S3_BUCKET: 'venuely-files', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: '1', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };

  it('keeps files in DATA_DIR by default, whatever AWS_* variables the machine has for other tools', () => {
    expect(load().storage).toEqual({ kind: 'local' });
    expect(load({ AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'id' }).storage).toEqual({ kind: 'local' });
  });

  it('uses the bucket of S3_BUCKET, on a self-hosted server or on AWS', () => {
    expect(load(minio).storage).toEqual({
      kind: 's3',
      bucket: 'venuely-files',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    expect(load({ S3_BUCKET: 'venuely.files-eu', AWS_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'venuely.files-eu',
      endpoint: null,
      forcePathStyle: false,
      region: 'eu-west-1',
      credentials: null,
    });
  });

  it('refuses a bad setting at start with a message naming the variable', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT or S3_FORCE_PATH_STYLE is set but S3_BUCKET is not/],
      [{ S3_FORCE_PATH_STYLE: '1' }, /S3_BUCKET is not/],
      [{ ...minio, S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
      [{ ...minio, S3_BUCKET: 'Venuely_Files' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ ...minio, S3_BUCKET: 'ab' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ ...minio, S3_BUCKET: '192.168.1.1' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ ...minio, S3_BUCKET: 'a..b' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ ...minio, S3_BUCKET: '../etc' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ ...minio, S3_ENDPOINT: '127.0.0.1:9000' }, /S3_ENDPOINT must be/],
      [{ ...minio, S3_ENDPOINT: 'ftp://127.0.0.1' }, /S3_ENDPOINT must be/],
      [{ ...minio, S3_ENDPOINT: 'http://127.0.0.1:9000/bucket' }, /S3_ENDPOINT must be/],
      [{ ...minio, S3_ENDPOINT: 'http://id:secret@127.0.0.1:9000' }, /S3_ENDPOINT must be/],
      [{ ...minio, AWS_SECRET_ACCESS_KEY: '' }, /AWS_ACCESS_KEY_ID is set but AWS_SECRET_ACCESS_KEY is not/],
      [{ ...minio, AWS_ACCESS_KEY_ID: '' }, /AWS_SECRET_ACCESS_KEY is set but AWS_ACCESS_KEY_ID is not/],
      [{ S3_BUCKET: 'venuely-files' }, /set AWS_REGION/],
      [{ ...minio, AWS_REGION: 'EU WEST' }, /AWS_REGION: must be a region name/],
    ];
    for (const [env, message] of refused) {
      let error: unknown = null;
      try {
        load(env);
      } catch (caught) {
        error = caught;
      }
      expect(error, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((error as Error).message, JSON.stringify(env)).toMatch(message);
    }
  });
});

describe('production refusals (issue 29 items A.1 and D)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  const production = { NODE_ENV: 'production' };

  it('refuses the sandbox provider in production unless PAYMENTS_SANDBOX=1, naming both ways out, and writes nothing', () => {
    let message = '';
    try {
      load(production);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PAYMENTS_SANDBOX=1/);
    expect(message).toMatch(/STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(readdirSync(dataDir)).toEqual([]);
    expect(() => load({ ...production, PAYMENTS_SANDBOX: '0' })).toThrow(/PAYMENTS_SANDBOX=1/);
    expect(load({ ...production, PAYMENTS_SANDBOX: '1' })).toMatchObject({ production: true, stripeSecretKey: null });
    expect(load({ ...production, ...stripe })).toMatchObject({ production: true, stripeSecretKey: 'sk_live_x' });
  });

  it('keeps the sandbox the default outside production (npm start needs no setup)', () => {
    expect(load()).toMatchObject({ production: false, stripeSecretKey: null });
    expect(load({ NODE_ENV: 'development' })).toMatchObject({ production: false, stripeSecretKey: null });
  });

  it('refuses PAYMENTS_SANDBOX=1 together with Stripe keys, in any mode', () => {
    expect(() => load({ ...stripe, PAYMENTS_SANDBOX: '1' })).toThrow(/PAYMENTS_SANDBOX=1 .* STRIPE_SECRET_KEY is set/);
    expect(() => load({ ...production, ...stripe, PAYMENTS_SANDBOX: '1' })).toThrow(/PAYMENTS_SANDBOX=1 .* STRIPE_SECRET_KEY is set/);
    expect(() => load({ PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
  });

  it('seeds the demo accounts (public passwords, an admin among them) in production only when SEED_DEMO=1 asks', () => {
    expect(load({ ...production, ...stripe }).seedDemo).toBe(false);
    expect(load({ ...production, ...stripe, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(load().seedDemo).toBe(true);
    expect(load({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('refuses API_DEBUG=1 in production, whatever the payments', () => {
    expect(() => load({ ...production, ...stripe, API_DEBUG: '1' })).toThrow(/API_DEBUG=1 .* NODE_ENV=production/);
    expect(() => load({ ...production, PAYMENTS_SANDBOX: '1', API_DEBUG: '1' })).toThrow(/API_DEBUG=1 .* NODE_ENV=production/);
    expect(load({ ...production, ...stripe, API_DEBUG: '0' }).apiDebug).toBe(false);
    expect(load({ API_DEBUG: '1' }).apiDebug).toBe(true);
  });
});

describe('retention configuration (issue 33 item 3)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'venuely-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

  it('runs the job hourly with the documented periods by default, and not at all with RETENTION=0', () => {
    const { retention } = load();
    expect(retention).toEqual({
      enabled: true,
      intervalMs: 3_600_000,
      batchSize: 1_000,
      days: { user_tokens: 30, guests: 180, page_views: 90, card_setups: 7, mail_outbox: 90, city_searches: 8 },
    });
    expect(load({ RETENTION: '0' }).retention.enabled).toBe(false);
    expect(load({ RETENTION_INTERVAL_MINUTES: '15' }).retention.intervalMs).toBe(15 * 60_000);
  });

  it('takes the days of any table from RETENTION_DAYS_JSON and keeps the others', () => {
    const { days } = load({ RETENTION_DAYS_JSON: '{"page_views": 30, "guests": 60}' }).retention;
    expect(days).toEqual({ user_tokens: 30, guests: 60, page_views: 30, card_setups: 7, mail_outbox: 90, city_searches: 8 });
  });

  it('refuses a bad setting at start with a message naming the variable', () => {
    expect(() => load({ RETENTION_DAYS_JSON: '{page_views: 30}' })).toThrow(/RETENTION_DAYS_JSON is not valid JSON/);
    expect(() => load({ RETENTION_DAYS_JSON: '[30]' })).toThrow(/RETENTION_DAYS_JSON must be a JSON object/);
    expect(() => load({ RETENTION_DAYS_JSON: '{"sessions": 30}' })).toThrow(/RETENTION_DAYS_JSON: unknown table "sessions"/);
    expect(() => load({ RETENTION_DAYS_JSON: '{"page_views": 0}' })).toThrow(/RETENTION_DAYS_JSON: page_views: must be a whole number of days/);
    expect(() => load({ RETENTION_DAYS_JSON: '{"page_views": 1.5}' })).toThrow(ConfigError);
    // A guest whose page views are still kept is never deleted, so it must outlive them.
    expect(() => load({ RETENTION_DAYS_JSON: '{"guests": 90}' })).toThrow(/guests \(90\) must be more days than page_views \(90\)/);
    // "Hot" cities count the last 7 days of searches.
    expect(() => load({ RETENTION_DAYS_JSON: '{"city_searches": 7}' })).toThrow(/city_searches \(7\) must be more than the 7 days/);
    expect(() => load({ RETENTION: 'yes' })).toThrow(/RETENTION:/);
    expect(() => load({ RETENTION_INTERVAL_MINUTES: '0' })).toThrow(/RETENTION_INTERVAL_MINUTES:/);
  });
});
