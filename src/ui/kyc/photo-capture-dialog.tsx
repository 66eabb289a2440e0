import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, type Ref } from 'react';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { IconButton } from '../kit/icon-button';
import { useModalDialog } from '../kit/use-modal-dialog';
import './kyc.css';

export type CapturePhase = 'starting' | 'live' | 'upload' | 'checking' | 'poor' | 'review';
export type CaptureProblem = 'blurry' | 'dark';

export interface PhotoCaptureDialogProps {
  open: boolean;
  /** What to photograph, already translated ("Front of the document", "Selfie"). */
  title: string;
  /** How to take it well, already translated. */
  hint: string;
  phase: CapturePhase;
  mirrored: boolean;
  /** The live camera view; the host attaches the stream. */
  videoRef: Ref<HTMLVideoElement>;
  /** The photo being checked or reviewed, as an object URL. */
  previewUrl: string | null;
  problems: readonly CaptureProblem[];
  /** A poor photo may still be used (the forced retakes are spent). */
  canUsePoor: boolean;
  onCapture(): void;
  onMirror(): void;
  onChoose(file: File): void;
  onAccept(): void;
  onRetake(): void;
  onClose(): void;
}

/**
 * The photo capture dialog (spec section 2 overlay 4): a black screen with the live camera view, a capture button
 * and a mirror flip; without a camera, a file picker. A photo that is too dark or blurred is refused with what to do
 * (at most twice; then it may be used anyway).
 */
export function PhotoCaptureDialog(props: PhotoCaptureDialogProps) {
  const { open, title, hint, phase, mirrored, videoRef, previewUrl, problems, canUsePoor, onClose } = props;
  const { t } = useLingui();
  const titleId = useId();
  const dialog = useModalDialog(open, onClose);
  const fileRef = useRef<HTMLInputElement>(null);
  const problemText = problems.includes('dark')
    ? t`The photo is too dark. Find more light and try again.`
    : problems.includes('blurry')
      ? t`The photo is blurred. Hold still, let the camera focus, and try again.`
      : null;

  return (
    <dialog ref={dialog.ref} className="modal modal--sheet capture-dialog" aria-labelledby={titleId} onCancel={dialog.onCancel} onClose={dialog.onClose}>
      {open ? (
        <div className="capture-surface">
          <div className="capture-header">
            <h2 className="capture-title" id={titleId}>
              {title}
            </h2>
            <IconButton icon="close" label={t`Close`} onClick={onClose} />
          </div>
          <div className="capture-view">
            {phase === 'starting' || phase === 'live' ? (
              <video ref={videoRef} className={cx('capture-video', mirrored && 'is-mirrored')} autoPlay playsInline muted aria-label={t`Camera view`} />
            ) : previewUrl ? (
              <img className="capture-preview" src={previewUrl} alt={t`The photo you took`} />
            ) : (
              <p className="capture-note">
                <Trans>No camera is available. Choose a photo from your device instead.</Trans>
              </p>
            )}
            {phase === 'starting' ? (
              <p className="capture-note" role="status">
                <Trans>Starting the camera…</Trans>
              </p>
            ) : null}
            {phase === 'checking' ? (
              <p className="capture-note" role="status">
                <Trans>Checking the photo…</Trans>
              </p>
            ) : null}
          </div>
          <p className="capture-hint">{hint}</p>
          {problemText && (phase === 'poor' || phase === 'review') ? (
            <p className="capture-problem" role="alert">
              {problemText}
            </p>
          ) : null}
          <div className="capture-actions">
            {phase === 'live' ? (
              <>
                <IconButton icon="retry" label={t`Mirror the view`} onClick={props.onMirror} />
                <button type="button" className="capture-shutter" onClick={props.onCapture} aria-label={t`Take the photo`} />
              </>
            ) : null}
            {phase === 'upload' ? (
              <>
                <input
                  ref={fileRef}
                  className="visually-hidden"
                  type="file"
                  accept="image/*"
                  capture="environment"
                  aria-label={t`Choose a photo`}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) props.onChoose(file);
                    event.target.value = '';
                  }}
                />
                <Button onClick={() => fileRef.current?.click()}>
                  <Trans>Choose a photo</Trans>
                </Button>
              </>
            ) : null}
            {phase === 'poor' ? (
              <Button onClick={props.onRetake}>
                <Trans>Take it again</Trans>
              </Button>
            ) : null}
            {phase === 'review' ? (
              <>
                <Button variant="secondary" onClick={props.onRetake}>
                  <Trans>Take it again</Trans>
                </Button>
                <Button onClick={props.onAccept}>{problems.length > 0 && canUsePoor ? <Trans>Use it anyway</Trans> : <Trans>Use this photo</Trans>}</Button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
