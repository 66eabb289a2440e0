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
 * are): one pointer (finger or mouse) as down / move / up / cancel; two fingers, a trackpad pinch or ctrl + wheel
 * as `pinch` with the change of scale since the previous report and the point it happens around (the fingers'
 * midpoint, now and at the previous report, or the cursor); the wheel without ctrl as `pan.by`; the stage's size
 * and the picture's own size when they are known. Times are event timestamps; positions are px from the stage's
 * top-left, and width/height the stage's size.
 */
export type ImageViewerGesture =
  | { type: 'pointer.down'; x: number; y: number; time: number; width: number; height: number }
  | { type: 'pointer.move'; x: number; y: number }
  | { type: 'pointer.up'; x: number; y: number; time: number }
  | { type: 'pointer.cancel' }
  | { type: 'pinch'; scale: number; x: number; y: number; fromX?: number; fromY?: number; width: number; height: number }
  | { type: 'pan.by'; dx: number; dy: number; width: number; height: number }
  | { type: 'stage.resize'; width: number; height: number }
  | { type: 'image.load'; index: number; width: number; height: number };

export interface ImageViewerProps {
  open: boolean;
  /** The image shown; null while there is none (the fallback picture shows, as for an empty link). */
  image: ImageViewerImage | null;
  /** Position (0-based) and number of the images. */
  index: number;
  count: number;
  zoom: number;
  /**
   * The picture's size at zoom 1, px (shown whole, as large as the stage allows), once its own size is known; until
   * then it fills the stage.
   */
  picture?: { width: number; height: number } | null;
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

/** A wheel's lines and pages in px (deltaMode 1 and 2), as browsers scroll them. */
const WHEEL_LINE_PX = 16;

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
 * Pointer events cover touch, pen and mouse alike, so a mouse drag down closes it as a finger does, and a double
 * click zooms as a double tap does. The page does not scroll behind it (the kit's stylesheet locks it under any
 * modal dialog). Motion (slide, spring back) is dropped under prefers-reduced-motion.
 */
export function ImageViewer(props: ImageViewerProps) {
  const { open, image, index, count, zoom, picture, offsetX, offsetY, drag, slide, controlsHidden, menuOpen, preload = [] } = props;
  const { onClose, onNext, onPrev, onZoomToggle, onMenuClose, onKey, onGesture, onImageError } = props;
  const { t, i18n } = useLingui();
  const dialog = useModalDialog(open, onClose);
  const stageRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinchDistance = useRef<number | null>(null);
  const pinchCentre = useRef<{ x: number; y: number } | null>(null);
  const [touching, setTouching] = useState(false);
  const latestGesture = useRef(onGesture);
  useEffect(() => {
    latestGesture.current = onGesture;
  });

  // A trackpad pinch arrives as a wheel event with ctrlKey, as does ctrl + the mouse wheel: a zoom around the
  // cursor. Its default (page zoom) must be prevented, which a passive React wheel listener cannot do. The wheel
  // alone pans a zoomed picture, as PhotoSwipe's does (a trackpad's two-finger scroll is a wheel too).
  useEffect(() => {
    const stage = stageRef.current;
    if (!open || !stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = stage.getBoundingClientRect();
      const unit = event.deltaMode === 1 ? WHEEL_LINE_PX : event.deltaMode === 2 ? box.height : 1;
      const size = { width: box.width, height: box.height };
      if (event.ctrlKey || event.metaKey) {
        const at = { x: event.clientX - box.left, y: event.clientY - box.top };
        latestGesture.current({ type: 'pinch', scale: Math.exp((-event.deltaY * unit) / 100), ...at, ...size });
      } else {
        latestGesture.current({ type: 'pan.by', dx: -event.deltaX * unit, dy: -event.deltaY * unit, ...size });
      }
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    // The stage's size bounds the pan: known from the start, and again after a rotation or a resized window.
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) latestGesture.current({ type: 'stage.resize', width, height });
    });
    observer.observe(stage);
    return () => {
      stage.removeEventListener('wheel', onWheel);
      observer.disconnect();
    };
  }, [open]);

  useEffect(() => {
    if (!open) {
      pointers.current.clear();
      pinchDistance.current = null;
      pinchCentre.current = null;
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
  const centre = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  };
  /** The pointer's position on the stage, px from its top-left (the machine's coordinates). */
  const onStage = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top, width: box.width, height: box.height };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const at = onStage(event);
    pointers.current.set(event.pointerId, { x: at.x, y: at.y });
    setTouching(true);
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; its up or cancel follows.
    }
    if (pointers.current.size === 1) {
      onGesture({ type: 'pointer.down', x: at.x, y: at.y, time: event.timeStamp, width: at.width, height: at.height });
    } else if (pointers.current.size === 2) {
      // A second finger turns the gesture into a pinch.
      onGesture({ type: 'pointer.cancel' });
      pinchDistance.current = distance();
      pinchCentre.current = centre();
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const at = onStage(event);
    pointers.current.set(event.pointerId, { x: at.x, y: at.y });
    if (pointers.current.size >= 2) {
      // The picture scales around the fingers' midpoint and follows it as it moves.
      const now = distance();
      const mid = centre();
      const before = pinchDistance.current;
      const from = pinchCentre.current;
      if (before && now > 0 && mid) {
        onGesture({
          type: 'pinch',
          scale: now / before,
          x: mid.x,
          y: mid.y,
          fromX: from?.x ?? mid.x,
          fromY: from?.y ?? mid.y,
          width: at.width,
          height: at.height,
        });
      }
      pinchDistance.current = now;
      pinchCentre.current = mid;
      return;
    }
    onGesture({ type: 'pointer.move', x: at.x, y: at.y });
  };

  const endPointer = (event: PointerEvent<HTMLDivElement>, cancelled: boolean) => {
    if (!pointers.current.has(event.pointerId)) return;
    const single = pointers.current.size === 1;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) {
      pinchDistance.current = null;
      pinchCentre.current = null;
    }
    if (pointers.current.size === 0) setTouching(false);
    if (!single) return;
    const at = onStage(event);
    onGesture(cancelled ? { type: 'pointer.cancel' } : { type: 'pointer.up', x: at.x, y: at.y, time: event.timeStamp });
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
              {/* Sized to the picture itself once its size is known, so the box is the picture (no black bars in it). */}
              <div
                className="image-viewer-picture"
                style={picture ? { inlineSize: `${picture.width}px`, blockSize: `${picture.height}px` } : undefined}
              >
                <FallbackImage
                  src={image?.src}
                  alt={image?.alt ?? ''}
                  fit="contain"
                  loading="eager"
                  className="image-viewer-image"
                  onError={onImageError}
                  onLoad={(size) => onGesture({ type: 'image.load', index, ...size })}
                />
              </div>
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
