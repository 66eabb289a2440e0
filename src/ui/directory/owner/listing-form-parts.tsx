import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { SocialChannel } from '@/contract/feature-enums';
import { Button } from '../../kit/button';
import { SelectField } from '../../kit/choice-fields';
import { cx } from '../../kit/class-names';
import { FormError } from '../../kit/form-error';
import { Icon } from '../../kit/icons';
import { ISO_WEEKDAYS, weekdayName } from '../listing-format';
import { TextField } from '../../kit/text-field';
import '../listing-detail.css';
import './owner.css';

/**
 * The parts of the publish and modify forms that the shared form controls (text-field.tsx, choice-fields.tsx) do
 * not cover: a checkbox group with a limit, the region → city picker, the opening hours and social links editors,
 * the cover and photo pickers with previews, the visible switch and the upload progress bar. Values in, changes
 * out, texts already translated, like every form control of the ui.
 */

function FieldErrorText({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id}>
      <Icon name="info" size={18} />
      <span>{error}</span>
    </p>
  );
}

export interface CheckboxGroupFieldProps {
  legend: ReactNode;
  options: readonly { id: number; name: string }[];
  value: readonly number[];
  /** Most boxes that may be ticked; the others are disabled once it is reached. */
  max: number;
  min?: number;
  error?: string;
  onChange(value: number[]): void;
  onFocus?(): void;
}

