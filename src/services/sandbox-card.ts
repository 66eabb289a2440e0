import { CardProviderError, type CardProviderErrorCode, type ProviderSetup, type SandboxCardApi } from '@/ui/wallet/card-provider';

/**
 * The sandbox provider's own API (/sandbox/v1/…, server/payments/sandbox-cards.ts), called as Stripe.js calls
 * Stripe's: the sandbox card element gives the card number to these calls, never to the app's API, so the app only
 * learns the payment method id, the brand and the last four digits (issue 12 item 3). Kept out of src/ui, where no
 * code fetches (issue 31 item 14); the route that renders the element passes it in.
 */

export const SANDBOX_SETUP_INTENTS = '/sandbox/v1/setup_intents';

/** The provider's refusal codes (its `error` field) as the ui's codes; anything else is a decline. */
const PROVIDER_ERROR: Record<string, CardProviderErrorCode> = {
  card_declined: 'card.declined',
  not_a_test_card: 'card.notTestCard',
  expired_card: 'card.expired',
  invalid_expiry: 'card.expired',
  card_limit: 'card.limit',
};

/** A setup intent's id is its client secret's part before `_secret_`, as Stripe's are. */
const setupIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0];

async function answerOf(response: Response): Promise<ProviderSetup> {
  if (!response.ok) throw new CardProviderError('card.unavailable');
  const body = (await response.json()) as { status?: unknown; payment_method?: unknown; error?: unknown };
  if (body.status === 'failed') throw new CardProviderError(PROVIDER_ERROR[String(body.error)] ?? 'card.declined');
  return { status: String(body.status), payment_method_id: typeof body.payment_method === 'string' ? body.payment_method : null };
}

export interface SandboxCardOptions {
  /** The page's fetch by default, looked up at each call. */
  fetch?: typeof fetch;
  /** Prefix of the API's paths: '' (the page's origin) in the app. */
  baseUrl?: string;
}

export function createSandboxCardApi(options: SandboxCardOptions = {}): SandboxCardApi {
  const call: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const url = (clientSecret: string) => `${options.baseUrl ?? ''}${SANDBOX_SETUP_INTENTS}/${encodeURIComponent(setupIdOf(clientSecret))}`;
  return {
    async confirmSetup(clientSecret, cardNumber, expiry) {
      const response = await call(`${url(clientSecret)}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_secret: clientSecret,
          card_number: cardNumber.replace(/\D/g, ''),
          ...(expiry ? { exp_month: expiry.month, exp_year: expiry.year } : {}),
        }),
      });
      return answerOf(response);
    },
    async retrieveSetup(clientSecret) {
      const query = new URLSearchParams({ client_secret: clientSecret });
      return answerOf(await call(`${url(clientSecret)}?${query.toString()}`));
    },
  };
}
