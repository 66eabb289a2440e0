import { type Kysely, sql } from 'kysely';

/**
 * Publishing a listing once (issue 32 item 3): merchant/create and partner/create carry the client's idempotency key,
 * kept on the row it made. A create whose answer was lost (the connection dropped, the server was killed after the
 * commit) and is sent again with the same key answers the listing the first one made instead of publishing it twice.
 * One key per owner; rows made before this migration, and creates without a key, have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['merchants', 'partners']) {
    await db.schema.alterTable(table).addColumn('create_key', 'uuid').execute();
    await sql`create unique index ${sql.id(`${table}_owner_create_key`)} on ${sql.table(table)} (owner_uuid, create_key) where create_key is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['merchants', 'partners']) {
    await sql`drop index if exists ${sql.id(`${table}_owner_create_key`)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('create_key').execute();
  }
}
