import { lazy, Suspense, type Ref } from 'react';
import type { SandboxCardApi } from './card-provider';
import { SandboxCardElement, type CardElementHandle } from './sandbox-card-element';

const StripeCardElement = lazy(() => import('./stripe-card-element'));

export interface CardElementProps {
  /** Stripe's publishable key when the server pays with Stripe (home/config); else the sandbox's element. */
  stripeKey: string | null | undefined;
  /** The sandbox provider's API, for the sandbox's element (src/services/sandbox-card.ts). */
  sandbox: SandboxCardApi;
  locale: string;
  onReadyChange(ready: boolean): void;
  disabled?: boolean;
  ref?: Ref<CardElementHandle>;
}

/** The card provider's element: Stripe's (loaded on demand) or the embedded sandbox's. */
export function CardElement({ stripeKey, locale, sandbox, ...props }: CardElementProps) {
  if (!stripeKey) return <SandboxCardElement sandbox={sandbox} {...props} />;
  return (
    <Suspense fallback={<div className="skeleton record-skeleton" aria-busy="true" />}>
      <StripeCardElement publishableKey={stripeKey} locale={locale} {...props} />
    </Suspense>
  );
}
