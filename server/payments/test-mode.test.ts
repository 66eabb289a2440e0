import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRawClient } from '../../tests/support/raw-client';
import { startStripeStandIn, type StripeStandIn } from '../../tests/support/stripe-stand-in';
import { startTestApp, type TestApp } from '../../tests/support/test-app';

/** home/config's payments_test_mode as a guest and as a member sees it. */
async function testModeOf(t: TestApp): Promise<unknown[]> {
  const api = createRawClient(t.baseUrl, t.config.aesKey, t.config.signKey);
  const guest = await api.call('home/config');
  expect(guest.status, guest.msg).toBe(1);
  const reg = await api.call('account/registerByPassword', { account: 'Tess', email: 'tess@venuely.test', password: 'correct horse 1' });
  const member = await api.call('home/config', { token: (reg.data as { token: string }).token });
  return [guest, member].map((res) => (res.data as { payments_test_mode?: unknown }).payments_test_mode);
}

/**
 * Issue 29 item 3 (DESIGN section 9: payments have a test mode and a live mode): home/config tells the client which
 * one the server runs, so every payment screen and the admin console can say "Test mode": on the sandbox provider,
 * and on Stripe with a test key (the providers' testMode); never on live Stripe. The answer depends on configuration
 * only, not on the database, so PGlite is enough (as for the chat token's).
 */
describe('home/config payments_test_mode', () => {
  describe('on the sandbox provider (no STRIPE_SECRET_KEY)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp('pglite');
    });
    afterAll(() => t?.close());

    it('is true for guests and members', async () => {
      expect(await testModeOf(t)).toEqual([true, true]);
    });
  });

  /** Stripe against the loopback stand-in of its API, with a secret key of the given mode. */
  function withStripe(secretKey: string) {
    const t = { app: null as TestApp | null, stripe: null as StripeStandIn | null };
    beforeAll(async () => {
      t.stripe = await startStripeStandIn({ secretKey });
      t.app = await startTestApp('pglite', { stripeSecretKey: secretKey, stripePublishableKey: 'pk_venuely_stand_in', stripeWebhookSecret: 'whsec_venuely_stand_in', stripeApiBase: t.stripe.url });
    });
    afterAll(async () => {
      await t.app?.close();
      await t.stripe?.close();
    });
    return () => t.app!;
  }

  describe('on Stripe with a live key', () => {
    const app = withStripe('sk_live_venuely_stand_in');
    it('is false for guests and members: nothing says "Test mode"', async () => {
      expect(await testModeOf(app())).toEqual([false, false]);
    });
  });

  describe("on Stripe with a test key (Stripe's own test mode)", () => {
    const app = withStripe('sk_test_venuely_stand_in');
    it('is true, as the provider marks its orders test ones', async () => {
      expect(await testModeOf(app())).toEqual([true, true]);
    });
  });
});
