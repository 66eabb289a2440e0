import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, isAck } from '../../tests/support/chat-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { freePort } from '../../tests/support/free-port';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one series in Prometheus's text format, or undefined when it is not there. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DATABASE_KINDS)('Prometheus metrics on %s', (kind) => {
  let t: TestApp;
  let metricsPort: number;
  beforeAll(async () => {
    metricsPort = await freePort();
    t = await startTestApp(kind, { metrics: { port: metricsPort, host: '127.0.0.1', token: TOKEN } });
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  it('counts API calls by call and outcome, with their latency', async () => {
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const res = await api.call('account/registerByPassword', { account: 'metered', email: 'metered@example.test', password: 'long-enough-1' });
    const token = (res.data as { token: string }).token;
    for (let i = 0; i < 3; i += 1) expect((await api.call('user/me', { token })).status).toBe(1);
    // A refusal (an ended session: status 422) and a malformed request (HTTP 400) are the caller's fault: refused.
    expect((await api.call('user/me', { token: 'not-a-session' })).status).toBe(422);
    expect((await api.postFields('user/me', { nonsense: '1' })).httpStatus).toBe(400);
    const text = await scrape();
    expect(sample(text, 'venuely_api_requests_total{call="user/me",outcome="ok"}')).toBe(3);
    expect(sample(text, 'venuely_api_requests_total{call="user/me",outcome="refused"}')).toBe(2);
    expect(sample(text, 'venuely_api_requests_total{call="account/registerByPassword",outcome="ok"}')).toBe(1);
    expect(sample(text, 'venuely_api_request_duration_seconds_count{call="user/me"}')).toBe(5);
    expect(sample(text, 'venuely_api_request_duration_seconds_bucket{le="+Inf",call="user/me"}')).toBe(5);
    // An unknown path adds no series.
    await fetch(`${t.baseUrl}/api/no/such/call`, { method: 'POST' });
    expect(await scrape()).not.toContain('no/such/call');
    // The event loop's delay and the process's own figures.
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows open chat sockets, acked chat messages and their time to the ack', async () => {
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const member = async (name: string) => {
      const token = ((await api.call('account/registerByPassword', { account: name, email: `${name}@example.test`, password: 'long-enough-1' })).data as { token: string }).token;
      const uuid = ((await api.call('user/me', { token })).data as { uuid: string }).uuid;
      const chatToken = ((await api.call('home/config', { token })).data as { chat_token: string }).chat_token;
      const client = await connectChat(`ws://127.0.0.1:${new URL(t.baseUrl).port}/im`, chatToken);
      client.send('chat/initUser', { resume: [] }, 'init');
      await client.waitFor(isAck('init'));
      return { uuid, client };
    };
    const initial = await scrape();
    const before = sample(initial, 'venuely_chat_messages_total') ?? 0;
    const timedBefore = sample(initial, 'venuely_chat_ack_seconds_count') ?? 0;
    const ann = await member('sockann');
    const bob = await member('sockbob');
    expect(sample(await scrape(), 'venuely_chat_sockets_open')).toBe(2);
    for (const content of ['one', 'two']) {
      const { sign } = ann.client.chat({ to_uuid: bob.uuid, content });
      await ann.client.waitFor(isAck(sign));
    }
    const text = await scrape();
    expect(sample(text, 'venuely_chat_messages_total')).toBe(before + 2);
    expect(sample(text, 'venuely_chat_ack_seconds_count')).toBe(timedBefore + 2);
    expect(sample(text, 'venuely_chat_ack_seconds_bucket{le="+Inf"}')).toBe(timedBefore + 2);
    const seconds = sample(text, 'venuely_chat_ack_seconds_sum')!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
    await ann.client.close();
    await bob.client.close();
    await expect.poll(async () => sample(await scrape(), 'venuely_chat_sockets_open')).toBe(0);
  });

  it('counts orders and withdrawals by status from the database, and the pool on PostgreSQL', async () => {
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const token = ((await api.call('account/registerByPassword', { account: 'orderer', email: 'orderer@example.test', password: 'long-enough-1' })).data as { token: string }).token;
    for (let i = 0; i < 2; i += 1) {
      const res = await api.call('payment/uPay', { token, type: 6, item_id: 102, amount: 499, payment_type: 1, idempotency_key: randomUUID() });
      expect(res.status, res.msg).toBe(1);
    }
    const text = await scrape();
    expect(sample(text, 'venuely_orders{status="pending"}')).toBe(2);
    expect(text).toContain('# TYPE venuely_withdrawals gauge');
    if (kind === 'postgres') expect(sample(text, 'venuely_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    else expect(text).not.toContain('venuely_db_pool_connections');
  });

  it("shows the embedded database's checkpoints and the WAL waiting for the next, on PGlite only", async () => {
    const text = await scrape();
    if (kind === 'pglite') {
      expect(text).toContain('# TYPE venuely_db_checkpoints_total counter');
      expect(sample(text, 'venuely_db_checkpoints_total')).toBe(t.database.checkpoints?.().taken);
      expect(sample(text, 'venuely_db_checkpoint_seconds_total')).toBeGreaterThanOrEqual(0);
      // The tests before this one wrote users, orders and sessions: some WAL waits for the next checkpoint.
      expect(sample(text, 'venuely_db_wal_since_checkpoint_bytes')).toBeGreaterThan(0);
    } else {
      expect(text).not.toContain('venuely_db_checkpoints_total');
      expect(text).not.toContain('venuely_db_wal_since_checkpoint_bytes');
    }
  });

  it('is never public: the app port answers only the bearer token, the metrics port only /metrics', async () => {
    expect((await fetch(`${t.baseUrl}/metrics`)).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token' } })).status).toBe(401);
    const res = await fetch(`${t.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('venuely_api_requests_total');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
  });
});

describe('metrics switched off (the default)', () => {
  it('serves nothing and times nothing', async () => {
    const t = await startTestApp('pglite');
    try {
      const res = await fetch(`${t.baseUrl}/metrics`);
      expect(res.headers.get('content-type') ?? '').not.toContain('text/plain; version=0.0.4');
      expect(t.app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    } finally {
      await t.close();
    }
  });
});
