import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useImperativeHandle, useState, type ReactNode, type Ref } from 'react';
import { CardProviderError, type ProviderSetup, type SandboxCardApi } from './card-provider';
import './wallet.css';

/**
 * The sandbox provider's card element (issue 12 item 3): what Stripe's card element is to Stripe, for the embedded
 * sandbox provider. The card number goes from this element to the provider's own API (/sandbox/v1/…), never to the
 * app's: the app only ever learns the payment method id, the brand and the last four digits. The calls of that API
 * are given to it (`sandbox`, src/services/sandbox-card.ts in the app): ui code makes no network calls.
 *
 * It reports `onReadyChange(true)` once mounted (the provider's element is loaded) and false when it leaves. The
 * setup calls are on its handle, as Stripe.js's confirmCardSetup and retrieveSetupIntent are on the Stripe object.
 */

export interface CardElementHandle {
  confirmSetup(clientSecret: string): Promise<ProviderSetup>;
  retrieveSetup(clientSecret: string): Promise<ProviderSetup>;
}

/** Digits only, grouped by four as typed. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

function isComplete(number: string, expiry: string, cvc: string, now = new Date()): boolean {
  const digits = number.replace(/\D/g, '');
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (digits.length < 12 || digits.length > 19 || !/^\d{3,4}$/.test(cvc) || !match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

interface CardInputProps {
  id: string;
  label: ReactNode;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  onChange(value: string): void;
}

/** One field of the card element: digits typed left to right in every language. */
function CardInput({ id, label, autoComplete, placeholder, maxLength, value, onChange }: CardInputProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field-input"
        dir="ltr"
        inputMode="numeric"
        autoComplete={autoComplete}
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export interface SandboxCardElementProps {
  /** The sandbox provider's API, which receives the card number. */
  sandbox: SandboxCardApi;
  onReadyChange(ready: boolean): void;
  disabled?: boolean;
  ref?: Ref<CardElementHandle>;
}

export function SandboxCardElement({ sandbox, onReadyChange, disabled = false, ref }: SandboxCardElementProps) {
  const { t } = useLingui();
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');

  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
    // Mount and unmount only: the element is ready once it is on the page.
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async confirmSetup(clientSecret) {
        if (!isComplete(number, expiry, cvc)) throw new CardProviderError('card.incomplete');
        return sandbox.confirmSetup(clientSecret, number);
      },
      retrieveSetup: (clientSecret) => sandbox.retrieveSetup(clientSecret),
    }),
    [sandbox, number, expiry, cvc],
  );

  return (
    <fieldset className="card-element" disabled={disabled}>
      <legend className="card-element-legend">
        <Trans>Card details</Trans>
      </legend>
      <CardInput id={`${id}-number`} label={<Trans>Card number</Trans>} autoComplete="cc-number" placeholder="1234 1234 1234 1234" value={number} onChange={(value) => setNumber(groupDigits(value))} />
      <div className="card-element-row">
        <CardInput id={`${id}-expiry`} label={<Trans>Expiry (MM/YY)</Trans>} autoComplete="cc-exp" placeholder={t`MM/YY`} maxLength={7} value={expiry} onChange={setExpiry} />
        <CardInput id={`${id}-cvc`} label={<Trans>Security code</Trans>} autoComplete="cc-csc" placeholder="CVC" maxLength={4} value={cvc} onChange={(value) => setCvc(value.replace(/\D/g, ''))} />
      </div>
      <p className="card-element-note">
        <Trans>Test mode: no real card is charged. Use a test card from the README.</Trans>
      </p>
    </fieldset>
  );
}
