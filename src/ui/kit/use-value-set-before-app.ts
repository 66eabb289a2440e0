import { type RefObject, useEffect, useEffectEvent } from 'react';

declare global {
  interface Window {
    /** Kept by the boot script (public/first-paint-boot.js): each value a field took before the app took the page over. */
    __firstPaintFields?: { field: Element; value: string }[];
  }
}

/**
 * Hands a controlled field's change made before the app took the page over to the app, once React has hydrated the
 * field. On a page the server rendered, the field is on screen and usable before React has it: React 19 neither
 * reports such a change nor keeps it (its replay of change events after hydration is still behind a flag), so the
 * field would show the user's choice while the app goes on with the server's, until React renders the field again
 * and puts its own value back.
 *
 * The boot script keeps every value a field takes until the app is ready; this field's effect, which React runs
 * only once it has committed the field, reports the last one. The report waits a task: a pick made while React
 * hydrates makes React hydrate the field at once, and the same pick's `change` event, which React handles after
 * this effect, carries the value React put back.
 *
 * (Replaying such changes from outside React, as a `change` event dispatched once the page's Suspense boundaries
 * looked hydrated, lost a pick about one time in twenty: React marks a boundary's elements while it renders them,
 * before it commits, and an event dispatched in between made React hydrate the field for it and hand the handler the
 * server's value. Found on 2026-11-27, see docs/decisions.md.)
 */
export function useValueSetBeforeApp(ref: RefObject<Element | null>, value: string, onChange: (value: string) => void): void {
  const report = useEffectEvent((early: string) => {
    if (early !== value) onChange(early);
  });
  useEffect(() => {
    // The last value the user gave this field before the app had it, if they changed it.
    let early: string | undefined;
    for (const kept of window.__firstPaintFields ?? []) if (kept.field === ref.current) early = kept.value;
    if (early === undefined) return;
    const timer = setTimeout(report, 0, early);
    return () => clearTimeout(timer);
  }, [ref]);
}
