import type { Kysely, Transaction } from 'kysely';
import { MAX_SAVED_CARDS } from '@/contract/constants';
import type { Database, PaymentCardRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** How every provider records a saved card: the provider's payment method id, a brand and the last four digits. */
export interface NewCard {
  userUuid: string;
  provider: PaymentCardRow['provider'];
  /** The provider's payment method id (Stripe `pm_…`, the sandbox's `pm_sandbox_…`). */
  pmId: string;
  brand: string;
  last4: string;
  /** The expiry, when the provider tells it: month 1–12, full year. */
  expMonth?: number | null;
  expYear?: number | null;
  /** Flagged by the platform: listed, never usable. */
  banned?: boolean;
}

export type SaveCardResult =
  | { saved: true; card: PaymentCardRow }
  /** The user has MAX_SAVED_CARDS cards of this provider already, or the payment method is another user's. */
  | { saved: false; reason: 'limit' | 'taken' };

/** The user's saved cards of one provider (deleted ones left out), oldest first. */
export function listCards(db: Db, userUuid: string, provider: PaymentCardRow['provider']): Promise<PaymentCardRow[]> {
  return db
    .selectFrom('payment_cards')
    .selectAll()
    .where('user_uuid', '=', userUuid)
    .where('provider', '=', provider)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

/**
 * Saves a card for the user unless they have MAX_SAVED_CARDS cards of the provider already; the first one becomes
 * the default. Saving a payment method saved before (a redelivered webhook racing the payment that names the card)
 * answers the card as it is, so the limit never refuses a card the user already has.
 */
export async function saveCard(db: Db, card: NewCard): Promise<SaveCardResult> {
  const run = async (trx: Transaction<Database>): Promise<SaveCardResult> => {
    // One user's card saves are serialised on their user row, so two setups cannot both pass the limit.
    await trx.selectFrom('users').select('uuid').where('uuid', '=', card.userUuid).forUpdate().execute();
    const known = await trx.selectFrom('payment_cards').selectAll().where('provider_pm_id', '=', card.pmId).executeTakeFirst();
    if (known) return known.user_uuid === card.userUuid && known.deleted_at === null ? { saved: true, card: known } : { saved: false, reason: 'taken' };
    const { n } = await trx
      .selectFrom('payment_cards')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_uuid', '=', card.userUuid)
      .where('provider', '=', card.provider)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_SAVED_CARDS) return { saved: false, reason: 'limit' };
    const inserted = await trx
      .insertInto('payment_cards')
      .values({
        user_uuid: card.userUuid,
        provider: card.provider,
        provider_pm_id: card.pmId,
        brand: card.brand,
        last4: card.last4,
        exp_month: card.expMonth ?? null,
        exp_year: card.expYear ?? null,
        is_default: Number(n) === 0,
        is_ban: card.banned ?? false,
      })
      .onConflict((oc) => oc.column('provider_pm_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Only another user's concurrent save of the same payment method can win the insert (this user's are serialised).
    return inserted ? { saved: true, card: inserted } : { saved: false, reason: 'taken' };
  };
  return db.isTransaction ? run(db as Transaction<Database>) : (db as Kysely<Database>).transaction().execute(run);
}
