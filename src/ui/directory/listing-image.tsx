import { cx } from '../kit/class-names';
import { FallbackImage } from '../kit/fallback-image';

export interface ListingImageProps {
  src: string;
  alt: string;
  className?: string;
  /** Above the fold: load at once instead of lazily. */
  eager?: boolean;
}

/**
 * A listing photo filling the box its parent reserves (with aspect-ratio, so nothing shifts): FallbackImage, which
 * shows a neutral picture for an empty link or a photo that fails to load.
 */
export function ListingImage({ src, alt, className, eager = false }: ListingImageProps) {
  return <FallbackImage src={src} alt={alt} className={cx('listing-image', className)} loading={eager ? 'eager' : 'lazy'} />;
}
