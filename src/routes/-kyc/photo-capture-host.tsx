import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromCallback } from 'xstate';
import {
  MAX_FORCED_RETAKES,
  providePhotoCapture,
  type CameraEvent,
  type CameraFacing,
  type CameraInput,
} from '@/machines/kyc/photo-capture.machine';
import { checkPhoto } from '@/services/photo-quality';
import { PhotoCaptureDialog, type CapturePhase } from '@/ui/kyc/photo-capture-dialog';
import { useAppSystem } from '../-app/app-context';

/** JPEG quality of a photo taken from the camera: readable text, a few hundred KB at 1920×1080. */
const JPEG_QUALITY = 0.9;

export interface PhotoCaptureHostProps {
  facing: CameraFacing;
  title: string;
  hint: string;
  onPhoto(photo: Blob): void;
  onClose(): void;
}

/**
 * The photo capture dialog bound to its machine: the browser's camera (getUserMedia, stopped whenever the machine
 * leaves the live view), the frame drawn from the video, and the quality check on a small copy of the photo.
 */
export function PhotoCaptureHost({ facing, title, hint, onPhoto, onClose }: PhotoCaptureHostProps) {
  const { dialogStack, inspect } = useAppSystem();
  const video = useRef<HTMLVideoElement | null>(null);
  const camera = useMemo(
    () =>
      fromCallback<CameraEvent, CameraInput>(({ input, sendBack }) => {
        let stream: MediaStream | null = null;
        let stopped = false;
        let firstFrame: (() => void) | null = null;
        const media = globalThis.navigator?.mediaDevices;
        if (!media?.getUserMedia) {
          sendBack({ type: 'camera.unavailable' });
          return undefined;
        }
        media
          .getUserMedia({ video: { facingMode: input.facing, width: { ideal: input.width }, height: { ideal: input.height } }, audio: false })
          .then((granted) => {
            stream = granted;
            if (stopped) {
              granted.getTracks().forEach((track) => track.stop());
              return;
            }
            const element = video.current;
            if (!element) {
              sendBack({ type: 'camera.ready' });
              return;
            }
            element.srcObject = granted;
            // Live once the view has its first frame: the shutter appears then, so a photo taken at once is a photo
            // (before it, the frame is empty and a tap on the shutter would do nothing).
            if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
              sendBack({ type: 'camera.ready' });
              return;
            }
            firstFrame = () => {
              if (!stopped) sendBack({ type: 'camera.ready' });
            };
            element.addEventListener('loadeddata', firstFrame, { once: true });
          })
          .catch(() => sendBack({ type: 'camera.unavailable' }));
        return () => {
          stopped = true;
          if (firstFrame) video.current?.removeEventListener('loadeddata', firstFrame);
          stream?.getTracks().forEach((track) => track.stop());
        };
      }),
    [],
  );
  const actor = useActorRef(providePhotoCapture({ camera, checkQuality: checkPhoto }), { input: { facing }, systemId: 'photoCapture', inspect });
  const phase = useSelector(actor, (s): CapturePhase => {
    if (s.matches({ camera: 'starting' })) return 'starting';
    if (s.matches({ camera: 'live' })) return 'live';
    if (s.matches('upload')) return 'upload';
    if (s.matches('checking')) return 'checking';
    if (s.matches('poor')) return 'poor';
    return 'review';
  });
  const mirrored = useSelector(actor, (s) => s.context.mirrored);
  const photo = useSelector(actor, (s) => s.context.photo);
  const problems = useSelector(actor, (s) => s.context.problems);
  const forcedRetakes = useSelector(actor, (s) => s.context.forcedRetakes);
  const previewUrl = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const latest = useRef({ onPhoto, onClose });
  latest.current = { onPhoto, onClose };
  useEffect(() => {
    const accepted = actor.on('photo.accepted', (event) => latest.current.onPhoto(event.photo));
    const cancelled = actor.on('capture.cancelled', () => latest.current.onClose());
    return () => {
      accepted.unsubscribe();
      cancelled.unsubscribe();
    };
  }, [actor]);
  useEffect(() => {
    dialogStack.send({ type: 'trackedDialog.set', dialog: 'photo', open: true });
    return () => dialogStack.send({ type: 'trackedDialog.set', dialog: 'photo', open: false });
  }, [dialogStack]);

  // The live view's frame at the camera's own resolution, as a JPEG (never mirrored: the document reads right).
  const capture = () => {
    const element = video.current;
    if (!element || element.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = element.videoWidth;
    canvas.height = element.videoHeight;
    canvas.getContext('2d')?.drawImage(element, 0, 0);
    canvas.toBlob((blob) => {
      if (blob) actor.send({ type: 'photo.taken', photo: blob });
    }, 'image/jpeg', JPEG_QUALITY);
  };

  return (
    <PhotoCaptureDialog
      open
      title={title}
      hint={hint}
      phase={phase}
      mirrored={mirrored}
      videoRef={video}
      previewUrl={previewUrl}
      problems={problems}
      canUsePoor={forcedRetakes >= MAX_FORCED_RETAKES}
      onCapture={capture}
      onMirror={() => actor.send({ type: 'mirror.toggle' })}
      onChoose={(file) => actor.send({ type: 'photo.chosen', photo: file })}
      onAccept={() => actor.send({ type: 'photo.accept' })}
      onRetake={() => actor.send({ type: 'photo.retake' })}
      onClose={() => actor.send({ type: 'capture.cancel' })}
    />
  );
}
