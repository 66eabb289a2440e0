import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { DATABASE_KINDS } from '../../tests/support/databases';
import { startTestApp, type TestApp } from '../../tests/support/test-app';
import { createUser, type RawClient, type TestUser } from '../directory/listing.fixtures';
import { ledgerAccount, ledgerTotal, transfer, userBalances } from './ledger.repository';
import { giveEarnedPoints } from './wallet.fixtures';

/**
 * Issue 12, the wallet calls a member can make today: the points log read from the ledger, withdrawal applications
 * (KYC approved, the configured minimum, the points held at once; idempotent; never more than the earned balance,
 * also when sent concurrently) and the withdrawal log. Each user sees only their own.
 */
describe.each(DATABASE_KINDS)('wallet API on %s', (kind) => {
  let t: TestApp;
  let api: RawClient;
  let earner: TestUser;
  let unverified: TestUser;

  const earn = (user: TestUser, points: number, ref = 'Aiko') => giveEarnedPoints(t.database.db, user.uuid, points, ref);
  const buy = (user: TestUser, coins: number) =>
    transfer(t.database.db, {
      key: randomUUID(),
      kind: 'coins',
      memo: { ref: 'order-1' },
      entries: [
        { account: ledgerAccount.platform('sales'), userUuid: null, amount: -coins },
        { account: ledgerAccount.coins(user.uuid), userUuid: user.uuid, amount: coins },
      ],
    });
  const application = (points: number, key = randomUUID()) => ({
    method: 'bank_card',
    points,
    idempotency_key: key,
    account_name: 'Vera Example',
    bank_name: 'Example Bank',
    card_number: '4000 1234 5678 9010',
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
    earner = await createUser(t, api, 'Earner', 4);
    unverified = await createUser(t, api, 'Unverified', 2);
  });
  afterAll(async () => t?.close());

  it('refuses a withdrawal without KYC, under the minimum or over the earned balance, holding nothing', async () => {
    await earn(unverified, 5_000);
    const noKyc = await api.call('user/apply_withdraw', { token: unverified.token, ...application(2_000) });
    expect([noKyc.status, noKyc.msg]).toEqual([0, 'Verify your identity before you withdraw points.']);

    await earn(earner, 3_000);
    await buy(earner, 10_000);
    const small = await api.call('user/apply_withdraw', { token: earner.token, ...application(999) });
    expect([small.status, small.msg]).toEqual([0, 'You can withdraw 1,000 points or more.']);
    // Purchased coins are never withdrawable: 3 000 earned, 10 000 coins.
    const much = await api.call('user/apply_withdraw', { token: earner.token, ...application(3_001) });
    expect([much.status, much.msg]).toEqual([0, 'You have 3,000 withdrawable points.']);
    expect(await userBalances(t.database.db, earner.uuid)).toEqual({ coins: 10_000, earned: 3_000, hold: 0 });
    expect(await t.database.db.selectFrom('withdrawals').select('id').execute()).toEqual([]);
  });

  it('holds the points of an application at once, once per idempotency key, and lists it masked', async () => {
    const key = randomUUID();
    const first = await api.call('user/apply_withdraw', { token: earner.token, ...application(1_200, key) });
    expect(first.status, first.msg).toBe(1);
    expect(first.data).toMatchObject({ points: 1_200, amount: 1_200, method: 'bank_card', account_mask: '•••• 9010', status: 'pending', reject_reason: null });
    const again = await api.call('user/apply_withdraw', { token: earner.token, ...application(1_200, key) });
    expect(again.data).toEqual(first.data);
    expect(await userBalances(t.database.db, earner.uuid)).toEqual({ coins: 10_000, earned: 1_800, hold: 1_200 });

    const me = (await api.call('user/me', { token: earner.token })).data as Record<string, number>;
    expect([me.fun_score, me.withdrawable_fun_score, me.withdrawable_amount]).toEqual([11_800, 1_800, 1_800]);
    const log = (await api.call('user/withdrawalLog', { token: earner.token })).data as { list: unknown[] };
    expect(log.list).toEqual([first.data]);
    expect(JSON.stringify(log)).not.toContain('1234 5678');
    // Nobody else sees it.
    expect(((await api.call('user/withdrawalLog', { token: unverified.token })).data as { list: unknown[] }).list).toEqual([]);
  });

  it('refuses an idempotency key reused with other points, method or payout account, holding nothing (issue 29 C)', async () => {
    const reuser = await createUser(t, api, 'Reuser', 4);
    await earn(reuser, 5_000);
    const key = randomUUID();
    const first = await api.call('user/apply_withdraw', { token: reuser.token, ...application(1_000, key) });
    expect(first.status, first.msg).toBe(1);
    const conflict = 'This request was already used for another withdrawal. Please try again.';
    const others = [
      application(2_000, key),
      { ...application(1_000, key), card_number: '4000 1234 5678 9999' },
      { ...application(1_000, key), account_name: 'Someone Else' },
      { method: 'usdt', points: 1_000, idempotency_key: key, network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' },
    ];
    for (const other of others) {
      const res = await api.call('user/apply_withdraw', { token: reuser.token, ...other });
      expect([res.status, res.msg], JSON.stringify(other)).toEqual([0, conflict]);
    }
    // The same application again is still the first one; a formatting difference of the same card is the same card.
    expect((await api.call('user/apply_withdraw', { token: reuser.token, ...application(1_000, key) })).data).toEqual(first.data);
    expect((await api.call('user/apply_withdraw', { token: reuser.token, ...application(1_000, key), card_number: '4000123456789010' })).data).toEqual(first.data);
    expect(await userBalances(t.database.db, reuser.uuid)).toEqual({ coins: 0, earned: 4_000, hold: 1_000 });
    expect(await t.database.db.selectFrom('withdrawals').select('id').where('user_uuid', '=', reuser.uuid).execute()).toHaveLength(1);
  });

  it('concurrent applications never hold more than the earned balance', async () => {
    const racer = await createUser(t, api, 'Racer', 4);
    await earn(racer, 5_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => api.call('user/apply_withdraw', { token: racer.token, ...application(1_000) })));
    expect(results.filter((r) => r.status === 1)).toHaveLength(5);
    expect(results.filter((r) => r.status === 0).map((r) => r.msg)).toEqual(Array(7).fill('You have 0 withdrawable points.'));
    expect(await userBalances(t.database.db, racer.uuid)).toEqual({ coins: 0, earned: 0, hold: 5_000 });
    expect(await ledgerTotal(t.database.db)).toBe(0);
  });

  it('the points log shows every change of spendable points, newest first, with the balance after it', async () => {
    const reader = await createUser(t, api, 'Reader', 1);
    await buy(reader, 550);
    await earn(reader, 40, 'Mika');
    const page1 = (await api.call('user/buyLog', { token: reader.token, limit: 1 })).data as { list: Record<string, unknown>[]; next_cursor: string | null };
    expect(page1.list).toEqual([expect.objectContaining({ kind: 'unlock_earn', points: 40, withdrawable: true, balance: 590, ref: 'Mika' })]);
    const page2 = (await api.call('user/buyLog', { token: reader.token, limit: 1, cursor: page1.next_cursor })).data as { list: Record<string, unknown>[]; next_cursor: string | null };
    expect(page2.list).toEqual([expect.objectContaining({ kind: 'recharge', points: 550, withdrawable: false, balance: 550, ref: 'order-1' })]);
    expect(page2.next_cursor).toBeNull();
    // A cursor of another list is refused, not misread.
    const withdrawalsCursor = Buffer.from(JSON.stringify({ l: 'withdrawals', id: '1' })).toString('base64url');
    const refused = await api.call('user/buyLog', { token: reader.token, cursor: withdrawalsCursor });
    expect(refused.status).toBe(0);
    // Another user's log holds none of it.
    const other = (await api.call('user/buyLog', { token: unverified.token })).data as { list: { ref: string | null }[] };
    expect(other.list.map((e) => e.ref)).not.toContain('Mika');
  });
});
