import { Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_MAX } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { TextField } from '../kit/text-field';

export type ForgotPasswordField = 'email';
export type ForgotPasswordFormProps = FormProps<ForgotPasswordField>;

/**
 * The forgot-password view (spec section 2, overlay 2): one e-mail field and the send button, disabled while the
 * request runs. The heading is the auth dialog's.
 */
export function ForgotPasswordForm({ values, errors, serverError, busy, onChange, onFocus, onSubmit }: ForgotPasswordFormProps) {
  const { t } = useLingui();
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <p className="form-intro">
        <Trans>Enter the e-mail address of your account. We will send you a link to choose a new password.</Trans>
      </p>
      <TextField
        label={t`E-mail`}
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
      <Button type="submit" block busy={busy}>
        <Trans>Send reset link</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}
