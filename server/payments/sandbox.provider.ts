import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NoticeOutbox } from '../chat/notices';
import { escapeHtml, formatCents, providerPage, UUID_PATTERN } from './format';
import { recordPaymentEvent, settleOrder } from './orders.repository';
import type { PaymentProvider } from './provider';
import { createSetup, sandboxCardApi, sandboxCardOf } from './sandbox-cards';

/**
 * The sandbox payment provider (DESIGN section 2, issue 12 item 3), the embedded default: it stands in for an
 * external provider's hosted pay page, so popup and "other" payments work with no account anywhere.
 *
 * - The order's `pay_url` is /payment.html?order=…&sig=…, signed with the server-only secret, so nobody can open
 *   (or approve) a page for an order id they guessed.
 * - The page shows the amount with Approve and Decline. Submitting it makes the provider send a webhook to the app,
 *   as a real provider would: POST /webhooks/sandbox, the JSON body signed in `x-sandbox-signature`.
 * - The webhook is verified, recorded by event id (a redelivery changes nothing) and settles the order.
 *
 * The page is the provider's, not the app's: like a real provider's page it is plain and in English.
 */

export const SANDBOX_PAGE = '/payment.html';
export const SANDBOX_WEBHOOK = '/webhooks/sandbox';

/**
 * Every page of the sandbox is test mode (DESIGN section 9), and says so first, as Stripe's test-mode pages do: a note
 * named "Test mode", so nobody takes its Approve for a real payment.
 */
const page = (title: string, body: string) =>
  providerPage(title, `<p class="test-mode" role="note" aria-labelledby="test-mode"><strong id="test-mode">Test mode</strong> <span>No real money moves.</span></p>${body}`);

const sign = (secretHex: string, text: string) => createHmac('sha256', Buffer.from(secretHex, 'hex')).update(text).digest('hex');

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function sandboxPayUrl(secretHex: string, orderId: string): string {
  return `${SANDBOX_PAGE}?order=${orderId}&sig=${sign(secretHex, `page:${orderId}`)}`;
}

export interface SandboxEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  order_id: string;
}

/** The signature header of a webhook body (tests use it to deliver events as the provider would). */
export function sandboxSignature(secretHex: string, body: string): string {
  return sign(secretHex, `webhook:${body}`);
}

/**
 * The sandbox behind the provider interface (provider.ts): every hosted payment type on its page, cards set up
 * through its card API (saved there, so a payment method id it did not save is nobody's), charged at once.
 */
export function createSandboxProvider(app: FastifyInstance): PaymentProvider {
  const { db, config } = app;
  return {
    name: 'sandbox',
    testMode: true,
    routes: sandboxRoutes,
    supportsHosted: () => true,
    hostedPayment: async (order) => ({ pay_url: sandboxPayUrl(config.serverSecret, order.order_id) }),
    async startCardSetup(userUuid) {
      const setup = await createSetup(db, userUuid);
      return { clientSecret: setup.clientSecret, publishableKey: 'pk_sandbox' };
    },
    adoptCard: async () => null,
    /** The sandbox charges at once: the order is paid or failed before the answer, and the first check sees it. */
    async chargeCard({ order, card, created }) {
      if (!created) return;
      const charge = sandboxCardOf(card.provider_pm_id)?.charge ?? 'declined';
      const notices = new NoticeOutbox();
      await settleOrder(db, config.economy, order.order_id, charge === 'succeeds' ? 'paid' : 'failed', `ch_sandbox_${order.order_id}`, notices);
      await notices.publish(app);
    },
  };
}

