import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import { ledgerAccount, userBalances } from '../wallet/ledger.repository';
import { userStanding } from './current-user';
import { activeMembership } from './user.repository';

const DAY = 86_400_000;

/** user/me reads the plan and the balances in one statement: it must read what the two separate reads do. */
describe.each(DATABASE_KINDS)('userStanding (%s)', (kind) => {
  let database: DatabaseHandle;
  let users: string[];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    users = await insertTestUsers(database.db, 4);
    const [, running, future, rich] = users;
    const at = (days: number) => new Date(Date.now() + days * DAY);
    await database.db
      .insertInto('memberships')
      .values([
        // A running monthly plan with an annual one queued after it: the period ends with the annual.
        { user_uuid: running, plan_item: 1, starts_at: at(-10), ends_at: at(20) },
        { user_uuid: running, plan_item: 2, starts_at: at(20), ends_at: at(385) },
        // Only a plan that has not started, and one that ended.
        { user_uuid: future, plan_item: 1, starts_at: at(5), ends_at: at(35) },
        { user_uuid: future, plan_item: 2, starts_at: at(-400), ends_at: at(-35) },
      ])
      .execute();
    // Balances straight into the accounts (what the ledger's trigger keeps), real and test-funded together.
    await database.db
      .insertInto('ledger_accounts')
      .values([
        { account: ledgerAccount.coins(rich), user_uuid: rich, balance: '9007199254740' },
        { account: ledgerAccount.coinsTest(rich), user_uuid: rich, balance: '5' },
        { account: ledgerAccount.earned(rich), user_uuid: rich, balance: '1200' },
        { account: ledgerAccount.hold(rich), user_uuid: rich, balance: '1000' },
        { account: ledgerAccount.earned(running), user_uuid: running, balance: '7' },
      ])
      .execute();
  });
  afterAll(async () => database?.close());

  it('reads the running plan and the balances as activeMembership and userBalances do', async () => {
    for (const uuid of users) {
      const [plan, balances] = await Promise.all([activeMembership(database.db, uuid), userBalances(database.db, uuid)]);
      expect(await userStanding(database.db, uuid)).toEqual({ plan, balances });
    }
    const [nobody, running, future, rich] = await Promise.all(users.map((uuid) => userStanding(database.db, uuid)));
    expect(nobody).toEqual({ plan: undefined, balances: { coins: 0, earned: 0, hold: 0 } });
    expect(running.plan?.plan_item).toBe(1);
    expect(running.plan!.ends_at.getTime()).toBeGreaterThan(Date.now() + 380 * DAY);
    expect(future.plan).toBeUndefined();
    expect(rich.balances).toEqual({ coins: 9_007_199_254_745, earned: 1200, hold: 1000 });
  });
});
