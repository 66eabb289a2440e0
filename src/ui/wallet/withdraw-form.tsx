import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { METHOD_FIELDS, USDT_NETWORKS, type WithdrawalApplication, type WithdrawField } from '@/contract/calls/wallet';
import { WithdrawalMethod } from '@/contract/feature-enums';
import { Button } from '../kit/button';
import { RadioGroupField, SelectField } from '../kit/choice-fields';
import { FormError } from '../kit/form-error';
import { TextField } from '../kit/text-field';
import { formatMoney } from './wallet-format';
import './wallet-messages';
import { WITHDRAWAL_METHOD_LABELS } from './wallet-names';
import './wallet.css';

export interface WithdrawFormProps {
  values: Record<WithdrawField, string>;
  errors: Partial<Record<WithdrawField, string>>;
  serverError?: string;
  busy: boolean;
  /** Withdrawable points now, the minimum, and cents per point. */
  withdrawable: number;
  minPoints: number;
  rate: number;
  /** The points typed, read as the locale writes numbers (NaN when they are not a whole number). */
  points: number;
  /** How long a review usually takes, in hours (economy). */
  reviewHours: number;
  onChange(field: WithdrawField, value: string): void;
  onFocus(field: WithdrawField): void;
  onSubmit(): void;
}

/**
 * The withdrawal application (/member/point/withdraw): method, that method's account fields, and the points, with
 * what they are worth at the current rate.
 */
export function WithdrawForm({ values, errors, serverError, busy, withdrawable, minPoints, rate, points, reviewHours, onChange, onFocus, onSubmit }: WithdrawFormProps) {
  const { i18n, t } = useLingui();
  const method = values.method as WithdrawalApplication['method'];
  const shown = new Set(METHOD_FIELDS[method] ?? []);
  const valid = Number.isInteger(points) && points > 0;
  const worth = valid ? formatMoney(i18n, points * rate) : null;
  const reviewDays = Math.max(1, Math.round(reviewHours / 24));
  const available = withdrawable;
  const minimum = minPoints;
  const perPoint = formatMoney(i18n, rate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const text = (field: WithdrawField, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      error={errors[field]}
      required
      onChange={(value) => onChange(field, value)}
      onFocus={() => onFocus(field)}
      {...extra}
    />
  );
  return (
    <form className="wallet-card withdraw-form" onSubmit={submit} noValidate>
      <p className="wallet-note">
        <Trans>
          You can withdraw <Plural value={available} one="# point" other="# points" />. The smallest withdrawal is{' '}
          <Plural value={minimum} one="# point" other="# points" />; 1 point is worth {perPoint}.
        </Trans>
      </p>
      <RadioGroupField
        legend={t`Receive the money by`}
        name="method"
        value={values.method}
        error={errors.method}
        options={WithdrawalMethod.map((value) => ({ value, label: i18n._(WITHDRAWAL_METHOD_LABELS[value]) }))}
        onChange={(value) => onChange('method', value)}
      />
      {shown.has('account_name') ? text('account_name', t`Account holder's name`, { autoComplete: 'name' }) : null}
      {shown.has('bank_name') ? text('bank_name', t`Bank name`) : null}
      {shown.has('card_number') ? text('card_number', t`Card or account number`, { inputMode: 'numeric', dir: 'ltr', maxLength: 40 }) : null}
      {shown.has('network') ? (
        <SelectField
          label={t`Network`}
          name="network"
          value={values.network}
          error={errors.network}
          required
          placeholder={t`Choose a network`}
          options={USDT_NETWORKS.map((value) => ({ value, label: value }))}
          onChange={(value) => onChange('network', value)}
          onFocus={() => onFocus('network')}
        />
      ) : null}
      {shown.has('address') ? text('address', t`Wallet address`, { dir: 'ltr', maxLength: 64 }) : null}
      {shown.has('alipay_account') ? text('alipay_account', t`Alipay account (phone or e-mail)`, { dir: 'ltr' }) : null}
      {text('points', t`Points to withdraw`, {
        inputMode: 'numeric',
        autoComplete: 'off',
        hint: worth ? t`You receive ${worth}.` : undefined,
        hintLive: true,
      })}
      <dl className="withdraw-summary" aria-label={t`Your withdrawal`}>
        <div>
          <dt>
            <Trans>Fee</Trans>
          </dt>
          <dd>
            <Trans context="fee">None</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>You receive</Trans>
          </dt>
          <dd>{worth ?? '—'}</dd>
        </div>
      </dl>
      <p className="wallet-note">
        {reviewHours < 24 ? (
          <Trans>
            What happens next: the points are held, and our team reviews the request, usually within{' '}
            <Plural value={reviewHours} one="# hour" other="# hours" />. The money is then sent to the account above; if it is refused, the points come
            back.
          </Trans>
        ) : (
          <Trans>
            What happens next: the points are held, and our team reviews the request, usually within{' '}
            <Plural value={reviewDays} one="# day" other="# days" />. The money is then sent to the account above; if it is refused, the points come
            back.
          </Trans>
        )}
      </p>
      <FormError message={serverError} />
      <Button type="submit" block busy={busy}>
        <Trans>Apply for the withdrawal</Trans>
      </Button>
    </form>
  );
}
