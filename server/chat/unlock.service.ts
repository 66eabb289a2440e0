import type { Kysely } from 'kysely';
import type { UnlockPriceChanged } from '@/contract/calls/chat';
import type { EconomyConfig } from '@/contract/economy';
import { ApiFailure } from '../api/failure';
import type { Database } from '../db/schema';
import { type Credit, creditEntries, InsufficientFunds, ledgerAccount, lockAccounts, spendAccounts, spendEntries, transfer, userBalances } from '../wallet/ledger.repository';
import { blockBetween, recordUnlock, resolveConversation } from './chat.repository';
import { failpoint } from '../failpoints/failpoints';

export interface UnlockResult {
  /** Points this call spent: the price when it unlocked, 0 when the profile was unlocked already. */
  spent: number;
  /** The reader's spendable points (coins + earned) afterwards. */
  funScore: number;
}

/** The ledger transfer of one (reader, profile) unlock: there is only ever one, so its key is the pair. */
export const unlockTransferKey = (reader: string, partnerUuid: string) => `unlock:${reader}:${partnerUuid}`;

/** The owner's share of a price (DESIGN section 6, `owner_share_percent`), rounded down; the rest is the fee. */
export function ownerShareOf(price: number, ownerSharePercent: number): number {
  return Math.floor((price * ownerSharePercent) / 100);
}

/**
 * Unlocks a partner profile's chat for `reader` (chat/unlockPartner; DESIGN section 6): once per (reader, profile),
 * the profile's unlock price is spent (coins first, then earned points), its owner earns `owner_share_percent` of it
 * as withdrawable points and the rest is the platform's fee. The unlock row and the ledger transfer are one
 * transaction, so a refusal leaves neither. Unlocking again, or a retry with the same key, spends nothing (whatever
 * the price); the same key for another profile is a conflict. Refusals are ApiFailures, so the route answers them as
 * they are and the demo seed (server/seed/demo-wallet.ts) goes through the same checks:
 * - `shownPrice` is the price the reader was shown (DESIGN section 8 "Prices"). The profile's row is read under a
 *   share lock in the transaction that spends, so an owner's price change either commits before (and this refuses,
 *   naming the current price in `data`) or waits until this one is done: a changed price is never charged.
 * - While the reader blocks the profile, or its owner blocks the reader, the unlock is refused. A block of the owner's
 *   account by the reader does not count: the reader does not know that account owns the profile, and a refusal
 *   would tell them (docs/chat-protocol.md).
 */
export async function unlockPartner(
  db: Kysely<Database>,
  economy: Pick<EconomyConfig, 'owner_share_percent'>,
  reader: string,
  partnerUuid: string,
  shownPrice: number,
  idempotencyKey: string,
): Promise<UnlockResult> {
  // The member names the profile (peer = partner). For its owner that "peer" is no member: their own profile.
  const resolved = await resolveConversation(db, reader, partnerUuid, partnerUuid);
  if (resolved === 'chat.peerNotFound') throw new ApiFailure('chat.unlockOwn');
  if (typeof resolved === 'string') throw new ApiFailure(resolved);
  const partner = resolved.partner;
  if (resolved.viewerIsOwner || !partner) throw new ApiFailure('chat.unlockOwn');
  // The price charged is the one the reader was shown, or nothing: checked below against the locked row.
  const price = shownPrice;

  let spent: number;
  try {
    spent = await db.transaction().execute(async (trx) => {
      const reused = await trx
        .selectFrom('chat_unlocks')
        .select('partner_uuid')
        .where('user_uuid', '=', reader)
        .where('idempotency_key', '=', idempotencyKey)
        .where('partner_uuid', '<>', partner.uuid)
        .executeTakeFirst();
      if (reused) throw new ApiFailure('wallet.idempotencyConflict');
      // The profile's price as of now, held until this transaction ends: an owner's update waits for it.
      const current = await trx.selectFrom('partners').select('unlock_price').where('uuid', '=', partner.uuid).forShare().executeTakeFirst();
      if (!current) throw new ApiFailure('listing.notFound');
      // First the row: a concurrent unlock of the same profile waits here for this one and then finds it (spent 0);
      // when this one rolls back instead, the waiting one goes on and pays.
      const recorded = await recordUnlock(trx, reader, partner.uuid, price, price, idempotencyKey);
      if (!recorded) return 0;
      if (current.unlock_price !== price) {
        const changed: UnlockPriceChanged = { code: 'chat.priceChanged', price: current.unlock_price };
        throw new ApiFailure('chat.priceChanged', { price: current.unlock_price }, 200, changed);
      }
      const blocks = await blockBetween(trx, reader, partner.ownerUuid, resolved);
      if (blocks.aBlockedB) throw new ApiFailure('chat.unlockYouBlocked', {}, 200, { code: 'chat.unlockYouBlocked' });
      if (blocks.bBlockedA) throw new ApiFailure('chat.unlockBlocked', {}, 200, { code: 'chat.unlockBlocked' });
      if (price <= 0) return 0;
      const earning = ownerShareOf(price, economy.owner_share_percent);
      // The owner's share first, then the fee: test-funded points spent here make the owner's earnings test funds
      // first (ledger.repository.ts, "Test funds"), so they can never be paid out.
      const owner = partner.ownerUuid;
      const credits: Credit[] = [
        ...(earning > 0 ? [{ account: ledgerAccount.earned(owner), testAccount: ledgerAccount.earnedTest(owner), userUuid: owner, amount: earning }] : []),
        ...(price - earning > 0
          ? [{ account: ledgerAccount.platform('fees'), testAccount: ledgerAccount.platform('fees:test'), userUuid: null, amount: price - earning }]
          : []),
      ];
      await lockAccounts(trx, [...spendAccounts(reader), ...credits.flatMap((c) => [c.account, c.testAccount])]);
      const debits = await spendEntries(trx, reader, price);
      const paid = await transfer(trx, {
        key: unlockTransferKey(reader, partner.uuid),
        kind: 'unlock',
        // The points log names the profile on both sides; the owner's account is never named to the reader.
        memo: { ref: partner.nickname, partner: partner.uuid },
        entries: [...debits, ...creditEntries(debits, credits)],
      });
      failpoint('unlock');
      // A pair pays once for ever: were its unlock row lost (a profile re-created under its old uuid), the transfer
      // key still answers the first payment and nothing moves again.
      return paid.created ? price : 0;
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      const { coins, earned } = await userBalances(db, reader);
      throw new ApiFailure('wallet.insufficientPoints', { price, balance: coins + earned }, 200, { price, balance: coins + earned });
    }
    throw error;
  }
  const { coins, earned } = await userBalances(db, reader);
  return { spent, funScore: coins + earned };
}
