import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import type { EconomyConfig } from '@/contract/economy';
import { OrderType, PaymentType } from '@/contract/feature-enums';
import { ApiFailure } from '../api/failure';
import { NoticeOutbox } from '../chat/notices';
import type { AppConfig } from '../config';
import type { Database, OrderRow } from '../db/schema';
import { type NewCard, saveCard } from './cards.repository';
import { providerPage, UUID_PATTERN } from './format';
import { recordPaymentEvent, type SettleOutcome, settleOrder } from './orders.repository';
import type { PaymentProvider } from './provider';

/**
 * The Stripe provider (issue 12 item 3; DESIGN section 2), active when STRIPE_SECRET_KEY is set. It uses the real
 * `stripe` SDK; STRIPE_API_BASE points it at a stand-in of Stripe's API (the tests' loopback one).
 *
 * - Cards: one Stripe Customer per user (created once, kept in stripe_customers). stripe/getPaymentInfo creates a
 *   SetupIntent for it (usage off_session); Stripe.js confirms it in the browser, so card numbers never reach the
 *   app. The card is saved (brand, last four) when the signed `setup_intent.succeeded` webhook arrives, or earlier
 *   when stripe/offSessionPay names its payment method and Stripe says it is attached to the caller's Customer.
 * - Card payments: an off-session PaymentIntent (confirm at once) under the order's idempotency key, so a repeated
 *   request never charges twice. Succeeded pays the order, a card error fails it, anything else waits for the
 *   `payment_intent.*` webhook.
 * - Popup and "other" payments: a Checkout Session in payment mode whose `url` is the order's pay_url, settled by
 *   the `checkout.session.*` webhooks (docs/decisions.md "Stripe provider").
 * - Webhooks: POST /webhooks/stripe, the raw body verified with STRIPE_WEBHOOK_SECRET; each event is recorded by id
 *   in the transaction that acts on it, so a redelivery changes nothing.
 */

export const STRIPE_WEBHOOK = '/webhooks/stripe';
/** Where Stripe Checkout sends the payer back: a plain provider-side page, like the sandbox's pay page. */
export const STRIPE_RETURN_PAGE = '/payment/stripe-return.html';

/**
 * Stripe keeps an idempotency key's answer for at least 24 hours, and a Checkout Session lives 24 hours. A pending
 * order younger than this gets its one session back (same key); an older one gets no new page, so no order ever
 * has two payable sessions.
 */
const CHECKOUT_REOPEN_MS = 23 * 60 * 60 * 1000;

/**
 * Hosted payment types on Stripe Checkout: Alipay is Stripe's `alipay`; UnionPay cards are cards to Stripe; "other"
 * lets Stripe offer what the account's Dashboard enables. USDT has no Stripe payment method, so it is not offered.
 */
const CHECKOUT_METHODS: Readonly<Partial<Record<number, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[] | null>>> = {
  [PaymentType.other]: null,
  [PaymentType.aliPay]: ['alipay'],
  [PaymentType.unionPay]: ['card'],
};

/** A Stripe payment method id as stripe/offSessionPay may name it. */
const PM_ID = /^pm_[A-Za-z0-9_]{1,250}$/;

/** The SDK, pointed at STRIPE_API_BASE when it is set (a stand-in of Stripe's API). */
/** A Stripe test-mode key (secret `sk_test_…` or restricted `rk_test_…`): its payments are not real money. */
export function isStripeTestKey(key: string | null): boolean {
  return key !== null && /^(sk|rk)_test_/.test(key);
}

