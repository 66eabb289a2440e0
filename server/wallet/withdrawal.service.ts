import type { Kysely } from 'kysely';
import type * as wallet from '@/contract/calls/wallet';
import type { EconomyConfig } from '@/contract/economy';
import { KycStatus } from '@/contract/enums';
import { ApiFailure } from '../api/failure';
import type { Database, UserRow, WithdrawalRow } from '../db/schema';
import { IdempotencyConflict, InsufficientFunds, ledgerAccount, transfer, userBalances } from './ledger.repository';

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
      // The same application again (a retry, a double tap): the first one's answer, nothing held twice.
      if (!inserted) {
        return trx
          .selectFrom('withdrawals')
          .selectAll()
          .where('user_uuid', '=', user.uuid)
          .where('idempotency_key', '=', application.idempotency_key)
          .executeTakeFirstOrThrow();
      }
      await transfer(trx, {
        key: `withdraw:${inserted.id}:hold`,
        kind: 'withdraw.hold',
        memo: { ref: String(inserted.id) },
        entries: [
          { account: ledgerAccount.earned(user.uuid), userUuid: user.uuid, amount: -application.points },
          { account: ledgerAccount.hold(user.uuid), userUuid: user.uuid, amount: application.points },
        ],
      });
      return inserted;
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
