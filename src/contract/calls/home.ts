import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';
import { economyConfig } from '../economy';

export const appConfig = z.object({
  /** Short-lived token for the chat socket; '' for guests. */
  chat_token: z.string(),
  via: z.string(),
  /** Chat server addresses; the client connects to one picked at random. */
  im_url: z.array(z.string()),
  /**
   * Stripe's publishable key when the server pays with Stripe; null on the sandbox provider. The card form loads
   * Stripe.js (@stripe/stripe-js/pure) only when it is set.
   */
  stripe_publishable_key: z.string().nullable().optional(),
  /**
   * True while the server's payments move no real money (DESIGN section 9: payments have a test mode and a live
   * mode): on the sandbox provider, and on Stripe with a test key; false on live Stripe. Payment screens and the admin
   * console then say "Test mode". home/config always sends it;
   * it is optional only because chat/getPartnerChatToken answers this same shape without it (absent: not known,
   * so nothing is shown).
   */
  payments_test_mode: z.boolean().optional(),
});
export type AppConfig = z.infer<typeof appConfig>;

/**
 * The economy of DESIGN section 6 as this server is configured: plans, coin packs, payment options and ranges,
 * unlock prices, the owner's share and the withdrawal rate and minimum. Anyone may read it (guests see prices).
 */
export const economy = defineCall({
  path: 'home/economy',
  mutates: false,
  auth: 'none',
  payload: emptyPayload,
  response: economyConfig,
});

export const config = defineCall({
  path: 'home/config',
  mutates: false,
  auth: 'optional',
  payload: emptyPayload,
  response: appConfig,
});
