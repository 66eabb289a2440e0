import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, type FormEvent, type ReactNode } from 'react';
import { COUNTRY_CODES } from '@/contract/countries';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { Button } from '../kit/button';
import { RadioGroupField, SelectField } from '../kit/choice-fields';
import { cx } from '../kit/class-names';
import { FormError } from '../kit/form-error';
import { StatusIcon } from '../kit/status-icon';
import { AppLink } from '../kit/link';
import { TextField } from '../kit/text-field';
import { KycExample, type KycExampleKind } from './kyc-examples';
import './kyc-messages';
import './kyc.css';

export type KycStepName = 'step1' | 'step2' | 'step3' | 'step4';
export type KycFieldName = 'document_type' | 'issuing_country' | 'document_number' | 'full_name' | 'birth_date';
export type KycPhotoName = 'front' | 'back' | 'selfie';

export const DOCUMENT_TYPE_LABELS: Record<IdDocumentType, MessageDescriptor> = {
  [IdDocumentType.Passport]: msg`Passport`,
  [IdDocumentType.IdCard]: msg`Identity card`,
  [IdDocumentType.DriverLicense]: msg`Driving licence`,
};

export const PHOTO_LABELS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Front of the document`,
  back: msg`Back of the document`,
  selfie: msg`Selfie`,
};

/** The photo buttons' names, whole sentences per photo so each language can inflect them (issue 30 item 13). */
const TAKE_LABELS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Take the front of the document`,
  back: msg`Take the back of the document`,
  selfie: msg`Take the selfie`,
};
const RETAKE_LABELS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Take the front of the document again`,
  back: msg`Take the back of the document again`,
  selfie: msg`Take the selfie again`,
};
/** The review's "Retake" per photo (issue 31 item 7): its step opens with the camera, then the review again. */
const REVIEW_RETAKE_LABELS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Retake the front of the document`,
  back: msg`Retake the back of the document`,
  selfie: msg`Retake the selfie`,
};
const REMOVE_LABELS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Remove the front of the document`,
  back: msg`Remove the back of the document`,
  selfie: msg`Remove the selfie`,
};

export const PHOTO_HINTS: Record<KycPhotoName, MessageDescriptor> = {
  front: msg`Lay the document flat in good light, fill the frame, and avoid glare.`,
  back: msg`Turn the document over and take the back the same way.`,
  selfie: msg`Look straight at the camera, with your face uncovered and well lit.`,
};

const STEP_LABELS: Record<KycStepName, MessageDescriptor> = {
  step1: msg`Document`,
  step2: msg`Photos`,
  step3: msg`Selfie`,
  step4: msg`Review`,
};

/** The four steps, the current one marked (aria-current="step"). */
export function KycProgress({ step }: { step: KycStepName }) {
  const { i18n, t } = useLingui();
  const steps = Object.keys(STEP_LABELS) as KycStepName[];
  const current = steps.indexOf(step);
  return (
    <ol className="kyc-progress" aria-label={t`Verification steps`}>
      {steps.map((name, index) => (
        <li key={name} className={cx(index < current && 'is-done')} aria-current={index === current ? 'step' : undefined}>
          {i18n._(STEP_LABELS[name])}
        </li>
      ))}
    </ol>
  );
}

export interface DocumentStepProps {
  values: Record<KycFieldName, string>;
  errors: Partial<Record<KycFieldName, string>>;
  onChange(field: KycFieldName, value: string): void;
  onFocus(field: KycFieldName): void;
  onNext(): void;
}

/** Step 1: the document and the person it names. */
export function DocumentStep({ values, errors, onChange, onFocus, onNext }: DocumentStepProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, i18n.locale));
  }, [i18n.locale]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onNext();
  };
  return (
    <form className="kyc-step" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <div className="kyc-card">
        <h2 className="kyc-step-title" id={titleId}>
          <Trans>Your document</Trans>
        </h2>
        <RadioGroupField
          legend={t`Document type`}
          name="document_type"
          value={values.document_type}
          error={errors.document_type}
          options={Object.values(IdDocumentType).map((type) => ({ value: String(type), label: i18n._(DOCUMENT_TYPE_LABELS[type]) }))}
          onChange={(value) => onChange('document_type', value)}
          onFocus={() => onFocus('document_type')}
        />
        <SelectField
          label={t`Issuing country`}
          name="issuing_country"
          value={values.issuing_country.toUpperCase()}
          placeholder={t`Choose a country`}
          error={errors.issuing_country}
          options={countries}
          required
          onChange={(value) => onChange('issuing_country', value)}
          onFocus={() => onFocus('issuing_country')}
        />
        <TextField
          label={t`Document number`}
          name="document_number"
          value={values.document_number}
          error={errors.document_number}
          maxLength={40}
          dir="ltr"
          autoComplete="off"
          required
          onChange={(value) => onChange('document_number', value)}
          onFocus={() => onFocus('document_number')}
        />
        <TextField
          label={t`Full name, as printed on the document`}
          name="full_name"
          value={values.full_name}
          error={errors.full_name}
          maxLength={100}
          autoComplete="name"
          required
          onChange={(value) => onChange('full_name', value)}
          onFocus={() => onFocus('full_name')}
        />
        <TextField
          label={t`Date of birth`}
          name="birth_date"
          type="date"
          value={values.birth_date}
          error={errors.birth_date}
          required
          onChange={(value) => onChange('birth_date', value)}
          onFocus={() => onFocus('birth_date')}
        />
      </div>
      <div className="kyc-actions kyc-actions--bar">
        <Button type="submit" className="kyc-primary">
          <Trans>Next</Trans>
        </Button>
      </div>
    </form>
  );
}

export interface PhotoSlot {
  part: KycPhotoName;
  photo: Blob | null;
  error?: string;
}

/** An object URL for the photo taken (null without one), revoked when the photo changes or the view goes. */
function usePhotoUrl(photo: PhotoSlot['photo']): string | null {
  const url = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/** One photo of the application: its preview, or an empty frame, and the button that opens the camera. */
function PhotoSlotView({ slot, onTake, onRemove }: { slot: PhotoSlot; onTake(): void; onRemove(): void }) {
  const { i18n } = useLingui();
  const url = usePhotoUrl(slot.photo);
  const label = i18n._(PHOTO_LABELS[slot.part]);
  return (
    <div className="kyc-photo">
      {url ? <img src={url} alt={label} /> : <span className="kyc-photo-empty" aria-hidden="true" />}
      <div className="kyc-photo-text">
        <p className="record-title">{label}</p>
        {slot.error ? (
          <p className="field-error" role="alert">
            {slot.error}
          </p>
        ) : null}
        <div className="kyc-actions">
          <Button variant="secondary" onClick={onTake} aria-label={i18n._(slot.photo ? RETAKE_LABELS[slot.part] : TAKE_LABELS[slot.part])}>
            {slot.photo ? <Trans>Take again</Trans> : <Trans>Take a photo</Trans>}
          </Button>
          {slot.photo ? (
            <Button variant="link" onClick={onRemove} aria-label={i18n._(REMOVE_LABELS[slot.part])}>
              <Trans>Remove</Trans>
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export interface PhotoStepProps {
  title: ReactNode;
  intro: ReactNode;
  /** The example of a good photo shown above the photos. */
  example: KycExampleKind;
  /** The main button's text when it is not "Next" (retaking a photo from the review: "Back to the review"). */
  nextLabel?: ReactNode;
  slots: readonly PhotoSlot[];
  onTake(part: KycPhotoName): void;
  onRemove(part: KycPhotoName): void;
  onNext(): void;
  onBack(): void;
}

/** Steps 2 and 3: the document's photos, then the selfie. */
export function PhotoStep({ title, intro, example, nextLabel, slots, onTake, onRemove, onNext, onBack }: PhotoStepProps) {
  const titleId = useId();
  return (
    <section className="kyc-step" aria-labelledby={titleId}>
      <div className="kyc-card">
        <h2 className="kyc-step-title" id={titleId}>
          {title}
        </h2>
        <p className="kyc-step-lead">{intro}</p>
        <KycExample kind={example} />
        {slots.map((slot) => (
          <PhotoSlotView key={slot.part} slot={slot} onTake={() => onTake(slot.part)} onRemove={() => onRemove(slot.part)} />
        ))}
      </div>
      <div className="kyc-actions kyc-actions--bar">
        <Button variant="secondary" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button className="kyc-primary" onClick={onNext}>
          {nextLabel ?? <Trans>Next</Trans>}
        </Button>
      </div>
    </section>
  );
}

/** A photo on the review: its thumbnail from the photo taken, its name, and "Retake". */
function ReviewPhoto({ slot, onRetake }: { slot: PhotoSlot; onRetake(): void }) {
  const { i18n } = useLingui();
  const url = usePhotoUrl(slot.photo);
  const label = i18n._(PHOTO_LABELS[slot.part]);
  return (
    <li className={cx('kyc-review-photo', slot.part === 'selfie' && 'is-portrait')}>
      {url ? <img src={url} alt={label} /> : <span className="kyc-photo-empty" aria-hidden="true" />}
      <div className="kyc-review-photo-text">
        <span className="kyc-review-photo-name">{label}</span>
        <Button variant="secondary" className="kyc-review-retake" onClick={onRetake} aria-label={i18n._(REVIEW_RETAKE_LABELS[slot.part])}>
          <Trans>Retake</Trans>
        </Button>
      </div>
    </li>
  );
}

export interface ReviewStepProps {
  values: Record<KycFieldName, string>;
  photos: readonly PhotoSlot[];
  serverError?: string;
  busy: boolean;
  onEdit(step: KycStepName): void;
  onRetake(part: KycPhotoName): void;
  onSubmit(): void;
  onBack(): void;
}

/** Step 4 before sending: what will be sent, with a way back to each part. */
export function ReviewStep({ values, photos, serverError, busy, onEdit, onRetake, onSubmit, onBack }: ReviewStepProps) {
  const { i18n, t } = useLingui();
  const titleId = useId();
  const type = Number(values.document_type) as IdDocumentType;
  const country = new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(values.issuing_country.toUpperCase()) ?? values.issuing_country;
  const birth = values.birth_date ? i18n.date(`${values.birth_date}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }) : '';
  return (
    <section className="kyc-step" aria-labelledby={titleId}>
      <div className="kyc-card">
        <h2 className="kyc-step-title" id={titleId}>
          <Trans>Check and send</Trans>
        </h2>
        <p className="kyc-step-lead">
          <Trans>Make sure everything is right and every photo is sharp. You cannot change them once they are sent.</Trans>
        </p>
        <dl className="kyc-summary">
          <dt>
            <Trans>Document type</Trans>
          </dt>
          <dd>{DOCUMENT_TYPE_LABELS[type] ? i18n._(DOCUMENT_TYPE_LABELS[type]) : ''}</dd>
          <dt>
            <Trans>Issuing country</Trans>
          </dt>
          <dd>{country}</dd>
          <dt>
            <Trans>Document number</Trans>
          </dt>
          <dd>
            <bdi dir="ltr">{values.document_number}</bdi>
          </dd>
          <dt>
            <Trans>Full name</Trans>
          </dt>
          <dd>
            <bdi>{values.full_name}</bdi>
          </dd>
          <dt>
            <Trans>Date of birth</Trans>
          </dt>
          <dd>{birth}</dd>
        </dl>
        <Button variant="link" className="kyc-edit-link" onClick={() => onEdit('step1')}>
          <Trans>Change the document details</Trans>
        </Button>
        <ul className="kyc-review-photos" aria-label={t`Photos`}>
          {photos.map((slot) => (
            <ReviewPhoto key={slot.part} slot={slot} onRetake={() => onRetake(slot.part)} />
          ))}
        </ul>
        <p className="wallet-note">
          <Trans>Your documents are stored encrypted and are seen only by you and the Venuely team that checks them.</Trans>
        </p>
        <FormError message={serverError} />
      </div>
      <div className="kyc-actions kyc-actions--bar">
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          <Trans>Back</Trans>
        </Button>
        <Button className="kyc-primary" onClick={onSubmit} busy={busy}>
          <Trans>Send for verification</Trans>
        </Button>
      </div>
    </section>
  );
}

