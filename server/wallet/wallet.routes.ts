import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import * as wallet from '@/contract/calls/wallet';
import { KycStatus } from '@/contract/enums';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { ApiFailure } from '../api/failure';
import type { WithdrawalRow } from '../db/schema';
import { cursorFields, cursorInvalid } from '../directory/recent-cursor';
import { IdempotencyConflict, InsufficientFunds, ledgerAccount, transfer, userBalances } from './ledger.repository';

/** The ledger's transfer kinds, as the points log names them. */
const LOG_KIND: Record<string, wallet.PointsLogKind> = {
  coins: 'recharge',
  unlock: 'unlock_spend',
  'withdraw.hold': 'withdraw_hold',
  'withdraw.void': 'withdraw_release',
  adjustment: 'adjustment',
};

/** Newest-first lists keyed by a growing id: the cursor names its list and the last id shown. */
function encodeIdCursor(list: string, id: number | string): string {
  return Buffer.from(JSON.stringify({ l: list, id: String(id) })).toString('base64url');
}

function decodeIdCursor(list: string, cursor: string | undefined): string | null {
  if (cursor === undefined) return null;
  const fields = cursorFields(cursor);
  if (fields.l !== list || typeof fields.id !== 'string' || !/^\d{1,18}$/.test(fields.id)) throw cursorInvalid();
  return fields.id;
}

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

function withdrawalOf(row: WithdrawalRow): wallet.Withdrawal {
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
 * The wallet's calls (spec section 7 "User"; DESIGN section 6): the points log read from the ledger, withdrawal
 * applications (KYC approved, at least the configured minimum, points held in the ledger at once) and their log.
 * Paying or rejecting a withdrawal is the admin console's (issue 13).
 */
export default fp(
  async function walletRoutes(app: FastifyInstance) {
    const { db, config } = app;

    app.api(wallet.buyLog, async ({ payload, session }) => {
      const uuid = session.user.uuid;
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const before = decodeIdCursor('points', payload.cursor);
      const accounts = [ledgerAccount.coins(uuid), ledgerAccount.earned(uuid)];
      // fun_score after each entry: the running sum over the user's spendable accounts, oldest first.
      const rows = await sql<{ id: string; kind: string; account: string; amount: string; memo: { ref?: string } | null; created_at: Date; balance: string }>`
        select * from (
          select e.id, t.kind, e.account, e.amount, t.memo, e.created_at,
                 sum(e.amount) over (order by e.id) as balance
          from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
          where e.account in (${sql.join(accounts)})
        ) log
        where ${before === null ? sql`true` : sql`log.id < ${before}`}
        order by log.id desc
        limit ${limit + 1}`.execute(db);
      const page = rows.rows.slice(0, limit);
      return {
        list: page.map((r) => {
          const points = Number(r.amount);
          const kind = r.kind === 'unlock' && points > 0 ? 'unlock_earn' : (LOG_KIND[r.kind] ?? 'adjustment');
          return {
            id: Number(r.id),
            kind,
            points,
            withdrawable: r.account === accounts[1],
            balance: Number(r.balance),
            ref: r.memo?.ref ?? null,
            created_at: new Date(r.created_at).toISOString(),
          };
        }),
        next_cursor: rows.rows.length > limit ? encodeIdCursor('points', page[page.length - 1].id) : null,
      };
    });

    app.api(wallet.applyWithdraw, async ({ payload, session }) => {
      const user = session.user;
      if (user.kyc_status !== KycStatus.Approved) throw new ApiFailure('wallet.kycRequired');
      const min = config.economy.withdrawal_min_points;
      if (payload.points < min) throw new ApiFailure('wallet.withdrawMin', { min }, 200, { field: 'points', code: 'zod.number.min', min });
      const { account, mask } = maskOf(payload);
      try {
        const row = await db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('withdrawals')
            .values({
              user_uuid: user.uuid,
              idempotency_key: payload.idempotency_key,
              points: payload.points,
              amount: payload.points * config.economy.withdrawal_rate,
              method: payload.method,
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
              .where('idempotency_key', '=', payload.idempotency_key)
              .executeTakeFirstOrThrow();
          }
          await transfer(trx, {
            key: `withdraw:${inserted.id}:hold`,
            kind: 'withdraw.hold',
            memo: { ref: String(inserted.id) },
            entries: [
              { account: ledgerAccount.earned(user.uuid), userUuid: user.uuid, amount: -payload.points },
              { account: ledgerAccount.hold(user.uuid), userUuid: user.uuid, amount: payload.points },
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
    });

    app.api(wallet.withdrawalLog, async ({ payload, session }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const before = decodeIdCursor('withdrawals', payload.cursor);
      const rows = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('user_uuid', '=', session.user.uuid)
        .$if(before !== null, (qb) => qb.where('id', '<', Number(before)))
        .orderBy('id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      return { list: page.map(withdrawalOf), next_cursor: rows.length > limit ? encodeIdCursor('withdrawals', page[page.length - 1].id) : null };
    });
  },
  { name: 'wallet-routes', dependencies: ['api', 'core'] },
);
