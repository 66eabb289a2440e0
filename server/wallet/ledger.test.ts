import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, insertTestUsers, openTestDatabase } from '../../tests/support/databases';
import type { DatabaseHandle } from '../db/database';
import { IdempotencyConflict, InsufficientFunds, ledgerAccount, ledgerTotal, spendEntries, transfer, userBalances } from './ledger.repository';

/**
 * Issue 12 item 1 and its tests: the ledger never creates or loses a point. Any sequence of purchases, spends, holds,
 * posts and voids keeps the sum of all accounts at zero and no user account negative; concurrent spends of one
 * balance never overdraw; one idempotency key credits once however often and however concurrently it is sent; and the
 * database itself refuses an overdraft, an unbalanced transfer and any rewrite of the ledger.
 */

/** Sequences per database; cheap (a few ms each), so more than the API fuzz suites use. */
const RUNS = Number(process.env.LEDGER_RUNS ?? 40);
/** Fixed unless FUZZ_SEED says otherwise, so the coverage check below sees the same sequences every run. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

const buyCoins = (user: string, coins: number, key = randomUUID()) =>
  ({
    key,
    kind: 'coins',
    entries: [
      { account: ledgerAccount.platform('sales'), userUuid: null, amount: -coins },
      { account: ledgerAccount.coins(user), userUuid: user, amount: coins },
    ],
  }) as const;

describe.each(DATABASE_KINDS)('ledger on %s', (kind) => {
  let database: DatabaseHandle;
  let users: string[];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    users = await insertTestUsers(database.db, 6);
  });
  afterAll(async () => database?.close());

  it('keeps the sum at zero and no user account negative through any sequence of operations', async () => {
    type Op =
      | { op: 'buy'; user: number; amount: number }
      | { op: 'spend'; user: number; owner: number; amount: number }
      | { op: 'hold'; user: number; amount: number }
      | { op: 'post' | 'void'; hold: number };
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      { weight: 3, arbitrary: fc.record({ op: fc.constant('buy' as const), user: fc.nat(5), amount: fc.integer({ min: 1, max: 500 }) }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('spend' as const), user: fc.nat(5), owner: fc.nat(5), amount: fc.integer({ min: 1, max: 400 }) }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant('hold' as const), user: fc.nat(5), amount: fc.integer({ min: 1, max: 300 }) }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constantFrom('post' as const, 'void' as const), hold: fc.nat(20) }) },
    );
    const succeeded = { buy: 0, spend: 0, hold: 0, post: 0, void: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const holds: { user: string; amount: number; key: string; settled: boolean }[] = [];
        // What the balances must be: the same operations on plain numbers.
        const before = new Map((await database.db.selectFrom('ledger_accounts').select(['account', 'balance']).execute()).map((r) => [r.account, Number(r.balance)]));
        const model = new Map(before);
        const move = (entries: readonly { account: string; amount: number }[]) => {
          for (const e of entries) model.set(e.account, (model.get(e.account) ?? 0) + e.amount);
        };
        for (const op of ops) {
          try {
            if (op.op === 'buy') {
              const input = buyCoins(users[op.user], op.amount);
              await transfer(database.db, input);
              move(input.entries);
            }
            if (op.op === 'spend') {
              const [payer, owner] = [users[op.user], users[op.owner]];
              if (payer === owner) continue;
              const entries = await database.db.transaction().execute(async (trx) => {
                const debit = await spendEntries(trx, payer, op.amount);
                const earning = Math.floor(op.amount * 0.8);
                const all = [
                  ...debit,
                  ...(earning > 0 ? [{ account: ledgerAccount.earned(owner), userUuid: owner, amount: earning }] : []),
                  { account: ledgerAccount.platform('fees'), userUuid: null, amount: op.amount - earning },
                ];
                await transfer(trx, { key: randomUUID(), kind: 'unlock', entries: all });
                return all;
              });
              move(entries);
            }
            if (op.op === 'hold') {
              const user = users[op.user];
              const key = randomUUID();
              const entries = [
                { account: ledgerAccount.earned(user), userUuid: user, amount: -op.amount },
                { account: ledgerAccount.hold(user), userUuid: user, amount: op.amount },
              ];
              await transfer(database.db, { key, kind: 'withdraw.hold', entries });
              move(entries);
              holds.push({ user, amount: op.amount, key, settled: false });
            }
            if (op.op === 'post' || op.op === 'void') {
              const open = holds.filter((h) => !h.settled);
              if (open.length === 0) continue;
              const hold = open[op.hold % open.length];
              const entries = [
                { account: ledgerAccount.hold(hold.user), userUuid: hold.user, amount: -hold.amount },
                op.op === 'post'
                  ? { account: ledgerAccount.platform('payouts'), userUuid: null, amount: hold.amount }
                  : { account: ledgerAccount.earned(hold.user), userUuid: hold.user, amount: hold.amount },
              ];
              await transfer(database.db, { key: `${hold.key}:settle`, kind: `withdraw.${op.op}`, entries });
              move(entries);
              hold.settled = true;
            }
          } catch (error) {
            // Refusing a spend the balance does not cover is the only acceptable failure.
            expect(error).toBeInstanceOf(InsufficientFunds);
            continue;
          }
          succeeded[op.op] += 1;
          expect(await ledgerTotal(database.db)).toBe(0);
          const negative = await database.db.selectFrom('ledger_accounts').select('account').where('balance', '<', '0').where('account', 'like', 'user:%').execute();
          expect(negative).toEqual([]);
        }
        const actual = new Map((await database.db.selectFrom('ledger_accounts').select(['account', 'balance']).execute()).map((r) => [r.account, Number(r.balance)]));
        for (const [account, balance] of model) expect(actual.get(account) ?? 0, account).toBe(balance);
        // Every balance is the sum of its entries.
        const drift = await sql<{ account: string }>`select a.account from ledger_accounts a
          left join (select account, sum(amount) as s from ledger_entries group by account) e on e.account = a.account
          where a.balance <> coalesce(e.s, 0)`.execute(database.db);
        expect(drift.rows).toEqual([]);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The runs exercised every operation, not only refusals.
    expect(Object.values(succeeded).every((n) => n > 0), JSON.stringify(succeeded)).toBe(true);
  }, 120_000);

  it('100 concurrent spends of one balance never overdraw', async () => {
    const [payer, owner] = await insertTestUsers(database.db, 2);
    await transfer(database.db, buyCoins(payer, 500));
    const spend = () =>
      database.db.transaction().execute(async (trx) => {
        const debit = await spendEntries(trx, payer, 10);
        await transfer(trx, { key: randomUUID(), kind: 'unlock', entries: [...debit, { account: ledgerAccount.earned(owner), userUuid: owner, amount: 10 }] });
      });
    const results = await Promise.allSettled(Array.from({ length: 100 }, spend));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientFunds);
    expect(await userBalances(database.db, payer)).toEqual({ coins: 0, earned: 0, hold: 0 });
    expect((await userBalances(database.db, owner)).earned).toBe(500);
  }, 60_000);

  it('one idempotency key credits once, also when sent 20 times at once', async () => {
    const [buyer] = await insertTestUsers(database.db, 1);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 20 }, () => transfer(database.db, buyCoins(buyer, 550, key))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transferId)).size).toBe(1);
    expect((await userBalances(database.db, buyer)).coins).toBe(550);
    // The same key for another transfer is a conflict, not a second credit.
    await expect(transfer(database.db, buyCoins(buyer, 100, key))).rejects.toBeInstanceOf(IdempotencyConflict);
    expect((await userBalances(database.db, buyer)).coins).toBe(550);
  });

  it('the database itself refuses an overdraft, an unbalanced transfer and any rewrite of the ledger', async () => {
    const [user] = await insertTestUsers(database.db, 1);
    await transfer(database.db, buyCoins(user, 100));
    const raw = async (entries: { account: string; user_uuid: string | null; amount: number }[]) =>
      database.db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('ledger_transfers').values({ idempotency_key: randomUUID(), kind: 'raw', memo: '{}' }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('ledger_entries').values(entries.map((e) => ({ ...e, transfer_id: id }))).execute();
      });
    // Bypassing the code: 150 out of an account holding 100.
    await expect(
      raw([
        { account: ledgerAccount.coins(user), user_uuid: user, amount: -150 },
        { account: ledgerAccount.platform('fees'), user_uuid: null, amount: 150 },
      ]),
    ).rejects.toThrow(/ledger_accounts_not_negative/);
    // Points out of nowhere.
    await expect(raw([{ account: ledgerAccount.coins(user), user_uuid: user, amount: 1_000 }])).rejects.toThrow(/does not balance/);
    await expect(
      raw([
        { account: ledgerAccount.coins(user), user_uuid: user, amount: 1_000 },
        { account: ledgerAccount.platform('sales'), user_uuid: null, amount: -999 },
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(database.db.updateTable('ledger_entries').set({ amount: 1 }).where('user_uuid', '=', user).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('ledger_entries').where('user_uuid', '=', user).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('ledger_transfers').where('kind', '=', 'coins').execute()).rejects.toThrow(/append-only/);
    expect(await userBalances(database.db, user)).toEqual({ coins: 100, earned: 0, hold: 0 });
    expect(await ledgerTotal(database.db)).toBe(0);
  });
});
