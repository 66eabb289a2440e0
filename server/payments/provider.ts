import type { FastifyInstance } from 'fastify';
import type { OrderRow, PaymentCardRow } from '../db/schema';

/**
 * The payment provider behind the payment calls (DESIGN section 2 "payments: sandbox provider (default) | Stripe
 * (STRIPE_SECRET_KEY)"). payments.routes.ts prices orders, creates them once per idempotency key, lists and
 * manages saved cards and answers order checks for every provider; what differs between them is here: where a
 * hosted payment is paid, how a card is set up, saved and charged, and the provider's own HTTP surface (its pages
 * and its signed webhooks, which settle orders through orders.repository.ts).
 */
export interface PaymentProvider {
  /** Stored on every order and saved card it handles; the app lists and charges only the active provider's cards. */
  readonly name: OrderRow['provider'];

  /**
   * Whether its payments are test-mode ones, which move no real money (DESIGN section 9): always for the sandbox,
   * for Stripe when its secret key is a test key. What such an order buys is test funds, never paid out (issue 29).
   */
  readonly testMode: boolean;

  /**
   * Registers the provider's own routes (hosted pages, webhooks, card API). Called as a plugin of its own, so a
   * body parser it adds (webhooks are JSON, which /api/ never accepts) stays in its context.
   */
  routes(app: FastifyInstance): Promise<void>;

  /** Whether a hosted payment (popup or "other") of this payment type can be taken; getPayTypeWithId offers only these. */
  supportsHosted(paymentType: number): boolean;

  /**
   * Where the payer pays an order of payment/uPay or stripe/otherPay. Called for a new order and again for the same
   * request repeated (the same order), so the answer for one order must not create a second payment.
   */
  hostedPayment(order: OrderRow): Promise<{ pay_url?: string; post_data?: Record<string, string> }>;

  /** Starts a card setup for the user (stripe/getPaymentInfo): the client secret and the publishable key. */
  startCardSetup(userUuid: string): Promise<{ clientSecret: string; publishableKey: string }>;

  /**
   * A card named by its provider payment method id that the user has not saved (yet): saved now and answered when
   * the provider says it is the user's; null when it is not (unknown, or another user's). Refusals other than
   * "not found" are thrown as ApiFailure.
   */
  adoptCard(userUuid: string, pmId: string): Promise<PaymentCardRow | null>;

  /**
   * Charges a saved, usable card of the user off session for a card order (stripe/offSessionPay). The order is
   * settled paid or failed before this returns, or left pending for the provider's webhook. `created` is false when
   * the request repeats one that created the order.
   */
  chargeCard(input: { order: OrderRow; card: PaymentCardRow; created: boolean }): Promise<void>;
}
