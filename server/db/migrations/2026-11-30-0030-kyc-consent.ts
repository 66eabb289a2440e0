import type { Kysely } from 'kysely';

/**
 * When the member agreed to the identity check (issue 31 item 7): step 1 opens with what is checked, why, how long
 * the documents are kept and the privacy policy, and the member agrees before the form. The application carries the
 * agreement (`consent: true`, refused without it) and the row keeps when it arrived, so the agreement can be shown
 * later. Submissions stored before this migration have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kyc_submissions').addColumn('consented_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('kyc_submissions').dropColumn('consented_at').execute();
}
