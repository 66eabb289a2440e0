import { type Kysely, sql } from 'kysely';

/**
 * Identity verification submissions (DESIGN section 5 "KYC submission"; issue 13 item 3). One row per application;
 * the user's current state stays in users.kyc_status (what user/me reads), changed in the same transaction as the
 * row. The document images live encrypted under DATA_DIR/kyc: each of front, back and selfie holds the file's path
 * with its AES-256-GCM iv and tag, so a row and its files decrypt only together and only with the server key.
 *
 * Status is KycStatus: 1 Applying, 2 Approved, 3 Rejected (0, NotApply, is a user without a submission, never a row).
 * At most one open (Applying or Approved) submission per user, held by a partial unique index, so two applications
 * sent at once cannot both be stored. Values written out here, not imported (STYLE rule 24).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('kyc_submissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_uuid', 'uuid', (c) => c.notNull().references('users.uuid').onDelete('cascade'))
    .addColumn('document_type', 'smallint', (c) => c.notNull())
    .addColumn('issuing_country', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'date', (c) => c.notNull())
    .addColumn('front', 'jsonb', (c) => c.notNull())
    .addColumn('back', 'jsonb')
    .addColumn('selfie', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('reject_reason', 'text')
    .addColumn('submitted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewer_uuid', 'uuid', (c) => c.references('users.uuid').onDelete('set null'))
    .addCheckConstraint('kyc_submissions_document_type_check', sql`document_type between 1 and 3`)
    .addCheckConstraint('kyc_submissions_country_check', sql`issuing_country ~ '^[A-Z]{2}$'`)
    .addCheckConstraint('kyc_submissions_status_check', sql`status between 1 and 3`)
    // Passports (1) have no back side; identity cards and driver licences have one.
    .addCheckConstraint('kyc_submissions_back_check', sql`(document_type = 1) = (back is null)`)
    // A rejection carries its reason; nothing else does.
    .addCheckConstraint('kyc_submissions_reason_check', sql`(status = 3) = (reject_reason is not null)`)
    .addCheckConstraint('kyc_submissions_review_check', sql`(status = 1) = (reviewed_at is null)`)
    .execute();
  await sql`create unique index kyc_submissions_open on kyc_submissions (user_uuid) where status in (1, 2)`.execute(db);
  await db.schema.createIndex('kyc_submissions_user').on('kyc_submissions').columns(['user_uuid', 'id']).execute();
  await sql`create index kyc_submissions_status on kyc_submissions (status, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('kyc_submissions').ifExists().execute();
}
