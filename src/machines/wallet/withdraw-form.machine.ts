import type { z } from 'zod';
import {
  METHOD_FIELDS,
  WITHDRAW_FIELDS,
  withdrawalApplication,
  type Withdrawal,
  type WithdrawalApplication,
  type WithdrawField,
} from '@/contract/calls/wallet';
import { WithdrawalMethod } from '@/contract/feature-enums';
import { CHOICE_REQUIRED } from '../app/form-inputs';
import { parseLocaleNumber } from '../app/locale-number';
import { validateFields, type FieldErrors, type FormValues } from '../app/form-validation';
import { createSubmitFormMachine } from '../app/submit-form.machine';

/**
 * The withdrawal application (/member/point/withdraw; issue 12, DESIGN section 6): a method (bank card, USDT or
 * Alipay), that method's account fields, and the points to withdraw. The fields are validated with the contract's
 * schema of the chosen method (user/apply_withdraw refuses the same), plus the configured minimum and the
 * withdrawable points the caller has. The form carries one idempotency key for its whole life: sending again after a
 * failed request cannot place a second hold. Submit → `submitting` (tag 'busy') → `done`; a refusal shows the
 * server's msg (not KYC approved, below the minimum, not enough withdrawable points).
 */

export { METHOD_FIELDS, WITHDRAW_FIELDS, type WithdrawField };
export type WithdrawMethod = WithdrawalApplication['method'];

/** Points above what the caller may withdraw now. */
export const WITHDRAW_TOO_MANY = 'errors.withdraw.tooMany';

export interface WithdrawFormInput {
  idempotencyKey: string;
  /** economy.withdrawal_min_points */
  minPoints: number;
  /** The caller's withdrawable points (user/me withdrawable_fun_score). */
  maxPoints: number;
  /** The page's locale, whose digits and grouping the points field reads ("1.000" is a thousand in German); en when absent. */
  locale?: string;
}

/** The points typed, as a user of the locale means them; NaN when they are not a whole number. */
export function pointsOf(values: Pick<FormValues<WithdrawField>, 'points'>, locale = 'en'): number {
  return parseLocaleNumber(values.points, locale, { integer: true });
}

const isMethod = (value: string): value is WithdrawMethod => (WithdrawalMethod as readonly string[]).includes(value);

function schemaOf(method: WithdrawMethod) {
  const option = withdrawalApplication.options.find((o) => o.shape.method.value === method);
  if (!option) throw new Error(`no schema for ${method}`);
  return option;
}

/** The payload the chosen method's schema reads: its own fields only, the points as a number. */
function payloadOf(values: FormValues<WithdrawField>, key: string, locale?: string): Record<string, unknown> {
  const method = values.method as WithdrawMethod;
  const points = pointsOf(values, locale);
  const fields = Object.fromEntries(METHOD_FIELDS[method].map((field) => [field, values[field].trim()]));
  return { method, points, idempotency_key: key, ...fields };
}

export function validateWithdraw(
  values: FormValues<WithdrawField>,
  input: WithdrawFormInput,
  only?: readonly WithdrawField[],
): FieldErrors<WithdrawField> {
  if (!isMethod(values.method)) return only && !only.includes('method') ? {} : { method: { code: CHOICE_REQUIRED } };
  const schema = schemaOf(values.method);
  const wanted = (only ?? WITHDRAW_FIELDS).filter((f) => f === 'points' || f === 'method' || METHOD_FIELDS[values.method as WithdrawMethod].includes(f));
  const errors = validateFields(schema, payloadOf(values, input.idempotencyKey, input.locale) as never, wanted as never) as FieldErrors<WithdrawField>;
  if (!errors.points && wanted.includes('points')) {
    const points = pointsOf(values, input.locale);
    if (points < input.minPoints) errors.points = { code: 'zod.number.min', extra: { min: input.minPoints } };
    else if (points > input.maxPoints) errors.points = { code: WITHDRAW_TOO_MANY, extra: { max: input.maxPoints } };
  }
  return errors;
}

export type WithdrawPayload = z.output<typeof withdrawalApplication>;

export const withdrawFormMachine = createSubmitFormMachine<WithdrawField, WithdrawPayload, Withdrawal, WithdrawFormInput>({
  id: 'withdrawForm',
  fields: WITHDRAW_FIELDS,
  validate: (values, input) => validateWithdraw(values, input),
  submitInput: (values, input) => withdrawalApplication.parse(payloadOf(values, input.idempotencyKey, input.locale)),
  initialValues: () => ({
    method: 'bank_card',
    points: '',
    account_name: '',
    bank_name: '',
    card_number: '',
    network: 'TRC20',
    address: '',
    alipay_account: '',
  }),
});
