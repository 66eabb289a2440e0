import type { Kysely } from 'kysely';

/**
 * Issue 10 item 3: an outbox row says until when it may hold a secret (a reset link or an e-mail code). Rows written
 * while no SMTP server is configured keep the rendered mail, since they are the delivery, and are purged once the
 * secret has expired; rows of mails sent over SMTP never hold it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('secret_expires_at', 'timestamptz').execute();
  await db.schema.createIndex('mail_outbox_secret_expires_idx').on('mail_outbox').column('secret_expires_at').execute();
  // Rows written before this migration may hold live or dead secrets in plain text; none is worth keeping.
  await db.deleteFrom('mail_outbox').where('kind', 'in', ['reset-password', 'email-code']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_secret_expires_idx').ifExists().execute();
  await db.schema.alterTable('mail_outbox').dropColumn('secret_expires_at').execute();
}
