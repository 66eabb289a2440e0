import type { Kysely, Transaction } from 'kysely';
import { isCheckViolation, isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { prepared } from '../db/prepared';

/**
 * The double-entry ledger (DESIGN sections 6 and 8; issue 12 item 1). Every balance change is a transfer: entries on
 * two or more accounts that sum to zero, written once per idempotency key. The database keeps each account's balance
 * (`ledger_accounts`, by trigger), refuses a negative one for every account but the platform's, refuses a transfer
 * that does not balance, and refuses any update or delete of the ledger (migration 2026-11-25-0003-ledger).
 *
 * Accounts: purchased coins are spendable only; earned points are spendable and withdrawable; a withdrawal moves
 * points to `hold` until it is paid (posted to the platform's payouts) or rejected (voided back to earned).
 *
 * Test funds (issue 29; DESIGN section 9): coins of an order paid in a test mode (the sandbox provider, or Stripe
 * with a test key) are credited to the test twin of each account (`…:coins:test`), and stay test-funded wherever
 * they go: spent on an unlock they make the owner's earnings `…:earned:test`, held by a withdrawal `…:hold:test`.
 * A withdrawal holding any test points can only be rejected, never paid (admin/withdrawal-admin.service.ts), so
 * test money never leaves as real money. Balances shown to members are the sums of an account and its twin.
 * The order of who takes what is fixed (spendEntries, creditEntries, holdEntries below):
 * - a spend takes test coins, coins, test earned points, then earned points: coins first as ever (they can never
 *   be withdrawn), and within each the test ones first (they are worth less to their holder);
 * - the test part of a spend is credited to its recipients in their order (an unlock: the owner's share, then the
 *   platform's fee), so test coins spent on a profile make its owner's earnings test-funded first;
 * - a withdrawal holds earned points before test earned points, so it is payable whenever real points cover it.
 */
export const ledgerAccount = {
  coins: (uuid: string) => `user:${uuid}:coins`,
  earned: (uuid: string) => `user:${uuid}:earned`,
  hold: (uuid: string) => `user:${uuid}:hold`,
  coinsTest: (uuid: string) => `user:${uuid}:coins:test`,
  earnedTest: (uuid: string) => `user:${uuid}:earned:test`,
  holdTest: (uuid: string) => `user:${uuid}:hold:test`,
  /**
   * sales: what buyers paid for coins and plans; fees: the platform's share of unlocks; payouts: withdrawals paid.
   * `sales:test` and `fees:test` are their test twins; payouts has none (test funds are never paid out).
   */
  platform: (name: 'sales' | 'fees' | 'payouts' | 'sales:test' | 'fees:test') => `platform:${name}`,
};

/** Whether an account is a test twin (its points trace back to a test-mode order). */
export const isTestAccount = (account: string) => account.endsWith(':test');

type Db = Kysely<Database> | Transaction<Database>;

export interface LedgerEntryInput {
  account: string;
  /** The user the account belongs to; null for the platform's accounts. */
  userUuid: string | null;
  /** Points (or cents for money accounts); positive credits, negative debits; never 0. */
  amount: number;
}

export interface TransferInput {
  /** Unique per intended transfer; a second transfer with the same key writes nothing and returns the first. */
  key: string;
  kind: string;
  memo?: Record<string, unknown>;
  entries: readonly LedgerEntryInput[];
}

export interface TransferResult {
  transferId: string;
  /** False when the key was used before: nothing was written this time. */
  created: boolean;
}

/** A debit would take an account below zero; nothing was written. */
export class InsufficientFunds extends Error {
  constructor(readonly accounts: string[]) {
    super(`insufficient balance on ${accounts.join(', ')}`);
  }
}

/** The same idempotency key was used for a different transfer. */
export class IdempotencyConflict extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different transfer`);
  }
}

function checkBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length < 2) throw new Error('a transfer needs at least two entries');
  let sum = 0;
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`invalid ledger amount ${entry.amount}`);
    if (!entry.account.startsWith('platform:') && entry.userUuid === null) throw new Error(`user account ${entry.account} without a user`);
    sum += entry.amount;
  }
  if (sum !== 0) throw new Error(`transfer does not balance: sum ${sum}`);
}


/** The same transfer, entry for entry (in any order)? */
function sameEntries(a: readonly { account: string; amount: number }[], b: readonly { account: string; amount: number }[]): boolean {
  const key = (entries: readonly { account: string; amount: number }[]) =>
    entries
      .map((e) => `${e.account}=${e.amount}`)
      .sort()
      .join('|');
  return key(a) === key(b);
}

/**
 * Writes a transfer in its own transaction, or inside `db` when it is one already (then the caller's transaction
 * holds the account locks until it commits). Throws InsufficientFunds when a user account would go negative.
 */
export async function transfer(db: Db, input: TransferInput): Promise<TransferResult> {
  checkBalanced(input.entries);
  const run = async (trx: Transaction<Database>): Promise<TransferResult> => {
    const inserted = await trx
      .insertInto('ledger_transfers')
      .values({ idempotency_key: input.key, kind: input.kind, memo: JSON.stringify(input.memo ?? {}) })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx.selectFrom('ledger_transfers').select(['id', 'kind']).where('idempotency_key', '=', input.key).executeTakeFirstOrThrow();
      const entries = await trx.selectFrom('ledger_entries').select(['account', 'amount']).where('transfer_id', '=', existing.id).execute();
      const same = existing.kind === input.kind && sameEntries(entries.map((e) => ({ account: e.account, amount: Number(e.amount) })), input.entries);
      if (!same) throw new IdempotencyConflict(input.key);
      return { transferId: existing.id, created: false };
    }
    // Debits first, in a fixed order of accounts, so two transfers lock shared accounts in the same order.
    const ordered = [...input.entries].sort((a, b) => Math.sign(a.amount) - Math.sign(b.amount) || a.account.localeCompare(b.account));
    for (const entry of ordered) {
      try {
        await trx
          .insertInto('ledger_entries')
          .values({ transfer_id: inserted.id, account: entry.account, user_uuid: entry.userUuid, amount: entry.amount })
          .execute();
      } catch (error) {
        if (isCheckViolation(error)) throw new InsufficientFunds([entry.account]);
        throw error;
      }
    }
    return { transferId: inserted.id, created: true };
  };
  if (db.isTransaction) return run(db as Transaction<Database>);
  try {
    return await db.transaction().execute(run);
  } catch (error) {
    // Two requests with one key raced: the loser's insert waited for the winner and found its row.
    if (isUniqueViolation(error)) return transfer(db, input);
    throw error;
  }
}

export interface UserBalances {
  coins: number;
  earned: number;
  hold: number;
}

/** A user's balances, as the database keeps them: each is an account and its test twin together. */
export async function userBalances(db: Db, uuid: string): Promise<UserBalances> {
  const { all } = await balancesOf(db, uuid);
  return all;
}

/** Of a user's balances, the test-funded part (the test twins alone). */
export async function userTestBalances(db: Db, uuid: string): Promise<UserBalances> {
  const { test } = await balancesOf(db, uuid);
  return test;
}

/** Every signed-in page reads the balances (user/me): prepared (db/prepared.ts). */
const accountsOfUser = prepared('user_balances', 1, (db, uuid: string) => db.selectFrom('ledger_accounts').select(['account', 'balance']).where('user_uuid', '=', uuid));

async function balancesOf(db: Db, uuid: string): Promise<{ all: UserBalances; test: UserBalances }> {
  return balancesFromRows(uuid, await accountsOfUser(db, uuid));
}

/** The balances of `uuid` from its rows of ledger_accounts (account, balance), as balancesOf reads them. */
export function balancesFromRows(uuid: string, rows: readonly { account: string; balance: string | number }[]): { all: UserBalances; test: UserBalances } {
  const byAccount = new Map(rows.map((r) => [r.account, Number(r.balance)]));
  const of = (account: string) => byAccount.get(account) ?? 0;
  const test = { coins: of(ledgerAccount.coinsTest(uuid)), earned: of(ledgerAccount.earnedTest(uuid)), hold: of(ledgerAccount.holdTest(uuid)) };
  return {
    all: { coins: of(ledgerAccount.coins(uuid)) + test.coins, earned: of(ledgerAccount.earned(uuid)) + test.earned, hold: of(ledgerAccount.hold(uuid)) + test.hold },
    test,
  };
}

/**
 * Locks the rows of the accounts a transaction is about to move, in one fixed order (by name), before any of them is
 * written. Transfers that debit one user and credit another (an unlock: reader → owner and fees) would otherwise
 * lock in opposite orders when two users pay each other at once, and deadlock. Accounts without a row yet (never
 * moved) are not locked here; their first entry creates them.
 */
export async function lockAccounts(trx: Transaction<Database>, accounts: readonly string[]): Promise<void> {
  const unique = [...new Set(accounts)].sort();
  if (unique.length === 0) return;
  await trx.selectFrom('ledger_accounts').select('account').where('account', 'in', unique).orderBy('account').forUpdate().execute();
}

/**
 * Takes `points` from `accounts` in their order, under their row locks (so a concurrent debit waits rather than
 * overdraws): the debit entries, or InsufficientFunds when together they do not cover it.
 */
async function takeInOrder(trx: Transaction<Database>, uuid: string, accounts: readonly string[], points: number): Promise<LedgerEntryInput[]> {
  const rows = await trx.selectFrom('ledger_accounts').select(['account', 'balance']).where('account', 'in', accounts).orderBy('account').forUpdate().execute();
  const balance = (account: string) => Number(rows.find((r) => r.account === account)?.balance ?? 0);
  const entries: LedgerEntryInput[] = [];
  let left = points;
  for (const account of accounts) {
    const taken = Math.min(left, balance(account));
    if (taken > 0) entries.push({ account, userUuid: uuid, amount: -taken });
    left -= taken;
  }
  if (left > 0) throw new InsufficientFunds([...accounts]);
  return entries;
}

/** The accounts a spend of a user's points may debit, in the order it takes them (see the module comment). */
export const spendAccounts = (uuid: string) => [ledgerAccount.coinsTest(uuid), ledgerAccount.coins(uuid), ledgerAccount.earnedTest(uuid), ledgerAccount.earned(uuid)];

/**
 * Spends `points` of a user's balance: purchased coins first (they can never be withdrawn), then earned points, and
 * within each the test-funded ones first. Returns the entries of that debit, to be part of a transfer (with
 * creditEntries for the other side); InsufficientFunds when the four do not cover it.
 */
export async function spendEntries(trx: Transaction<Database>, uuid: string, points: number): Promise<LedgerEntryInput[]> {
  return takeInOrder(trx, uuid, spendAccounts(uuid), points);
}

/** One recipient of a spend: its account, that account's test twin, and the points it gets. */
export interface Credit {
  account: string;
  testAccount: string;
  userUuid: string | null;
  amount: number;
}

/**
 * The credit entries of a spend whose debits are `debits`: the test-funded part of the debits (entries on test
 * twins) goes to the recipients in their order, each on its test twin, up to its amount; the rest is real. The credits
 * must add up to what the debits take.
 */
export function creditEntries(debits: readonly LedgerEntryInput[], credits: readonly Credit[]): LedgerEntryInput[] {
  let testLeft = -debits.filter((d) => isTestAccount(d.account)).reduce((sum, d) => sum + d.amount, 0);
  const entries: LedgerEntryInput[] = [];
  for (const credit of credits) {
    const fromTest = Math.min(testLeft, credit.amount);
    testLeft -= fromTest;
    if (fromTest > 0) entries.push({ account: credit.testAccount, userUuid: credit.userUuid, amount: fromTest });
    if (credit.amount - fromTest > 0) entries.push({ account: credit.account, userUuid: credit.userUuid, amount: credit.amount - fromTest });
  }
  return entries;
}

/**
 * The entries that hold `points` of a user's earned points for a withdrawal: earned points before test earned
 * points (so a withdrawal real points cover is payable), each to its own hold account. `testPoints` is how many came
 * from test funds; InsufficientFunds when the two do not cover it.
 */
export async function holdEntries(trx: Transaction<Database>, uuid: string, points: number): Promise<{ entries: LedgerEntryInput[]; testPoints: number }> {
  const debits = await takeInOrder(trx, uuid, [ledgerAccount.earned(uuid), ledgerAccount.earnedTest(uuid)], points);
  const testPoints = -debits.filter((d) => isTestAccount(d.account)).reduce((sum, d) => sum + d.amount, 0);
  const credits = [
    ...(points - testPoints > 0 ? [{ account: ledgerAccount.hold(uuid), userUuid: uuid, amount: points - testPoints }] : []),
    ...(testPoints > 0 ? [{ account: ledgerAccount.holdTest(uuid), userUuid: uuid, amount: testPoints }] : []),
  ];
  return { entries: [...debits, ...credits], testPoints };
}

/** The sum of every account: zero whenever no transaction is half-way (the double-entry invariant). */
export async function ledgerTotal(db: Db): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.sum<string>('balance').as('total')).executeTakeFirst();
  return Number(row?.total ?? 0);
}
