import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
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
/**
 * The running plan's two columns, for any statement that reads a member's plan (this file's, and user/me's in
 * current-user.ts): `plan_item` of the membership running now (the one ending last, should two overlap), and
 * `period_end`, the end of the paid period. Both are null without a running plan.
 */
export const runningPlanColumns = (eb: ExpressionBuilder<Database, never>, uuid: string | Expression<string>) =>
  [
    eb
      .selectFrom('memberships')
      .select('plan_item')
      .where('user_uuid', '=', uuid)
      .where('starts_at', '<=', sql<Date>`now()`)
      .where('ends_at', '>', sql<Date>`now()`)
      .orderBy('ends_at', 'desc')
      .limit(1)
      .as('plan_item'),
    eb
      .selectFrom('memberships as later')
      .select((e) => e.fn.max('later.ends_at').as('ends'))
      .where('later.user_uuid', '=', uuid)
      .where('later.ends_at', '>', sql<Date>`now()`)
      .as('period_end'),
  ] as const;

/** A row of `runningPlanColumns` as the plan it names, or undefined without one. */
export function runningPlanOf(row: { plan_item: number | null; period_end: Date | string | null } | undefined): { plan_item: number; ends_at: Date } | undefined {
  return row?.plan_item != null && row.period_end != null ? { plan_item: row.plan_item, ends_at: new Date(row.period_end) } : undefined;
}

const activePlan = prepared('active_membership', 1, (db, uuid: string) => db.selectNoFrom((eb) => runningPlanColumns(eb, uuid)));

export async function activeMembership(db: Kysely<Database>, uuid: string): Promise<{ plan_item: number; ends_at: Date } | undefined> {
  const [row] = await activePlan(db, uuid);
  return runningPlanOf(row);
}
