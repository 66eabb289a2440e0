import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import {
  VISIT_REPORT_CONTENT_MAX,
  VISIT_REPORT_CONTENT_MIN,
  VISIT_REPORT_PHOTOS_MAX,
  VISIT_REPORT_TITLE_MAX,
} from '@/contract/calls/feedback';
import { Button } from '../kit/button';
import { ImagePicker, RadioGroupField, TextAreaField } from '../kit/choice-fields';
import { FormError } from '../kit/form-error';
import { submitHandler, type FormProps } from '../kit/form-props';
import { StatusIcon } from '../kit/status-icon';
import { TextField } from '../kit/text-field';
import './listing-detail.css';

export type VisitReportFormField = 'rating' | 'title' | 'content' | 'visit_date';

export interface VisitReportFormProps extends FormProps<VisitReportFormField> {
  photos: readonly File[];
  photosError?: string;
  /** The latest allowed visit date, 'YYYY-MM-DD' (today). */
  maxDate: string;
  /** The report was published: the thanks replace the form. */
  done: boolean;
  onAddPhotos(files: File[]): void;
  onRemovePhoto(index: number): void;
  /** Start another report after one was published. */
  onReset(): void;
}

const RATINGS = ['1', '2', '3', '4', '5'] as const;

/** Writing a visit report (route /merchant/{id}/visit-report): rating, title, text, visit date and photos. */
export function VisitReportForm({
  values,
  errors,
  serverError,
  busy,
  photos,
  photosError,
  maxDate,
  done,
  onChange,
  onFocus,
  onSubmit,
  onAddPhotos,
  onRemovePhoto,
  onReset,
}: VisitReportFormProps) {
  const { t } = useLingui();
  const min = VISIT_REPORT_CONTENT_MIN;
  if (done) {
    return (
      <div className="result" role="status">
        <StatusIcon kind="success" />
        <p>
          <Trans>Thank you! Your visit report is published.</Trans>
        </p>
        <Button variant="secondary" onClick={onReset}>
          <Trans>Write another report</Trans>
        </Button>
      </div>
    );
  }
  return (
    <form className="form" noValidate onSubmit={submitHandler(busy, onSubmit)}>
      <RadioGroupField
        legend={t`Your rating`}
        name="rating"
        inline
        required
        options={RATINGS.map((value) => ({
          value,
          label: <Plural value={Number(value)} one="# star" other="# stars" />,
        }))}
        value={values.rating}
        error={errors.rating}
        onChange={(value) => onChange('rating', value)}
        onFocus={() => onFocus('rating')}
      />
      <TextField
        label={t`Title`}
        name="title"
        value={values.title}
        maxLength={VISIT_REPORT_TITLE_MAX}
        required
        error={errors.title}
        onChange={(value) => onChange('title', value)}
        onFocus={() => onFocus('title')}
      />
      <TextAreaField
        label={t`Your report`}
        name="content"
        value={values.content}
        minLength={VISIT_REPORT_CONTENT_MIN}
        maxLength={VISIT_REPORT_CONTENT_MAX}
        rows={6}
        required
        hint={t`What was the place like? At least ${plural(min, { one: '# character', other: '# characters' })}.`}
        error={errors.content}
        onChange={(value) => onChange('content', value)}
        onFocus={() => onFocus('content')}
      />
      <DateField
        label={t`Date of your visit`}
        value={values.visit_date}
        max={maxDate}
        error={errors.visit_date}
        onChange={(value) => onChange('visit_date', value)}
        onFocus={() => onFocus('visit_date')}
      />
      <ImagePicker
        label={t`Photos (optional)`}
        files={photos}
        max={VISIT_REPORT_PHOTOS_MAX}
        error={photosError}
        disabled={busy}
        onAdd={onAddPhotos}
        onRemove={onRemovePhoto}
      />
      <Button type="submit" block busy={busy}>
        <Trans>Publish report</Trans>
      </Button>
      <FormError message={serverError} />
    </form>
  );
}

function DateField(props: { label: string; value: string; max: string; error?: string; onChange(value: string): void; onFocus(): void }) {
  // TextField has no date type; a native date input gives every locale its own calendar picker.
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={props.error ? 'field field--invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="field-input"
          type="date"
          name="visit_date"
          value={props.value}
          max={props.max}
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(event) => props.onChange(event.target.value)}
          onFocus={() => props.onFocus()}
        />
      </div>
      {props.error ? (
        <p className="field-error" id={errorId}>
          <span>{props.error}</span>
        </p>
      ) : null}
    </div>
  );
}
