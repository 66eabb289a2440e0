import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MINUTES } from '@/contract/constants';
import { Button } from '../kit/button';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { StatusIcon } from '../kit/status-icon';
import { AppLink } from '../kit/link';
import { TextField } from '../kit/text-field';

export type VerifyEmailField = 'code';

export interface VerifyEmailFormProps extends FormProps<VerifyEmailField> {
  /** The address being verified. */
  email: string;
  /** The address is verified: the form gives way to a confirmation. */
  verified: boolean;
  /** A code was sent in this visit. */
  codeSent: boolean;
  /** The send-code request runs. */
  sending: boolean;
  /** Seconds until another code may be requested; 0 when it may be now. */
  cooldownSeconds: number;
  onSendCode(): void;
  /** Where to go after verifying (e.g. account settings); shown in the verified state. */
  doneHref?: string;
}

/** E-mail verification with a 6-digit code (route /member/setup/verify-email). */
export function VerifyEmailForm({
  email,
  verified,
  codeSent,
  sending,
  cooldownSeconds,
  onSendCode,
  doneHref,
  values,
  errors,
  serverError,
  busy,
  onChange,
  onFocus,
  onSubmit,
}: VerifyEmailFormProps) {
  const { t } = useLingui();

  if (verified) {
    return (
      <div className="result">
        <StatusIcon kind="success" />
        <p>
          <Trans>
            Your e-mail address <bdi className="result-email">{email}</bdi> is verified.
          </Trans>
        </p>
        {doneHref ? (
          <AppLink className="button button--primary button--block" href={doneHref}>
            <Trans>Back to account settings</Trans>
          </AppLink>
        ) : null}
      </div>
    );
  }

  const length = EMAIL_CODE_LENGTH;
  const minutes = EMAIL_CODE_MINUTES;
  const seconds = Math.max(0, Math.ceil(cooldownSeconds));
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <p className="form-intro">
        {codeSent ? (
          <Trans>
            We sent a <Plural value={length} one="#-digit" other="#-digit" /> code to{' '}
            <bdi className="result-email">{email}</bdi>. It is valid for <Plural value={minutes} one="# minute" other="# minutes" />.
          </Trans>
        ) : (
          <Trans>
            We will send a <Plural value={length} one="#-digit" other="#-digit" /> code to{' '}
            <bdi className="result-email">{email}</bdi> to confirm that the
            address is yours.
          </Trans>
        )}
      </p>
      <div className="form-row">
        <Button variant="secondary" busy={sending} disabled={seconds > 0} onClick={onSendCode}>
          {seconds > 0 ? t`Send code again in ${plural(seconds, { one: '# second', other: '# seconds' })}` : t`Send code`}
        </Button>
      </div>
      <TextField
        label={t`Verification code`}
        name="code"
        value={values.code}
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={EMAIL_CODE_LENGTH}
        dir="ltr"
        required
        error={errors.code}
        onChange={(value) => onChange('code', value)}
        onFocus={() => onFocus('code')}
      />
      <Button type="submit" block busy={busy}>
        <Trans>Verify</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}
