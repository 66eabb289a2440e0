import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { DIALOG_CLOSE_TRANSITION_MS } from '@/contract/constants';
import type { DialogMessageType } from '@/contract/feature-enums';
import { Button } from '../kit/button';
import { cx } from '../kit/class-names';
import { IconButton } from '../kit/icon-button';
import { StatusIcon, type StatusKind } from '../kit/status-icon';
import { translateCode, type MessageParams } from './messages';
import { prefersReducedMotion, useModalDialog } from '../kit/use-modal-dialog';

export type DialogStackResult = 'confirm' | 'cancel' | 'dismiss';

/**
 * One message of the dialog stack (spec section 3, "Dialog message"). Texts are codes translated here; the dialog
 * stack machine's messages fit this shape as they are.
 */
export interface DialogStackMessage {
  id: string;
  /** Unique per opening when the caller reuses ids; used as the React key when present. */
  actorId?: string;
  messageType: DialogMessageType;
  title?: string | null;
  subtitle?: string | null;
  message?: string | null;
  params?: MessageParams;
  bodyImage: StatusKind;
  showClose: boolean;
  hideHeader: boolean;
  hideBody: boolean;
  hideFooter: boolean;
  fullScreen: boolean;
  /** Dim the page behind the dialog. */
  backDrop: boolean;
  confirmText?: string | null;
  cancelText?: string | null;
  /** The message is closing: it fades out, then leaves the top layer. */
  closing: boolean;
}

export interface DialogStackProps {
  messages: readonly DialogStackMessage[];
  onClose(id: string, result: DialogStackResult): void;
}

/** The app's dialog messages, each a native modal stacked in opening order (spec section 2). */
export function DialogStack({ messages, onClose }: DialogStackProps) {
  return (
    <>
      {messages.map((message) => (
        <DialogMessageView key={message.actorId ?? message.id} message={message} onClose={onClose} />
      ))}
    </>
  );
}

function DialogMessageView({ message, onClose }: { message: DialogStackMessage; onClose: DialogStackProps['onClose'] }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const subtitleId = useId();
  const bodyId = useId();
  const { id, messageType, closing, params } = message;
  const isConfirm = messageType === 'confirm';

  // A closing message fades for the close transition, then leaves the top layer so it no longer blocks the page.
  const [shown, setShown] = useState(true);
  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => setShown(false), prefersReducedMotion() ? 0 : DIALOG_CLOSE_TRANSITION_MS);
    return () => window.clearTimeout(timer);
  }, [closing]);

  const close = (result: DialogStackResult) => {
    if (!closing) onClose(id, result);
  };
  const dialog = useModalDialog(shown, () => close('dismiss'));

  const title = !message.hideHeader && message.title ? translateCode(i18n, message.title, params) : null;
  const subtitle = !message.hideHeader && message.subtitle ? translateCode(i18n, message.subtitle, params) : null;
  const text = !message.hideBody && message.message ? translateCode(i18n, message.message, params) : null;

  // A click on the dialog element itself (not its surface) is a click on the backdrop.
  const onBackdropClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !isConfirm && !message.fullScreen) close('dismiss');
  };

  return (
    <dialog
      ref={dialog.ref}
      className={cx(
        'modal',
        'dialog-message',
        `dialog-message--${messageType}`,
        message.fullScreen && 'modal--sheet',
        !message.backDrop && 'modal--clear',
        closing && 'is-closing',
      )}
      role={isConfirm ? 'alertdialog' : undefined}
      aria-labelledby={title ? titleId : text ? bodyId : undefined}
      aria-label={title || text ? undefined : t`Message`}
      aria-describedby={[title && subtitle ? subtitleId : null, title && text ? bodyId : null].filter(Boolean).join(' ') || undefined}
      onCancel={dialog.onCancel}
      onClose={dialog.onClose}
      onClick={onBackdropClick}
    >
      <div className="modal-surface">
        {message.showClose ? (
          <IconButton className="dialog-message-close" icon="close" label={t`Close`} onClick={() => close('dismiss')} />
        ) : null}
        {message.hideBody ? null : (
          <div className="dialog-message-image">
            <StatusIcon kind={message.bodyImage} />
          </div>
        )}
        {title ? (
          <div className="dialog-message-header">
            <h2 className="modal-title" id={titleId}>
              {title}
            </h2>
            {subtitle ? (
              <p className="dialog-message-subtitle" id={subtitleId}>
                {subtitle}
              </p>
            ) : null}
          </div>
        ) : null}
        {text ? (
          <p className="dialog-message-text" id={bodyId}>
            {text}
          </p>
        ) : null}
        {message.hideFooter ? null : (
          <div className="dialog-message-footer">
            {isConfirm ? (
              <Button variant="secondary" onClick={() => close('cancel')}>
                {message.cancelText ? translateCode(i18n, message.cancelText, params) : t({ message: 'Cancel', context: 'button' })}
              </Button>
            ) : null}
            <Button onClick={() => close('confirm')}>
              {message.confirmText ? translateCode(i18n, message.confirmText, params) : t({ message: 'OK', context: 'button' })}
            </Button>
          </div>
        )}
      </div>
    </dialog>
  );
}
