import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@/contract/calls/admin';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { seedDemoAccounts } from '../seed/demo-accounts';
import { demoImagePool } from '../seed/demo-images';
import { seedDemoWallet } from '../seed/demo-wallet';
import { ledgerTotal, userBalances, userTestBalances } from '../wallet/ledger.repository';

/**
 * Issue 13 item 5: after `npm start` the admin demo account has a withdrawal to process. The demo wallet
 * (server/seed/demo-wallet.ts) has the verified account apply for one; the admin sees it pending in the queue, with
 * the payout account in full. Its points were earned from coins bought through sandbox orders, so it is test-funded
 * (issue 29): the console marks it, paying it is refused with the reason, and the admin rejects it instead.
 */
describe.each(DATABASE_KINDS)('demo admin queue on %s', (kind) => {
  let t: TestApp;
  let api: ReturnType<typeof createRawClient>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    const store = t.app.images;
    const pool = await demoImagePool(store, { cacheFile: path.join(t.config.dataDir, 'demo-images.json'), count: 6 });
    await seedDemoAccounts(t.database.db, t.app.passwords, t.config.economy);
    expect((await seedDemoWallet(t.database.db, t.config.economy, { pool })).withdrawals).toBe(1);
  });
  afterAll(async () => t?.close());

  it('shows the verified account\'s pending, test-funded withdrawal to the demo admin, who can reject it but not pay it', async () => {
    const login = await api.call('account/loginByPassword', { account: 'admin', password: 'admin-pass-2026' });
    expect(login.status, login.msg).toBe(1);
    const token = (login.data as { token: string }).token;

    const queue = await api.call('admin/withdrawals', { token, status: 'pending' });
    expect(queue.status, queue.msg).toBe(1);
    const list = (queue.data as { list: AdminWithdrawal[] }).list;
    expect(list).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ username: 'verified', nickname: 'Vera' }),
        points: t.config.economy.withdrawal_min_points,
        method: 'bank_card',
        account: { account_name: 'Vera Sokolova', bank_name: 'Demo Bank', card_number: '4000123456789010' },
        status: 'pending',
        test_funds: true,
      }),
    ]);

    const paid = await api.call('admin/withdrawalPay', { token, id: list[0].id, idempotency_key: '7d0f3c52-61f4-4c59-9a4e-3f1d2b8c9e01' });
    expect([paid.status, paid.msg]).toEqual([0, `${t.config.economy.withdrawal_min_points.toLocaleString('en')} points of this withdrawal come from test-mode payments, which are not real money. It cannot be paid, only rejected.`]);
    expect((await userBalances(t.database.db, list[0].user.uuid)).hold).toBe(t.config.economy.withdrawal_min_points);

    const rejected = await api.call('admin/withdrawalReject', { token, id: list[0].id, reason: 'Demo: test-mode funds are never paid out.', idempotency_key: '7d0f3c52-61f4-4c59-9a4e-3f1d2b8c9e02' });
    expect(rejected.data).toMatchObject({ status: 'rejected', test_funds: true, processed_by: { username: 'admin', nickname: 'Ada' } });
    expect(await userTestBalances(t.database.db, list[0].user.uuid)).toMatchObject({ hold: 0, earned: 1_600 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });
});
