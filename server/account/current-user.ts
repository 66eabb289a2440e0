import { type Expression, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { CurrentUser } from '@/contract/calls/user';
import { KycStatus, LOCALE_TAGS, type Locale } from '@/contract/enums';
import { deriveMembership } from '@/contract/permissions';
import type { Database, UserRow } from '../db/schema';
import { translate } from '../i18n';
import { prepared } from '../db/prepared';
import { runningPlanColumns, runningPlanOf } from './user.repository';
import { balancesFromRows, type UserBalances } from '../wallet/ledger.repository';
import { liveSession, type SessionLookup, sessionByHashQuery, sha256 } from './token.repository';

/** The annual plan's item id (DESIGN section 6); every other plan reads as monthly. */
const ANNUAL_PLAN_ITEM = 2;

/** `vip_txt`: the running plan and the end of the paid period, in the caller's language; '' without a plan. */
export function vipTextOf(locale: Locale, plan: { plan_item: number; ends_at: Date | string } | undefined): string {
  if (!plan) return '';
  return translate(locale, plan.plan_item === ANNUAL_PLAN_ITEM ? 'vip.annual' : 'vip.monthly', {
    date: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(plan.ends_at)),
  });
}

/**
 * The running plan (runningPlanColumns, as activeMembership reads it) and the ledger accounts (as userBalances reads
 * them) of the user `uuid` names (a value, or a column of the statement they join), as two columns of one statement.
 */
const standingColumns = (eb: ExpressionBuilder<Database, never>, uuid: string | Expression<string>) =>
  [
    ...runningPlanColumns(eb, uuid),
    eb
      .selectFrom('ledger_accounts')
      .select(sql<string>`coalesce(json_agg(json_build_array(account, balance::text)), '[]'::json)`.as('accounts'))
      .where('user_uuid', '=', uuid)
      .as('accounts'),
  ] as const;

/**
 * A user's running plan and balances in one prepared statement: two statements cost two pool checkouts, two round
 * trips and two results where one does.
 */
const standing = prepared('user_standing', 1, (db, uuid: string) => db.selectNoFrom((eb) => standingColumns(eb, uuid)));

/**
 * user/me's one statement: the session's lookup (token.repository.ts, as every signed-in call runs it) with its user's
 * standing. user/me runs on every start of the app; its two statements were two round trips and two wake-ups of the
 * server for one answer (issue 33).
 */
const sessionWithStanding = prepared('find_session_standing', 1, (db, tokenHash: string) =>
  sessionByHashQuery(db, tokenHash).select((eb) =>
    // The columns' subqueries name their own tables and the user by `u.uuid`: the outer builder's aliases are not theirs.
    standingColumns(eb as unknown as ExpressionBuilder<Database, never>, eb.ref('u.uuid')),
  ),
);

export interface UserStanding {
  plan: { plan_item: number; ends_at: Date } | undefined;
  balances: UserBalances;
}

/** A row's standing columns (standingColumns) as the plan and the balances. */
function standingOf(uuid: string, row: { plan_item: number | null; period_end: Date | string | null; accounts: unknown } | undefined): UserStanding {
  const raw: unknown = row?.accounts ?? [];
  // A json column comes back parsed from both drivers; as text, should a driver leave it so.
  const pairs = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [string, string][];
  const { all } = balancesFromRows(uuid, pairs.map(([account, balance]) => ({ account, balance })));
  return { plan: runningPlanOf(row), balances: all };
}

/** The user's running plan and balances, in one statement (see `standing`). */
export async function userStanding(db: Kysely<Database>, uuid: string): Promise<UserStanding> {
  const [row] = await standing(db, uuid);
  return standingOf(uuid, row);
}

/**
 * The live session of `token` (as findSession reads it) with its user's standing, in one statement; null when the
 * session is unknown, revoked or idle for longer than 30 days.
 */
export async function findSessionWithStanding(db: Kysely<Database>, token: string, nowMs = Date.now()): Promise<(SessionLookup & { standing: UserStanding }) | null> {
  const [row] = await sessionWithStanding(db, sha256(token));
  if (!row) return null;
  const { plan_item, period_end, accounts, ...sessionRow } = row;
  const session = await liveSession(db, sessionRow, nowMs);
  return session && { ...session, standing: standingOf(session.user.uuid, { plan_item, period_end, accounts }) };
}

/** Maps a user row, its active membership and its ledger balances to the contract's current user. */
export async function currentUserOf(db: Kysely<Database>, user: UserRow, locale: Locale, withdrawalRate: number, known?: UserStanding): Promise<CurrentUser> {
  const { plan, balances } = known ?? (await userStanding(db, user.uuid));
  const isKyc = user.kyc_status === KycStatus.Approved;
  const isPayed = plan !== undefined;
  const endsAt = plan ? new Date(plan.ends_at) : null;
  const vipTxt = vipTextOf(locale, plan);
  const withdrawable = balances.earned;
  return {
    uuid: user.uuid,
    is_login: true,
    nickname: user.nickname,
    username: user.username,
    email: user.email,
    email_validation: user.email_validation,
    is_kyc: isKyc,
    kyc_status: user.kyc_status,
    kyc_created_date: user.kyc_created_at ? new Date(user.kyc_created_at).toISOString() : null,
    is_payed: isPayed,
    vip_txt: vipTxt,
    vip_end_date: endsAt ? endsAt.toISOString() : null,
    image: user.image,
    thumb: user.thumb,
    fun_score: balances.coins + balances.earned,
    merchant_count: user.merchant_count,
    partner_count: user.partner_count,
    // One unit for both, cents like all money (DESIGN section 6): cents per point, and points × rate.
    withdrawal_rate: withdrawalRate,
    withdrawable_fun_score: withdrawable,
    withdrawable_amount: withdrawable * withdrawalRate,
    held_fun_score: balances.hold,
    version: user.version,
    membership: deriveMembership({ is_login: true, is_kyc: isKyc, is_payed: isPayed }),
    role: user.role,
  };
}
