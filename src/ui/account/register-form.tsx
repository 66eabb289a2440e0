import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { AppLink } from '../kit/link';
import { TextField } from '../kit/text-field';

export type RegisterField = 'account' | 'email' | 'password';

/** The state of the user-name availability check (spec section 5: 500 ms after typing). A taken name is an error. */
export type UsernameAvailability = 'idle' | 'checking' | 'available';

export interface RegisterFormProps extends FormProps<RegisterField> {
  usernameCheck?: UsernameAvailability;
  /** Links of the consent line; without them the line names the documents without linking. */
  termsHref?: string;
  privacyHref?: string;
  /** Switches the auth dialog to the login view. */
  onLogin(): void;
}

/** The register view of the auth dialog (spec section 2, overlay 1; rules in section 5). */
export function RegisterForm({
  values,
  errors,
  serverError,
  busy,
  usernameCheck = 'idle',
  termsHref,
  privacyHref,
  onChange,
  onFocus,
  onSubmit,
  onLogin,
}: RegisterFormProps) {
  const { t } = useLingui();
  const min = PASSWORD_MIN;
  const availability =
    errors.account || usernameCheck === 'idle' ? null : usernameCheck === 'checking' ? (
      <span className="availability availability--checking">
        <span className="spinner spinner--small" aria-hidden="true" />
        <Trans>Checking availability…</Trans>
      </span>
    ) : (
      <span className="availability availability--ok">
        <Trans>This user name is available.</Trans>
      </span>
    );

  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <TextField
        label={t`User name`}
        name="account"
        value={values.account}
        autoComplete="username"
        maxLength={USERNAME_MAX}
        required
        hint={availability}
        hintLive
        error={errors.account}
        onChange={(value) => onChange('account', value)}
        onFocus={() => onFocus('account')}
      />
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
      <TextField
        label={t`Password`}
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
      <p className="form-note">
        {termsHref && privacyHref ? (
          <Trans>
            By creating an account you confirm that you are 18 or older and accept the{' '}
            <AppLink href={termsHref}>Terms of use</AppLink> and the <AppLink href={privacyHref}>Privacy policy</AppLink>.
          </Trans>
        ) : (
          <Trans>
            By creating an account you confirm that you are 18 or older and accept the Terms of use and the Privacy
            policy.
          </Trans>
        )}
      </p>
      <Button type="submit" block busy={busy}>
        <Trans>Create account</Trans>
      </Button>
      <FormError message={serverError} />
      <p className="form-switch">
        <Button variant="link" onClick={onLogin}>
          <Trans>I already have an account</Trans>
        </Button>
      </p>
    </form>
  );
}
