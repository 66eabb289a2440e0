import { Trans, useLingui } from '@lingui/react/macro';
import { cx } from '../kit/class-names';
import { ListingIcon } from './listing-icons';
import { ListingImage } from './listing-image';
import './listing-detail.css';

export interface GalleryImage {
  image: string;
  thumb: string;
}

export interface ListingGalleryProps {
  images: readonly GalleryImage[];
  /** The listing's name: the images' alternative text says whose photo it is. */
  name: string;
  /** Opens the fullscreen viewer at `index`. */
  onOpen(index: number): void;
}

/**
 * The photos of a listing: the first one large, the others as thumbnails; each is a button that opens the
 * fullscreen viewer there. Boxes keep their aspect ratio while images load; thumbnails load lazily.
 */
export function ListingGallery({ images, name, onOpen }: ListingGalleryProps) {
  const { t, i18n } = useLingui();
  const total = i18n.number(images.length);
  if (images.length === 0) {
    return (
      <div className="gallery-empty">
        <ListingIcon name="image" size={40} />
        <p>
          <Trans>No photos yet</Trans>
        </p>
      </div>
    );
  }
  const [first, ...rest] = images;
  const openLabel = (index: number) => {
    const position = i18n.number(index + 1);
    return t`Open photo ${position} of ${total}`;
  };
  return (
    <section className="gallery" aria-label={t`Photos`}>
      <button type="button" className="gallery-main" onClick={() => onOpen(0)} aria-label={openLabel(0)}>
        <ListingImage src={first.image} alt={name} className="gallery-main-image" eager />
        {images.length > 1 ? (
          <span className="gallery-count" aria-hidden="true">
            <ListingIcon name="image" size={16} />
            {total}
          </span>
        ) : null}
      </button>
      {rest.length > 0 ? (
        <ul className="gallery-thumbs">
          {rest.map((image, offset) => {
            return (
              <li key={`${offset}-${image.thumb}`}>
                <button
                  type="button"
                  className={cx('gallery-thumb')}
                  onClick={() => onOpen(offset + 1)}
                  aria-label={openLabel(offset + 1)}
                >
                  <ListingImage src={image.thumb} alt="" className="gallery-thumb-image" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
