import { type Kysely, sql } from 'kysely';
import type { Database, InsertableUserRow, UserRow } from '../db/schema';
import { prepared } from '../db/prepared';

/** Case- and width-insensitive key for user names: 'ＡＢＣ', 'abc' and 'ABC' are the same account name. */
export const usernameKey = (username: string) => username.normalize('NFKC').toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

export async function findUserByUuid(db: Kysely<Database>, uuid: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** Login accepts a user name or an e-mail address. */
export async function findUserByAccount(db: Kysely<Database>, account: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', usernameKey(account)), eb('email_key', '=', emailKey(account))]))
    .executeTakeFirst();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email_key', '=', emailKey(email)).executeTakeFirst();
}

export async function isUsernameTaken(db: Kysely<Database>, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('uuid').where('username_key', '=', usernameKey(username)).executeTakeFirst();
  return row !== undefined;
}

export async function isEmailTaken(db: Kysely<Database>, email: string, exceptUuid?: string): Promise<boolean> {
  let query = db.selectFrom('users').select('uuid').where('email_key', '=', emailKey(email));
  if (exceptUuid) query = query.where('uuid', '!=', exceptUuid);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertUser(db: Kysely<Database>, user: InsertableUserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Applies a change and bumps the row version (the `version` field of the current user). */
export async function updateUser(
  db: Kysely<Database>,
  uuid: string,
  changes: Partial<Pick<UserRow, 'nickname' | 'email' | 'email_key' | 'email_validation' | 'password_hash' | 'image' | 'thumb'>>,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, version: sql`version + 1`, updated_at: sql`now()` })
    .where('uuid', '=', uuid)
    .execute();
}

/**
 * The plan running now, with the end of the paid period: a plan bought while another runs starts when it ends
 * (payments/orders.repository.ts), so the period ends with the last of them.
 */
const activePlan = prepared('active_membership', 1, (db, uuid: string) =>
  db
    .selectFrom('memberships')
    .select(['plan_item'])
    .select((eb) =>
      eb
        .selectFrom('memberships as later')
        .select((e) => e.fn.max('later.ends_at').as('ends'))
        .where('later.user_uuid', '=', uuid)
        .where('later.ends_at', '>', sql<Date>`now()`)
        .as('period_end'),
    )
    .where('user_uuid', '=', uuid)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where('ends_at', '>', sql<Date>`now()`)
    .orderBy('ends_at', 'desc'),
);

export async function activeMembership(db: Kysely<Database>, uuid: string): Promise<{ plan_item: number; ends_at: Date } | undefined> {
  const [current] = await activePlan(db, uuid);
  return current?.period_end ? { plan_item: current.plan_item, ends_at: new Date(current.period_end as Date | string) } : undefined;
}
