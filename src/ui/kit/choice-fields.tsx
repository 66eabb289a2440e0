import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, type ChangeEvent, type ReactNode } from 'react';
import { cx } from './class-names';
import { Icon } from './icons';
import './form-controls.css';

/**
 * Form controls of the directory's forms that text-field.tsx does not cover: a radio group, a select, a multi-line
 * text and an image picker. Each has a visible label, its error under it (linked with aria-describedby) and the
 * same props shape as TextField: a value in, `onChange` / `onFocus` out, texts already translated.
 */

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

function FieldErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      <Icon name="info" size={18} />
      <span>{error}</span>
    </p>
  );
}

export interface RadioGroupFieldProps {
  /** The group's visible name (the legend). */
  legend: ReactNode;
  name: string;
  options: readonly ChoiceOption[];
  value: string;
  error?: string;
  required?: boolean;
  /** Lay the options out in a row of chips (short labels such as ratings). */
  inline?: boolean;
  onChange(value: string): void;
  onFocus?(): void;
}

/** A radio group in a fieldset; arrow keys move between options as browsers do for native radios. */
export function RadioGroupField({ legend, name, options, value, error, required, inline = false, onChange, onFocus }: RadioGroupFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className={cx('field', 'choice-group', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className={cx('choice-options', inline && 'choice-options--inline')}>
        {options.map((option) => (
          <label key={option.value} className="choice-option">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              required={required}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(option.value)}
              onFocus={onFocus ? () => onFocus() : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

export interface SelectFieldProps {
  label: ReactNode;
  name: string;
  options: readonly { value: string; label: string }[];
  value: string;
  /**
   * The text of the empty first option ("Choose…"). Absent: no empty option, for a select whose every option is a
   * real choice (the admin console's filters, "all" included).
   */
  placeholder?: string;
  /** Added to the field's own class (a layout of the screen that uses it). */
  className?: string;
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onChange(value: string): void;
  onFocus?(): void;
}

export function SelectField({ label, name, options, value, placeholder, className, error, required, disabled, onChange, onFocus }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cx('field', className, error && 'field--invalid')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <select
          id={id}
          className="field-input field-select"
          name={name}
          value={value}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
          onFocus={onFocus ? () => onFocus() : undefined}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

export interface TextAreaFieldProps {
  label: ReactNode;
  name: string;
  value: string;
  maxLength: number;
  minLength?: number;
  rows?: number;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  onChange(value: string): void;
  onFocus?(): void;
}

/** A multi-line text with a character count against its limit. */
export function TextAreaField({ label, name, value, maxLength, minLength, rows = 5, required, hint, error, onChange, onFocus }: TextAreaFieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const count = Array.from(value).length;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cx('field', error && 'field--invalid')}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="field-input field-textarea"
        name={name}
        value={value}
        rows={rows}
        maxLength={maxLength}
        minLength={minLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus ? () => onFocus() : undefined}
      />
      <p className="field-hint field-hint--split" id={hintId}>
        <span>{hint}</span>
        <span className="field-count">
          {i18n.number(count)} / {i18n.number(maxLength)}
        </span>
      </p>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

export interface ImagePickerProps {
  /** The visible name of the picker ("Photos"). */
  label: ReactNode;
  files: readonly File[];
  max: number;
  error?: string;
  disabled?: boolean;
  onAdd(files: File[]): void;
  onRemove(index: number): void;
}

/** Chosen images as previews with a remove button each, and an add button while there is room. */
export function ImagePicker({ label, files, max, error, disabled, onAdd, onRemove }: ImagePickerProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const previews = useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const full = files.length >= max;
  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still fires change.
    event.target.value = '';
    if (chosen.length > 0) onAdd(chosen);
  };
  const count = i18n.number(files.length);
  const limit = i18n.number(max);
  return (
    <fieldset className={cx('field', 'image-picker', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{label}</legend>
      <p className="field-hint">
        <Trans>
          {count} of {limit} added
        </Trans>
      </p>
      {files.length > 0 ? (
        <ul className="image-picker-list">
          {files.map((file, index) => {
            const position = i18n.number(index + 1);
            const fileName = file.name;
            return (
              <li key={`${index}-${fileName}`} className="image-picker-item">
                <img src={previews[index]} alt="" />
                <button
                  type="button"
                  className="image-picker-remove"
                  aria-label={t`Remove image ${position}: ${fileName}`}
                  title={t`Remove`}
                  disabled={disabled}
                  onClick={() => onRemove(index)}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {full ? null : (
        <label className={cx('button', 'button--secondary', 'file-button', disabled && 'is-disabled')}>
          <Icon name="camera" size={20} />
          <span>
            <Trans>Add images</Trans>
          </span>
          <input className="visually-hidden" type="file" accept="image/*" multiple disabled={disabled} onChange={onFiles} />
        </label>
      )}
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}
