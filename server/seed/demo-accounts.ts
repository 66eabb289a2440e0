import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { EconomyConfig } from '@/contract/economy';
import { KycStatus } from '@/contract/enums';
import { OrderType } from '@/contract/feature-enums';
import type { PasswordHasher } from '../account/password';
import { emailKey, usernameKey } from '../account/user.repository';
import type { Database } from '../db/schema';
import { demoKey, payDemoOrder } from './demo-orders';

export interface DemoAccount {
  username: string;
  /** What other members see; unlike the login name. */
  nickname: string;
  password: string;
  email: string;
  description: string;
  role: 'member' | 'admin';
  paid: boolean;
  kyc: boolean;
  /**
   * Has favourites and visit reports in the demo listings (server/seed/demo-listings.ts); default true. False keeps an
   * account added later out of that drawing, so the others' demo activity stays what it was.
   */
  activity?: boolean;
}

/** Demo accounts (issue 2): created on first start, printed at every start. Passwords are public by design. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { username: 'member', nickname: 'Mia', password: 'member-pass-2026', email: 'member@demo.localhost', description: 'member', role: 'member', paid: false, kyc: false },
  { username: 'paid', nickname: 'Paul', password: 'paid-pass-2026', email: 'paid@demo.localhost', description: 'paid member', role: 'member', paid: true, kyc: false },
  { username: 'verified', nickname: 'Vera', password: 'verified-pass-2026', email: 'verified@demo.localhost', description: 'KYC-approved paid member', role: 'member', paid: true, kyc: true },
  { username: 'admin', nickname: 'Ada', password: 'admin-pass-2026', email: 'admin@demo.localhost', description: 'admin', role: 'admin', paid: false, kyc: false },
  // Applies for identity verification right after (server/seed/demo-kyc.ts): the admin's KYC queue has work.
  { username: 'applicant', nickname: 'Kim', password: 'applicant-pass-2026', email: 'applicant@demo.localhost', description: 'member whose identity verification awaits review', role: 'member', paid: false, kyc: false, activity: false },
];

/** The annual plan (DESIGN section 6), or the longest one a configured economy has. */
function demoPlanOf(economy: EconomyConfig) {
  return economy.membership_plans.find((plan) => plan.code === 'annual') ?? [...economy.membership_plans].sort((a, b) => b.days - a.days)[0];
}

/**
 * Creates the demo accounts that do not exist yet; returns the names it created. A paid account's membership is an
 * upgrade order paid by card (orders.repository's createOrder and settleOrder, as a real purchase), so its
 * transaction list shows what made it paid; the account and its order are one transaction.
 */
export async function seedDemoAccounts(db: Kysely<Database>, passwords: PasswordHasher, economy: EconomyConfig): Promise<string[]> {
  const plan = demoPlanOf(economy);
  const created: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const exists = await db.selectFrom('users').select('uuid').where('username_key', '=', usernameKey(demo.username)).executeTakeFirst();
    if (exists) continue;
    const uuid = randomUUID();
    const passwordHash = await passwords.hash(demo.password);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values({
          uuid,
          username: demo.username,
          username_key: usernameKey(demo.username),
          email: demo.email,
          email_key: emailKey(demo.email),
          email_validation: true,
          password_hash: passwordHash,
          // A chosen nickname, unlike the login name, is what other members see (chat, visit reports).
          nickname: demo.nickname,
          role: demo.role,
          kyc_status: demo.kyc ? KycStatus.Approved : KycStatus.NotApply,
          kyc_created_at: demo.kyc ? new Date() : null,
        })
        .execute();
      if (demo.paid) {
        const order = await payDemoOrder(trx, economy, { userUuid: uuid, type: OrderType.upgrade, itemId: plan.item_id, key: demoKey(`plan/${demo.username}`) });
        if (order?.order.status !== 'paid') throw new Error(`demo account ${demo.username}: the membership order was not paid`);
      }
    });
    created.push(demo.username);
  }
  return created;
}
