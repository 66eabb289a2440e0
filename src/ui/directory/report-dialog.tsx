import { Trans, useLingui } from '@lingui/react/macro';
import { REPORT_TEXT_MAX } from '@/contract/calls/feedback';
import { Button } from '../kit/button';
import { RadioGroupField, TextAreaField, type ChoiceOption } from '../kit/choice-fields';
import { FormDialog } from '../kit/form-dialog';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { Icon } from '../kit/icons';
import { StatusIcon } from '../kit/status-icon';
import './listing-detail.css';
import './report-dialog.css';

export type ReportDialogField = 'reason' | 'text';

export interface ReportDialogProps extends FormProps<ReportDialogField> {
  open: boolean;
  /** What is reported: the dialog's title names it. */
  target: 'merchant' | 'partner' | 'user' | 'message';
  /** A reported message as the dialog quotes it (its text, or "Photo"). */
  quote?: string;
  /** The reasons (dict/report_reason); null while they load. */
  reasons: readonly ChoiceOption[] | null;
  /** The reasons could not be loaded (already translated). */
  reasonsError?: string;
  onRetryReasons(): void;
  /** The report was sent: the thanks replace the form. */
  done: boolean;
  onClose(): void;
}

/** Reporting a venue, a profile, a user or a chat message to the moderators: a reason (radio group) and optional details. */
export function ReportDialog({
  open,
  target,
  quote,
  reasons,
  reasonsError,
  onRetryReasons,
  done,
  onClose,
  values,
  errors,
  serverError,
  busy,
  onChange,
  onFocus,
  onSubmit,
}: ReportDialogProps) {
  const { t } = useLingui();
  const title =
    target === 'merchant' ? t`Report this venue` : target === 'user' ? t`Report this user` : target === 'message' ? t`Report this message` : t`Report this profile`;
  return (
    <FormDialog open={open} title={title} onClose={onClose}>
      {done ? (
        <div className="result" role="status">
          <StatusIcon kind="success" />
          <p>
            <Trans>Thank you. Our moderators will review your report.</Trans>
          </p>
          <Button onClick={onClose}>
            <Trans context="button">Close</Trans>
          </Button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
          {quote ? (
            <blockquote className="message-quote report-quote" dir="auto">
              {quote}
            </blockquote>
          ) : null}
          <p className="form-intro">
            {target === 'message' ? (
              <Trans>Tell us what is wrong with this message. The sender is not told who sent a report.</Trans>
            ) : (
              <Trans>Tell us what is wrong. The owner is not told who sent a report.</Trans>
            )}
          </p>
          {reasons ? (
            <RadioGroupField
              legend={t`Reason`}
              name="reason"
              required
              options={reasons}
              value={values.reason}
              error={errors.reason}
              onChange={(value) => onChange('reason', value)}
              onFocus={() => onFocus('reason')}
            />
          ) : reasonsError ? (
            <div className="list-error" role="alert">
              <p>{reasonsError}</p>
              <Button variant="secondary" onClick={onRetryReasons}>
                <Icon name="retry" size={20} />
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : (
            <p className="detail-muted" role="status">
              <Trans>Loading the reasons…</Trans>
            </p>
          )}
          <TextAreaField
            label={t`Details (optional)`}
            name="text"
            value={values.text}
            maxLength={REPORT_TEXT_MAX}
            rows={4}
            error={errors.text}
            onChange={(value) => onChange('text', value)}
            onFocus={() => onFocus('text')}
          />
          <Button type="submit" block busy={busy} disabled={!reasons}>
            <Trans>Send report</Trans>
          </Button>
          <FormError message={serverError} />
        </form>
      )}
    </FormDialog>
  );
}
