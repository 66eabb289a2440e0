import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import * as payment from '@/contract/calls/payment';
import { CURRENCY } from '@/contract/constants';
import type { Locale } from '@/contract/enums';
import { isAmountInRange, itemAmount } from '@/contract/economy';
import { type OrderType, PaymentType } from '@/contract/feature-enums';
import { LIST_LIMIT_DEFAULT } from '@/contract/shapes';
import { vipTextOf } from '../account/current-user';
import { activeMembership } from '../account/user.repository';
import { ApiFailure } from '../api/failure';
import type { OrderRow } from '../db/schema';
import { formatMoney } from '../i18n';
import { cursorFields, cursorInvalid, isMicros, microsOf, momentOf } from '../directory/recent-cursor';
import { userBalances } from '../wallet/ledger.repository';
import { listCards } from './cards.repository';
import { UUID_PATTERN } from './format';
import { createOrder, findOwnOrder, OrderConflict } from './orders.repository';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox.provider';
import { createStripeProvider } from './stripe.provider';

function recordOf(order: OrderRow): payment.OrderRecord {
  return {
    order_id: order.order_id,
    type: order.type as payment.OrderRecord['type'],
    item_id: order.item_id,
    amount: Number(order.amount),
    currency: order.currency,
    payment_type: order.payment_type as payment.OrderRecord['payment_type'],
    status: order.status,
    created_at: new Date(order.created_at).toISOString(),
    paid_at: order.paid_at ? new Date(order.paid_at).toISOString() : null,
  };
}


/**
 * Payments (spec section 7 "Payment"; DESIGN sections 5, 6 and 8): prices and payment options from the economy
 * configuration, orders priced by the server, popup and "other" payments on the provider's hosted page, card setup,
 * saved cards and inline card payment, the order checks the payment machine polls, and the transaction list.
 *
 * One provider serves them all, chosen by configuration (DESIGN section 2): Stripe when STRIPE_SECRET_KEY is set,
 * else the embedded sandbox. Only the active provider's routes exist, and only its cards are listed and charged.
 */
