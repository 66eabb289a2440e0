import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ledgerAccount, transfer } from './ledger.repository';

/**
 * Test helper: credits purchased coins to a user the way a paid coin order does (a ledger transfer from the
 * platform's sales, kind `coins`), without going through an order.
 */
export async function giveCoins(db: Kysely<Database>, uuid: string, coins: number, ref = 'test-order'): Promise<void> {
  await transfer(db, {
    key: `test-coins:${randomUUID()}`,
    kind: 'coins',
    memo: { ref },
    entries: [
      { account: ledgerAccount.platform('sales'), userUuid: null, amount: -coins },
      { account: ledgerAccount.coins(uuid), userUuid: uuid, amount: coins },
    ],
  });
}

/**
 * Test helper: credits withdrawable (real) points to a user the way an unlock's earning paid with real coins does (a
 * ledger transfer from the platform's fees, kind `unlock`), without an unlock.
 */
export async function giveEarnedPoints(db: Kysely<Database>, uuid: string, points: number, ref = 'Aiko'): Promise<void> {
  await transfer(db, {
    key: randomUUID(),
    kind: 'unlock',
    memo: { ref },
    entries: [
      { account: ledgerAccount.platform('fees'), userUuid: null, amount: -points },
      { account: ledgerAccount.earned(uuid), userUuid: uuid, amount: points },
    ],
  });
}
