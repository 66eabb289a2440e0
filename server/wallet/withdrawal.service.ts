import type { Kysely } from 'kysely';
import type * as wallet from '@/contract/calls/wallet';
import type { EconomyConfig } from '@/contract/economy';
import { KycStatus } from '@/contract/enums';
import { ApiFailure } from '../api/failure';
import type { Database, UserRow, WithdrawalRow } from '../db/schema';
import { holdEntries, IdempotencyConflict, InsufficientFunds, transfer, userBalances } from './ledger.repository';
import { failpoint } from '../failpoints/failpoints';

/** The last four characters of the payout account, the rest hidden. */
function maskOf(application: wallet.WithdrawalApplication): { account: Record<string, string>; mask: string } {
  const account: Record<string, string> =
    application.method === 'bank_card'
      ? { account_name: application.account_name, bank_name: application.bank_name, card_number: application.card_number }
      : application.method === 'usdt'
        ? { network: application.network, address: application.address }
        : { account_name: application.account_name, alipay_account: application.alipay_account };
  const secret = application.method === 'bank_card' ? application.card_number : application.method === 'usdt' ? application.address : application.alipay_account;
  return { account, mask: `•••• ${Array.from(secret).slice(-4).join('')}` };
}

/** Whether a stored withdrawal is this application (a retry of it) rather than another one under the same key. */
function sameApplication(row: WithdrawalRow, points: number, method: string, account: Record<string, string>): boolean {
  const stored = row.account as Record<string, unknown>;
  const names = new Set([...Object.keys(stored), ...Object.keys(account)]);
  return row.points === points && row.method === method && [...names].every((name) => stored[name] === account[name]);
}

/** A withdrawal as its owner sees it (the payout account masked). */
export function withdrawalOf(row: WithdrawalRow): wallet.Withdrawal {
  return {
    id: row.id,
    points: row.points,
    amount: Number(row.amount),
    method: row.method,
    account_mask: row.account_mask,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: new Date(row.created_at).toISOString(),
    processed_at: row.processed_at ? new Date(row.processed_at).toISOString() : null,
  };
}

/**
 * A withdrawal application (user/apply_withdraw; DESIGN section 6): KYC approved, at least the configured minimum,
 * and the points held in the ledger at once (earned → hold), in the transaction that stores the application. Once
 * per (user, idempotency key): the same application again answers the first. Refusals are ApiFailures, so the route
 * answers them as they are and the demo seed (server/seed/demo-wallet.ts) goes through the same checks.
 */
export async function applyWithdrawal(
  db: Kysely<Database>,
  economy: Pick<EconomyConfig, 'withdrawal_min_points' | 'withdrawal_rate'>,
  user: Pick<UserRow, 'uuid' | 'kyc_status'>,
  application: wallet.WithdrawalApplication,
): Promise<wallet.Withdrawal> {
  if (user.kyc_status !== KycStatus.Approved) throw new ApiFailure('wallet.kycRequired');
  const min = economy.withdrawal_min_points;
  if (application.points < min) throw new ApiFailure('wallet.withdrawMin', { min }, 200, { field: 'points', code: 'zod.number.min', min });
  const { account, mask } = maskOf(application);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('withdrawals')
        .values({
          user_uuid: user.uuid,
          idempotency_key: application.idempotency_key,
          points: application.points,
          amount: application.points * economy.withdrawal_rate,
          method: application.method,
          account: JSON.stringify(account),
          account_mask: mask,
        })
        .onConflict((oc) => oc.columns(['user_uuid', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      // The same application again (a retry, a double tap): the first one's answer, nothing held twice. The key
      // with anything else (points, method, payout account) is another application: refused, as orders are.
      if (!inserted) {
        const first = await trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('user_uuid', '=', user.uuid)
          .where('idempotency_key', '=', application.idempotency_key)
          .executeTakeFirstOrThrow();
        if (!sameApplication(first, application.points, application.method, account)) throw new ApiFailure('wallet.withdrawalConflict');
        return first;
      }
      // Earned points before test-funded ones (ledger.repository.ts, "Test funds"); the row keeps how many were test.
      const hold = await holdEntries(trx, user.uuid, application.points);
      await transfer(trx, {
        key: `withdraw:${inserted.id}:hold`,
        kind: 'withdraw.hold',
        memo: { ref: String(inserted.id) },
        entries: hold.entries,
      });
      const row =
        hold.testPoints === 0
          ? inserted
          : await trx.updateTable('withdrawals').set({ test_points: hold.testPoints }).where('id', '=', inserted.id).returningAll().executeTakeFirstOrThrow();
      failpoint('withdrawal.apply');
      return row;
    });
    return withdrawalOf(row);
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const { earned } = await userBalances(db, user.uuid);
      throw new ApiFailure('wallet.insufficient', { points: earned }, 200, { field: 'points', code: 'zod.number.max', max: earned });
    }
    if (error instanceof IdempotencyConflict) throw new ApiFailure('wallet.idempotencyConflict');
    throw error;
  }
}
