import { Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_MAX, PASSWORD_MAX } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { TextField } from '../kit/text-field';

export type LoginField = 'account' | 'password';

export interface LoginFormProps extends FormProps<LoginField> {
  /** Switches the auth dialog to the register view. */
  onCreateAccount(): void;
  /** Switches the auth dialog to the forgot-password view. */
  onForgotPassword(): void;
}

/** The login view of the auth dialog (spec section 2, overlay 1; rules in section 5). */
export function LoginForm({
  values,
  errors,
  serverError,
  busy,
  onChange,
  onFocus,
  onSubmit,
  onCreateAccount,
  onForgotPassword,
}: LoginFormProps) {
  const { t } = useLingui();
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <TextField
        label={t`User name or e-mail`}
        name="account"
        value={values.account}
        autoComplete="username"
        maxLength={EMAIL_MAX}
        required
        error={errors.account}
        onChange={(value) => onChange('account', value)}
        onFocus={() => onFocus('account')}
      />
      <TextField
        label={t`Password`}
        name="password"
        type="password"
        value={values.password}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        required
        error={errors.password}
        onChange={(value) => onChange('password', value)}
        onFocus={() => onFocus('password')}
      />
      <div className="form-aside">
        <Button variant="link" onClick={onForgotPassword}>
          <Trans>Forgot your password?</Trans>
        </Button>
      </div>
      <Button type="submit" block busy={busy}>
        <Trans>Log in</Trans>
      </Button>
      <FormError message={serverError} />
      <p className="form-switch">
        <span>
          <Trans>New to Venuely?</Trans>
        </span>{' '}
        <Button variant="link" onClick={onCreateAccount}>
          <Trans>Create an account</Trans>
        </Button>
      </p>
    </form>
  );
}
