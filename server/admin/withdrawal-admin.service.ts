import { type Kysely, sql } from 'kysely';
import type { AdminWithdrawal, PayoutAccount } from '@/contract/calls/admin';
import { CURRENCY } from '@/contract/constants';
import type { WithdrawalStatus } from '@/contract/feature-enums';
import { ApiFailure } from '../api/failure';
import type { NoticeOutbox } from '../chat/notices';
import type { Database, UserRow, WithdrawalRow } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';
import { ledgerAccount, transfer } from '../wallet/ledger.repository';
import { recordAdminAction } from './audit.repository';
import { failpoint } from '../failpoints/failpoints';

/**
 * The withdrawals queue (issue 13 item 4; DESIGN section 6). An application holds its points (earned → hold, at
 * application: wallet/withdrawal.service.ts); an admin settles it once:
 * - pay: the hold is posted to the platform's payouts (hold → platform:payouts), status paid;
 * - reject: the hold is voided back to the member's earned points (hold → earned), status rejected, with a reason;
 *   the member's points log shows it as `withdraw_release` (ledger kind `withdraw.void`, wallet.routes.ts).
 * Refused (issue 29): an admin settling their own withdrawal (another admin must, pay or reject), and paying one that
 * holds test-funded points (`test_points`, from test-mode orders: ledger.repository.ts), which can only be rejected.
 *
 * Both run under the withdrawal's row lock and only from pending, so of a pay and a reject sent at once exactly one
 * wins and the other is refused. Their ledger transfer has one idempotency key per withdrawal
 * (`withdraw:<id>:settle`), so even a second settlement that got past the lock could not move the hold twice.
 */

type Row = WithdrawalRow & {
  user_username: string;
  user_nickname: string;
  admin_username: string | null;
  admin_nickname: string | null;
};

function selectWithdrawals(db: Kysely<Database>) {
  return db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.uuid', 'w.user_uuid')
    .leftJoin('users as a', 'a.uuid', 'w.processed_by')
    .selectAll('w')
    .select(['u.username as user_username', 'u.nickname as user_nickname', 'a.username as admin_username', 'a.nickname as admin_nickname']);
}

function adminWithdrawalOf(row: Row): AdminWithdrawal {
  return {
    id: row.id,
    user: { uuid: row.user_uuid, username: row.user_username, nickname: row.user_nickname },
    points: row.points,
    amount: Number(row.amount),
    method: row.method,
    account: row.account as PayoutAccount,
    account_mask: row.account_mask,
    status: row.status,
    reject_reason: row.reject_reason,
    created_at: isoOf(row.created_at),
    processed_at: row.processed_at ? isoOf(row.processed_at) : null,
    processed_by:
      row.processed_by && row.admin_username !== null && row.admin_nickname !== null
        ? { uuid: row.processed_by, username: row.admin_username, nickname: row.admin_nickname }
        : null,
    test_funds: row.test_points > 0,
  };
}

