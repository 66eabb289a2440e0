import { useCallback, useEffect, useLayoutEffect, useRef, useSyncExternalStore, type SyntheticEvent } from 'react';

/**
 * The modal dialogs open now, in opening order (the order of the top layer): the last is the one on top, the only
 * part of the page that is not inert. Layers that must stay usable over any dialog (the toasts) live inside it.
 */
const openModals: HTMLDialogElement[] = [];
const modalListeners = new Set<() => void>();

function setModalOpen(dialog: HTMLDialogElement, open: boolean) {
  const at = openModals.indexOf(dialog);
  if (at >= 0) openModals.splice(at, 1);
  if (open) openModals.push(dialog);
  for (const listener of modalListeners) listener();
}

function subscribeModals(listener: () => void) {
  modalListeners.add(listener);
  return () => {
    modalListeners.delete(listener);
  };
}

const topModal = () => openModals.at(-1) ?? null;

/**
 * The modal dialog on top of the page, or null when none is open (and on the server). A modal dialog makes
 * everything outside it inert, even what is above it in the top layer, so an overlay meant to be seen and used
 * over dialogs (the toast layer) moves inside this one.
 */
export function useTopModalDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribeModals, topModal, () => null);
}

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
 * - While any modal dialog is open the page does not scroll (`html:has(dialog:modal)` in the kit's stylesheet), so
 *   nested dialogs keep it locked until the last one closes; `useTopModalDialog` tells which dialog is on top.
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
    setModalOpen(dialog, true);
    return () => {
      if (dialog.open) dialog.close();
      setModalOpen(dialog, false);
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
