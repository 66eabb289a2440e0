import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../kit/button';
import { RadioGroupField, TextAreaField } from '../kit/choice-fields';
import { FormDialog } from '../kit/form-dialog';
import { FormError } from '../kit/form-error';
import { KYC_REJECT_REASONS, type KycRejectReason } from './admin-labels';

/** What every console dialog shares: the call runs (busy), the server refused it (error), or it is closed. */
export interface ActionDialogState {
  busy: boolean;
  /** The server's refusal, translated. */
  error?: string;
  onCancel(): void;
}

/**
 * Asks before an action (issue 31 item 11): what will happen, then Cancel and a button named for the action. No
 * warning picture: approving or paying is the console's ordinary work, and an alarm on every one would teach
 * reviewers to ignore it. `tone="danger"` colours the button of an action the member will not like.
 */
export function ConfirmDialog(
  props: ActionDialogState & {
    title: string;
    children?: ReactNode;
    confirmLabel: string;
    tone?: 'primary' | 'danger';
    onConfirm(): void;
  },
) {
  return (
    <FormDialog open title={props.title} onClose={props.onCancel}>
      <div className="page-column page-column--tight admin-dialog">
        {props.children}
        <FormError message={props.error} />
        <DialogButtons
          busy={props.busy}
          confirmLabel={props.confirmLabel}
          tone={props.tone}
          onCancel={props.onCancel}
          onConfirm={props.onConfirm}
        />
      </div>
    </FormDialog>
  );
}

function DialogButtons(props: {
  busy: boolean;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  submit?: boolean;
  onCancel(): void;
  onConfirm?(): void;
}) {
  return (
    <div className="admin-dialog-buttons">
      <Button variant="secondary" onClick={props.onCancel}>
        <Trans context="button">Cancel</Trans>
      </Button>
      <Button
        type={props.submit ? 'submit' : 'button'}
        busy={props.busy}
        className={props.tone === 'danger' ? 'admin-button-danger' : undefined}
        onClick={props.submit ? undefined : props.onConfirm}
      >
        {props.confirmLabel}
      </Button>
    </div>
  );
}

/**
 * A reason (or a note) in the reviewer's words, then the action: rejecting a withdrawal, hiding a listing. Cancel
 * closes it and sends nothing.
 */
export function ReasonDialog(
  props: ActionDialogState & {
    title: string;
    label: string;
    hint?: ReactNode;
    submitLabel: string;
    maxLength: number;
    tone?: 'primary' | 'danger';
    onSubmit(text: string): void;
  },
) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      setMissing(true);
      return;
    }
    props.onSubmit(text.trim());
  };
  return (
    <FormDialog open title={props.title} onClose={props.onCancel}>
      <form onSubmit={submit} noValidate className="page-column page-column--tight admin-dialog">
        {props.hint}
        <TextAreaField
          label={props.label}
          name="reason"
          value={text}
          maxLength={props.maxLength}
          rows={4}
          required
          error={missing ? t`This field is required.` : undefined}
          onChange={setText}
          onFocus={() => setMissing(false)}
        />
        <FormError message={props.error} />
        <DialogButtons
          busy={props.busy}
          confirmLabel={props.submitLabel}
          tone={props.tone}
          submit
          onCancel={props.onCancel}
        />
      </form>
    </FormDialog>
  );
}

/**
 * Rejecting an identity check (issue 31 item 11): one of the usual reasons, each a sentence to the member, and the
 * reviewer's own words (needed for "Another reason", optional otherwise). The member reads the reason followed by
 * the words. Cancel sends nothing.
 */
export function KycRejectDialog(
  props: ActionDialogState & { name: string; maxLength: number; onSubmit(reason: string): void },
) {
  const { t, i18n } = useLingui();
  const [choice, setChoice] = useState<KycRejectReason | ''>('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<'choice' | 'details' | null>(null);
  const reasons = (Object.keys(KYC_REJECT_REASONS) as KycRejectReason[]).map((key) => ({
    value: key,
    label: i18n._(KYC_REJECT_REASONS[key]),
  }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === '') return setProblem('choice');
    if (choice === 'other' && details.trim() === '') return setProblem('details');
    const reason =
      choice === 'other'
        ? details.trim()
        : [i18n._(KYC_REJECT_REASONS[choice]), details.trim()].filter(Boolean).join(' ');
    props.onSubmit(reason.slice(0, props.maxLength));
  };
  return (
    <FormDialog open title={t`Reject the identity of ${props.name}?`} onClose={props.onCancel}>
      <form onSubmit={submit} noValidate className="page-column page-column--tight admin-dialog">
        <RadioGroupField
          legend={t`Reason, shown to the member`}
          name="reason"
          options={reasons}
          value={choice}
          required
          error={problem === 'choice' ? t`Choose a reason.` : undefined}
          onChange={(value) => {
            setChoice(value as KycRejectReason);
            setProblem(null);
          }}
        />
        <TextAreaField
          label={choice === 'other' ? t`Your reason` : t`More details (optional)`}
          name="details"
          value={details}
          maxLength={props.maxLength - 200}
          rows={3}
          required={choice === 'other'}
          error={problem === 'details' ? t`This field is required.` : undefined}
          onChange={setDetails}
          onFocus={() => setProblem((p) => (p === 'details' ? null : p))}
        />
        <p className="record-detail">
          <Trans>The member can correct their details and apply again.</Trans>
        </p>
        <FormError message={props.error} />
        <DialogButtons busy={props.busy} confirmLabel={t`Reject`} tone="danger" submit onCancel={props.onCancel} />
      </form>
    </FormDialog>
  );
}