export function createStripeClient(config: Pick<AppConfig, 'stripeSecretKey' | 'stripeApiBase'>): Stripe {
  if (!config.stripeSecretKey) throw new Error('createStripeClient: STRIPE_SECRET_KEY is not set');
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  return new Stripe(config.stripeSecretKey, {
    telemetry: false,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Venuely' },
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: base.port ? Number(base.port) : base.protocol === 'http:' ? 80 : 443,
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** What an order is called on Stripe's pages and receipts (the provider's pages are English, like the sandbox's). */
function itemName(economy: EconomyConfig, order: OrderRow): string {
  if (order.type === OrderType.recharge) {
    const pack = economy.coin_packs.find((p) => p.item_id === order.item_id);
    return pack ? `Venuely: ${pack.coins} coins` : 'Venuely coins';
  }
  const plan = economy.membership_plans.find((p) => p.item_id === order.item_id);
  return plan ? `Venuely membership: ${plan.days} days` : 'Venuely membership';
}

/** A card payment method as the app saves it; null for anything that is not a card. */
function cardOf(userUuid: string, method: Stripe.PaymentMethod): NewCard | null {
  if (method.type !== 'card' || !method.card || !/^\d{4}$/.test(method.card.last4)) return null;
  return { userUuid, provider: 'stripe', pmId: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}

/** Stripe could not be reached or failed: the caller retries; nothing the request meant to do happened. */
function providerFailure(log: FastifyBaseLogger, error: unknown): ApiFailure {
  log.error({ err: error }, 'stripe request failed');
  return new ApiFailure('server.error', {}, 502);
}

/** Thrown inside webhook handling when Stripe must redeliver later (its API failed while the event was handled). */
class RetryLater extends Error {}

export type StripeEventOutcome = 'processed' | 'duplicate' | 'ignored' | 'unknown' | 'refused';

export function createStripeProvider(app: FastifyInstance, stripe: Stripe = createStripeClient(app.config)): PaymentProvider {
  const { db, config, log } = app;
  const economy = config.economy;
  const webhookSecret = config.stripeWebhookSecret;
  const publishableKey = config.stripePublishableKey;
  if (!webhookSecret || !publishableKey) throw new Error('Stripe provider: STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY must be set');

  const customerIdOf = async (userUuid: string) =>
    (await db.selectFrom('stripe_customers').select('customer_id').where('user_uuid', '=', userUuid).executeTakeFirst())?.customer_id ?? null;

  /**
   * The user's Customer, created on their first card setup. The creation's idempotency key is the user, so two
   * concurrent first setups get one Customer from Stripe, and the row is inserted once. The insert gives way on a
   * conflict with any unique key, not only the user: on PostgreSQL, two concurrent inserts of the same row can
   * meet first on the Customer's id, which `on conflict (user_uuid)` does not cover (a unique violation, so a
   * server error for one of the setups; seen once in CI).
   */
  async function ensureCustomer(userUuid: string): Promise<string> {
    const known = await customerIdOf(userUuid);
    if (known) return known;
    // Only the user's uuid goes to Stripe: no name or e-mail is shared that a payment does not need.
    const customer = await stripe.customers.create({ metadata: { user_uuid: userUuid } }, { idempotencyKey: `customer:${userUuid}` });
    await db.insertInto('stripe_customers').values({ user_uuid: userUuid, customer_id: customer.id }).onConflict((oc) => oc.doNothing()).execute();
    const stored = await customerIdOf(userUuid);
    if (!stored) throw new Error(`Stripe Customer ${customer.id} is already another user's`);
    return stored;
  }

  const userOfCustomer = async (customerId: string | null) =>
    customerId ? ((await db.selectFrom('stripe_customers').select('user_uuid').where('customer_id', '=', customerId).executeTakeFirst())?.user_uuid ?? null) : null;

  /** Runs Stripe requests for an API call: Stripe failing (unreachable, erring) becomes "try again", status 502. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw providerFailure(log, error);
      throw error;
    }
  }

  return {
    name: 'stripe',
    testMode: isStripeTestKey(config.stripeSecretKey),
    routes: (instance) => stripeRoutes(instance, { stripe, db, economy, webhookSecret, userOfCustomer }),

    supportsHosted: (paymentType) => paymentType in CHECKOUT_METHODS,

    async hostedPayment(order) {
      // A settled order has nothing left to pay; an old pending one keeps its (expiring) session and gets no second.
      if (order.status !== 'pending' || Date.now() - new Date(order.created_at).getTime() > CHECKOUT_REOPEN_MS) return {};
      const methods = CHECKOUT_METHODS[order.payment_type];
      const back = (outcome: string) => `${config.publicUrl}${STRIPE_RETURN_PAGE}?outcome=${outcome}`;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: Number(order.amount), product_data: { name: itemName(economy, order) } } }],
            ...(methods ? { allowed_payment_method_types: methods } : {}),
            client_reference_id: order.user_uuid,
            // On the session only, not its PaymentIntent: a declined attempt inside Checkout (which the payer may
            // retry there) must not fail the order through payment_intent.payment_failed.
            metadata: { order_id: order.order_id },
            success_url: back('success'),
            cancel_url: back('cancel'),
          },
          // One session per order: the same request repeated (or retried after a network failure) gets it back.
          { idempotencyKey: `checkout:${order.order_id}` },
        ),
      );
      if (!session.url) throw providerFailure(log, new Error(`checkout session ${session.id} has no url`));
      return { pay_url: session.url };
    },

    async startCardSetup(userUuid) {
      const intent = await call(async () =>
        stripe.setupIntents.create({
          customer: await ensureCustomer(userUuid),
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata: { user_uuid: userUuid },
        }),
      );
      if (!intent.client_secret) throw providerFailure(log, new Error(`setup intent ${intent.id} has no client secret`));
      return { clientSecret: intent.client_secret, publishableKey };
    },

    /**
     * A payment method just set up in the browser, before its webhook: the caller's card when Stripe has it attached
     * to the caller's Customer (only a SetupIntent of theirs attaches it there). Saved now, under the same limit.
     */
    async adoptCard(userUuid, pmId) {
      if (!PM_ID.test(pmId)) return null;
      const customerId = await customerIdOf(userUuid);
      if (!customerId) return null;
      const method = await call(async () => {
        try {
          return await stripe.paymentMethods.retrieve(pmId);
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      });
      if (!method || idOf(method.customer) !== customerId) return null;
      const card = cardOf(userUuid, method);
      if (!card) return null;
      const saved = await saveCard(db, card);
      if (saved.saved) return saved.card;
      // A sixth card: Stripe holds it, the app does not take it.
      if (saved.reason === 'limit') throw new ApiFailure('payment.cardBanned');
      return null;
    },

    async chargeCard({ order, card }) {
      // Only a pending order is charged. A repeated request for one (its first attempt cut off) charges again under
      // the same idempotency key, which Stripe answers with the first attempt's result instead of a second charge.
      if (order.status !== 'pending') return;
      const customerId = await customerIdOf(order.user_uuid);
      if (!customerId) throw new ApiFailure('payment.cardInvalid');
      // Paid, the buyer's notice is stored with the order's settlement and pushed once that committed.
      const settle = async (outcome: SettleOutcome, ref: string | null) => {
        const notices = new NoticeOutbox();
        await settleOrder(db, economy, order.order_id, outcome, ref, notices);
        await notices.publish(app);
      };
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: Number(order.amount),
            currency: order.currency.toLowerCase(),
            customer: customerId,
            payment_method: card.provider_pm_id,
            off_session: true,
            confirm: true,
            allowed_payment_method_types: ['card'],
            description: itemName(economy, order),
            metadata: { order_id: order.order_id },
          },
          { idempotencyKey: order.idempotency_key },
        );
      } catch (error) {
        // Declined, or the bank wants the cardholder present (authentication_required): the order failed.
        if (error instanceof Stripe.errors.StripeCardError) {
          await settle('failed', idOf((error.raw as { payment_intent?: { id: string } }).payment_intent) ?? null);
          return;
        }
        // The same key with other parameters: this request is not the one that created the order.
        if (error instanceof Stripe.errors.StripeIdempotencyError) throw new ApiFailure('payment.orderConflict');
        // The first attempt is still running at Stripe (409 after the SDK's retries): its answer or webhook settles it.
        if (error instanceof Stripe.errors.StripeError && error.statusCode === 409) return;
        // Stripe refused the request itself (a card detached in the Dashboard, say): nothing was charged.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          log.warn({ err: error, order: order.order_id }, 'stripe refused a card payment');
          await settle('failed', null);
          return;
        }
        throw providerFailure(log, error);
      }
      if (intent.status === 'succeeded') await settle('paid', intent.id);
      else if (intent.status === 'requires_payment_method' || intent.status === 'canceled') await settle('failed', intent.id);
      // 'processing' (or anything else): payment_intent.succeeded / payment_failed settles it.
    },
  };
}

