import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { createOrder, settleOrder } from '../payments/orders.repository';

/**
 * Purchase tracking records (spec section 3; issue 12 item 5): the client sends one after a successful payment;
 * the server stores it only for the caller's own paid order, with the order's own figures, once per order.
 */
describe.each(DATABASE_KINDS)('track/purchase on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let buyer: TestUser;
  let other: TestUser;

  /** A coin order (550 coins, $4.99) or a monthly plan ($9.99) by `user`, paid or left pending. */
  async function order(user: TestUser, item: 'coins' | 'monthly', paid = true): Promise<string> {
    const { order: row } = await createOrder(t.database.db, {
      userUuid: user.uuid,
      idempotencyKey: randomUUID(),
      type: item === 'coins' ? 6 : 5,
      itemId: item === 'coins' ? 102 : 1,
      amount: item === 'coins' ? 499 : 999,
      currency: 'USD',
      paymentType: 999,
      provider: 'sandbox',
    });
    if (paid) await settleOrder(t.database.db, t.config.economy, row.order_id, 'paid', null, null);
    return row.order_id;
  }
  const records = () => t.database.db.selectFrom('purchase_records').selectAll().orderBy('recorded_at').execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    buyer = await createUser(t, api, 'Tracked', 1);
    other = await createUser(t, api, 'Stranger', 1);
  });
  afterAll(async () => t?.close());

  it('stores the record of a paid coin order once, with the user from the session', async () => {
    const id = await order(buyer, 'coins');
    const record = { token: buyer.token, transaction_id: id, value: 499, currency: 'USD', payment_method: 'stripe', fun_amount: '550' };
    const first = await api.call('track/purchase', record);
    expect([first.status, first.msg]).toEqual([1, 'ok']);
    const again = await api.call('track/purchase', record);
    expect(again.status).toBe(1);
    const rows = (await records()).filter((r) => r.transaction_id === id);
    expect(rows.map((r) => [r.user_uuid, Number(r.value), r.currency, r.plan, r.payment_method, r.fun_amount])).toEqual([
      [buyer.uuid, 499, 'USD', null, 'stripe', 550],
    ]);
  });

  it('a plan’s record names the plan; coins default to 0', async () => {
    const id = await order(buyer, 'monthly');
    const res = await api.call('track/purchase', { token: buyer.token, transaction_id: id, value: 999, plan: 'monthly', payment_method: 'stripe' });
    expect(res.status, res.msg).toBe(1);
    const row = (await records()).find((r) => r.transaction_id === id);
    expect([row?.plan, row?.fun_amount, row?.currency]).toEqual(['monthly', 0, 'USD']);
  });

  it('refuses another user’s order, an unpaid order, and figures that differ from the order; stores nothing', async () => {
    const before = (await records()).length;
    const theirs = await order(other, 'coins');
    const pending = await order(buyer, 'coins', false);
    const mine = await order(buyer, 'coins');
    const base = { token: buyer.token, value: 499, payment_method: 'stripe', fun_amount: '550' };
    const stranger = await api.call('track/purchase', { ...base, transaction_id: theirs });
    expect([stranger.status, stranger.msg]).toEqual([0, 'This order does not exist.']);
    expect((await api.call('track/purchase', { ...base, transaction_id: pending })).status).toBe(0);
    for (const wrong of [{ value: 1 }, { fun_amount: '5500' }, { payment_method: 'alipay' }, { plan: 'annual' }]) {
      const res = await api.call('track/purchase', { ...base, transaction_id: mine, ...wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(0);
    }
    // Hostile and malformed input: a clear refusal, never a 500.
    for (const bad of [{ transaction_id: 'x' }, { transaction_id: mine, value: -1 }, { transaction_id: mine, currency: 'EUR' }, { transaction_id: mine, fun_amount: '1e9' }]) {
      const res = await api.call('track/purchase', { ...base, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(0);
    }
    const guest = await api.call('track/purchase', { value: 499, payment_method: 'stripe', transaction_id: mine });
    expect(guest.status).not.toBe(1);
    expect((await records()).length).toBe(before);
  });
});
