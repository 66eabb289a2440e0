import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderType, PaymentType } from '@/contract/feature-enums';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { ledgerAccount, ledgerTotal, userTestBalances } from '../wallet/ledger.repository';
import { seedDemoAccounts } from './demo-accounts';
import { type DemoImagePool, demoImagePool } from './demo-images';
import { DEMO_PROFILES, demoProfileUuid, seedDemoWallet } from './demo-wallet';

type LogItem = { kind: string; points: number; withdrawable: boolean; balance: number; ref: string | null };
type OrderItem = { type: number; item_id: number; amount: number; payment_type: number; status: string; paid_at: string | null };

/**
 * Issue 12 item 7: right after `npm start` the wallet has something to show. The paid account holds coins with their
 * purchase history, the verified account's profiles have earned points from unlocks and one withdrawal is pending,
 * every point written through the ledger by the product's own code paths; a second start adds nothing.
 */
describe.each(DATABASE_KINDS)('demo wallet on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;
  let pool: DemoImagePool;

  const tokenOf = async (account: string, password: string) =>
    ((await api.call('account/loginByPassword', { account, password })).data as { token: string }).token;
  const call = async <T>(path: string, token: string, payload: Record<string, unknown> = {}) => {
    const answer = await api.call(path, { token, ...payload });
    expect(answer.status, `${path}: ${answer.msg}`).toBe(1);
    return answer.data as T;
  };
  /** Every row the seed could write, counted. */
  const snapshot = async () =>
    (
      await sql<Record<string, string>>`select
        (select count(*) from orders) as orders, (select count(*) from memberships) as memberships,
        (select count(*) from ledger_transfers) as transfers, (select count(*) from ledger_entries) as entries,
        (select count(*) from chat_unlocks) as unlocks, (select count(*) from withdrawals) as withdrawals,
        (select count(*) from partners) as partners, (select count(*) from photos) as photos,
        (select coalesce(sum(partner_count), 0) from users) as partner_counts`.execute(t.database.db)
    ).rows[0];

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    // Six pictures hold two portraits: enough for the profiles, which reuse the pool as demo listings do.
    const store = t.app.images;
    pool = await demoImagePool(store, { cacheFile: path.join(t.config.dataDir, 'demo-images.json'), count: 6 });
    await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy);
  });
  afterAll(async () => t?.close());

  it('gives the paid account coins and a purchase history, and the verified account earnings and a pending withdrawal, once', async () => {
    expect(await seedDemoWallet(t.database.db, t.config.economy, { pool })).toEqual({ profiles: 2, orders: 3, unlocks: 4, withdrawals: 1, skipped: [] });

    // Paul: his annual plan and two coin packs, paid by card; 550 + 1 200 coins, 1 000 spent on Vera's two profiles.
    const paul = await tokenOf('paid', 'paid-pass-2026');
    const paulOrders = await call<{ list: OrderItem[] }>('payment/orderHistory', paul);
    expect(paulOrders.list.map((o) => [o.type, o.item_id, o.amount, o.payment_type, o.status])).toEqual([
      [OrderType.recharge, 103, 999, PaymentType.creditCard, 'paid'],
      [OrderType.recharge, 102, 499, PaymentType.creditCard, 'paid'],
      [OrderType.upgrade, 2, 8_999, PaymentType.creditCard, 'paid'],
    ]);
    expect(paulOrders.list.every((o) => o.paid_at !== null)).toBe(true);
    const paulLog = await call<{ list: LogItem[] }>('user/buyLog', paul);
    expect(paulLog.list.map((e) => [e.kind, e.points, e.withdrawable, e.balance, e.ref === null])).toEqual([
      ['unlock_spend', -400, false, 750, false],
      ['unlock_spend', -600, false, 1_150, false],
      ['recharge', 1_200, false, 1_750, false],
      ['recharge', 550, false, 550, false],
    ]);
    expect(paulLog.list.slice(0, 2).map((e) => e.ref)).toEqual(['Vera in Kyoto', 'Vera']);
    expect(await call('user/me', paul)).toMatchObject({ fun_score: 750, withdrawable_fun_score: 0, is_payed: true });

    // Mia bought the large pack and unlocked both profiles too; she keeps coins for another unlock.
    const mia = await tokenOf('member', 'member-pass-2026');
    expect((await call<{ list: OrderItem[] }>('payment/orderHistory', mia)).list.map((o) => [o.type, o.item_id, o.status])).toEqual([[OrderType.recharge, 103, 'paid']]);
    expect(await call('user/me', mia)).toMatchObject({ fun_score: 200, is_payed: false });

    // Vera: her two published profiles earned 80 % of four unlocks (2 × 480 + 2 × 320 = 1 600); 1 000 are held for
    // her pending withdrawal, 600 stay withdrawable.
    const vera = await tokenOf('verified', 'verified-pass-2026');
    const profiles = await t.database.db.selectFrom('partners').select(['uuid', 'nickname', 'unlock_price', 'status', 'visible']).where('uuid', 'in', DEMO_PROFILES.map((p) => demoProfileUuid(p.key))).orderBy('id').execute();
    expect(profiles.map((p) => [p.nickname, p.unlock_price, p.status, p.visible])).toEqual([
      ['Vera', 600, 'published', true],
      ['Vera in Kyoto', 400, 'published', true],
    ]);
    expect(await call('user/me', vera)).toMatchObject({ fun_score: 600, withdrawable_fun_score: 600, withdrawable_amount: 600, held_fun_score: 1_000, partner_count: 2 });
    const veraLog = await call<{ list: LogItem[] }>('user/buyLog', vera);
    expect(veraLog.list.map((e) => [e.kind, e.points, e.withdrawable, e.balance])).toEqual([
      ['withdraw_hold', -1_000, true, 600],
      ['unlock_earn', 320, true, 1_600],
      ['unlock_earn', 320, true, 1_280],
      ['unlock_earn', 480, true, 960],
      ['unlock_earn', 480, true, 480],
    ]);
    expect(veraLog.list.slice(1).map((e) => e.ref)).toEqual(['Vera in Kyoto', 'Vera in Kyoto', 'Vera', 'Vera']);
    const withdrawals = await call<{ list: Record<string, unknown>[] }>('user/withdrawalLog', vera);
    expect(withdrawals.list).toEqual([
      expect.objectContaining({ points: 1_000, amount: 1_000, method: 'bank_card', account_mask: '•••• 9010', status: 'pending', reject_reason: null, processed_at: null }),
    ]);
    expect((await call<{ list: OrderItem[] }>('payment/orderHistory', vera)).list.map((o) => [o.type, o.item_id, o.status])).toEqual([[OrderType.upgrade, 2, 'paid']]);

    // Paul may now write to Vera's profile; the ledger sums to zero and the platform kept 20 % of 2 000.
    const status = await call('chat/status', paul, { to_uuid: profiles[0].uuid, partner_uuid: profiles[0].uuid });
    expect(status).toMatchObject({ is_unlocked: true, can_send: true });
    expect(await ledgerTotal(t.database.db)).toBe(0);
    // The demo's coins are sandbox orders: test funds (issue 29), and so is everything they paid for: the fee, Vera's
    // earnings and her withdrawal, which an admin can only reject (server/admin/admin-demo.test.ts).
    const balanceOf = async (account: string) =>
      Number((await t.database.db.selectFrom('ledger_accounts').select('balance').where('account', '=', account).executeTakeFirst())?.balance ?? 0);
    expect([await balanceOf(ledgerAccount.platform('fees:test')), await balanceOf(ledgerAccount.platform('fees'))]).toEqual([400, 0]);
    const veraUuid = (await t.database.db.selectFrom('users').select('uuid').where('username', '=', 'verified').executeTakeFirstOrThrow()).uuid;
    expect(await userTestBalances(t.database.db, veraUuid)).toEqual({ coins: 0, earned: 600, hold: 1_000 });
    expect(await t.database.db.selectFrom('withdrawals').select(['points', 'test_points']).where('user_uuid', '=', veraUuid).execute()).toEqual([{ points: 1_000, test_points: 1_000 }]);

    // A second start writes nothing.
    const before = await snapshot();
    expect(await seedDemoWallet(t.database.db, t.config.economy, { pool })).toEqual({ profiles: 0, orders: 0, unlocks: 0, withdrawals: 0, skipped: [] });
    expect(await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy)).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });
});
