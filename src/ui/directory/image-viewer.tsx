import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { IMAGE_SWIPE_MS, IMAGE_ZOOM_MIN } from '@/contract/constants';
import { cx } from '../kit/class-names';
import { FallbackImage } from '../kit/fallback-image';
import type { ImageErrorCode } from '../kit/fallback-image-state';
import { IconButton } from '../kit/icon-button';
import { Icon } from '../kit/icons';
import { useModalDialog } from '../kit/use-modal-dialog';
import './image-viewer.css';

export interface ImageViewerImage {
  src: string;
  alt: string;
}

/**
 * What the stage reports, in the shape of the image viewer machine's events (the host forwards them as they
 * are): one pointer (finger or mouse) as down / move / up / cancel, two fingers or a trackpad pinch as `pinch`
 * with the change of scale since the previous report. Times are event timestamps, positions client pixels.
 */
export type ImageViewerGesture =
  | { type: 'pointer.down'; x: number; y: number; time: number; width: number; height: number }
  | { type: 'pointer.move'; x: number; y: number }
  | { type: 'pointer.up'; x: number; y: number; time: number }
  | { type: 'pointer.cancel' }
  | { type: 'pinch'; scale: number };

export interface ImageViewerProps {
  open: boolean;
  /** The image shown; null while there is none (the fallback picture shows, as for an empty link). */
  image: ImageViewerImage | null;
  /** Position (0-based) and number of the images. */
  index: number;
  count: number;
  zoom: number;
  /** Where the image has been dragged or panned to, px. */
  offsetX: number;
  offsetY: number;
  /** The drag in progress: the image follows the finger without easing; a drag down fades the black backdrop. */
  drag: 'close' | 'swipe' | 'pan' | null;
  /** The image slid in after a step forward ('next') or back ('prev'), for as long as the slide lasts. */
  slide: 'next' | 'prev' | null;
  /** A tap hid the controls, so the photo is seen alone (they come back on focus or another tap). */
  controlsHidden: boolean;
  /** A long press opened the photo's actions. */
  menuOpen: boolean;
  /** Sources of the neighbouring images, fetched ahead so a step shows them at once. */
  preload?: readonly string[];
  /** The back button, Escape when the browser handles it (e.g. Android back), or the dialog closing. */
  onClose(): void;
  onNext(): void;
  onPrev(): void;
  onZoomToggle(): void;
  onMenuClose(): void;
  /** A key the viewer uses (arrows, Escape, + and -); the host decides what it means (direction, open menu). */
  onKey(key: string): void;
  onGesture(gesture: ImageViewerGesture): void;
  onImageError?(code: ImageErrorCode): void;
}

/** Keys reported to the host instead of doing their default. */
const VIEWER_KEYS: ReadonlySet<string> = new Set(['ArrowLeft', 'ArrowRight', 'Escape', '+', '=', '-']);

/** How far a drag down fades the backdrop: fully at this many px, down to the lowest opacity. */
const FADE_DISTANCE_PX = 400;
const FADE_MIN_OPACITY = 0.4;

function ZoomIcon({ zoomedIn }: { zoomedIn: boolean }) {
  return (
    <svg
      className="icon"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5L20 20M8 10.5h5" />
      {zoomedIn ? null : <path d="M10.5 8v5" />}
    </svg>
  );
}

/**
 * The fullscreen image viewer (spec section 2, overlay 5): a native modal dialog on black, so focus stays inside
 * and the page behind is inert; a back button, the counter ("3 / 12", announced politely as "Photo 3 of 12"),
 * previous/next buttons, a zoom button, and the image, which follows pinch, pan and drag. Everything it decides
 * (what a key, a tap or a drag means) is the host's: the stage only reports pointers and keys.
 *
 * Pointer events cover touch, pen and mouse alike, so a mouse drag down closes it as a finger does. The page does
 * not scroll behind it (`html:has(...)` in the stylesheet). Motion (slide, spring back) is dropped under
 * prefers-reduced-motion.
 */
