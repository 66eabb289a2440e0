import type { Kysely } from 'kysely';
import type { CurrentUser } from '@/contract/calls/user';
import { KycStatus, LOCALE_TAGS, type Locale } from '@/contract/enums';
import { deriveMembership } from '@/contract/permissions';
import type { Database, UserRow } from '../db/schema';
import { translate } from '../i18n';
import { userBalances } from '../wallet/ledger.repository';
import { activeMembership } from './user.repository';

/** The annual plan's item id (DESIGN section 6); every other plan reads as monthly. */
const ANNUAL_PLAN_ITEM = 2;

/** `vip_txt`: the running plan and the end of the paid period, in the caller's language; '' without a plan. */
export function vipTextOf(locale: Locale, plan: { plan_item: number; ends_at: Date | string } | undefined): string {
  if (!plan) return '';
  return translate(locale, plan.plan_item === ANNUAL_PLAN_ITEM ? 'vip.annual' : 'vip.monthly', {
    date: new Intl.DateTimeFormat(LOCALE_TAGS[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(plan.ends_at)),
  });
}

/** Maps a user row, its active membership and its ledger balances to the contract's current user. */
export async function currentUserOf(db: Kysely<Database>, user: UserRow, locale: Locale, withdrawalRate: number): Promise<CurrentUser> {
  const [plan, balances] = await Promise.all([activeMembership(db, user.uuid), userBalances(db, user.uuid)]);
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
