import type { Kysely } from 'kysely';
import { partnerCreatePayload } from '@/contract/calls/partner';
import { withdrawalApplication } from '@/contract/calls/wallet';
import type { EconomyConfig } from '@/contract/economy';
import { OrderType } from '@/contract/feature-enums';
import { usernameKey } from '../account/user.repository';
import { ApiFailure } from '../api/failure';
import { unlockPartner } from '../chat/unlock.service';
import type { Database, ImageJson } from '../db/schema';
import { checkPartnerRefs, publishPartner } from '../directory/listing.service';
import { findCityBySlugs } from '../directory/place.repository';
import { userBalances } from '../wallet/ledger.repository';
import { applyWithdrawal } from '../wallet/withdrawal.service';
import type { DemoImagePool } from './demo-images';
import { demoKey, payDemoOrder } from './demo-orders';

/**
 * Demo wallet (issue 12 item 7): what a newcomer sees in the wallet right after `npm start`, every point of it
 * written through the code paths a real member's actions take, so no balance is ever set directly:
 * - the verified account (Vera) publishes two partner profiles (through the partner/create checks and writes);
 * - the paid account (Paul) buys two coin packs and the member (Mia) one, as card orders created and settled by
 *   orders.repository (the coins are credited by the ledger transfer that settling makes); Paul's and Vera's
 *   memberships are upgrade orders too (demo-accounts.ts);
 * - Paul and Mia unlock both of Vera's profiles (chat/unlockPartner's unlockPartner): they spend coins, Vera earns
 *   `owner_share_percent` of each price as withdrawable points and the rest is the platform's fee;
 * - Vera applies for a withdrawal of the minimum (user/apply_withdraw's applyWithdrawal), which stays pending with
 *   its points held until an admin settles it.
 * The demo's orders are sandbox orders (demo-orders.ts), so every demo point is test funds (issue 29): Vera's
 * earnings and her withdrawal are test-funded, and the admin console shows it and lets the admin reject it, never pay
 * it. Demo accounts have public passwords, so nothing they hold may ever become real money, even on a server that
 * also takes real payments.
 *
 * Idempotent: profiles have fixed uuids and every order, unlock and withdrawal a fixed idempotency key, so a second
 * run writes nothing; once the withdrawal exists the demo is complete and later starts stop at one query (a demo
 * profile Vera deleted is then not brought back). Prices are clamped into the configured unlock price range; a step
 * that a configured economy makes impossible (no such coin pack, too few coins, earnings under the withdrawal
 * minimum) is skipped and named in the result rather than failing the start.
 */

interface DemoProfile {
  /** Names the profile's fixed uuid and its unlocks' keys. */
  key: string;
  nickname: string;
  age: number;
  height: number;
  /** dict ids (stable by design, server/directory/dictionaries.data.ts): 1 female; 3 athletic. */
  sex: number;
  bodyType: number;
  /** 1 English, 2 Japanese, 15 Russian. */
  languages: number[];
  /** 1 city guide, 4 food tour, 5 photography, 7 museums & culture, 8 hiking & outdoors, 11 interpreting. */
  tags: number[];
  region: string;
  city: string;
  intro: string;
  unlockPrice: number;
  /** Indexes into the pool's portraits. */
  photos: number[];
}

/**
 * Vera's profiles: priced so that four unlocks earn her more than the withdrawal minimum at the default share, and
 * one more unlock of the first (a newcomer trying the wallet) takes what stays withdrawable past the minimum again.
 */
export const DEMO_PROFILES: readonly DemoProfile[] = [
  {
    key: 'vera-tokyo',
    nickname: 'Vera',
    age: 31,
    height: 168,
    sex: 1,
    bodyType: 3,
    languages: [1, 2, 15],
    tags: [1, 4, 7],
    region: 'japan',
    city: 'tokyo',
    intro:
      'Born in Saint Petersburg, at home in Tokyo for eight years. I show visitors the quiet side of the city: morning markets, old-town alleys and the best coffee counters. Happy to help with menus, directions and train tickets.',
    unlockPrice: 600,
    photos: [0, 1, 2],
  },
  {
    key: 'vera-kyoto',
    nickname: 'Vera in Kyoto',
    age: 31,
    height: 168,
    sex: 1,
    bodyType: 3,
    languages: [1, 2, 15],
    tags: [1, 5, 8, 11],
    region: 'japan',
    city: 'kyoto',
    intro:
      'Weekend walks through Kyoto’s temples, gardens and tea houses at an easy pace, with plenty of stops for photos. I also interpret at tea ceremonies and craft workshops.',
    unlockPrice: 400,
    photos: [3, 4],
  },
];

/** Coin packs bought, by rank of the configured packs from the largest (0 the largest); Paul's plan is his account's. */
const DEMO_COIN_PURCHASES: readonly { buyer: 'paid' | 'member'; rank: number }[] = [
  { buyer: 'paid', rank: 1 },
  { buyer: 'paid', rank: 0 },
  { buyer: 'member', rank: 0 },
];

/** Unlocks of Vera's profiles, in this order. */
const DEMO_UNLOCKS: readonly { reader: 'paid' | 'member'; profile: string }[] = [
  { reader: 'paid', profile: 'vera-tokyo' },
  { reader: 'member', profile: 'vera-tokyo' },
  { reader: 'paid', profile: 'vera-kyoto' },
  { reader: 'member', profile: 'vera-kyoto' },
];

