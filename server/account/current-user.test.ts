import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import { ledgerAccount, userBalances } from '../wallet/ledger.repository';
import { findSessionWithStanding, userStanding } from './current-user';
import { createSessionToken, findSession, revokeToken, SESSION_IDLE_MS, sha256 } from './token.repository';
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

  it("user/me's one statement reads the session as findSession does, and each user's own standing", async () => {
    const tokens = await Promise.all(users.map((uuid) => createSessionToken(database.db, uuid, 'pwa')));
    for (const [index, token] of tokens.entries()) {
      const found = await findSessionWithStanding(database.db, token);
      expect(found).toEqual({ ...(await findSession(database.db, token)), standing: await userStanding(database.db, users[index]) });
      expect(found!.user.uuid).toBe(users[index]);
    }
    // The rich member's plan-less standing, read with their session: balances of their own, not another row's.
    expect((await findSessionWithStanding(database.db, tokens[3]))!.standing).toEqual({ plan: undefined, balances: { coins: 9_007_199_254_745, earned: 1200, hold: 1000 } });
    expect((await findSessionWithStanding(database.db, tokens[1]))!.standing.plan?.plan_item).toBe(1);
  });

  it("user/me's one statement ends the sessions findSession ends, and notes a use as it does", async () => {
    const lastUsed = async (token: string) =>
      new Date((await database.db.selectFrom('user_tokens').select('last_used_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow()).last_used_at).getTime();
    const [uuid] = users;
    expect(await findSessionWithStanding(database.db, 'no-such-token')).toBeNull();
    const revoked = await createSessionToken(database.db, uuid, 'pwa');
    const [{ id }] = await database.db.selectFrom('user_tokens').select('id').where('token_hash', '=', sha256(revoked)).execute();
    await revokeToken(database.db, String(id));
    expect(await findSessionWithStanding(database.db, revoked)).toBeNull();
    const token = await createSessionToken(database.db, uuid, 'pwa');
    const created = await lastUsed(token);
    expect(await findSessionWithStanding(database.db, token, created + SESSION_IDLE_MS + 1000)).toBeNull();
    expect(await findSessionWithStanding(database.db, token, created + 9 * 60_000)).not.toBeNull();
    expect(await lastUsed(token)).toBe(created);
    expect(await findSessionWithStanding(database.db, token, created + 11 * 60_000)).not.toBeNull();
    expect(await lastUsed(token)).toBe(created + 11 * 60_000);
  });
});
