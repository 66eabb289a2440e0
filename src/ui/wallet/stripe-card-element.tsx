import { Trans, useLingui } from '@lingui/react/macro';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeCardElement as CardElement } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FormError } from '../kit/form-error';
import type { CardElementHandle } from './sandbox-card-element';
import { stripeSetupCalls } from './stripe-setup';
import './wallet.css';

export interface StripeCardElementProps {
  publishableKey: string;
  locale: string;
  onReadyChange(ready: boolean): void;
  disabled?: boolean;
  ref?: Ref<CardElementHandle>;
}

/**
 * Stripe's card element (issue 12 item 3), used when the server pays with Stripe (home/config names a publishable
 * key). Stripe.js is loaded from Stripe only here, through @stripe/stripe-js/pure, so no page that does not add a
 * card ever loads it. The card number stays inside Stripe's iframe; the app only sees the payment method.
 */
export default function StripeCardElementView({ publishableKey, locale, onReadyChange, disabled = false, ref }: StripeCardElementProps) {
  const { t } = useLingui();
  const mount = useRef<HTMLDivElement>(null);
  const stripe = useRef<Stripe | null>(null);
  const card = useRef<CardElement | null>(null);
  const [failed, setFailed] = useState(false);
  const ready = useRef(onReadyChange);
  ready.current = onReadyChange;

  useEffect(() => {
    let cancelled = false;
    let element: CardElement | null = null;
    loadStripe(publishableKey, { locale: locale as never })
      .then((loaded) => {
        if (cancelled || !loaded || !mount.current) {
          if (!loaded) setFailed(true);
          return;
        }
        stripe.current = loaded;
        element = loaded.elements().create('card', { hidePostalCode: true });
        element.on('ready', () => ready.current(true));
        element.mount(mount.current);
        card.current = element;
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      element?.destroy();
      card.current = null;
      ready.current(false);
    };
  }, [publishableKey, locale]);

  useEffect(() => {
    card.current?.update({ disabled });
  }, [disabled]);

  useImperativeHandle(ref, () => {
    const calls = () => {
      if (!stripe.current) throw new Error('Stripe Elements is not ready');
      return stripeSetupCalls(stripe.current, () => card.current);
    };
    return {
      confirmSetup: (clientSecret) => calls().confirmSetup(clientSecret),
      retrieveSetup: (clientSecret) => calls().retrieveSetup(clientSecret),
    };
  }, []);

  return (
    <fieldset className="card-element">
      <legend className="card-element-legend">
        <Trans>Card details</Trans>
      </legend>
      <div ref={mount} className="stripe-card" aria-label={t`Card details`} />
      <FormError message={failed ? t`The card service is not available right now. Please try again.` : undefined} />
    </fieldset>
  );
}