interface StripeRouteDeps {
  stripe: Stripe;
  db: Kysely<Database>;
  economy: EconomyConfig;
  webhookSecret: string;
  userOfCustomer(customerId: string | null): Promise<string | null>;
}

/** The webhook endpoint and the page Checkout returns to. Its own context: the webhook needs the raw body. */
async function stripeRoutes(app: FastifyInstance, deps: StripeRouteDeps): Promise<void> {
  const { stripe, db, economy, webhookSecret } = deps;
  const log = app.log;

  // The signature covers the exact bytes Stripe sent: keep them as they are, unparsed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));

  /**
   * Settles the order an event names, once: the event is recorded in the same transaction, so a redelivery (even a
   * concurrent one) finds it and changes nothing. Only the provider's own orders of the flow the event belongs to
   * are touched, and a payment is taken as paying only for the order's amount and currency.
   */
  async function settleByEvent(
    event: Stripe.Event,
    orderId: unknown,
    flow: 'card' | 'checkout',
    outcome: SettleOutcome,
    paid: { amount: number | null; currency: string | null; ref: string },
  ): Promise<StripeEventOutcome> {
    if (typeof orderId !== 'string' || !UUID_PATTERN.test(orderId)) return 'ignored';
    // The buyer's notice is stored with the event and the settlement, and pushed once they committed.
    const notices = new NoticeOutbox();
    const handled = await db.transaction().execute(async (trx): Promise<StripeEventOutcome> => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('provider', '=', 'stripe')
        .where('payment_type', flow === 'card' ? '=' : '<>', PaymentType.creditCard)
        .executeTakeFirst();
      if (!order) return 'unknown';
      if (!(await recordPaymentEvent(trx, 'stripe', event.id, event.type, order.order_id))) return 'duplicate';
      if (outcome === 'paid' && (paid.amount !== Number(order.amount) || paid.currency !== order.currency.toLowerCase())) {
        log.error({ event: event.id, order: order.order_id }, 'stripe payment does not match its order: not granted');
        return 'refused';
      }
      await settleOrder(trx, economy, order.order_id, outcome, paid.ref, notices);
      return 'processed';
    });
    await notices.publish(app);
    return handled;
  }

  /** A succeeded card setup: the card is saved for the user whose Customer it was set up for. */
  async function saveSetupCard(event: Stripe.SetupIntentSucceededEvent): Promise<StripeEventOutcome> {
    const id = event.data.object?.id;
    if (typeof id !== 'string') return 'ignored';
    const seen = await db.selectFrom('payment_events').select('event_id').where('provider', '=', 'stripe').where('event_id', '=', event.id).executeTakeFirst();
    if (seen) return 'duplicate';
    // The event names the card only by id: read the setup as Stripe has it now, with its payment method.
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.retrieve(id, { expand: ['payment_method'] });
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return 'ignored';
      throw new RetryLater(String(error));
    }
    const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
    const customerId = idOf(intent.customer);
    const userUuid = await deps.userOfCustomer(customerId);
    if (intent.status !== 'succeeded' || !method || !userUuid || idOf(method.customer) !== customerId) return 'ignored';
    const card = cardOf(userUuid, method);
    if (!card) return 'ignored';
    return db.transaction().execute(async (trx) => {
      if (!(await recordPaymentEvent(trx, 'stripe', event.id, event.type, null))) return 'duplicate';
      return (await saveCard(trx, card)).saved ? 'processed' : 'refused';
    });
  }

  async function handle(event: Stripe.Event): Promise<StripeEventOutcome> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const outcome = event.type === 'payment_intent.succeeded' ? 'paid' : 'failed';
        return settleByEvent(event, intent.metadata?.order_id, 'card', outcome, { amount: intent.amount, currency: intent.currency, ref: intent.id });
      }
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // Completed but unpaid: a delayed payment method; its async_payment_* event settles the order.
        if (session.payment_status !== 'paid') return 'ignored';
        const ref = idOf(session.payment_intent) ?? session.id;
        return settleByEvent(event, session.metadata?.order_id, 'checkout', 'paid', { amount: session.amount_total, currency: session.currency, ref });
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const session = event.data.object;
        const outcome = event.type === 'checkout.session.expired' ? 'expired' : 'failed';
        return settleByEvent(event, session.metadata?.order_id, 'checkout', outcome, { amount: null, currency: null, ref: session.id });
      }
      case 'setup_intent.succeeded':
        return saveSetupCard(event);
      default:
        // Events the endpoint was subscribed to but the app does not act on are acknowledged, or Stripe retries them.
        return 'ignored';
    }
  }

  app.post(STRIPE_WEBHOOK, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') return reply.code(400).send({ error: 'bad signature' });
    let event: Stripe.Event;
    try {
      // Verifies the signature and its timestamp (five minutes' tolerance, against replays), then parses the body.
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      return reply.code(400).send({ error: 'bad signature' });
    }
    if (typeof event?.id !== 'string' || event.id.length > 255 || typeof event.type !== 'string' || typeof event.data?.object !== 'object' || event.data.object === null) {
      return reply.code(400).send({ error: 'bad event' });
    }
    try {
      return { received: true, outcome: await handle(event) };
    } catch (error) {
      // Nothing was recorded: Stripe redelivers the event later.
      if (error instanceof RetryLater) {
        log.warn({ event: event.id, err: error.message }, 'stripe webhook deferred: stripe unavailable');
        return reply.code(503).send({ error: 'try again later' });
      }
      throw error;
    }
  });

  app.get(STRIPE_RETURN_PAGE, async (request, reply) => {
    const outcome = (request.query as Record<string, unknown>).outcome;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (outcome === 'cancel') {
      return providerPage('Payment cancelled', '<h1>Payment cancelled</h1><p>Nothing was charged. You can close this window and return to Venuely.</p>');
    }
    return providerPage('Payment received', '<h1>Thank you</h1><p>Your payment is being confirmed. You can close this window and return to Venuely.</p>');
  });
}
