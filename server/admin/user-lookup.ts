import type { Kysely } from 'kysely';
import type { AdminUser } from '@/contract/calls/admin';
import { KycStatus } from '@/contract/enums';
import { deriveMembership } from '@/contract/permissions';
import { activeMembership, emailKey, usernameKey } from '../account/user.repository';
import { ApiFailure } from '../api/failure';
import type { Database } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';
import { userBalances } from '../wallet/ledger.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One user by exact uuid, user name (the same key as login: any case or width) or e-mail address. User names are at
 * most 32 characters and have no '@', so a uuid (36) or an e-mail address never matches a user name.
 */
export async function lookUpUser(db: Kysely<Database>, query: string): Promise<AdminUser> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      UUID.test(query)
        ? eb('uuid', '=', query.toLowerCase())
        : eb.or([eb('username_key', '=', usernameKey(query)), eb('email_key', '=', emailKey(query))]),
    )
    .executeTakeFirst();
  if (!user) throw new ApiFailure('admin.userNotFound');
  const [plan, balances] = await Promise.all([activeMembership(db, user.uuid), userBalances(db, user.uuid)]);
  const isKyc = user.kyc_status === KycStatus.Approved;
  return {
    uuid: user.uuid,
    username: user.username,
    nickname: user.nickname,
    email: user.email,
    email_validation: user.email_validation,
    role: user.role,
    membership: deriveMembership({ is_login: true, is_kyc: isKyc, is_payed: plan !== undefined }),
    is_payed: plan !== undefined,
    vip_end_date: plan ? isoOf(plan.ends_at) : null,
    kyc_status: user.kyc_status as AdminUser['kyc_status'],
    kyc_created_date: user.kyc_created_at ? isoOf(user.kyc_created_at) : null,
    balances,
    merchant_count: user.merchant_count,
    partner_count: user.partner_count,
    created_at: isoOf(user.created_at),
  };
}