/** Vera's payout account; the card number is shown to her as its last four digits. */
const DEMO_PAYOUT = { method: 'bank_card', account_name: 'Vera Sokolova', bank_name: 'Demo Bank', card_number: '4000 1234 5678 9010' } as const;

export const demoProfileUuid = (key: string) => demoKey(`profile/${key}`);
export const DEMO_WITHDRAWAL_KEY = demoKey('withdrawal/verified');

export interface SeedDemoWalletResult {
  profiles: number;
  orders: number;
  unlocks: number;
  withdrawals: number;
  /** Steps the configured economy made impossible. */
  skipped: string[];
}

/** Creates one of Vera's profiles as partner/create does, unless it exists; true when it was created now. */
async function ensureProfile(db: Kysely<Database>, economy: EconomyConfig, owner: string, profile: DemoProfile, portraits: readonly ImageJson[]): Promise<boolean> {
  const uuid = demoProfileUuid(profile.key);
  if (await db.selectFrom('partners').select('id').where('uuid', '=', uuid).executeTakeFirst()) return false;
  const city = await findCityBySlugs(db, profile.region, profile.city);
  if (!city) throw new Error(`demo wallet: no city ${profile.region}/${profile.city} in the reference data`);
  if (portraits.length === 0) throw new Error('demo wallet: the picture pool has no portraits');
  const { min, max } = economy.unlock_price;
  const fields = partnerCreatePayload.parse({
    nickname: profile.nickname,
    age: profile.age,
    height: profile.height,
    sex: profile.sex,
    body_type: profile.bodyType,
    languages: profile.languages,
    tags: profile.tags,
    intro: profile.intro,
    city_id: city.id,
    unlock_price: Math.min(max, Math.max(min, profile.unlockPrice)),
  });
  await checkPartnerRefs(db, fields, economy.unlock_price);
  const photos = [...new Set(profile.photos.map((i) => portraits[i % portraits.length]))];
  await publishPartner(
    db,
    { uuid, owner, fields, city, photos, defaultUnlockPrice: economy.unlock_price.default },
    () => new Error('demo wallet: the verified demo account may not publish profiles'),
  );
  return true;
}

/** Seeds the demo wallet; see the module comment. Needs the demo accounts and the picture pool's portraits. */
export async function seedDemoWallet(db: Kysely<Database>, economy: EconomyConfig, options: { pool: Pick<DemoImagePool, 'portrait'> }): Promise<SeedDemoWalletResult> {
  const result: SeedDemoWalletResult = { profiles: 0, orders: 0, unlocks: 0, withdrawals: 0, skipped: [] };
  const users = await db
    .selectFrom('users')
    .select(['uuid', 'username_key', 'kyc_status'])
    .where('username_key', 'in', ['member', 'paid', 'verified'].map(usernameKey))
    .execute();
  const userOf = (name: string) => users.find((u) => u.username_key === usernameKey(name));
  const [member, paid, verified] = [userOf('member'), userOf('paid'), userOf('verified')];
  if (!member || !paid || !verified) return result;
  const done = await db.selectFrom('withdrawals').select('id').where('user_uuid', '=', verified.uuid).where('idempotency_key', '=', DEMO_WITHDRAWAL_KEY).executeTakeFirst();
  if (done) return result;

  for (const profile of DEMO_PROFILES) {
    if (await ensureProfile(db, economy, verified.uuid, profile, options.pool.portrait)) result.profiles += 1;
  }

  const packs = [...economy.coin_packs].sort((a, b) => b.coins - a.coins);
  for (const purchase of DEMO_COIN_PURCHASES) {
    const pack = packs[Math.min(purchase.rank, packs.length - 1)];
    const buyer = purchase.buyer === 'paid' ? paid : member;
    const paidOrder = await payDemoOrder(db, economy, { userUuid: buyer.uuid, type: OrderType.recharge, itemId: pack.item_id, key: demoKey(`coins/${purchase.buyer}/${purchase.rank}`) });
    if (paidOrder?.paidNow) result.orders += 1;
  }

  for (const unlock of DEMO_UNLOCKS) {
    const reader = unlock.reader === 'paid' ? paid : member;
    try {
      // The reader is shown the profile's current price (Vera may have changed it since the profile was seeded).
      const profile = await db.selectFrom('partners').select('unlock_price').where('uuid', '=', demoProfileUuid(unlock.profile)).executeTakeFirst();
      if (!profile) {
        result.skipped.push(`unlock ${unlock.reader}/${unlock.profile}: listing.notFound`);
        continue;
      }
      const { spent } = await unlockPartner(db, economy, reader.uuid, demoProfileUuid(unlock.profile), profile.unlock_price, demoKey(`unlock/${unlock.reader}/${unlock.profile}`));
      if (spent > 0) result.unlocks += 1;
    } catch (error) {
      if (!(error instanceof ApiFailure)) throw error;
      result.skipped.push(`unlock ${unlock.reader}/${unlock.profile}: ${error.key}`);
    }
  }

  const points = economy.withdrawal_min_points;
  const { earned } = await userBalances(db, verified.uuid);
  if (earned < points) {
    result.skipped.push(`withdrawal: ${earned} earned points, under the minimum of ${points}`);
    return result;
  }
  await applyWithdrawal(db, economy, verified, withdrawalApplication.parse({ ...DEMO_PAYOUT, points, idempotency_key: DEMO_WITHDRAWAL_KEY }));
  result.withdrawals += 1;
  return result;
}
