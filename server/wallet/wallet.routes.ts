import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import * as wallet from '@/contract/calls/wallet';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { cursorFields, cursorInvalid, type IdColumn, isIdText } from '../directory/recent-cursor';
import { ledgerAccount } from './ledger.repository';
import { applyWithdrawal, withdrawalOf } from './withdrawal.service';

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

/** The last id shown; an id beyond the list's id column (withdrawals: integer, ledger entries: bigint) is refused. */
function decodeIdCursor(list: string, cursor: string | undefined, column: IdColumn): string | null {
  if (cursor === undefined) return null;
  const fields = cursorFields(cursor);
  if (fields.l !== list || !isIdText(fields.id, column)) throw cursorInvalid();
  return fields.id;
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
      const before = decodeIdCursor('points', payload.cursor, 'bigint');
      // Spendable accounts with their test twins (ledger.repository.ts, "Test funds"); earned points are withdrawable.
      const withdrawable = [ledgerAccount.earned(uuid), ledgerAccount.earnedTest(uuid)];
      const accounts = [ledgerAccount.coins(uuid), ledgerAccount.coinsTest(uuid), ...withdrawable];
      // fun_score after each entry: the running sum over the user's spendable accounts, oldest first. The one-off
      // move of pre-existing test funds to the twins (migration 2026-11-27-0020) nets to zero and is not shown.
      const rows = await sql<{ id: string; kind: string; account: string; amount: string; memo: { ref?: string } | null; created_at: Date; balance: string }>`
        select * from (
          select e.id, t.kind, e.account, e.amount, t.memo, e.created_at,
                 sum(e.amount) over (order by e.id) as balance
          from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
          where e.account in (${sql.join(accounts)}) and t.kind <> 'test_funds.reclassify'
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
            withdrawable: withdrawable.includes(r.account),
            balance: Number(r.balance),
            ref: r.memo?.ref ?? null,
            created_at: new Date(r.created_at).toISOString(),
          };
        }),
        next_cursor: rows.rows.length > limit ? encodeIdCursor('points', page[page.length - 1].id) : null,
      };
    });

    app.api(wallet.applyWithdraw, async ({ payload, session }) => applyWithdrawal(db, config.economy, session.user, payload));

    app.api(wallet.withdrawalLog, async ({ payload, session }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      const before = decodeIdCursor('withdrawals', payload.cursor, 'integer');
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
