import { Plural, Trans } from '@lingui/react/macro';
import { RESET_TOKEN_MINUTES } from '@/contract/constants';
import { Button } from '../kit/button';
import { StatusIcon } from '../kit/status-icon';

export interface SentLinkSuccessProps {
  /** The address the reset link was sent to. */
  email: string;
  /** Back to the login view; without it the dialog's own back and close buttons remain. */
  onBackToLogin?(): void;
}

/**
 * The sent-link-success view of the auth dialog. The server answers success for any well-formed address (it does
 * not reveal which addresses have accounts), so the text does not claim an account exists.
 */
export function SentLinkSuccess({ email, onBackToLogin }: SentLinkSuccessProps) {
  const minutes = RESET_TOKEN_MINUTES;
  return (
    <div className="result">
      <StatusIcon kind="success" />
      <p>
        <Trans>
          If an account uses <bdi className="result-email">{email}</bdi>, we have sent it a link to choose a new
          password. The link works for <Plural value={minutes} one="# minute" other="# minutes" />.
        </Trans>
      </p>
      <p className="result-muted">
        <Trans>Nothing arrived? Check your spam folder, or try again in a few minutes.</Trans>
      </p>
      {onBackToLogin ? (
        <Button block onClick={onBackToLogin}>
          <Trans>Back to log in</Trans>
        </Button>
      ) : null}
    </div>
  );
}