export interface KycStatusPanelProps {
  status: KycStatus;
  rejectReason: string | null;
  submittedAt: string | null;
  homeHref: string;
  publishHref: string;
  onRetry(): void;
}

/**
 * Step 4 once sent: under review, approved, or rejected with its reason and a retry. Under review it changes by
 * itself when the answer comes (issue 31 item 8: the app reads the status; no "Check again"), and a live region
 * tells a screen reader.
 */
export function KycStatusPanel({ status, rejectReason, submittedAt, homeHref, publishHref, onRetry }: KycStatusPanelProps) {
  const { i18n } = useLingui();
  const titleId = useId();
  const sent = submittedAt ? i18n.date(submittedAt, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  return (
    <section className="kyc-card owner-state" aria-labelledby={titleId} aria-live="polite">
      <StatusIcon kind={status === KycStatus.Approved ? 'success' : status === KycStatus.Rejected ? 'error' : 'info'} />
      <h2 className="owner-state-title" id={titleId}>
        {status === KycStatus.Approved ? (
          <Trans>Your identity is verified</Trans>
        ) : status === KycStatus.Rejected ? (
          <Trans>Your verification was not accepted</Trans>
        ) : (
          <Trans>Your identity is being verified</Trans>
        )}
      </h2>
      {status === KycStatus.Applying ? (
        <>
          <p>{sent ? <Trans>Sent on {sent}. We usually answer within a day; you will see the result here.</Trans> : null}</p>
          <p className="kyc-status-live">
            <span className="kyc-status-pulse" aria-hidden="true" />
            <Trans>This page updates by itself, and we will also send you a message with the result.</Trans>
          </p>
        </>
      ) : null}
      {status === KycStatus.Approved ? (
        <>
          <p>
            <Trans>You can now publish listings and withdraw what your profiles earn.</Trans>
          </p>
          <AppLink className="button button--primary" href={publishHref}>
            <Trans>Publish a listing</Trans>
          </AppLink>
        </>
      ) : null}
      {status === KycStatus.Rejected ? (
        <>
          {rejectReason ? (
            <p>
              <Trans>Reason: {rejectReason}</Trans>
            </p>
          ) : null}
          <Button onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        </>
      ) : null}
      <AppLink className="text-link" href={homeHref}>
        <Trans>Back to my account</Trans>
      </AppLink>
    </section>
  );
}