/** A set of dictionary entries (tags, languages) as checkboxes, with how many may be chosen. */
export function CheckboxGroupField({ legend, options, value, max, min = 0, error, onChange, onFocus }: CheckboxGroupFieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const chosen = new Set(value);
  const full = value.length >= max;
  const most = i18n.number(max);
  const least = i18n.number(min);
  return (
    <fieldset
      className={cx('field', 'choice-group', error && 'field--invalid')}
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
    >
      <legend className="field-label">{legend}</legend>
      <p className="field-hint" id={hintId}>
        {min > 0 ? <Trans>Choose {least} to {most}.</Trans> : <Trans>Choose up to {most}.</Trans>}
      </p>
      <div className="choice-options choice-options--inline">
        {options.map((option) => (
          <label key={option.id} className="choice-option">
            <input
              type="checkbox"
              checked={chosen.has(option.id)}
              disabled={full && !chosen.has(option.id)}
              onChange={(event) =>
                onChange(event.target.checked ? [...value, option.id] : value.filter((v) => v !== option.id))
              }
              onFocus={onFocus ? () => onFocus() : undefined}
            />
            <span>{option.name}</span>
          </label>
        ))}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

export interface CityPickerProps {
  regions: readonly { slug: string; name: string }[];
  cities: readonly { id: number; region_slug: string; name: string }[];
  regionSlug: string;
  cityId: string;
  regionError?: string;
  cityError?: string;
  onRegionChange(slug: string): void;
  onCityChange(id: string): void;
  onRegionFocus?(): void;
  onCityFocus?(): void;
}

/** The region, then a city of that region (names in the page's language, from city/lang). */
export function CityPicker(props: CityPickerProps) {
  const { t } = useLingui();
  const cities = props.cities.filter((city) => city.region_slug === props.regionSlug);
  return (
    <div className="form-row owner-form-pair">
      <SelectField
        label={t`Country or region`}
        name="region_slug"
        options={props.regions.map((region) => ({ value: region.slug, label: region.name }))}
        value={props.regionSlug}
        placeholder={t`Choose a region`}
        required
        error={props.regionError}
        onChange={props.onRegionChange}
        onFocus={props.onRegionFocus}
      />
      <SelectField
        label={t`City`}
        name="city_id"
        options={cities.map((city) => ({ value: String(city.id), label: city.name }))}
        value={props.cityId}
        placeholder={props.regionSlug ? t`Choose a city` : t`Choose a region first`}
        required
        disabled={!props.regionSlug}
        error={props.cityError}
        onChange={props.onCityChange}
        onFocus={props.onCityFocus}
      />
    </div>
  );
}

export interface OpeningPeriodValue {
  day: number;
  open: string;
  close: string;
}

export interface OpeningHoursFieldProps {
  value: readonly OpeningPeriodValue[];
  /** Most periods in all (two a day fit). */
  max: number;
  error?: string;
  onChange(value: OpeningPeriodValue[]): void;
  onFocus?(): void;
}

/**
 * Opening hours per weekday: each day lists its periods (open and close time) and can add one; a day without a
 * period is closed. A close time before the open time runs past midnight; equal times mean open all day.
 */
export function OpeningHoursField({ value, max, error, onChange, onFocus }: OpeningHoursFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const full = value.length >= max;
  const update = (index: number, patch: Partial<OpeningPeriodValue>) =>
    onChange(value.map((period, i) => (i === index ? { ...period, ...patch } : period)));
  return (
    <fieldset className={cx('field', 'owner-hours', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        <Trans>Opening hours</Trans>
      </legend>
      <p className="field-hint">
        <Trans>Days without hours show as closed. A closing time before the opening time runs past midnight.</Trans>
      </p>
      <ul className="owner-hours-days">
        {ISO_WEEKDAYS.map((day) => {
          const dayName = weekdayName(day, i18n.locale);
          const periods = value.map((period, index) => ({ period, index })).filter(({ period }) => period.day === day);
          return (
            <li key={day} className="owner-hours-day">
              <span className="owner-hours-name">{dayName}</span>
              <div className="owner-hours-periods">
                {periods.length === 0 ? (
                  <span className="owner-muted">
                    <Trans>Closed</Trans>
                  </span>
                ) : null}
                {periods.map(({ period, index }) => (
                  <div key={index} className="owner-hours-period">
                    <input
                      type="time"
                      className="field-input owner-time"
                      value={period.open}
                      aria-label={t`${dayName} opens at`}
                      onChange={(event) => update(index, { open: event.target.value })}
                      onFocus={onFocus ? () => onFocus() : undefined}
                    />
                    <span aria-hidden="true">–</span>
                    <input
                      type="time"
                      className="field-input owner-time"
                      value={period.close}
                      aria-label={t`${dayName} closes at`}
                      onChange={(event) => update(index, { close: event.target.value })}
                      onFocus={onFocus ? () => onFocus() : undefined}
                    />
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t`Remove these hours on ${dayName}`}
                      title={t`Remove`}
                      onClick={() => onChange(value.filter((_, i) => i !== index))}
                    >
                      <Icon name="close" size={20} />
                    </button>
                  </div>
                ))}
              </div>
              <button
                type="button"
                className="button button--link owner-hours-add"
                disabled={full}
                onClick={() => onChange([...value, { day, open: '09:00', close: '18:00' }])}
              >
                <Icon name="plus" size={18} />
                <span className="visually-hidden">
                  <Trans>Add hours on {dayName}</Trans>
                </span>
                <span aria-hidden="true">
                  <Trans context="opening hours">Add</Trans>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

/** Contact channel names (spec section 3, "Social channel"): brand names, the same in every language. */
export const SOCIAL_CHANNEL_NAMES: Record<number, string> = {
  [SocialChannel.Telegram]: 'Telegram',
  [SocialChannel.WhatsApp]: 'WhatsApp',
  [SocialChannel.WeChat]: 'WeChat',
  [SocialChannel.LINE]: 'LINE',
  [SocialChannel.Twitter]: 'X (Twitter)',
};

export interface SocialLinkValue {
  type: string;
  value: string;
}

export interface SocialLinksFieldProps {
  value: readonly SocialLinkValue[];
  max: number;
  valueMax: number;
  error?: string;
  onChange(value: SocialLinkValue[]): void;
  onFocus?(): void;
}

/** Up to `max` contact channels: the channel and the handle or number. */
export function SocialLinksField({ value, max, valueMax, error, onChange, onFocus }: SocialLinksFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const most = max;
  const update = (index: number, patch: Partial<SocialLinkValue>) =>
    onChange(value.map((link, i) => (i === index ? { ...link, ...patch } : link)));
  const channels = Object.entries(SOCIAL_CHANNEL_NAMES).map(([code, name]) => ({ value: code, label: name }));
  return (
    <fieldset className={cx('field', 'owner-social', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        <Trans>Social channels</Trans>
      </legend>
      <p className="field-hint">
        <Trans>
          Up to <Plural value={most} one="# way" other="# ways" /> for guests to reach you.
        </Trans>
      </p>
      {value.map((link, index) => {
        const position = i18n.number(index + 1);
        return (
          <div key={index} className="owner-social-row">
            <SelectField
              label={t`Channel ${position}`}
              name={`social-type-${index}`}
              options={channels}
              value={link.type}
              placeholder={t`Choose a channel`}
              onChange={(type) => update(index, { type })}
              onFocus={onFocus}
            />
            <TextField
              label={t`Handle or number ${position}`}
              name={`social-value-${index}`}
              value={link.value}
              maxLength={valueMax}
              dir="ltr"
              onChange={(next) => update(index, { value: next })}
              onFocus={onFocus}
            />
            <button
              type="button"
              className="icon-button owner-social-remove"
              aria-label={t`Remove channel ${position}`}
              title={t`Remove`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <Icon name="close" size={20} />
            </button>
          </div>
        );
      })}
      {value.length < max ? (
        <button type="button" className="button button--secondary owner-add" onClick={() => onChange([...value, { type: '', value: '' }])}>
          <Icon name="plus" size={18} />
          <Trans>Add a channel</Trans>
        </button>
      ) : null}
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

/** An image of the form: a stored one (its URL) or a picked file (previewed from memory). */
export interface FormImage {
  key: string;
  url?: string;
  file?: File;
}

/**
 * Object URLs for the picked files, by image key; made in an effect and revoked by its cleanup, so a remount (and
 * React's development double run) never leaves a preview pointing at a revoked URL.
 */
function usePreviews(images: readonly FormImage[]): ReadonlyMap<string, string> {
  const [previews, setPreviews] = useState<ReadonlyMap<string, string>>(() => new Map());
  const picked = images.filter((image): image is FormImage & { file: File } => image.file !== undefined);
  // The keys name the picked files one to one, so they stand for the files in the effect's dependencies.
  const signature = picked.map((image) => image.key).join('|');
  useEffect(() => {
    const next = new Map(picked.map((image) => [image.key, URL.createObjectURL(image.file)]));
    setPreviews(next);
    return () => next.forEach((url) => URL.revokeObjectURL(url));
  }, [signature]);
  return previews;
}

function pickedFiles(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = Array.from(event.target.files ?? []);
  // Cleared so choosing the same file again (after removing it) still fires change.
  event.target.value = '';
  return files;
}

export interface PhotosFieldProps {
  legend: ReactNode;
  /** The file input's accessible name ("Add photos"). */
  addLabel: string;
  hint?: ReactNode;
  images: readonly FormImage[];
  max: number;
  error?: string;
  disabled?: boolean;
  onAdd(files: File[]): void;
  onRemove(key: string): void;
  onFocus?(): void;
}

/** Photos as square previews with a remove button each, and an add button while there is room. */
export function PhotosField({ legend, addLabel, hint, images, max, error, disabled, onAdd, onRemove, onFocus }: PhotosFieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const previews = usePreviews(images);
  const count = i18n.number(images.length);
  const limit = i18n.number(max);
  return (
    <fieldset className={cx('field', 'image-picker', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">{legend}</legend>
      <p className="field-hint">
        {hint ? <>{hint} </> : null}
        <Trans>
          {count} of {limit} added.
        </Trans>
      </p>
      {images.length > 0 ? (
        <ul className="image-picker-list">
          {images.map((image, index) => {
            const position = i18n.number(index + 1);
            return (
              <li key={image.key} className="image-picker-item">
                <img src={image.file ? previews.get(image.key) : image.url} alt={t`Photo ${position}`} />
                <button
                  type="button"
                  className="image-picker-remove"
                  aria-label={t`Remove photo ${position}`}
                  title={t`Remove`}
                  disabled={disabled}
                  onClick={() => onRemove(image.key)}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {images.length >= max ? null : (
        <label className={cx('button', 'button--secondary', 'file-button', disabled && 'is-disabled')}>
          <Icon name="camera" size={20} />
          <span aria-hidden="true">{addLabel}</span>
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            multiple
            disabled={disabled}
            aria-label={addLabel}
            onFocus={onFocus ? () => onFocus() : undefined}
            onChange={(event) => {
              const files = pickedFiles(event);
              if (files.length > 0) onAdd(files);
            }}
          />
        </label>
      )}
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

export interface CoverFieldProps {
  image: FormImage | null;
  /** A picked cover can be undone (back to the stored one, or none). */
  canRemove: boolean;
  error?: string;
  disabled?: boolean;
  onPick(file: File): void;
  onRemove(): void;
  onFocus?(): void;
}

/** The venue's cover picture: a wide preview and a button to choose (or replace) it. */
export function CoverField({ image, canRemove, error, disabled, onPick, onRemove, onFocus }: CoverFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const previews = usePreviews(image ? [image] : []);
  const src = image ? (image.file ? previews.get(image.key) : image.url) : undefined;
  const label = image ? t`Replace cover photo` : t`Choose cover photo`;
  return (
    <fieldset className={cx('field', 'owner-cover', error && 'field--invalid')} aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">
        <Trans>Cover photo</Trans>
      </legend>
      <div className="owner-cover-box">
        {src ? (
          <img src={src} alt={t`Cover photo`} />
        ) : (
          <span className="owner-muted">
            <Trans>No cover photo yet</Trans>
          </span>
        )}
      </div>
      <div className="form-row">
        <label className={cx('button', 'button--secondary', 'file-button', disabled && 'is-disabled')}>
          <Icon name="camera" size={20} />
          <span aria-hidden="true">{label}</span>
          <input
            className="visually-hidden"
            type="file"
            accept="image/*"
            disabled={disabled}
            aria-label={label}
            onFocus={onFocus ? () => onFocus() : undefined}
            onChange={(event) => {
              const [file] = pickedFiles(event);
              if (file) onPick(file);
            }}
          />
        </label>
        {canRemove ? (
          <button type="button" className="button button--link" disabled={disabled} onClick={onRemove}>
            <Trans>Undo cover change</Trans>
          </button>
        ) : null}
      </div>
      <FieldErrorText id={errorId} error={error} />
    </fieldset>
  );
}

export interface VisibleSwitchProps {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onChange(checked: boolean): void;
}

/** An on/off switch (role switch) with its label as its name. */
export function VisibleSwitch({ label, hint, checked, disabled, busy, onChange }: VisibleSwitchProps) {
  const id = useId();
  return (
    <div className="owner-switch-field">
      <button
        type="button"
        role="switch"
        className="owner-switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled || busy}
        onClick={() => onChange(!checked)}
      >
        <span className="owner-switch-thumb" aria-hidden="true" />
      </button>
      <span className="owner-switch-text">
        <span id={`${id}-label`} className="owner-switch-label">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="owner-muted">
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}

/** Upload progress 0–100 as a progress bar with its percentage. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const { i18n } = useLingui();
  const text = i18n.number(percent / 100, { style: 'percent' });
  return (
    <div className="owner-progress">
      <div
        className="owner-progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="owner-progress-fill" style={{ inlineSize: `${percent}%` }} />
      </div>
      <span className="owner-progress-text" aria-hidden="true">
        {label} {text}
      </span>
    </div>
  );
}

export interface FormSectionProps {
  title: ReactNode;
  children: ReactNode;
}

/** A titled group of the long listing forms. */
export function FormSection({ title, children }: FormSectionProps) {
  const id = useId();
  return (
    <section className="owner-form-section" aria-labelledby={id}>
      <h2 className="owner-form-heading" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface ListingFormFooterProps {
  submitLabel: string;
  busy: boolean;
  /** Upload progress 0–100 while the images are sent; null otherwise. */
  uploadPercent: number | null;
  serverError?: string;
}

/** The submit button, the upload progress while the body is sent, and the server's answer under the form. */
export function ListingFormFooter({ submitLabel, busy, uploadPercent, serverError }: ListingFormFooterProps) {
  const { t } = useLingui();
  return (
    <div className="owner-form-footer">
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
      {busy && uploadPercent !== null ? <UploadProgress percent={uploadPercent} label={t`Uploading`} /> : null}
      <FormError message={serverError} />
    </div>
  );
}