/** The hosted page and the webhook endpoint. Registered in its own context: it parses JSON, which /api/ never does. */
async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.config.serverSecret;
  const { db } = app;

  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
  await sandboxCardApi(app);

  const orderOfPage = (query: { order?: unknown; sig?: unknown }) => {
    const orderId = typeof query.order === 'string' && UUID_PATTERN.test(query.order) ? query.order : null;
    const sig = typeof query.sig === 'string' ? query.sig : '';
    return orderId && /^[0-9a-f]{64}$/.test(sig) && safeEqualHex(sig, sign(secret, `page:${orderId}`)) ? orderId : null;
  };

  app.get(SANDBOX_PAGE, async (request, reply) => {
    const orderId = orderOfPage(request.query as Record<string, unknown>);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!orderId) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    const order = await db.selectFrom('orders').select(['amount', 'currency', 'status']).where('order_id', '=', orderId).executeTakeFirst();
    if (!order) return reply.code(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
    const amount = formatCents(Number(order.amount), order.currency);
    if (order.status !== 'pending') {
      return page('Payment', `<h1>Venuely sandbox payment</h1><p>This payment is ${escapeHtml(order.status)}. You can close this window.</p>`);
    }
    const { order: o, sig } = request.query as { order: string; sig: string };
    return page(
      'Approve payment',
      `<h1>Venuely sandbox payment</h1><p class="amount">${escapeHtml(amount)}</p>
<p class="note">Approve to complete the payment, or decline it.</p>
<form method="post" action="${SANDBOX_PAGE}"><input type="hidden" name="order" value="${escapeHtml(o)}"><input type="hidden" name="sig" value="${escapeHtml(sig)}">
<button class="approve" name="outcome" value="approve">Approve</button><button class="decline" name="outcome" value="decline">Decline</button></form>`,
    );
  });

  app.post(SANDBOX_PAGE, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const orderId = orderOfPage(form);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!orderId || (form.outcome !== 'approve' && form.outcome !== 'decline')) {
      return reply.code(400).send(page('Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>'));
    }
    // The provider tells the app, as it would over the internet: a signed webhook.
    const event: SandboxEvent = { id: `evt_${randomUUID()}`, type: form.outcome === 'approve' ? 'payment.succeeded' : 'payment.failed', order_id: orderId };
    const body = JSON.stringify(event);
    const delivered = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK,
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': sandboxSignature(secret, body) },
      payload: body,
    });
    if (delivered.statusCode !== 200) return reply.code(502).send(page('Payment error', '<h1>Something went wrong</h1><p>Please try again.</p>'));
    const done = event.type === 'payment.succeeded' ? 'Payment approved.' : 'Payment declined.';
    return page(done, `<h1>${done}</h1><p>You can close this window and return to Venuely.</p>`);
  });

  app.post(SANDBOX_WEBHOOK, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const signature = request.headers['x-sandbox-signature'];
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature) || !safeEqualHex(signature, sandboxSignature(secret, body))) {
      return reply.code(400).send({ error: 'bad signature' });
    }
    let event: SandboxEvent;
    try {
      event = JSON.parse(body) as SandboxEvent;
    } catch {
      return reply.code(400).send({ error: 'bad body' });
    }
    if (typeof event.id !== 'string' || event.id.length > 100 || !UUID_PATTERN.test(event.order_id) || (event.type !== 'payment.succeeded' && event.type !== 'payment.failed')) {
      return reply.code(400).send({ error: 'bad event' });
    }
    // The buyer's notice is stored with the event and the settlement, and pushed once they committed.
    const notices = new NoticeOutbox();
    const outcome = await db.transaction().execute(async (trx) => {
      // Only the sandbox's own orders: an order paid through another provider is never settled here.
      const order = await trx.selectFrom('orders').select('order_id').where('order_id', '=', event.order_id).where('provider', '=', 'sandbox').executeTakeFirst();
      if (!order) return 'unknown';
      if (!(await recordPaymentEvent(trx, 'sandbox', event.id, event.type, event.order_id))) return 'duplicate';
      await settleOrder(trx, app.config.economy, event.order_id, event.type === 'payment.succeeded' ? 'paid' : 'failed', event.id, notices);
      return 'processed';
    });
    await notices.publish(app);
    // A provider retries until it gets a 2xx: an unknown order is acknowledged too (nothing will ever make it known).
    return { received: true, outcome };
  });
}
