import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, type TestUser } from '../directory/listing.fixtures';

/**
 * Issue 29 item 7: the sandbox provider's own API (/sandbox/v1/…, which the card element calls as Stripe.js calls
 * Stripe) threw on a body that is no JSON object, answering HTTP 500. It answers 400 with its error shape now, and
 * the setup is left as it was.
 */
describe.each(DATABASE_KINDS)('the sandbox card API refuses a body that is no JSON object, on %s', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind);
    user = await createUser(t, createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey), 'SandboxCaller', 1);
  });
  afterAll(async () => t?.close());

  it('answers 400 { error: invalid_json } for malformed JSON, null or a list, writing nothing', async () => {
    const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const info = (await api.call('stripe/getPaymentInfo', { token: user.token })).data as { client_secret: string };
    const id = info.client_secret.split('_secret_')[0];
    const setups = () => t.database.db.selectFrom('card_setups').selectAll().execute();
    const before = JSON.stringify(await setups());
    for (const body of ['{"client_secret":', '{', 'not json', 'null', '[]', '"text"', '42', '\u0000']) {
      const res = await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${id}/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect([res.status, res.headers.get('content-type')?.split(';')[0]], body).toEqual([400, 'application/json']);
      expect(await res.json(), body).toEqual({ error: 'invalid_json' });
    }
    expect(JSON.stringify(await setups())).toBe(before);
    // A well-formed body is still read: the setup is confirmed.
    const ok = await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: info.client_secret, card_number: '4242424242424242' }),
    });
    expect([ok.status, ((await ok.json()) as { status: string }).status]).toEqual([200, 'succeeded']);
  });
});
