import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from '../kit/icon-button';
import { useModalDialog } from '../kit/use-modal-dialog';

export type AuthDialogView = 'login' | 'register' | 'forgotPassword' | 'sentLinkSuccess';

export interface AuthDialogProps {
  open: boolean;
  view: AuthDialogView;
  /** There is a view to go back to (the auth dialog machine's history is not empty). */
  canGoBack: boolean;
  onBack(): void;
  /** The close button, Escape, or the browser closing the dialog. */
  onClose(): void;
  /** The current view's form. */
  children: ReactNode;
}

function ViewHeading({ view }: { view: AuthDialogView }) {
  switch (view) {
    case 'login':
      return <Trans>Log in</Trans>;
    case 'register':
      return <Trans>Create an account</Trans>;
    case 'forgotPassword':
      return <Trans>Reset your password</Trans>;
    case 'sentLinkSuccess':
      return <Trans>Check your e-mail</Trans>;
  }
}

/**
 * The auth dialog (spec section 2, overlay 1): a native modal, full screen on mobile and a centred card on wider
 * screens, with a back button while there is history and a close button. When the view changes, focus moves to
 * the new heading so keyboard and screen reader users land at the top of the new view.
 */
export function AuthDialog({ open, view, canGoBack, onBack, onClose, children }: AuthDialogProps) {
  const { t } = useLingui();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dialog = useModalDialog(open, onClose);
  const shownView = useRef<AuthDialogView | null>(null);

  useEffect(() => {
    if (!open) {
      shownView.current = null;
      return;
    }
    // The first view of an opening keeps the browser's initial focus; later views take focus to their heading.
    if (shownView.current !== null && shownView.current !== view) headingRef.current?.focus();
    shownView.current = view;
  }, [open, view]);

  return (
    <dialog
      ref={dialog.ref}
      className="modal modal--sheet auth-dialog"
      aria-labelledby={headingId}
      onCancel={dialog.onCancel}
      onClose={dialog.onClose}
    >
      {open ? (
        <div className="modal-surface">
          <div className="modal-header">
            <div className="modal-header-start">
              {canGoBack ? <IconButton icon="back" label={t`Back`} onClick={onBack} /> : null}
            </div>
            <h2 className="modal-title" id={headingId} ref={headingRef} tabIndex={-1}>
              <ViewHeading view={view} />
            </h2>
            <div className="modal-header-end">
              <IconButton icon="close" label={t`Close`} onClick={onClose} />
            </div>
          </div>
          <div className="modal-body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
