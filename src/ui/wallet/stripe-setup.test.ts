import type { SetupIntentResult, StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { CardProviderError } from './card-provider';
import { stripeSetupCalls } from './stripe-setup';

const card = {} as StripeCardElement;
const intent = (status: string, payment_method: unknown) => ({ setupIntent: { status, payment_method } }) as unknown as SetupIntentResult;
const failure = (type: string, code?: string) => ({ error: { type, code, message: 'Your card was declined.' } }) as unknown as SetupIntentResult;

describe('stripeSetupCalls: Stripe.js answers in the card setup machine’s terms', () => {
  it('confirms with the mounted card element and names the new payment method', async () => {
    const confirmCardSetup = vi.fn(async () => intent('succeeded', 'pm_123'));
    const calls = stripeSetupCalls({ confirmCardSetup, retrieveSetupIntent: vi.fn() } as never, () => card);
    await expect(calls.confirmSetup('seti_1_secret_x')).resolves.toEqual({ status: 'succeeded', payment_method_id: 'pm_123' });
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', { payment_method: { card } });
  });

  it('passes a status that is not final on, for the machine to poll (retrieveSetupIntent)', async () => {
    const retrieveSetupIntent = vi.fn(async () => intent('processing', { id: 'pm_9' }));
    const calls = stripeSetupCalls({ confirmCardSetup: vi.fn(), retrieveSetupIntent } as never, () => card);
    await expect(calls.retrieveSetup('seti_1_secret_x')).resolves.toEqual({ status: 'processing', payment_method_id: 'pm_9' });
  });

  it('turns refusals into the codes the ui translates, never Stripe’s own text', async () => {
    const answers = [failure('card_error', 'card_declined'), failure('validation_error', 'incomplete_number'), failure('api_connection_error')];
    const codes = [];
    for (const answer of answers) {
      const calls = stripeSetupCalls({ confirmCardSetup: vi.fn(async () => answer), retrieveSetupIntent: vi.fn() } as never, () => card);
      const error = await calls.confirmSetup('s').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CardProviderError);
      codes.push((error as CardProviderError).code);
    }
    expect(codes).toEqual(['card.declined', 'card.incomplete', 'card.unavailable']);
  });

  it('refuses to confirm before the element is mounted, with the spec’s text', async () => {
    const calls = stripeSetupCalls({ confirmCardSetup: vi.fn(), retrieveSetupIntent: vi.fn() } as never, () => null);
    await expect(calls.confirmSetup('s')).rejects.toThrow('Stripe Elements is not ready');
  });
});
