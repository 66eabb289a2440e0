import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { type NewCard, saveCard } from './cards.repository';

/**
 * The sandbox's cards (issue 12 item 3): test card numbers that succeed, decline or need authentication, the way
 * Stripe's test cards do, behind a provider API of its own (/sandbox/v1/…) that the client's sandbox card element
 * calls, as Stripe.js calls Stripe. Card numbers never reach the app's API: the element sends them to the provider,
 * and the app only ever sees a payment method id, a brand and the last four digits.
 */

export interface SandboxCard {
  brand: string;
  /** What setting the card up does: saved at once, saved after a (simulated) authentication, or refused. */
  setup: 'succeeded' | 'authenticate' | 'failed';
  /** What charging it does. */
  charge: 'succeeds' | 'declined';
  /** Saved but flagged by the platform: listed, never usable. */
  banned?: boolean;
}

/** The test cards (README "Sandbox test cards"). Any expiry in the future and any CVC work. */
export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxCard>> = {
  '4242424242424242': { brand: 'visa', setup: 'succeeded', charge: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', setup: 'succeeded', charge: 'succeeds' },
  '4000000000000002': { brand: 'visa', setup: 'succeeded', charge: 'declined' },
  '4000002500003155': { brand: 'visa', setup: 'authenticate', charge: 'succeeds' },
  '4000000000009995': { brand: 'visa', setup: 'failed', charge: 'declined' },
  '4100000000000019': { brand: 'visa', setup: 'succeeded', charge: 'succeeds', banned: true },
};

/** How long the simulated authentication of a card that needs it takes. */
export const SANDBOX_AUTH_MS = 1_000;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** Starts a card setup for a user; the client secret is shown once and stored hashed. */
export async function createSetup(db: Kysely<Database>, userUuid: string): Promise<{ id: string; clientSecret: string }> {
  const id = `seti_${randomUUID().replaceAll('-', '')}`;
  const clientSecret = `${id}_secret_${randomBytes(18).toString('base64url')}`;
  await db.insertInto('card_setups').values({ id, user_uuid: userUuid, client_secret_hash: hash(clientSecret) }).execute();
  return { id, clientSecret };
}

/** A sandbox test card as every provider's cards are saved (cards.repository.ts). */
function sandboxCard(userUuid: string, pmId: string, card: SandboxCard, last4: string, expiry: Expiry | null): NewCard {
  return { userUuid, provider: 'sandbox', pmId, brand: card.brand, last4, expMonth: expiry?.month ?? null, expYear: expiry?.year ?? null, banned: card.banned };
}

interface Expiry {
  month: number;
  year: number;
}

/**
 * The expiry a confirm names (`exp_month` 1–12, `exp_year` four digits or two), as Stripe's card element sends it;
 * null when absent (older clients), 'invalid' when present but not a date, 'expired' when past.
 */
function expiryOf(body: Record<string, unknown>, now = new Date()): Expiry | null | 'invalid' | 'expired' {
  if (body.exp_month === undefined && body.exp_year === undefined) return null;
  const month = Number(body.exp_month);
  let year = Number(body.exp_year);
  if (!Number.isInteger(month) || !Number.isInteger(year) || month < 1 || month > 12) return 'invalid';
  if (year >= 0 && year < 100) year += 2000;
  if (year < 2000 || year > 2100) return 'invalid';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'expired';
  return { month, year };
}

/**
 * A payment method id names the test card by its last four digits (each test card's are distinct), never by its
 * number: `pm_sandbox_4242_…`.
 */
function testCardOfLast4(last4: string): SandboxCard | null {
  const number = Object.keys(SANDBOX_TEST_CARDS).find((n) => n.endsWith(last4));
  return number ? SANDBOX_TEST_CARDS[number] : null;
}

/** The card behind a sandbox payment method id (for charging). */
export function sandboxCardOf(pmId: string): SandboxCard | null {
  const last4 = /^pm_sandbox_(\d{4})_[0-9a-f]{8}$/.exec(pmId)?.[1];
  return last4 ? testCardOfLast4(last4) : null;
}

/** A request body as an object: JSON text parsed (empty is `{}`), a parsed form as it is; null for anything else. */
function bodyObject(body: unknown): Record<string, unknown> | null {
  let value: unknown = body ?? {};
  if (typeof value === 'string') {
    try {
      value = value === '' ? {} : (JSON.parse(value) as unknown);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** The provider side: confirm and retrieve a setup, as the sandbox card element calls them. */
export async function sandboxCardApi(app: FastifyInstance): Promise<void> {
  const { db } = app;

  async function setupOf(id: string, clientSecret: unknown) {
    if (typeof clientSecret !== 'string' || clientSecret.length > 200 || !/^seti_[0-9a-f]{32}$/.test(id)) return null;
    const row = await db.selectFrom('card_setups').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const [a, b] = [Buffer.from(row.client_secret_hash, 'hex'), Buffer.from(hash(clientSecret), 'hex')];
    return timingSafeEqual(a, b) ? row : null;
  }

  const answer = (row: { id: string; status: string; payment_method_id: string | null }, error?: string) => ({
    id: row.id,
    status: row.status,
    payment_method: row.payment_method_id,
    ...(error ? { error } : {}),
  });

  app.post('/sandbox/v1/setup_intents/:id/confirm', async (request, reply) => {
    const { id } = request.params as { id: string };
    const body = bodyObject(request.body);
    // Not a JSON object (malformed JSON, null, a list): the provider's error shape, not a fault (issue 29).
    if (!body) return reply.code(400).send({ error: 'invalid_json' });
    const setup = await setupOf(id, body.client_secret);
    if (!setup) return reply.code(404).send({ error: 'setup_intent_not_found' });
    if (setup.status !== 'requires_payment_method') return answer(setup);
    const number = typeof body.card_number === 'string' ? body.card_number.replace(/[\s-]/g, '') : '';
    const expiry = expiryOf(body);
    if (expiry === 'invalid' || expiry === 'expired') {
      await db.updateTable('card_setups').set({ status: 'failed' }).where('id', '=', id).execute();
      return answer({ ...setup, status: 'failed' }, expiry === 'expired' ? 'expired_card' : 'invalid_expiry');
    }
    const card = SANDBOX_TEST_CARDS[number];
    if (!card || card.setup === 'failed') {
      await db.updateTable('card_setups').set({ status: 'failed' }).where('id', '=', id).execute();
      return answer({ ...setup, status: 'failed' }, card ? 'card_declined' : 'not_a_test_card');
    }
    const pmId = `pm_sandbox_${number.slice(-4)}_${randomBytes(4).toString('hex')}`;
    if (card.setup === 'authenticate') {
      await db
        .updateTable('card_setups')
        .set({
          status: 'processing',
          payment_method_id: pmId,
          ready_at: sql<Date>`now() + ${`${SANDBOX_AUTH_MS} milliseconds`}::interval`,
          exp_month: expiry?.month ?? null,
          exp_year: expiry?.year ?? null,
        })
        .where('id', '=', id)
        .execute();
      return answer({ ...setup, status: 'processing', payment_method_id: pmId });
    }
    const { saved } = await saveCard(db, sandboxCard(setup.user_uuid, pmId, card, number.slice(-4), expiry));
    const status = saved ? 'succeeded' : 'failed';
    await db.updateTable('card_setups').set({ status, payment_method_id: saved ? pmId : null }).where('id', '=', id).execute();
    return answer({ ...setup, status, payment_method_id: saved ? pmId : null }, saved ? undefined : 'card_limit');
  });

  app.get('/sandbox/v1/setup_intents/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    const setup = await setupOf(id, (request.query as Record<string, unknown>).client_secret);
    if (!setup) return reply.code(404).send({ error: 'setup_intent_not_found' });
    // The simulated authentication has passed: the card is saved now.
    if (setup.status === 'processing' && setup.ready_at && new Date(setup.ready_at).getTime() <= Date.now() && setup.payment_method_id) {
      const last4 = setup.payment_method_id.split('_')[2];
      const card = testCardOfLast4(last4);
      const expiry = setup.exp_month !== null && setup.exp_year !== null ? { month: setup.exp_month, year: setup.exp_year } : null;
      const saved = card !== null && (await saveCard(db, sandboxCard(setup.user_uuid, setup.payment_method_id, card, last4, expiry))).saved;
      const status = saved ? 'succeeded' : 'failed';
      const moved = await db
        .updateTable('card_setups')
        .set({ status })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .returningAll()
        .executeTakeFirst();
      return answer(moved ?? setup);
    }
    return answer(setup);
  });
}
