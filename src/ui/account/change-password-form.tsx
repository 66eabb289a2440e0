import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PASSWORD_MAX, PASSWORD_MIN } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { TextField } from '../kit/text-field';

/** `old_password` and `password` are the fields of the changePassword call; `confirm` stays on the client. */
export type ChangePasswordField = 'old_password' | 'password' | 'confirm';
export type ChangePasswordFormProps = FormProps<ChangePasswordField>;

/** Changing the password of the logged-in user (route /member/setup/change-password). */
export function ChangePasswordForm({ values, errors, serverError, busy, onChange, onFocus, onSubmit }: ChangePasswordFormProps) {
  const { t } = useLingui();
  const min = PASSWORD_MIN;
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <TextField
        label={t`Current password`}
        name="old_password"
        type="password"
        value={values.old_password}
        autoComplete="current-password"
        maxLength={PASSWORD_MAX}
        required
        error={errors.old_password}
        onChange={(value) => onChange('old_password', value)}
        onFocus={() => onFocus('old_password')}
      />
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
      <p className="form-note">
        <Trans>Your other devices will be signed out. This device stays signed in.</Trans>
      </p>
      <Button type="submit" block busy={busy}>
        <Trans>Change password</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}
