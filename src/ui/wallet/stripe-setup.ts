import type { SetupIntentResult, Stripe, StripeCardElement } from '@stripe/stripe-js';
import { CardProviderError, type ProviderSetup } from './card-provider';
import type { CardElementHandle } from './sandbox-card-element';

/**
 * The card element's provider calls on Stripe (issue 12 item 3): Stripe.js's confirmCardSetup and
 * retrieveSetupIntent, answered in the shape the card setup machine reads (its status and the new payment method).
 * A refusal becomes a CardProviderError the ui translates; Stripe's own message is not shown (it is in the
 * browser's language, not the app's).
 */
export function stripeSetupCalls(stripe: Pick<Stripe, 'confirmCardSetup' | 'retrieveSetupIntent'>, card: () => StripeCardElement | null): CardElementHandle {
  const answer = (result: SetupIntentResult): ProviderSetup => {
    if (result.error) {
      const declined = result.error.type === 'card_error' || result.error.code === 'card_declined' || result.error.code === 'setup_intent_authentication_failure';
      const incomplete = result.error.type === 'validation_error';
      throw new CardProviderError(incomplete ? 'card.incomplete' : declined ? 'card.declined' : 'card.unavailable');
    }
    const method = result.setupIntent.payment_method;
    return { status: result.setupIntent.status, payment_method_id: typeof method === 'string' ? method : (method?.id ?? null) };
  };
  return {
    async confirmSetup(clientSecret) {
      const element = card();
      if (!element) throw new Error('Stripe Elements is not ready');
      return answer(await stripe.confirmCardSetup(clientSecret, { payment_method: { card: element } }));
    },
    async retrieveSetup(clientSecret) {
      return answer(await stripe.retrieveSetupIntent(clientSecret));
    },
  };
}
