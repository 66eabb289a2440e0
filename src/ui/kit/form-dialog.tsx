import { useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { IconButton } from './icon-button';
import { useModalDialog } from './use-modal-dialog';
import './form-controls.css';

export interface FormDialogProps {
  open: boolean;
  /** The dialog's heading (already translated); also its accessible name. */
  title: ReactNode;
  /** The close button, Escape, or the browser closing the dialog. */
  onClose(): void;
  children: ReactNode;
}

/**
 * A native modal holding a form (report, feedback): full screen on mobile, a card on wider screens, like the auth
 * dialog. `showModal()` makes the page behind it inert, so focus stays inside; Escape closes it; focus returns to
 * the control that opened it.
 */
export function FormDialog({ open, title, onClose, children }: FormDialogProps) {
  const { t } = useLingui();
  const headingId = useId();
  const dialog = useModalDialog(open, onClose);
  return (
    <dialog ref={dialog.ref} className="modal modal--sheet form-dialog" aria-labelledby={headingId} onCancel={dialog.onCancel} onClose={dialog.onClose}>
      {open ? (
        <div className="modal-surface">
          <div className="modal-header">
            <div className="modal-header-start" />
            <h2 className="modal-title" id={headingId}>
              {title}
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
