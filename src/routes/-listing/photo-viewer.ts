/**
 * Superseded: the fullscreen viewer is `useImageViewer` of src/routes/-app/image-viewer.tsx (open the photos and
 * render its `viewer` in the page), which the detail pages use. This interim hook (a photo opens in a new tab) stays
 * only while the owner's preview page (src/routes/-owner/listing-preview-page.tsx) still imports it; delete it once
 * that page moves to the real viewer.
 */
export interface ViewerImage {
  src: string;
  thumb: string;
  alt: string;
}

export function useImageViewer() {
  return {
    open: (images: readonly ViewerImage[], index: number) => {
      const image = images[index];
      if (image) window.open(image.src, '_blank', 'noopener');
    },
  };
}
