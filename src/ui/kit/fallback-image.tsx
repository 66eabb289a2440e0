import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { cx } from './class-names';
import { aspectRatioOf, IMAGE_LOAD_FAILED, imageViewOf, LINK_EMPTY, type ImageErrorCode } from './fallback-image-state';
import './fallback-image.css';

export interface FallbackImageProps {
  src: string | null | undefined;
  /** The alternative text; '' for a decorative image (its fallback is then hidden from assistive technology too). */
  alt: string;
  /**
   * The box's aspect ratio (a number, width / height, or "4 / 3"), so the box is reserved before the image loads
   * and nothing shifts (DESIGN section 10). Omit when the parent gives the box its size.
   */
  aspectRatio?: number | string;
  /** How the image fills the box: cropped (cover, the default) or whole (contain). */
  fit?: 'cover' | 'contain';
  /** Lazy (the default) below the fold; eager for what is on screen at once. */
  loading?: 'lazy' | 'eager';
  className?: string;
  /** Reports the spec's image errors (section 8): 'image load failed' or 'link empty'. */
  onError?(code: ImageErrorCode): void;
  /** The image has loaded; width and height are its own (natural) size, px. */
  onLoad?(size: { width: number; height: number }): void;
}

/**
 * An image in a box that keeps its place while loading (aspect-ratio), loads lazily and decodes off the main
 * thread; on an empty link or a failed load it shows a neutral fallback picture (inline SVG, no request) that is
 * labelled for screen readers, and reports the error once per link through `onError`.
 */
export function FallbackImage({
  src,
  alt,
  aspectRatio,
  fit = 'cover',
  loading = 'lazy',
  className,
  onError,
  onLoad,
}: FallbackImageProps) {
  const { t } = useLingui();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const view = imageViewOf(src, failedSrc);
  const latestOnError = useRef(onError);
  useEffect(() => {
    latestOnError.current = onError;
  });

  // An empty link is reported after render, once per link; a failed load reports from its error event.
  const linkEmpty = view.show === 'fallback' && view.error === LINK_EMPTY;
  useEffect(() => {
    if (linkEmpty) latestOnError.current?.(LINK_EMPTY);
  }, [linkEmpty, src]);

  const ratio = aspectRatioOf(aspectRatio);
  const style: CSSProperties | undefined = ratio ? { aspectRatio: ratio } : undefined;
  return (
    <span className={cx('fallback-image', `fallback-image--${fit}`, !ratio && 'fallback-image--fill', className)} style={style}>
      {view.show === 'image' ? (
        <img
          className="fallback-image-img"
          src={view.src}
          alt={alt}
          loading={loading}
          decoding="async"
          draggable={false}
          onLoad={
            onLoad
              ? (event) => onLoad({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
              : undefined
          }
          onError={() => {
            setFailedSrc(view.src);
            latestOnError.current?.(IMAGE_LOAD_FAILED);
          }}
        />
      ) : (
        <svg
          className="fallback-image-placeholder"
          viewBox="0 0 48 48"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
          {...(alt ? { role: 'img', 'aria-label': t`${alt} (image not available)` } : { 'aria-hidden': true })}
        >
          <rect x="6" y="10" width="36" height="28" rx="3" />
          <circle cx="17" cy="20" r="3" />
          <path d="M6 33l10-9 8 7 6-5 12 10" />
        </svg>
      )}
    </span>
  );
}
