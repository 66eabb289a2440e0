import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimitHook } from '../api/rate-limit';
import type { Kysely } from 'kysely';
import { purchase, track } from '@/contract/calls/track';
import { OrderType, PAYMENT_METHOD_NAMES, type PaymentType } from '@/contract/feature-enums';
import { sectionOfPath } from '@/contract/tracking';
import { ApiFailure } from '../api/failure';
import type { RateLimitRule } from '../config';
import type { Database, InsertablePageViewRow } from '../db/schema';

/**
 * Page-view tracking (spec section 2): POST /api/track stores a batch of views in one statement, so a batch is
 * stored whole or not at all. A session is used when present; guests are counted by their guest id.
 */

/**
 * A debounced client sends at most about one batch a second, and only while someone navigates; 60 a minute per
 * guest id leaves room for that and stops a loop. The guest id is chosen by the client, so a per-IP ceiling
 * bounds a sender that rotates it; it is high because many users can share one address (NAT, carrier networks).
 * Not in AppConfig.rateLimits: those are the sensitive calls, and tests hold them to at most 30 a window.
 */
export const TRACK_LIMIT_PER_GUEST: RateLimitRule = { max: 60, windowMs: 60_000 };
export const TRACK_LIMIT_PER_IP: RateLimitRule = { max: 1_200, windowMs: 60_000 };

/** How far the client's clock is believed: a day back (a batch kept offline), five minutes ahead (skew). */
export const VIEWED_AT_MAX_PAST_MS = 24 * 60 * 60_000;
export const VIEWED_AT_MAX_FUTURE_MS = 5 * 60_000;

/** The client's `at` clamped to [received − 1 day, received + 5 min]; the table's check constraint holds it too. */
export function clampViewedAt(at: number, receivedAt: number): Date {
  return new Date(Math.min(Math.max(at, receivedAt - VIEWED_AT_MAX_PAST_MS), receivedAt + VIEWED_AT_MAX_FUTURE_MS));
}

/** One multi-row INSERT: a single statement is atomic, so no transaction is needed for all-or-nothing. */
async function insertPageViews(db: Kysely<Database>, rows: InsertablePageViewRow[]): Promise<void> {
  await db.insertInto('page_views').values(rows).execute();
}

export default fp(
  async function trackingRoutes(app: FastifyInstance) {
    const { db } = app;

    const limit = (name: string, rule: RateLimitRule, key: (request: FastifyRequest) => string) => rateLimitHook(app, name, rule, key);
    const byGuest = (request: FastifyRequest) => request.apiState?.guestId ?? request.ip;
    const byIp = (request: FastifyRequest) => request.ip;

    app.api(
      track,
      async ({ payload, session, guestId, client }) => {
        // The section is the client's label of the path; one that disagrees with the shared mapping is a bug or
        // a forgery, and the whole batch is refused like any other invalid view.
        const mismatch = payload.views.findIndex((view) => view.section !== sectionOfPath(view.path));
        if (mismatch !== -1) {
          const field = `views.${mismatch}.section`;
          throw new ApiFailure('validation.invalid', { field }, 200, { field, code: 'zod.enum.invalid' });
        }
        // One server time for the whole batch: received_at and the clamp bounds agree row by row.
        const receivedAt = Date.now();
        await insertPageViews(
          db,
          payload.views.map((view) => ({
            oauth_id: guestId,
            user_uuid: session?.user.uuid ?? null,
            section: view.section,
            path: view.path,
            viewed_at: clampViewedAt(view.at, receivedAt),
            received_at: new Date(receivedAt),
            client,
          })),
        );
        return null;
      },
      { preHandler: [limit('track-ip', TRACK_LIMIT_PER_IP, byIp), limit('track-guest', TRACK_LIMIT_PER_GUEST, byGuest)] },
    );

    /**
     * A purchase tracking record (spec section 3): checked against the order it names, which must be the caller's
     * own and paid, with the same value, currency, method, plan and coins; stored once per order (a second send
     * changes nothing). A record that disagrees with the order is refused and nothing is stored.
     */
    app.api(purchase, async ({ payload, session }) => {
      const order = await db
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', payload.transaction_id)
        .where('user_uuid', '=', session.user.uuid)
        .executeTakeFirst();
      if (!order || order.status !== 'paid') throw new ApiFailure('payment.orderNotFound', {}, 200, { field: 'transaction_id', code: 'zod.string.invalid' });
      const economy = app.config.economy;
      const plan = order.type === OrderType.upgrade ? economy.membership_plans.find((p) => p.item_id === order.item_id)?.code : undefined;
      const coins = order.type === OrderType.recharge ? (economy.coin_packs.find((p) => p.item_id === order.item_id)?.coins ?? 0) : 0;
      const expected = {
        value: Number(order.amount),
        currency: order.currency,
        plan,
        payment_method: PAYMENT_METHOD_NAMES[order.payment_type as PaymentType],
        fun_amount: String(coins),
      };
      const field = (Object.keys(expected) as (keyof typeof expected)[]).find((key) => payload[key] !== expected[key]);
      if (field) throw new ApiFailure('validation.invalid', { field }, 200, { field, code: 'zod.invalid' });
      await db
        .insertInto('purchase_records')
        .values({
          transaction_id: order.order_id,
          user_uuid: session.user.uuid,
          value: expected.value,
          currency: expected.currency,
          plan: plan ?? null,
          payment_method: expected.payment_method,
          fun_amount: coins,
        })
        .onConflict((oc) => oc.column('transaction_id').doNothing())
        .execute();
      return null;
    });
  },
  { name: 'tracking-routes', dependencies: ['api', 'core'] },
);
