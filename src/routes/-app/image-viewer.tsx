import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { isLocale, RTL_LOCALES } from '@/contract/enums';
import { imageViewerMachine, pictureSize, type ImageViewerDir } from '@/machines/directory/image-viewer.machine';
import { ImageViewer } from '@/ui/directory/image-viewer';

/** One image of the viewer: the full picture and its alternative text (`thumb` is accepted and unused). */
export interface ViewerImage {
  src: string;
  alt: string;
  thumb?: string;
}

export interface ImageViewerHandle {
  /**
   * Opens the viewer at `index` of the hook's images, or of `images` when given (a page with several sets, such as
   * a venue's photos and each visit report's, opens each set with its own list).
   */
  open(index: number): void;
  open(images: readonly ViewerImage[], index?: number): void;
  /** The viewer itself: render it once anywhere in the page (it is a modal dialog, so where does not matter). */
  viewer: ReactNode;
}

type ImageViewerActor = ActorRefFrom<typeof imageViewerMachine>;
type ImageViewerSnapshot = SnapshotFrom<typeof imageViewerMachine>;

const selectOpen = (s: ImageViewerSnapshot) => s.hasTag('open');
const selectControlsHidden = (s: ImageViewerSnapshot) => s.hasTag('chromeHidden');
const selectMenuOpen = (s: ImageViewerSnapshot) => s.hasTag('menuOpen');
const selectContext = (s: ImageViewerSnapshot) => s.context;

function dirOf(locale: string): ImageViewerDir {
  return isLocale(locale) && RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr';
}

/**
 * The fullscreen image viewer of a page (spec section 2, overlay 5): the image viewer machine bound to the
 * presentational `ImageViewer`. The page renders `viewer` once and calls `open` from its thumbnails:
 *
 *   const photos = useImageViewer(images);            // or useImageViewer() and photos.open(images, index)
 *   <ListingGallery images={...} onOpen={photos.open} />
 *   {photos.viewer}
 *
 * The viewer is not one of the dialogs the dialog stack tracks (auth, search, payment and photo, where photo is
 * the camera of overlay 4); as a native modal it makes the page inert itself and its stylesheet stops the page
 * scrolling, so it needs no app-wide actor and lives and dies with the page.
 */
export function useImageViewer(images: readonly ViewerImage[] = []): ImageViewerHandle {
  const { i18n } = useLingui();
  const dir = dirOf(i18n.locale);
  const actor = useActorRef(imageViewerMachine, { input: { dir } });
  // The list given to `open` (null: the hook's own), kept until the next opening.
  const [openedList, setOpenedList] = useState<readonly ViewerImage[] | null>(null);
  const latest = useRef({ images, dir });
  useLayoutEffect(() => {
    latest.current = { images, dir };
  });

  const open = useCallback(
    (imagesOrIndex: readonly ViewerImage[] | number, maybeIndex?: number) => {
      const list = typeof imagesOrIndex === 'number' ? null : imagesOrIndex;
      const index = typeof imagesOrIndex === 'number' ? imagesOrIndex : (maybeIndex ?? 0);
      setOpenedList(list);
      const count = (list ?? latest.current.images).length;
      actor.send({ type: 'viewer.open', index, count, dir: latest.current.dir });
    },
    [actor],
  ) as ImageViewerHandle['open'];

  const shown = openedList ?? images;
  const viewer = useMemo(() => <ImageViewerBinding actor={actor} images={shown} />, [actor, shown]);
  return { open, viewer };
}

function ImageViewerBinding({ actor, images }: { actor: ImageViewerActor; images: readonly ViewerImage[] }) {
  const open = useSelector(actor, selectOpen);
  const controlsHidden = useSelector(actor, selectControlsHidden);
  const menuOpen = useSelector(actor, selectMenuOpen);
  const context = useSelector(actor, selectContext);
  const { index, count, zoom, offsetX, offsetY, drag, slide } = context;
  const image = images[index] ?? null;
  // The neighbours a step or a swipe shows next (looping), fetched ahead.
  const preload =
    open && count > 1
      ? [...new Set([images[(index + 1) % count]?.src, images[(index - 1 + count) % count]?.src])].filter(
          (src): src is string => Boolean(src) && src !== image?.src,
        )
      : [];

  return (
    <ImageViewer
      open={open}
      image={image}
      index={index}
      count={count}
      zoom={zoom}
      picture={pictureSize(context)}
      offsetX={offsetX}
      offsetY={offsetY}
      drag={drag}
      slide={slide}
      controlsHidden={controlsHidden}
      menuOpen={menuOpen}
      preload={preload}
      onClose={() => actor.send({ type: 'viewer.close' })}
      onNext={() => actor.send({ type: 'viewer.next' })}
      onPrev={() => actor.send({ type: 'viewer.prev' })}
      onZoomToggle={() => actor.send({ type: 'zoom.toggle' })}
      onMenuClose={() => actor.send({ type: 'menu.close' })}
      onKey={(key) => actor.send({ type: 'key.down', key })}
      onGesture={(gesture) => actor.send(gesture)}
    />
  );
}
