import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { userBalances } from '../wallet/ledger.repository';
import { SANDBOX_AUTH_MS } from './sandbox-cards';

type Card = { id: number; is_default: boolean; is_ban: boolean; card: { brand: string; last4: string; exp_month?: number; exp_year?: number } };

/**
 * Issue 12, cards on the sandbox provider: a card is set up through the provider's API (its number never reaches the
 * app's), saved up to five, one default; a card that needs authentication is saved once that passes; a declined
 * setup saves nothing; a banned card is listed but cannot pay; a saved card pays inline, a declined one fails and
 * moves no money; nobody uses or deletes another's card.
 */
describe.each(DATABASE_KINDS)('cards on the sandbox provider, %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let owner: TestUser;
  let stranger: TestUser;

  async function setUp(user: TestUser, number: string) {
    const info = (await api.call('stripe/getPaymentInfo', { token: user.token })).data as { client_secret: string; publishable_key: string };
    const id = info.client_secret.split('_secret_')[0];
    const res = await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${id}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: info.client_secret, card_number: number, exp_month: 12, exp_year: 2030, cvc: '123' }),
    });
    return { id, info, answer: (await res.json()) as { status: string; payment_method: string | null; error?: string } };
  }
  const cards = async (user: TestUser) => (await api.call('user/getPaymentMethods', { token: user.token })).data as Card[];
  const pay = (user: TestUser, card: { user_payment_method_id?: number; payment_method_id?: string; save_card?: boolean }) =>
    api.call('stripe/offSessionPay', { token: user.token, type: 6, item_id: 101, amount: 99, idempotency_key: randomUUID(), ...card });

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    owner = await createUser(t, api, 'CardOwner', 1);
    stranger = await createUser(t, api, 'Stranger', 1);
  });
  afterAll(async () => t?.close());

  it('saves test cards through the provider, the first one as default; a declined setup saves nothing', async () => {
    const visa = await setUp(owner, '4242 4242 4242 4242');
    expect(visa.info.publishable_key).toBe('pk_sandbox');
    expect(visa.answer).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_sandbox_/) });
    expect((await setUp(owner, '4000000000009995')).answer).toMatchObject({ status: 'failed', error: 'card_declined' });
    expect((await setUp(owner, '4111111111111111')).answer).toMatchObject({ status: 'failed', error: 'not_a_test_card' });
    expect(await cards(owner)).toEqual([{ id: expect.any(Number), is_default: true, is_ban: false, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } }]);
    // A wrong client secret opens nothing.
    const wrong = await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${visa.id}?client_secret=${visa.id}_secret_guess`);
    expect(wrong.status).toBe(404);
    // The card number never reached the app's tables.
    const rows = JSON.stringify(await t.database.db.selectFrom('payment_cards').selectAll().execute());
    expect(rows).not.toContain('4242424242424242');
  });

  it('an expired or impossible expiry is refused by the provider and saves nothing; a setup without one (an older client) saves the card without it', async () => {
    const user = await createUser(t, api, 'ExpiryUser', 1);
    const confirm = async (extra: Record<string, unknown>) => {
      const info = (await api.call('stripe/getPaymentInfo', { token: user.token })).data as { client_secret: string };
      const id = info.client_secret.split('_secret_')[0];
      const res = await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${id}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_secret: info.client_secret, card_number: '4242424242424242', ...extra }),
      });
      return (await res.json()) as { status: string; error?: string };
    };
    expect(await confirm({ exp_month: 1, exp_year: 2020 })).toMatchObject({ status: 'failed', error: 'expired_card' });
    expect(await confirm({ exp_month: 13, exp_year: 2030 })).toMatchObject({ status: 'failed', error: 'invalid_expiry' });
    expect(await confirm({ exp_month: 'twelve', exp_year: 2030 })).toMatchObject({ status: 'failed', error: 'invalid_expiry' });
    expect(await cards(user)).toEqual([]);
    expect(await confirm({})).toMatchObject({ status: 'succeeded' });
    expect(await cards(user)).toEqual([{ id: expect.any(Number), is_default: true, is_ban: false, card: { brand: 'visa', last4: '4242' } }]);
  });

  it('a card that needs authentication is processing, then saved once it passes', async () => {
    const auth = await setUp(owner, '4000002500003155');
    expect(auth.answer.status).toBe('processing');
    const retrieve = async () =>
      ((await (await fetch(`${t.baseUrl}/sandbox/v1/setup_intents/${auth.id}?client_secret=${encodeURIComponent(auth.info.client_secret)}`)).json()) as { status: string }).status;
    expect(await retrieve()).toBe('processing');
    await new Promise((resolve) => setTimeout(resolve, SANDBOX_AUTH_MS + 100));
    expect(await retrieve()).toBe('succeeded');
    expect(await retrieve()).toBe('succeeded');
    expect((await cards(owner)).map((c) => c.card.last4)).toEqual(['4242', '3155']);
  });

  it('keeps at most five cards, one default; makes another the default; deletes and promotes', async () => {
    for (const number of ['5555555555554444', '4000000000000002', '4100000000000019']) expect((await setUp(owner, number)).answer.status).toBe('succeeded');
    expect((await setUp(owner, '4242424242424242')).answer).toMatchObject({ status: 'failed', error: 'card_limit' });
    const list = await cards(owner);
    expect(list).toHaveLength(5);
    expect(list.filter((c) => c.is_default)).toHaveLength(1);
    const banned = list.find((c) => c.card.last4 === '0019')!;
    expect(banned.is_ban).toBe(true);
    expect((await api.call('user/bindDefaultPayment', { token: owner.token, payment_method_id: banned.id })).msg).toBe('This card cannot be used. Choose another card.');
    const master = list.find((c) => c.card.last4 === '4444')!;
    expect((await api.call('user/bindDefaultPayment', { token: owner.token, payment_method_id: master.id })).status).toBe(1);
    expect((await cards(owner)).filter((c) => c.is_default).map((c) => c.id)).toEqual([master.id]);
    // Nobody else can touch it.
    for (const path of ['user/bindDefaultPayment', 'user/delPaymentMethod']) {
      const res = await api.call(path, { token: stranger.token, payment_method_id: master.id });
      expect([path, res.status, res.msg]).toEqual([path, 0, 'This card cannot be found. Choose another card.']);
    }
    expect((await api.call('user/delPaymentMethod', { token: owner.token, payment_method_id: master.id })).status).toBe(1);
    const after = await cards(owner);
    expect(after).toHaveLength(4);
    expect(after.filter((c) => c.is_default)).toHaveLength(1);
    expect(after.find((c) => c.is_default)!.is_ban).toBe(false);
  });

  it('pays inline with a saved card; a declined card fails and moves no money; banned and foreign cards cannot pay', async () => {
    const list = await cards(owner);
    const visa = list.find((c) => c.card.last4 === '4242')!;
    const before = (await userBalances(t.database.db, owner.uuid)).coins;
    const paid = await pay(owner, { user_payment_method_id: visa.id });
    expect(paid.status, paid.msg).toBe(1);
    const { order_id } = paid.data as { order_id: string };
    expect((await api.call('user/checkPayment', { token: owner.token, order_id })).data).toEqual({ success: true, status: 'paid' });
    expect((await userBalances(t.database.db, owner.uuid)).coins).toBe(before + 100);

    const declined = await pay(owner, { user_payment_method_id: list.find((c) => c.card.last4 === '0002')!.id });
    const failedOrder = (declined.data as { order_id: string }).order_id;
    expect((await api.call('user/checkPayment', { token: owner.token, order_id: failedOrder })).data).toEqual({ success: false, status: 'failed' });
    expect((await userBalances(t.database.db, owner.uuid)).coins).toBe(before + 100);

    expect((await pay(owner, { user_payment_method_id: list.find((c) => c.is_ban)!.id })).msg).toBe('This card cannot be used. Choose another card.');
    expect((await pay(stranger, { user_payment_method_id: visa.id })).msg).toBe('This card cannot be found. Choose another card.');
    // A card just set up pays by its provider id.
    const fresh = await setUp(stranger, '4242424242424242');
    const byProviderId = await pay(stranger, { payment_method_id: fresh.answer.payment_method! });
    expect(byProviderId.status, byProviderId.msg).toBe(1);
    expect((await userBalances(t.database.db, stranger.uuid)).coins).toBe(100);
  });

  it('a card entered for one payment only (save_card: false) pays and is then forgotten; the default moves to a kept card', async () => {
    const payer = await createUser(t, api, 'OneTimePayer', 1);
    const once = await setUp(payer, '4242424242424242');
    const paid = await pay(payer, { payment_method_id: once.answer.payment_method!, save_card: false });
    expect(paid.status, paid.msg).toBe(1);
    expect((await api.call('user/checkPayment', { token: payer.token, order_id: (paid.data as { order_id: string }).order_id })).data).toEqual({ success: true, status: 'paid' });
    expect((await userBalances(t.database.db, payer.uuid)).coins).toBe(100);
    expect(await cards(payer)).toEqual([]);
    // The order still names the card it charged.
    const order = await t.database.db.selectFrom('orders').select('order_id').where('order_id', '=', (paid.data as { order_id: string }).order_id).executeTakeFirst();
    expect(order).toBeDefined();

    // A kept card, then a one-time one that the list shows once set up: the one-time one goes, the kept one stays the default.
    const kept = await setUp(payer, '5555555555554444');
    const keptPaid = await pay(payer, { payment_method_id: kept.answer.payment_method! });
    expect(keptPaid.status, keptPaid.msg).toBe(1);
    const other = await setUp(payer, '4242424242424242');
    const listed = (await cards(payer)).find((c) => c.card.last4 === '4242')!;
    await api.call('user/bindDefaultPayment', { token: payer.token, payment_method_id: listed.id });
    expect((await pay(payer, { user_payment_method_id: listed.id, save_card: false })).status).toBe(1);
    expect(other.answer.status).toBe('succeeded');
    expect(await cards(payer)).toEqual([{ id: expect.any(Number), is_default: true, is_ban: false, card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030 } }]);
  });
});
