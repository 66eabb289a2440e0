import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Ledger account names (DESIGN section 6). Purchased coins are spendable only; earned points are spendable and
 * withdrawable; a withdrawal places points on hold until it is paid or rejected.
 */
export const ledgerAccount = {
  coins: (uuid: string) => `user:${uuid}:coins`,
  earned: (uuid: string) => `user:${uuid}:earned`,
  hold: (uuid: string) => `user:${uuid}:hold`,
  platform: (name: 'sales' | 'fees' | 'payouts') => `platform:${name}`,
};

export interface UserBalances {
  coins: number;
  earned: number;
  hold: number;
}

export async function userBalances(db: Kysely<Database>, uuid: string): Promise<UserBalances> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['account', (eb) => eb.fn.sum<string>('amount').as('balance')])
    .where('user_uuid', '=', uuid)
    .groupBy('account')
    .execute();
  const byAccount = new Map(rows.map((r) => [r.account, Number(r.balance)]));
  return {
    coins: byAccount.get(ledgerAccount.coins(uuid)) ?? 0,
    earned: byAccount.get(ledgerAccount.earned(uuid)) ?? 0,
    hold: byAccount.get(ledgerAccount.hold(uuid)) ?? 0,
  };
}
