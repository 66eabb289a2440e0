import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { ledgerTotal, userBalances } from '../wallet/ledger.repository';
import { sandboxSignature, SANDBOX_WEBHOOK } from './sandbox.provider';

/**
 * Issue 12 on the sandbox provider: orders are priced by the server and created once per idempotency key; the
 * hosted page approves or declines; its webhook is verified and credits once however often it is delivered; a paid
 * coin order credits the coins through the ledger, a paid plan makes the member paid; nobody sees another's orders.
 */
describe.each(DATABASE_KINDS)('payments on the sandbox provider, %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let buyer: TestUser;
  let other: TestUser;

  const coinOrder = (extra: Record<string, unknown> = {}) => ({ type: 6, item_id: 102, amount: 499, payment_type: 1, idempotency_key: randomUUID(), ...extra });
  const page = (payUrl: string) => fetch(`${t.baseUrl}${payUrl}`);
  const submit = async (payUrl: string, outcome: 'approve' | 'decline') => {
    const url = new URL(payUrl, t.baseUrl);
    return fetch(`${t.baseUrl}/payment.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order: url.searchParams.get('order')!, sig: url.searchParams.get('sig')!, outcome }),
    });
  };
  const webhook = (body: string, signature = sandboxSignature(t.config.serverSecret, body)) =>
    fetch(`${t.baseUrl}${SANDBOX_WEBHOOK}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature }, body });

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    buyer = await createUser(t, api, 'Buyer', 1);
    other = await createUser(t, api, 'Other', 1);
  });
  afterAll(async () => t?.close());

  it('prices items from the configuration and refuses a wrong amount, an unknown item or an amount out of range', async () => {
    const options = await api.call('home/getPayTypeWithId', { token: buyer.token, type: 5, item_id: 1 });
    expect(options.data).toMatchObject({ type: 5, item_id: 1, amount: 999, currency: 'USD' });
    expect((options.data as { options: { payment_type: number }[] }).options.map((o) => o.payment_type)).toEqual([999, 6, 1, 4, 0]);
    const wrong = await api.call('payment/uPay', { token: buyer.token, ...coinOrder({ amount: 1 }) });
    expect([wrong.status, wrong.msg]).toEqual([0, 'The price has changed. Reload the page and try again.']);
    const unknown = await api.call('payment/uPay', { token: buyer.token, ...coinOrder({ item_id: 999 }) });
    expect([unknown.status, unknown.msg]).toEqual([0, 'This item is not for sale.']);
    // USDT starts at $10; the 550-coin pack is $4.99.
    const range = await api.call('payment/uPay', { token: buyer.token, ...coinOrder({ payment_type: 6 }) });
    expect([range.status, range.msg]).toEqual([0, 'This method accepts amounts from $10.00 to $10,000.00.']);
    expect(await t.database.db.selectFrom('orders').select('order_id').execute()).toEqual([]);
  });

  it('a coin order paid on the hosted page credits the coins once, however often the webhook comes', async () => {
    const key = randomUUID();
    const created = await api.call('payment/uPay', { token: buyer.token, ...coinOrder({ idempotency_key: key }) });
    expect(created.status, created.msg).toBe(1);
    const { order_id, pay_url } = created.data as { order_id: string; pay_url: string };
    expect(pay_url).toMatch(/^\/payment\.html\?order=[0-9a-f-]{36}&sig=[0-9a-f]{64}$/);
    // The same request again is the same order.
    expect((await api.call('payment/uPay', { token: buyer.token, ...coinOrder({ idempotency_key: key }) })).data).toEqual(created.data);
    expect((await api.call('payment/checkOrderStatus', { token: buyer.token, order_id })).data).toEqual({ success: false, status: 'pending' });

    const shown = await page(pay_url);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('$4.99');
    // A page for a guessed order id, or with a forged signature, does not open.
    expect((await page(`/payment.html?order=${order_id}&sig=${'0'.repeat(64)}`)).status).toBe(404);

    const approved = await submit(pay_url, 'approve');
    expect(approved.status).toBe(200);
    expect(await approved.text()).toContain('Payment approved.');
    expect((await api.call('payment/checkOrderStatus', { token: buyer.token, order_id })).data).toEqual({ success: true, status: 'paid' });
    expect((await userBalances(t.database.db, buyer.uuid)).coins).toBe(550);

    // The provider redelivers the same event, and sends a late, different one: nothing changes.
    const event = await t.database.db.selectFrom('payment_events').select(['event_id', 'type']).where('order_id', '=', order_id).executeTakeFirstOrThrow();
    const body = JSON.stringify({ id: event.event_id, type: event.type, order_id });
    for (let i = 0; i < 3; i++) expect(await (await webhook(body)).json()).toMatchObject({ outcome: 'duplicate' });
    await webhook(JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.failed', order_id }));
    expect((await api.call('payment/checkOrderStatus', { token: buyer.token, order_id })).data).toEqual({ success: true, status: 'paid' });
    expect((await userBalances(t.database.db, buyer.uuid)).coins).toBe(550);
    expect(await ledgerTotal(t.database.db)).toBe(0);
    // A second approval of the same page pays nothing more.
    await submit(pay_url, 'approve');
    expect((await userBalances(t.database.db, buyer.uuid)).coins).toBe(550);
  });

  it('three concurrent deliveries of one new event credit once', async () => {
    const created = await api.call('stripe/otherPay', { token: buyer.token, type: 6, item_id: 101, amount: 99, idempotency_key: randomUUID() });
    const { order_id } = created.data as { order_id: string };
    const before = (await userBalances(t.database.db, buyer.uuid)).coins;
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', order_id });
    const outcomes = await Promise.all([webhook(body), webhook(body), webhook(body)].map(async (r) => ((await (await r).json()) as { outcome: string }).outcome));
    expect(outcomes.sort()).toEqual(['duplicate', 'duplicate', 'processed']);
    expect((await userBalances(t.database.db, buyer.uuid)).coins).toBe(before + 100);
  });

  it('a forged or malformed webhook is refused and changes nothing', async () => {
    const created = await api.call('payment/uPay', { token: buyer.token, ...coinOrder() });
    const { order_id } = created.data as { order_id: string };
    const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', order_id });
    expect((await webhook(body, sandboxSignature(t.config.signKey, body))).status).toBe(400);
    expect((await webhook(body, 'nope')).status).toBe(400);
    expect((await webhook('not json', sandboxSignature(t.config.serverSecret, 'not json'))).status).toBe(400);
    expect((await api.call('payment/checkOrderStatus', { token: buyer.token, order_id })).data).toEqual({ success: false, status: 'pending' });
  });

  it('a declined payment moves no money; a paid plan makes the member paid, and a second one extends it', async () => {
    const declined = await api.call('payment/uPay', { token: other.token, ...coinOrder() });
    const { order_id, pay_url } = declined.data as { order_id: string; pay_url: string };
    expect(await (await submit(pay_url, 'decline')).text()).toContain('Payment declined.');
    expect((await api.call('payment/checkOrderStatus', { token: other.token, order_id })).data).toEqual({ success: false, status: 'failed' });
    expect(await userBalances(t.database.db, other.uuid)).toEqual({ coins: 0, earned: 0, hold: 0 });

    const plan = async () => {
      const res = await api.call('payment/uPay', { token: other.token, type: 5, item_id: 1, amount: 999, payment_type: 1, idempotency_key: randomUUID() });
      await submit((res.data as { pay_url: string }).pay_url, 'approve');
    };
    await plan();
    const me = (await api.call('user/me', { token: other.token })).data as { is_payed: boolean; vip_end_date: string };
    expect(me.is_payed).toBe(true);
    const days = (Date.parse(me.vip_end_date) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await plan();
    const extended = (await api.call('payment/upgradeMember', { token: other.token })).data as { is_payed: boolean; vip_end_date: string };
    expect(extended.is_payed).toBe(true);
    expect((Date.parse(extended.vip_end_date) - Date.now()) / 86_400_000).toBeGreaterThan(59.9);
  });

  it('the transaction list is the caller\'s own, newest first, paged; nobody checks another\'s order', async () => {
    const mine = (await api.call('payment/orderHistory', { token: buyer.token, limit: 2 })).data as { list: { order_id: string; status: string }[]; next_cursor: string };
    expect(mine.list).toHaveLength(2);
    const rest = (await api.call('payment/orderHistory', { token: buyer.token, limit: 50, cursor: mine.next_cursor })).data as { list: { order_id: string }[] };
    const all = [...mine.list, ...rest.list].map((o) => o.order_id);
    const stored = await t.database.db.selectFrom('orders').select('order_id').where('user_uuid', '=', buyer.uuid).orderBy('created_at', 'desc').orderBy('order_id', 'desc').execute();
    expect(all).toEqual(stored.map((o) => o.order_id));
    const recharge = (await api.call('payment/orderHistory', { token: other.token, type: 6 })).data as { list: { type: number }[] };
    expect(recharge.list.every((o) => o.type === 6)).toBe(true);
    const peek = await api.call('payment/checkOrderStatus', { token: other.token, order_id: all[0] });
    expect([peek.status, peek.msg]).toEqual([0, 'This order does not exist.']);
  });
});
