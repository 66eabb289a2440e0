/**
 * What the card elements (sandbox-card-element.tsx, stripe-card-element.tsx) and the card provider's calls share:
 * the provider's answer and its refusals. No React here: src/services/sandbox-card.ts, which makes the sandbox
 * element's network calls, throws the same errors (services may import ui; ui never imports services).
 */

/** A setup intent as the provider answers it. */
export interface ProviderSetup {
  status: string;
  payment_method_id: string | null;
}

/** The provider's refusals, as codes the ui translates (src/routes/-wallet/payment-texts.ts). */
export const CARD_PROVIDER_ERRORS = ['card.incomplete', 'card.declined', 'card.notTestCard', 'card.expired', 'card.limit', 'card.unavailable'] as const;
export type CardProviderErrorCode = (typeof CARD_PROVIDER_ERRORS)[number];

/** A failure the provider reports; `code` is one of CARD_PROVIDER_ERRORS. */
export class CardProviderError extends Error {
  constructor(readonly code: CardProviderErrorCode) {
    super(code);
    this.name = 'CardProviderError';
  }
}

/**
 * The sandbox provider's API as its card element calls it, given to the element by the route that renders it
 * (src/services/sandbox-card.ts in the app, a fake in a test). The card number goes only here, never to the app's API.
 */
export interface SandboxCardApi {
  /** Confirms the setup intent of `clientSecret` with the card number as typed, and its expiry (month 1–12, full year). */
  confirmSetup(clientSecret: string, cardNumber: string, expiry?: { month: number; year: number }): Promise<ProviderSetup>;
  retrieveSetup(clientSecret: string): Promise<ProviderSetup>;
}
