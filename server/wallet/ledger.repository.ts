import type { Kysely, Transaction } from 'kysely';
import { isCheckViolation, isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';

/**
 * The double-entry ledger (DESIGN sections 6 and 8; issue 12 item 1). Every balance change is a transfer: entries on
 * two or more accounts that sum to zero, written once per idempotency key. The database keeps each account's balance
 * (`ledger_accounts`, by trigger), refuses a negative one for every account but the platform's, refuses a transfer
 * that does not balance, and refuses any update or delete of the ledger (migration 2026-11-25-0003-ledger).
 *
 * Accounts: purchased coins are spendable only; earned points are spendable and withdrawable; a withdrawal moves
 * points to `hold` until it is paid (posted to the platform's payouts) or rejected (voided back to earned).
 */
export const ledgerAccount = {
  coins: (uuid: string) => `user:${uuid}:coins`,
  earned: (uuid: string) => `user:${uuid}:earned`,
  hold: (uuid: string) => `user:${uuid}:hold`,
  /** sales: what buyers paid for coins and plans; fees: the platform's share of unlocks; payouts: withdrawals paid. */
  platform: (name: 'sales' | 'fees' | 'payouts') => `platform:${name}`,
};

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

/** A user's balances, as the database keeps them. */
export async function userBalances(db: Db, uuid: string): Promise<UserBalances> {
  const rows = await db.selectFrom('ledger_accounts').select(['account', 'balance']).where('user_uuid', '=', uuid).execute();
  const byAccount = new Map(rows.map((r) => [r.account, Number(r.balance)]));
  return {
    coins: byAccount.get(ledgerAccount.coins(uuid)) ?? 0,
    earned: byAccount.get(ledgerAccount.earned(uuid)) ?? 0,
    hold: byAccount.get(ledgerAccount.hold(uuid)) ?? 0,
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
 * Spends `points` of a user's balance: purchased coins first (they can never be withdrawn), then earned points.
 * Returns the entries of that debit, to be part of a transfer; InsufficientFunds when the two do not cover it.
 * The balances are read under the accounts' row locks, so a concurrent spend waits rather than overdraws.
 */
export async function spendEntries(trx: Transaction<Database>, uuid: string, points: number): Promise<LedgerEntryInput[]> {
  const accounts = [ledgerAccount.coins(uuid), ledgerAccount.earned(uuid)];
  const rows = await trx.selectFrom('ledger_accounts').select(['account', 'balance']).where('account', 'in', accounts).orderBy('account').forUpdate().execute();
  const balance = (account: string) => Number(rows.find((r) => r.account === account)?.balance ?? 0);
  const fromCoins = Math.min(points, balance(accounts[0]));
  const fromEarned = points - fromCoins;
  if (fromEarned > balance(accounts[1])) throw new InsufficientFunds(accounts);
  return [
    ...(fromCoins > 0 ? [{ account: accounts[0], userUuid: uuid, amount: -fromCoins }] : []),
    ...(fromEarned > 0 ? [{ account: accounts[1], userUuid: uuid, amount: -fromEarned }] : []),
  ];
}

/** The sum of every account: zero whenever no transaction is half-way (the double-entry invariant). */
export async function ledgerTotal(db: Db): Promise<number> {
  const row = await db.selectFrom('ledger_accounts').select((eb) => eb.fn.sum<string>('balance').as('total')).executeTakeFirst();
  return Number(row?.total ?? 0);
}