/** A page (limit + 1 rows) of withdrawals, newest first, of one status or all. */
export async function listAdminWithdrawals(
  db: Kysely<Database>,
  status: WithdrawalStatus | undefined,
  before: string | null,
  limit: number,
): Promise<AdminWithdrawal[]> {
  const rows = await selectWithdrawals(db)
    .$if(status !== undefined, (q) => q.where('w.status', '=', status!))
    .$if(before !== null, (q) => q.where('w.id', '<', Number(before)))
    .orderBy('w.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map(adminWithdrawalOf);
}

export async function findAdminWithdrawal(db: Kysely<Database>, id: number): Promise<AdminWithdrawal | undefined> {
  const row = await selectWithdrawals(db).where('w.id', '=', id).executeTakeFirst();
  return row ? adminWithdrawalOf(row) : undefined;
}

export type Settlement = { decision: 'pay' } | { decision: 'reject'; reason: string };

const OUTCOME = { pay: 'paid', reject: 'rejected' } as const;

/**
 * Pays or rejects a pending withdrawal, with its ledger transfer, its audit row and the member's notice (into
 * `notices`, which the caller publishes once this returned) in one transaction. `key` is the request's idempotency
 * key: the same request again (same decision, admin and key) answers the settled withdrawal and sends no second
 * notice; anything else for a withdrawal that is no longer pending is refused and writes nothing.
 */
export async function settleWithdrawal(
  db: Kysely<Database>,
  admin: Pick<UserRow, 'uuid'>,
  id: number,
  key: string,
  settlement: Settlement,
  notices: NoticeOutbox,
): Promise<AdminWithdrawal> {
  const outcome = OUTCOME[settlement.decision];
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new ApiFailure('admin.withdrawalNotFound');
    // Four eyes, as for identity verification (kyc.reviewOwn): another admin pays or rejects an admin's withdrawal.
    if (row.user_uuid === admin.uuid) throw new ApiFailure('admin.withdrawalOwn');
    if (row.status !== 'pending') {
      if (row.status === outcome && row.processed_key === key && row.processed_by === admin.uuid) return;
      throw new ApiFailure(row.status === 'paid' ? 'admin.withdrawalPaid' : 'admin.withdrawalRejected');
    }
    // Test funds never leave as real money (issue 29): a withdrawal holding any can only be rejected.
    if (settlement.decision === 'pay' && row.test_points > 0) throw new ApiFailure('admin.withdrawalTestFunds', { points: row.test_points });
    const user = row.user_uuid;
    const real = row.points - row.test_points;
    await transfer(trx, {
      key: `withdraw:${row.id}:settle`,
      kind: settlement.decision === 'pay' ? 'withdraw.post' : 'withdraw.void',
      memo: { ref: String(row.id) },
      entries:
        settlement.decision === 'pay'
          ? [
              { account: ledgerAccount.hold(user), userUuid: user, amount: -row.points },
              { account: ledgerAccount.platform('payouts'), userUuid: null, amount: row.points },
            ]
          : // Each part back where it was held from: test-funded points stay test funds.
            [
              ...(real > 0
                ? [
                    { account: ledgerAccount.hold(user), userUuid: user, amount: -real },
                    { account: ledgerAccount.earned(user), userUuid: user, amount: real },
                  ]
                : []),
              ...(row.test_points > 0
                ? [
                    { account: ledgerAccount.holdTest(user), userUuid: user, amount: -row.test_points },
                    { account: ledgerAccount.earnedTest(user), userUuid: user, amount: row.test_points },
                  ]
                : []),
            ],
    });
    await trx
      .updateTable('withdrawals')
      .set({
        status: outcome,
        processed_at: sql<Date>`now()`,
        processed_by: admin.uuid,
        processed_key: key,
        reject_reason: settlement.decision === 'reject' ? settlement.reason : null,
      })
      .where('id', '=', row.id)
      .execute();
    await recordAdminAction(trx, {
      admin: admin.uuid,
      action: settlement.decision === 'pay' ? 'withdrawal.pay' : 'withdrawal.reject',
      targetType: 'withdrawal',
      targetId: row.id,
      details: {
        user: user,
        points: row.points,
        amount: Number(row.amount),
        method: row.method,
        ...(settlement.decision === 'reject' ? { reason: settlement.reason } : {}),
      },
    });
    const values = { points: row.points, amount: { cents: Number(row.amount), currency: CURRENCY } };
    const reason = settlement.decision === 'reject' ? settlement.reason.trim() : '';
    await notices.send(
      trx,
      user,
      `withdrawal-settled-${row.id}`,
      settlement.decision === 'pay'
        ? { key: 'notice.withdrawalPaid', values }
        : reason
          ? { key: 'notice.withdrawalRejectedReason', values: { ...values, reason } }
          : { key: 'notice.withdrawalRejected', values },
    );
    failpoint(settlement.decision === 'pay' ? 'withdrawal.pay' : 'withdrawal.reject');
  });
  const settled = await findAdminWithdrawal(db, id);
  if (!settled) throw new ApiFailure('admin.withdrawalNotFound');
  return settled;
}
