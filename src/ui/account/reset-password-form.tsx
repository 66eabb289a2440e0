import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { TextField } from '../kit/text-field';

export type ResetPasswordField = 'password' | 'confirm';
export type ResetPasswordFormProps = FormProps<ResetPasswordField>;

/** Choosing a new password from the e-mailed link (route /reset-pwd). */
export function ResetPasswordForm({ values, errors, serverError, busy, onChange, onFocus, onSubmit }: ResetPasswordFormProps) {
  const { t } = useLingui();
  const min = PASSWORD_MIN;
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <p className="form-intro">
        <Trans>Choose a new password for your account.</Trans>
      </p>
      <TextField
        label={t`New password`}
        name="password"
        type="password"
        value={values.password}
        autoComplete="new-password"
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        required
        hint={
          <Trans>
            At least <Plural value={min} one="# character" other="# characters" />.
          </Trans>
        }
        error={errors.password}
        onChange={(value) => onChange('password', value)}
        onFocus={() => onFocus('password')}
      />
      <TextField
        label={t`Repeat the new password`}
        name="confirm"
        type="password"
        value={values.confirm}
        autoComplete="new-password"
        maxLength={PASSWORD_MAX}
        required
        error={errors.confirm}
        onChange={(value) => onChange('confirm', value)}
        onFocus={() => onFocus('confirm')}
      />
      <Button type="submit" block busy={busy}>
        <Trans>Save new password</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}
