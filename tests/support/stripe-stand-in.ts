import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's API on loopback, for the Stripe provider's tests (there is no internet here). The real
 * `stripe` SDK is pointed at it (STRIPE_API_BASE). It records every request (method, path, headers, decoded form
 * parameters) and answers the shapes Stripe's API reference documents for the calls the app makes:
 *
 * - POST /v1/customers, POST /v1/setup_intents, GET /v1/setup_intents/:id (expand[]=payment_method),
 *   GET /v1/payment_methods/:id, POST /v1/payment_intents, POST /v1/checkout/sessions;
 * - errors as Stripe sends them: `{ error: { type, code, message, ... } }`, 402 for card errors, 404 for a missing
 *   object, 401 for a wrong key;
 * - idempotent requests as Stripe treats them: the same Idempotency-Key with the same parameters replays the first
 *   answer, with other parameters it is a 400 idempotency_error.
 *
 * What Stripe.js does in the browser (confirming a SetupIntent with a card) is `completeSetup`, which attaches a
 * payment method of one of Stripe's test cards to the SetupIntent's Customer.
 */

/** Stripe's test cards the stand-in knows, and what charging them off session does. */
export const STAND_IN_CARDS = {
  visa: { brand: 'visa', last4: '4242', charge: 'succeeds' },
  mastercard: { brand: 'mastercard', last4: '4444', charge: 'succeeds' },
  /** 4000 0000 0000 0341: attaches to a Customer, every charge is declined. */
  chargeDeclined: { brand: 'visa', last4: '0341', charge: 'card_declined' },
  /** 4000 0025 0000 3155: an off-session charge needs the cardholder (authentication_required). */
  authenticationRequired: { brand: 'visa', last4: '3155', charge: 'authentication_required' },
  /** A charge that stays `processing`: settled later by the payment_intent.* webhook. */
  processing: { brand: 'visa', last4: '1111', charge: 'processing' },
} as const;
export type StandInCard = keyof typeof STAND_IN_CARDS;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: http.IncomingHttpHeaders;
  params: Record<string, unknown>;
}

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: Json;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Decodes `a[b][0][c]=v` form or query pairs into nested objects and arrays, as Stripe reads them. */
export function decodeStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] = (node[part] as Record<string, unknown> | undefined) ?? {};
      node = node[part] as Record<string, unknown>;
    });
  }
  // Objects keyed 0..n-1 are arrays.
  const arrays = (value: unknown): unknown => {
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

const stripeError = (status: number, error: Json): Answer => ({ status, body: { error: { doc_url: `https://stripe.test/docs/error-codes/${String(error.code ?? '')}`, ...error } } });
const missing = (kind: string, value: string, param = 'id') =>
  stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${value}'`, param });

export interface StripeStandIn {
  /** `http://127.0.0.1:PORT`: the value of STRIPE_API_BASE. */
  url: string;
  requests: RecordedRequest[];
  /** Requests of one method and path (path without query), in order. */
  requestsTo(method: string, path: string): RecordedRequest[];
  customers: Map<string, Json>;
  setupIntents: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  paymentIntents: Map<string, Json>;
  checkoutSessions: Map<string, Json>;
  /** What Stripe.js does when the cardholder confirms a SetupIntent with a test card. */
  completeSetup(setupIntentId: string, card: StandInCard): { setupIntent: Json; paymentMethod: Json };
  /** The next `count` requests answer 500 (`Stripe-Should-Retry: false`), as an outage would. */
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startStripeStandIn(options: { secretKey: string }): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const charges = new Map<string, (typeof STAND_IN_CARDS)[StandInCard]['charge']>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  let failures = 0;
  let base = '';

  function createPaymentIntent(p: Json): Answer {
    const amount = Number(p.amount);
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, { type: 'invalid_request_error', code: 'amount_too_small', message: 'Amount must be at least $0.50 usd', param: 'amount' });
    if (typeof p.currency !== 'string') return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: currency.', param: 'currency' });
    const customer = typeof p.customer === 'string' ? customers.get(p.customer) : undefined;
    if (p.customer !== undefined && !customer) return missing('customer', String(p.customer), 'customer');
    const methodId = String(p.payment_method ?? '');
    const method = paymentMethods.get(methodId);
    if (!method) return missing('PaymentMethod', methodId, 'payment_method');
    if (method.customer !== (customer?.id ?? null)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_invalid_parameter',
        message: 'The provided PaymentMethod belongs to a different Customer than the one supplied.',
        param: 'payment_method',
      });
    }
    if (p.off_session !== undefined && p.confirm !== 'true') {
      return stripeError(400, { type: 'invalid_request_error', code: 'parameter_invalid_empty', message: 'off_session can only be used with confirm=true.', param: 'off_session' });
    }
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: p.currency,
      customer: customer?.id ?? null,
      payment_method: methodId,
      payment_method_types: ['card'],
      metadata: p.metadata ?? {},
      description: p.description ?? null,
      status: 'requires_confirmation',
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
      client_secret: null,
      confirmation_method: 'automatic',
      capture_method: 'automatic',
      next_action: null,
    };
    intent.client_secret = `${String(intent.id)}_secret_${randomBytes(12).toString('hex')}`;
    paymentIntents.set(String(intent.id), intent);
    if (p.confirm !== 'true') return { status: 200, body: intent };
    const charge = charges.get(methodId) ?? 'succeeds';
    if (charge === 'succeeds') {
      Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: id('ch') });
      return { status: 200, body: intent };
    }
    if (charge === 'processing') {
      Object.assign(intent, { status: 'processing', latest_charge: id('ch') });
      return { status: 200, body: intent };
    }
    const declined = charge === 'card_declined';
    const error = {
      type: 'card_error',
      code: charge,
      decline_code: declined ? 'generic_decline' : 'authentication_required',
      message: declined ? 'Your card was declined.' : 'Your card was declined. This transaction requires authentication.',
      charge: id('ch'),
      payment_method: method,
    };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error });
    return stripeError(402, { ...error, payment_intent: intent });
  }

  function route(method: string, path: string, p: Json, query: Json): Answer {
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = { id: id('cus'), object: 'customer', created: now(), email: p.email ?? null, metadata: p.metadata ?? {}, livemode: false, invoice_settings: { default_payment_method: null } };
      customers.set(String(customer.id), customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      if (p.customer !== undefined && !customers.has(String(p.customer))) return missing('customer', String(p.customer), 'customer');
      const intentId = id('seti');
      const intent: Json = {
        id: intentId,
        object: 'setup_intent',
        client_secret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
        customer: p.customer ?? null,
        usage: p.usage ?? 'off_session',
        status: 'requires_payment_method',
        payment_method: null,
        payment_method_types: p.allowed_payment_method_types ?? ['card'],
        metadata: p.metadata ?? {},
        created: now(),
        livemode: false,
        last_setup_error: null,
        latest_attempt: null,
        next_action: null,
      };
      setupIntents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const setupMatch = /^\/v1\/setup_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && setupMatch) {
      const intent = setupIntents.get(setupMatch[1]);
      if (!intent) return missing('setupintent', setupMatch[1], 'intent');
      const expand = Array.isArray(query.expand) ? query.expand : [];
      const methodObject = expand.includes('payment_method') && typeof intent.payment_method === 'string' ? paymentMethods.get(intent.payment_method) : undefined;
      return { status: 200, body: methodObject ? { ...intent, payment_method: methodObject } : intent };
    }
    const methodMatch = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (method === 'GET' && methodMatch) {
      const found = paymentMethods.get(methodMatch[1]);
      return found ? { status: 200, body: found } : missing('PaymentMethod', methodMatch[1], 'payment_method');
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(p);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = Array.isArray(p.line_items) ? (p.line_items as Json[]) : [];
      const priceData = items[0]?.price_data as Json | undefined;
      if (p.mode !== 'payment' || !priceData) return stripeError(400, { type: 'invalid_request_error', code: 'parameter_missing', message: 'Missing required param: line_items.', param: 'line_items' });
      const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
      const session: Json = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(priceData.unit_amount) * Number(items[0].quantity ?? 1),
        currency: priceData.currency,
        client_reference_id: p.client_reference_id ?? null,
        metadata: p.metadata ?? {},
        payment_intent: null,
        success_url: p.success_url ?? null,
        cancel_url: p.cancel_url ?? null,
        // Stripe's hosted page; here the stand-in's own address, so nothing leaves loopback.
        url: `${base}/c/pay/${sessionId}`,
        created: now(),
        expires_at: now() + 24 * 60 * 60,
        livemode: false,
      };
      checkoutSessions.set(sessionId, session);
      return { status: 200, body: session };
    }
    return stripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = decodeStripeForm(Buffer.concat(chunks).toString('utf8'));
      const query = decodeStripeForm(url.search.slice(1));
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query, headers: request.headers, params });
      const send = (answer: Answer, extra: Record<string, string> = {}) => {
        response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req'), 'stripe-version': String(request.headers['stripe-version'] ?? ''), ...extra });
        response.end(JSON.stringify(answer.body));
      };
      if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
        return send(stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
      }
      if (failures > 0) {
        failures -= 1;
        return send(stripeError(500, { type: 'api_error', message: 'An unknown error occurred.' }), { 'stripe-should-retry': 'false' });
      }
      const key = request.headers['idempotency-key'];
      const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
      if (method === 'POST' && typeof key === 'string') {
        const seen = idempotent.get(key);
        if (seen && seen.fingerprint !== fingerprint) {
          return send(
            stripeError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            }),
          );
        }
        if (seen) return send(seen.answer, { 'idempotent-replayed': 'true', 'original-request': 'req_original' });
      }
      const answer = route(method, url.pathname, params, query);
      if (method === 'POST' && typeof key === 'string') idempotent.set(key, { fingerprint, answer: JSON.parse(JSON.stringify(answer)) as Answer });
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    customers,
    setupIntents,
    paymentMethods,
    paymentIntents,
    checkoutSessions,
    completeSetup(setupIntentId, cardName) {
      const intent = setupIntents.get(setupIntentId);
      if (!intent) throw new Error(`stand-in: no setup intent ${setupIntentId}`);
      const card = STAND_IN_CARDS[cardName];
      const paymentMethod: Json = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        card: { brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
        billing_details: { address: null, email: null, name: null, phone: null },
        // Confirming a SetupIntent that names a Customer attaches the payment method to it.
        customer: intent.customer,
        created: now(),
        livemode: false,
        metadata: {},
      };
      paymentMethods.set(String(paymentMethod.id), paymentMethod);
      charges.set(String(paymentMethod.id), card.charge);
      Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod.id });
      return { setupIntent: { ...intent }, paymentMethod };
    },
    failNext(count) {
      failures = count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
