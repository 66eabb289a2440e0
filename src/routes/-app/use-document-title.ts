import { useEffect } from 'react';

/** Route metadata's title (spec section 2) as the document title: "{title} · Venuely", or the app's name alone. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · Venuely` : 'Venuely';
}

/** Sets the page's document title (documentTitle) while it is shown. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
