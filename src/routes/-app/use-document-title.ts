import { useEffect } from 'react';

/** Route metadata's title (spec section 2), as the document title: "{title} · Venuely". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Venuely` : 'Venuely';
  }, [title]);
}
