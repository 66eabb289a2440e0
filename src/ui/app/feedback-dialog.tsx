import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  FEEDBACK_CONTACT_MAX,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGES_MAX,
} from '@/contract/calls/feedback';
import { Button } from '../kit/button';
import { ImagePicker, SelectField, TextAreaField } from '../kit/choice-fields';
import { FormDialog } from '../kit/form-dialog';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { Icon } from '../kit/icons';
import { StatusIcon } from '../kit/status-icon';
import { TextField } from '../kit/text-field';

export type FeedbackDialogField = 'feedback_type' | 'content' | 'contact';

export interface FeedbackDialogProps extends FormProps<FeedbackDialogField> {
  open: boolean;
  /** The feedback types (dict/feedback_type); null while they load. */
  types: readonly { value: string; label: string }[] | null;
  typesError?: string;
  onRetryTypes(): void;
  images: readonly File[];
  imagesError?: string;
  onAddImages(files: File[]): void;
  onRemoveImage(index: number): void;
  done: boolean;
  onClose(): void;
}

/** Feedback to the operators (account menu "Send feedback"): a type, the message, an optional contact, images. */
export function FeedbackDialog({
  open,
  types,
  typesError,
  onRetryTypes,
  images,
  imagesError,
  onAddImages,
  onRemoveImage,
  done,
  onClose,
  values,
  errors,
  serverError,
  busy,
  onChange,
  onFocus,
  onSubmit,
}: FeedbackDialogProps) {
  const { t } = useLingui();
  const min = FEEDBACK_CONTENT_MIN;
  return (
    <FormDialog open={open} title={t`Send feedback`} onClose={onClose}>
      {done ? (
        <div className="result" role="status">
          <StatusIcon kind="success" />
          <p>
            <Trans>Thank you for your feedback. We read every message.</Trans>
          </p>
          <Button onClick={onClose}>
            <Trans context="button">Close</Trans>
          </Button>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
          {typesError && !types ? (
            <div className="list-error" role="alert">
              <p>{typesError}</p>
              <Button variant="secondary" onClick={onRetryTypes}>
                <Icon name="retry" size={20} />
                <Trans>Try again</Trans>
              </Button>
            </div>
          ) : (
            <SelectField
              label={t`Topic`}
              name="feedback_type"
              placeholder={types ? t`Choose a topic` : t`Loading…`}
              options={types ?? []}
              disabled={!types}
              required
              value={values.feedback_type}
              error={errors.feedback_type}
              onChange={(value) => onChange('feedback_type', value)}
              onFocus={() => onFocus('feedback_type')}
            />
          )}
          <TextAreaField
            label={t`Message`}
            name="content"
            value={values.content}
            minLength={FEEDBACK_CONTENT_MIN}
            maxLength={FEEDBACK_CONTENT_MAX}
            rows={6}
            required
            hint={t`At least ${plural(min, { one: '# character', other: '# characters' })}.`}
            error={errors.content}
            onChange={(value) => onChange('content', value)}
            onFocus={() => onFocus('content')}
          />
          <TextField
            label={t`How can we reach you? (optional)`}
            name="contact"
            value={values.contact}
            maxLength={FEEDBACK_CONTACT_MAX}
            hint={t`We answer to your account's e-mail address unless you give another way.`}
            error={errors.contact}
            onChange={(value) => onChange('contact', value)}
            onFocus={() => onFocus('contact')}
          />
          <ImagePicker
            label={t`Screenshots (optional)`}
            files={images}
            max={FEEDBACK_IMAGES_MAX}
            error={imagesError}
            disabled={busy}
            onAdd={onAddImages}
            onRemove={onRemoveImage}
          />
          <Button type="submit" block busy={busy} disabled={!types}>
            <Trans>Send feedback</Trans>
          </Button>
          <FormError message={serverError} />
        </form>
      )}
    </FormDialog>
  );
}
