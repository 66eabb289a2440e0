import { Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_MAX } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { TextField } from '../kit/text-field';

export type ChangeEmailField = 'email';

export interface ChangeEmailFormProps extends FormProps<ChangeEmailField> {
  /** The address the account has now. */
  currentEmail: string;
}

/** Changing the account's e-mail address (route /member/setup/change-email); the new address needs verifying. */
export function ChangeEmailForm({
  currentEmail,
  values,
  errors,
  serverError,
  busy,
  onChange,
  onFocus,
  onSubmit,
}: ChangeEmailFormProps) {
  const { t } = useLingui();
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      {currentEmail ? (
        <p className="form-intro">
          <Trans>
            Your current address is <bdi className="result-email">{currentEmail}</bdi>.
          </Trans>
        </p>
      ) : null}
      <TextField
        label={t`New e-mail address`}
        name="email"
        type="email"
        value={values.email}
        autoComplete="email"
        inputMode="email"
        maxLength={EMAIL_MAX}
        required
        error={errors.email}
        onChange={(value) => onChange('email', value)}
        onFocus={() => onFocus('email')}
      />
      <p className="form-note">
        <Trans>After the change, verify the new address with a code we send to it.</Trans>
      </p>
      <Button type="submit" block busy={busy}>
        <Trans>Save e-mail address</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}
