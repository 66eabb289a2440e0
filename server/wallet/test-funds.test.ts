import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminWithdrawal } from '@/contract/calls/admin';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { createRawClient } from '../../tests/support/raw-client';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, insertChatProfile, placeRefs, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { ledgerAccount, ledgerTotal, userBalances, userTestBalances } from './ledger.repository';
import { giveCoins, giveEarnedPoints } from './wallet.fixtures';

interface Page<T> {
  list: T[];
  next_cursor: string | null;
}

const TEST_FUNDS_REFUSAL = (points: number) => `${points.toLocaleString('en')} points of this withdrawal come from test-mode payments, which are not real money. It cannot be paid, only rejected.`;

/**
 * Issue 29 item A (DESIGN section 9): test money never becomes real money. Coins bought on the sandbox provider are
 * test funds in the ledger (the test twins of the accounts); spent on an unlock they make the owner's earnings test
 * funds; a withdrawal holding any of them is shown to admins as test-funded and can only be rejected. The order in
 * which test and real points are taken is fixed (ledger.repository.ts, "Test funds"), and the ledger sums to zero.
 */
describe.each(DATABASE_KINDS)('test funds on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let admin: TestUser;
  let tokyo: number;

  /** A published profile of `owner` at `price` points. */
  const profile = (owner: TestUser, price: number) => insertChatProfile(t, owner.uuid, tokyo, price);

  /** Buys the 1 200-coin pack on the sandbox's hosted page and approves it there, as any member can. */
  async function buySandboxCoins(user: TestUser): Promise<void> {
    const created = await api.call('payment/uPay', { token: user.token, type: 6, item_id: 103, amount: 999, payment_type: 1, idempotency_key: randomUUID() });
    expect(created.status, created.msg).toBe(1);
    const payUrl = new URL((created.data as { pay_url: string }).pay_url, t.baseUrl);
    const approved = await fetch(`${t.baseUrl}/payment.html`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ order: payUrl.searchParams.get('order')!, sig: payUrl.searchParams.get('sig')!, outcome: 'approve' }),
    });
    expect(await approved.text()).toContain('Payment approved.');
  }

  const unlock = async (user: TestUser, target: { uuid: string; price: number }) => {
    const res = await api.call('chat/unlockPartner', { token: user.token, partner_uuid: target.uuid, price: target.price, idempotency_key: randomUUID() });
    expect(res.status, res.msg).toBe(1);
    expect((res.data as { spent: number }).spent).toBe(target.price);
  };
  /** Real earned points, the way an earning paid for with real coins arrives. */
  const earnReal = (user: TestUser, points: number) => giveEarnedPoints(t.database.db, user.uuid, points);
  const apply = async (user: TestUser, points: number) => {
    const res = await api.call('user/apply_withdraw', {
      token: user.token,
      points,
      idempotency_key: randomUUID(),
      method: 'bank_card',
      account_name: 'Vera Example',
      bank_name: 'Example Bank',
      card_number: '4000 1234 5678 9010',
    });
    expect(res.status, res.msg).toBe(1);
    return (res.data as { id: number }).id;
  };
  const queued = async (id: number) => {
    const res = await api.call('admin/withdrawals', { token: admin.token, status: 'pending' });
    expect(res.status, res.msg).toBe(1);
    return (res.data as Page<AdminWithdrawal>).list.find((w) => w.id === id);
  };
  const pay = (id: number) => api.call('admin/withdrawalPay', { token: admin.token, id, idempotency_key: randomUUID() });
  const accountBalance = async (account: string) =>
    Number((await t.database.db.selectFrom('ledger_accounts').select('balance').where('account', '=', account).executeTakeFirst())?.balance ?? 0);

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    admin = await createUser(t, api, 'Auditor', 1, 'admin');
    tokyo = (await placeRefs(t)).tokyo;
  });
  afterAll(async () => t?.close());

  it('coins approved on the sandbox page, spent on a profile, earn its owner points that can never be paid out', async () => {
    const buyer = await createUser(t, api, 'SelfApprover', 1);
    const owner = await createUser(t, api, 'Accomplice', 4);
    await buySandboxCoins(buyer);
    await buySandboxCoins(buyer);
    expect(await userBalances(t.database.db, buyer.uuid)).toEqual({ coins: 2_400, earned: 0, hold: 0 });
    expect(await userTestBalances(t.database.db, buyer.uuid)).toEqual({ coins: 2_400, earned: 0, hold: 0 });

    // Two unlocks at 700: the owner earns 2 × 560 = 1 120 points, all of them test funds; so is the fee.
    const feesBefore = await accountBalance(ledgerAccount.platform('fees'));
    await unlock(buyer, await profile(owner, 700));
    await unlock(buyer, await profile(owner, 700));
    expect(await userBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 1_120, hold: 0 });
    expect(await userTestBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 1_120, hold: 0 });
    expect(await accountBalance(ledgerAccount.platform('fees:test'))).toBe(280);
    expect(await accountBalance(ledgerAccount.platform('fees'))).toBe(feesBefore);

    // The owner may apply (members see one balance), but the admin sees the withdrawal as test-funded and cannot pay it.
    const id = await apply(owner, 1_000);
    expect(await queued(id)).toMatchObject({ points: 1_000, status: 'pending', test_funds: true });
    const payoutsBefore = await accountBalance(ledgerAccount.platform('payouts'));
    const audits = (await t.database.db.selectFrom('admin_audit').select('id').execute()).length;
    const refused = await pay(id);
    expect([refused.status, refused.msg]).toEqual([0, TEST_FUNDS_REFUSAL(1_000)]);
    expect(await queued(id)).toMatchObject({ status: 'pending', processed_at: null, test_funds: true });
    expect(await accountBalance(ledgerAccount.platform('payouts'))).toBe(payoutsBefore);
    expect((await t.database.db.selectFrom('admin_audit').select('id').execute()).length).toBe(audits);
    expect(await userTestBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 120, hold: 1_000 });

    // Rejecting it returns the points as they were: still test funds.
    const rejected = await api.call('admin/withdrawalReject', { token: admin.token, id, reason: 'Test-mode funds cannot be paid out.', idempotency_key: randomUUID() });
    expect(rejected.status, rejected.msg).toBe(1);
    expect(rejected.data).toMatchObject({ status: 'rejected', test_funds: true });
    expect(await userTestBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 1_120, hold: 0 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('holds real earned points before test ones: a withdrawal they cover is payable, one that needs test points is not', async () => {
    const buyer = await createUser(t, api, 'SandboxBuyer', 1);
    const owner = await createUser(t, api, 'MixedOwner', 4);
    await buySandboxCoins(buyer);
    await unlock(buyer, await profile(owner, 1_000));
    await earnReal(owner, 1_000);
    expect(await userBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 1_800, hold: 0 });

    // 1 000 of 1 800: the real 1 000 covers it.
    const covered = await apply(owner, 1_000);
    expect(await queued(covered)).toMatchObject({ test_funds: false });
    const paid = await pay(covered);
    expect(paid.status, paid.msg).toBe(1);
    expect(paid.data).toMatchObject({ status: 'paid', test_funds: false });

    // 500 real more: 1 000 now takes 500 real and 500 test points, and is refused in whole.
    await earnReal(owner, 500);
    const mixed = await apply(owner, 1_000);
    expect(await t.database.db.selectFrom('withdrawals').select('test_points').where('id', '=', mixed).executeTakeFirstOrThrow()).toEqual({ test_points: 500 });
    expect(await queued(mixed)).toMatchObject({ test_funds: true });
    const refused = await pay(mixed);
    expect([refused.status, refused.msg]).toEqual([0, TEST_FUNDS_REFUSAL(500)]);
    expect(await userTestBalances(t.database.db, owner.uuid)).toEqual({ coins: 0, earned: 300, hold: 500 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('spends test coins, coins, test earned points, then earned points; the test part goes to the owner first', async () => {
    const reader = await createUser(t, api, 'MixedReader', 1);
    const owner = await createUser(t, api, 'ShareOwner', 4);
    await buySandboxCoins(reader);
    await giveCoins(t.database.db, reader.uuid, 100);
    // 1 200 test coins, 100 real: a 1 000 unlock takes test coins only.
    await unlock(reader, await profile(owner, 1_000));
    expect(await userTestBalances(t.database.db, reader.uuid)).toEqual({ coins: 200, earned: 0, hold: 0 });
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 300, earned: 0, hold: 0 });

    // 200 test and 100 real coins for a 250 unlock: 200 test + 50 real. The owner's 200 are all test funds (the
    // test part goes to the owner's share first); the 50 fee is real.
    const fees = { real: await accountBalance(ledgerAccount.platform('fees')), test: await accountBalance(ledgerAccount.platform('fees:test')) };
    const before = await userTestBalances(t.database.db, owner.uuid);
    await unlock(reader, await profile(owner, 250));
    expect(await userBalances(t.database.db, reader.uuid)).toEqual({ coins: 50, earned: 0, hold: 0 });
    expect(await userTestBalances(t.database.db, reader.uuid)).toEqual({ coins: 0, earned: 0, hold: 0 });
    expect((await userTestBalances(t.database.db, owner.uuid)).earned - before.earned).toBe(200);
    expect(await accountBalance(ledgerAccount.platform('fees:test'))).toBe(fees.test);
    expect(await accountBalance(ledgerAccount.platform('fees'))).toBe(fees.real + 50);

    // Earned points (no coins left): the test ones go before the real ones.
    await earnReal(owner, 300);
    const other = await createUser(t, api, 'ThirdOwner', 4);
    await unlock(owner, await profile(other, 100));
    expect((await userTestBalances(t.database.db, owner.uuid)).earned).toBe(before.earned + 200 - 100);
    expect((await userBalances(t.database.db, owner.uuid)).earned).toBe(before.earned + 200 - 100 + 300);
    expect(await userTestBalances(t.database.db, other.uuid)).toEqual({ coins: 0, earned: 80, hold: 0 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });
});
