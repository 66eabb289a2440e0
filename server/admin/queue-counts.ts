import { sql, type Kysely } from 'kysely';
import { KycStatus } from '@/contract/enums';
import type { Database } from '../db/schema';

/**
 * What waits in the console's queues (admin/queueCounts; issue 31 item 9): the same rows the queues open on, counted
 * in one round trip: identity checks under review, pending withdrawals, open reports.
 */
export async function queueCounts(db: Kysely<Database>): Promise<{ kyc: number; withdrawals: number; reports: number }> {
  const row = await db
    .selectNoFrom([
      sql<string>`(select count(*) from kyc_submissions where status = ${KycStatus.Applying})`.as('kyc'),
      sql<string>`(select count(*) from withdrawals where status = 'pending')`.as('withdrawals'),
      sql<string>`(select count(*) from reports where status = 'open')`.as('reports'),
    ])
    .executeTakeFirstOrThrow();
  return { kyc: Number(row.kyc), withdrawals: Number(row.withdrawals), reports: Number(row.reports) };
}