export function ImageViewer(props: ImageViewerProps) {
  const { open, image, index, count, zoom, offsetX, offsetY, drag, slide, controlsHidden, menuOpen, preload = [] } = props;
  const { onClose, onNext, onPrev, onZoomToggle, onMenuClose, onKey, onGesture, onImageError } = props;
  const { t, i18n } = useLingui();
  const dialog = useModalDialog(open, onClose);
  const stageRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinchDistance = useRef<number | null>(null);
  const [touching, setTouching] = useState(false);
  const latestGesture = useRef(onGesture);
  useEffect(() => {
    latestGesture.current = onGesture;
  });

  // A trackpad pinch arrives as a wheel event with ctrlKey; its default (page zoom) must be prevented, which a
  // passive React wheel listener cannot do.
  useEffect(() => {
    const stage = stageRef.current;
    if (!open || !stage) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      latestGesture.current({ type: 'pinch', scale: Math.exp(-event.deltaY / 100) });
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [open]);

  useEffect(() => {
    if (!open) {
      pointers.current.clear();
      pinchDistance.current = null;
      setTouching(false);
    }
  }, [open]);

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [menuOpen]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    setTouching(true);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; its up or cancel follows.
    }
    if (pointers.current.size === 1) {
      const box = event.currentTarget.getBoundingClientRect();
      onGesture({
        type: 'pointer.down',
        x: event.clientX,
        y: event.clientY,
        time: event.timeStamp,
        width: box.width,
        height: box.height,
      });
    } else if (pointers.current.size === 2) {
      // A second finger turns the gesture into a pinch.
      onGesture({ type: 'pointer.cancel' });
      pinchDistance.current = distance();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size >= 2) {
      const now = distance();
      const before = pinchDistance.current;
      if (before && now > 0) onGesture({ type: 'pinch', scale: now / before });
      pinchDistance.current = now;
      return;
    }
    onGesture({ type: 'pointer.move', x: event.clientX, y: event.clientY });
  };

  const endPointer = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.has(event.pointerId)) return;
    const single = pointers.current.size === 1;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinchDistance.current = null;
    if (pointers.current.size === 0) setTouching(false);
    if (!single) return;
    onGesture(
      cancelled
        ? { type: 'pointer.cancel' }
        : { type: 'pointer.up', x: event.clientX, y: event.clientY, time: event.timeStamp },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || !VIEWER_KEYS.has(event.key)) return;
    // Escape too: prevented here, the browser does not also cancel the dialog, so one press is one event.
    event.preventDefault();
    onKey(event.key);
  };

  const position = i18n.number(index + 1);
  const total = i18n.number(count);
  const zoomed = zoom > IMAGE_ZOOM_MIN;
  const several = count > 1;
  const fade = drag === 'close' ? Math.max(FADE_MIN_OPACITY, 1 - Math.max(0, offsetY) / FADE_DISTANCE_PX) : 1;
  const style = {
    '--image-viewer-swipe': `${IMAGE_SWIPE_MS}ms`,
    '--image-viewer-shade': String(fade),
  } as CSSProperties;

  return (
    <dialog
      ref={dialog.ref}
      className={cx('image-viewer', controlsHidden && 'is-chrome-hidden')}
      aria-label={t`Photo viewer`}
      style={style}
      onCancel={dialog.onCancel}
      onClose={dialog.onClose}
      onKeyDown={onKeyDown}
    >
      {open ? (
        <>
          <div
            ref={stageRef}
            className="image-viewer-stage"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={(event) => endPointer(event, false)}
            onPointerCancel={(event) => endPointer(event, true)}
            onContextMenu={(event) => event.preventDefault()}
          >
            <div
              key={index}
              className={cx(
                'image-viewer-frame',
                (drag !== null || touching) && 'is-following',
                slide === 'next' && 'is-slide-next',
                slide === 'prev' && 'is-slide-prev',
              )}
              style={{ transform: `translate3d(${offsetX}px, ${offsetY}px, 0) scale(${zoom})` }}
            >
              <FallbackImage
                src={image?.src}
                alt={image?.alt ?? ''}
                fit="contain"
                loading="eager"
                className="image-viewer-image"
                onError={onImageError}
              />
            </div>
            {preload.map((src) => (
              <img key={src} className="image-viewer-preload" src={src} alt="" aria-hidden="true" decoding="async" />
            ))}
          </div>

          <div className="image-viewer-bar">
            <IconButton icon="back" label={t`Close photo viewer`} onClick={onClose} className="image-viewer-button" />
            <p className="image-viewer-counter">
              <span aria-hidden="true">{t`${position} / ${total}`}</span>
              <span className="visually-hidden" aria-live="polite" aria-atomic="true">
                {t`Photo ${position} of ${total}`}
              </span>
            </p>
            <button
              type="button"
              className="icon-button image-viewer-button"
              aria-label={zoomed ? t`Zoom out` : t`Zoom in`}
              title={zoomed ? t`Zoom out` : t`Zoom in`}
              onClick={onZoomToggle}
            >
              <ZoomIcon zoomedIn={zoomed} />
            </button>
          </div>

          {several ? (
            <>
              <button
                type="button"
                className="icon-button image-viewer-button image-viewer-step image-viewer-step--prev"
                aria-label={t`Previous photo`}
                title={t`Previous photo`}
                onClick={onPrev}
              >
                <Icon name="back" />
              </button>
              <button
                type="button"
                className="icon-button image-viewer-button image-viewer-step image-viewer-step--next"
                aria-label={t`Next photo`}
                title={t`Next photo`}
                onClick={onNext}
              >
                <Icon name="chevronEnd" />
              </button>
            </>
          ) : null}

          {menuOpen ? (
            <div className="image-viewer-menu-backdrop" onClick={onMenuClose}>
              <div
                ref={menuRef}
                className="image-viewer-menu"
                role="group"
                aria-label={t`Photo actions`}
                onClick={(event) => event.stopPropagation()}
              >
                {image?.src ? (
                  <a className="button button--primary" href={image.src} target="_blank" rel="noopener noreferrer" onClick={onMenuClose}>
                    <Trans>Open the original photo</Trans>
                  </a>
                ) : null}
                <button type="button" className="button button--secondary" onClick={onMenuClose}>
                  <Trans>Cancel</Trans>
                </button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </dialog>
  );
}
