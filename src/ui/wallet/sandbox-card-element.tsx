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

/**
 * The expiry as typed, shaped MM/YY (issue 31 item 3): "1230" becomes "12/30", a first digit above 1 is a month of
 * its own ("4" becomes "04/"), and deleting the slash deletes it.
 */
export function formatExpiry(typed: string, previous = ''): string {
  let digits = typed.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  // A backspace over the slash: the month's last digit goes with it.
  if (previous.endsWith('/') && typed.length < previous.length && !typed.includes('/')) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return typed.length < previous.length ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardFieldError = 'number.missing' | 'number.invalid' | 'expiry.missing' | 'expiry.invalid' | 'expiry.past' | 'cvc.missing' | 'cvc.invalid';

/** Passes the Luhn check every card number passes. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What is wrong with each field, named by field (issue 31 item 3: errors name their field). */
export function cardFieldErrors(number: string, expiry: string, cvc: string, now = new Date()): Partial<Record<CardField, CardFieldError>> {
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  const digits = number.replace(/\D/g, '');
  if (digits === '') errors.number = 'number.missing';
  else if (digits.length < 12 || digits.length > 19 || !luhn(digits)) errors.number = 'number.invalid';
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (expiry.trim() === '') errors.expiry = 'expiry.missing';
  else if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) errors.expiry = 'expiry.invalid';
  else {
    const month = Number(match[1]);
    const year = 2000 + Number(match[2]);
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) errors.expiry = 'expiry.past';
  }
  if (cvc === '') errors.cvc = 'cvc.missing';
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'cvc.invalid';
  return errors;
}

function expiryOf(expiry: string): { month: number; year: number } {
  const [month, year] = expiry.split('/').map(Number);
  return { month, year: 2000 + year };
}

/** The sandbox's test cards (server/payments/sandbox-cards.ts), shown in test mode instead of a pointer to a README. */
const TEST_CARDS: readonly { number: string; outcome: 'succeeds' | 'declined' | 'authenticates' }[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0025 0000 3155', outcome: 'authenticates' },
];

interface CardInputProps {
  id: string;
  label: ReactNode;
  autoComplete: string;
  placeholder: string;
  maxLength?: number;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** One field of the card element: digits typed left to right in every language, with its own error under it. */
function CardInput({ id, label, autoComplete, placeholder, maxLength, value, error, onChange }: CardInputProps) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
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
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
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

/** Each field's error in words. */
function useCardFieldErrorText(): (error: CardFieldError) => string {
  const { t } = useLingui();
  return (error) => {
    switch (error) {
      case 'number.missing':
        return t`Enter the card number.`;
      case 'number.invalid':
        return t`This card number is not valid. Check it digit by digit.`;
      case 'expiry.missing':
        return t`Enter the expiry date as MM/YY.`;
      case 'expiry.invalid':
        return t`Enter the expiry date as MM/YY, with a month from 01 to 12.`;
      case 'expiry.past':
        return t`This expiry date is in the past.`;
      case 'cvc.missing':
        return t`Enter the security code: 3 or 4 digits on the card.`;
      case 'cvc.invalid':
        return t`The security code has 3 or 4 digits.`;
    }
  };
}

/**
 * The sandbox is always test mode: its test cards, inline (issue 31 item 2), with a test-mode badge, as Stripe's own
 * test-mode Checkout shows them.
 */
function TestCards() {
  const { t } = useLingui();
  const outcome = { succeeds: t`Succeeds`, declined: t`Declined`, authenticates: t`Asks your bank to confirm` };
  return (
    <div className="test-cards" role="note" aria-label={t`Test cards`}>
      <p className="test-cards-title">
        <span className="badge badge--warning">
          <Trans>Test mode</Trans>
        </span>{' '}
        <Trans>No real card is charged. Use any future expiry date and any security code with one of these cards:</Trans>
      </p>
      <ul className="test-cards-list">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <bdi dir="ltr" className="test-card-number">
              {card.number}
            </bdi>
            <span className="test-card-outcome">{outcome[card.outcome]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SandboxCardElement({ sandbox, onReadyChange, disabled = false, ref }: SandboxCardElementProps) {
  const { t } = useLingui();
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  // Shown once the payer has tried to go on (Stripe's element marks a field when it is left incomplete).
  const [shown, setShown] = useState<Partial<Record<CardField, CardFieldError>>>({});
  const errorText = useCardFieldErrorText();

  useEffect(() => {
    onReadyChange(true);
    return () => onReadyChange(false);
    // Mount and unmount only: the element is ready once it is on the page.
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      async confirmSetup(clientSecret) {
        const errors = cardFieldErrors(number, expiry, cvc);
        setShown(errors);
        if (Object.keys(errors).length > 0) throw new CardProviderError('card.incomplete');
        return sandbox.confirmSetup(clientSecret, number, expiryOf(expiry));
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
      <CardInput
        id={`${id}-number`}
        label={<Trans>Card number</Trans>}
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        error={shown.number && errorText(shown.number)}
        onChange={(value) => {
          setNumber(groupDigits(value));
          setShown(({ number: _, ...rest }) => rest);
        }}
      />
      <div className="card-element-row">
        <CardInput
          id={`${id}-expiry`}
          label={<Trans>Expiry (MM/YY)</Trans>}
          autoComplete="cc-exp"
          placeholder={t`MM/YY`}
          maxLength={5}
          value={expiry}
          error={shown.expiry && errorText(shown.expiry)}
          onChange={(value) => {
            setExpiry((previous) => formatExpiry(value, previous));
            setShown(({ expiry: _, ...rest }) => rest);
          }}
        />
        <CardInput
          id={`${id}-cvc`}
          label={<Trans>Security code</Trans>}
          autoComplete="cc-csc"
          placeholder="CVC"
          maxLength={4}
          value={cvc}
          error={shown.cvc && errorText(shown.cvc)}
          onChange={(value) => {
            setCvc(value.replace(/\D/g, ''));
            setShown(({ cvc: _, ...rest }) => rest);
          }}
        />
      </div>
      <TestCards />
    </fieldset>
  );
}