export default fp(
  async function paymentsRoutes(app: FastifyInstance) {
    const { db, config } = app;
    const economy = config.economy;

    const provider: PaymentProvider = config.stripeSecretKey ? createStripeProvider(app) : createSandboxProvider(app);
    await app.register(provider.routes);

    /** The item's price; the order's amount must be it (the client never prices anything). */
    function priceOf(type: number, itemId: number, amount?: number): number {
      const price = itemAmount(economy, type as OrderType, itemId);
      if (price === undefined) throw new ApiFailure('payment.itemUnknown', {}, 200, { field: 'item_id', code: 'zod.enum.invalid' });
      if (amount !== undefined && amount !== price) throw new ApiFailure('payment.amountMismatch', {}, 200, { field: 'amount', code: 'zod.number.invalid' });
      return price;
    }

    async function order(userUuid: string, payload: { type: number; item_id: number; amount: number; idempotency_key: string }, paymentType: number, locale: Locale) {
      const amount = priceOf(payload.type, payload.item_id, payload.amount);
      const option = economy.payment_options.find((o) => o.payment_type === paymentType);
      if (!option || !provider.supportsHosted(paymentType)) throw new ApiFailure('payment.typeUnavailable');
      if (!isAmountInRange(option, amount)) {
        throw new ApiFailure('payment.amountRange', { min: formatMoney(locale, option.min_money ?? 0, CURRENCY), max: formatMoney(locale, option.max_money ?? 0, CURRENCY) });
      }
      try {
        const { order: row } = await createOrder(db, {
          userUuid,
          idempotencyKey: payload.idempotency_key,
          type: payload.type,
          itemId: payload.item_id,
          amount,
          currency: CURRENCY,
          paymentType,
          provider: provider.name,
          testMode: provider.testMode,
        });
        // The same request repeated is the same order, and the provider answers the same page for it.
        return { order_id: row.order_id, ...(await provider.hostedPayment(row)) };
      } catch (error) {
        if (error instanceof OrderConflict) throw new ApiFailure('payment.orderConflict');
        throw error;
      }
    }

    app.api(payment.getPayTypeWithId, async ({ payload }) => ({
      type: payload.type as typeof OrderType.upgrade | typeof OrderType.recharge,
      item_id: payload.item_id,
      amount: priceOf(payload.type, payload.item_id),
      currency: CURRENCY as typeof CURRENCY,
      // Card payments are the provider's saved cards; hosted ones only where the provider takes that type.
      options: economy.payment_options.filter((o) => o.payment_type === PaymentType.creditCard || provider.supportsHosted(o.payment_type)),
    }));

    app.api(payment.upgradeMember, async ({ session, locale }) => {
      const plan = await activeMembership(db, session.user.uuid);
      const endsAt = plan ? new Date(plan.ends_at) : null;
      return {
        plans: economy.membership_plans,
        is_payed: plan !== undefined,
        vip_txt: vipTextOf(locale, plan),
        vip_end_date: endsAt ? endsAt.toISOString() : null,
      };
    });

    app.api(payment.buyFunCoin, async ({ session }) => {
      const balances = await userBalances(db, session.user.uuid);
      return { packs: economy.coin_packs, fun_score: balances.coins + balances.earned };
    });

    app.api(payment.uPay, async ({ payload, session, locale }) => order(session.user.uuid, payload, payload.payment_type, locale));
    app.api(payment.otherPay, async ({ payload, session, locale }) => order(session.user.uuid, payload, PaymentType.other, locale));

    const check = async (userUuid: string, orderId: string) => {
      const row = await findOwnOrder(db, userUuid, orderId);
      if (!row) throw new ApiFailure('payment.orderNotFound');
      return { success: row.status === 'paid', status: row.status };
    };
    app.api(payment.checkOrderStatus, async ({ payload, session }) => check(session.user.uuid, payload.order_id));
    app.api(payment.checkPayment, async ({ payload, session }) => check(session.user.uuid, payload.order_id));

    // ---- Cards: setup, saved cards, inline card payment (the active provider's cards).

    app.api(payment.getPaymentInfo, async ({ session }) => {
      const setup = await provider.startCardSetup(session.user.uuid);
      return { client_secret: setup.clientSecret, publishable_key: setup.publishableKey };
    });

    const cardsOf = (userUuid: string) => listCards(db, userUuid, provider.name);

    app.api(payment.getPaymentMethods, async ({ session }) =>
      (await cardsOf(session.user.uuid)).map((card) => ({
        id: card.id,
        is_default: card.is_default,
        is_ban: card.is_ban,
        card: { brand: card.brand, last4: card.last4, ...(card.exp_month !== null && card.exp_year !== null ? { exp_month: card.exp_month, exp_year: card.exp_year } : {}) },
      })),
    );

    async function ownCard(userUuid: string, id: number) {
      const card = (await cardsOf(userUuid)).find((c) => c.id === id);
      if (!card) throw new ApiFailure('payment.cardInvalid', {}, 200, { field: 'payment_method_id', code: 'zod.string.invalid' });
      return card;
    }

    app.api(payment.bindDefaultPayment, async ({ payload, session }) => {
      const card = await ownCard(session.user.uuid, payload.payment_method_id);
      if (card.is_ban) throw new ApiFailure('payment.cardBanned');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('payment_cards')
          .set({ is_default: false })
          .where('user_uuid', '=', session.user.uuid)
          .where('provider', '=', provider.name)
          .where('is_default', '=', true)
          .execute();
        await trx.updateTable('payment_cards').set({ is_default: true }).where('id', '=', card.id).execute();
      });
      return null;
    });

    /** Deletes a saved card (kept for the orders that name it); when it was the default, the newest usable card takes its place. */
    async function forgetCard(userUuid: string, card: { id: number }) {
      await db.transaction().execute(async (trx) => {
        const gone = await trx
          .updateTable('payment_cards')
          .set({ deleted_at: sql<Date>`now()`, is_default: false })
          .where('id', '=', card.id)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        const kept = () => trx.selectFrom('payment_cards').select('id').where('user_uuid', '=', userUuid).where('provider', '=', provider.name).where('deleted_at', 'is', null);
        const still = await kept().where('is_default', '=', true).executeTakeFirst();
        if (!gone || still) return;
        const next = await kept().where('is_ban', '=', false).orderBy('id', 'desc').executeTakeFirst();
        if (next) await trx.updateTable('payment_cards').set({ is_default: true }).where('id', '=', next.id).execute();
      });
    }

    app.api(payment.delPaymentMethod, async ({ payload, session }) => {
      await forgetCard(session.user.uuid, await ownCard(session.user.uuid, payload.payment_method_id));
      return null;
    });

    /**
     * An inline card payment: a saved card (its id) or a card just set up (its payment method id, saved now if the
     * provider's webhook has not saved it yet), the caller's own and not banned. The provider charges it off session:
     * the order is paid or failed before the answer (or, rarely, left pending for the webhook), and the payment
     * machine's checks see it. The price is checked first, so a refused request saves no card.
     */
    app.api(payment.offSessionPay, async ({ payload, session }) => {
      const uuid = session.user.uuid;
      const amount = priceOf(payload.type, payload.item_id, payload.amount);
      const cards = await cardsOf(uuid);
      const card =
        payload.user_payment_method_id !== undefined
          ? cards.find((c) => c.id === payload.user_payment_method_id)
          : (cards.find((c) => c.provider_pm_id === payload.payment_method_id) ?? (await provider.adoptCard(uuid, payload.payment_method_id!)));
      if (!card) throw new ApiFailure('payment.cardInvalid');
      if (card.is_ban) throw new ApiFailure('payment.cardBanned');
      let created;
      try {
        created = await createOrder(db, {
          userUuid: uuid,
          idempotencyKey: payload.idempotency_key,
          type: payload.type,
          itemId: payload.item_id,
          amount,
          currency: CURRENCY,
          paymentType: PaymentType.creditCard,
          provider: provider.name,
          testMode: provider.testMode,
        });
      } catch (error) {
        if (error instanceof OrderConflict) throw new ApiFailure('payment.orderConflict');
        throw error;
      }
      await provider.chargeCard({ order: created.order, card, created: created.created });
      // A card entered for this payment only is forgotten once charged, whatever the charge's outcome.
      if (payload.save_card === false) await forgetCard(uuid, card);
      return { order_id: created.order.order_id };
    });

    app.api(payment.orderHistory, async ({ payload, session }) => {
      const limit = payload.limit ?? LIST_LIMIT_DEFAULT;
      // Newest first by (created_at, order_id); the moment travels in microseconds, exact (recent-cursor.ts).
      let before: { micros: string; id: string } | null = null;
      if (payload.cursor !== undefined) {
        const fields = cursorFields(payload.cursor);
        if (fields.l !== 'orders' || !isMicros(fields.at) || typeof fields.id !== 'string' || !UUID_PATTERN.test(fields.id)) throw cursorInvalid();
        before = { micros: fields.at, id: fields.id };
      }
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .select(microsOf('created_at').as('micros'))
        .where('user_uuid', '=', session.user.uuid)
        .$if(payload.type !== undefined, (qb) => qb.where('type', '=', payload.type!))
        .$if(before !== null, (qb) => qb.where(sql<boolean>`(created_at, order_id) < (${momentOf(before!)}, ${before!.id}::uuid)`))
        .orderBy('created_at', 'desc')
        .orderBy('order_id', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        list: page.map(recordOf),
        next_cursor: rows.length > limit && last ? Buffer.from(JSON.stringify({ l: 'orders', at: last.micros, id: last.order_id })).toString('base64url') : null,
      };
    });
  },
  { name: 'payments-routes', dependencies: ['api', 'core'] },
);
