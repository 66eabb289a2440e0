import { useCallback, useEffect, useLayoutEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Drives a native `<dialog>` as a modal from an `open` prop.
 *
 * - `showModal()` puts it in the top layer: the rest of the page is inert, so focus stays inside, and Escape fires
 *   `cancel`. The default of `cancel` (closing the element) is prevented and `onDismiss` runs instead: the owner of
 *   the state (a machine) decides, and the element closes when `open` turns false.
 * - Some browsers close anyway when Escape is pressed twice without other user activation; a `close` event that
 *   leaves the element closed while `open` is still true is reported as a dismiss too, so state and element never
 *   disagree for long.
 * - On close (or unmount) focus returns to the element that had it when the dialog opened, when it is still in
 *   the document.
 *
 * Spread the returned `ref`, `onCancel` and `onClose` on the `<dialog>`.
 */
export function useModalDialog(open: boolean, onDismiss: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const latest = useRef({ open, onDismiss });
  useLayoutEffect(() => {
    latest.current = { open, onDismiss };
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected && opener !== document.body) opener.focus({ preventScroll: true });
    };
  }, [open]);

  const onCancel = useCallback((event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    latest.current.onDismiss();
  }, []);

  const onClose = useCallback(() => {
    // `close` is dispatched as a task: by then the dialog may be open again (a close and reopen in one tick, as
    // React's StrictMode does on mount), and then it is not a dismiss.
    if (latest.current.open && !ref.current?.open) latest.current.onDismiss();
  }, []);

  return { ref, onCancel, onClose };
}

/** Whether the user asked for reduced motion; false where media queries are unavailable (server, tests). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}
