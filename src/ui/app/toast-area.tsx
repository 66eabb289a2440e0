import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useState, type FocusEvent } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../kit/icon-button';
import { StatusIcon } from '../kit/status-icon';
import { useTopModalDialog } from '../kit/use-modal-dialog';
import { translateCode, type MessageParams } from './messages';

export type ToastAreaKind = 'success' | 'error' | 'info';

/** A toast as the toast machine holds it: a message code and its params, translated here. */
export interface ToastAreaToast {
  id: string;
  kind: ToastAreaKind;
  message: string;
  params?: MessageParams;
}

/** What holds the toasts on screen: the pointer over them, or focus in them (the toast machine's pause sources). */
export type ToastAreaHold = 'pointer' | 'focus';

export interface ToastAreaProps {
  toasts: readonly ToastAreaToast[];
  onDismiss(id: string): void;
  /** The pointer entered the toasts, or focus moved into them: their timers should stop. */
  onPause?(source: ToastAreaHold): void;
  /** The pointer or focus left them. */
  onResume?(source: ToastAreaHold): void;
}

const supportsPopover = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * The layer the toasts render into: a `popover="manual"` element of its own, shown for as long as the area is
 * mounted, so it is in the top layer, above the page and above any dialog opened before it.
 *
 * A modal dialog makes everything outside it inert, a popover above it included (it could be seen but not hovered,
 * focused or dismissed), so while a modal dialog is open the layer moves inside the topmost one (and back to the
 * body when the last closes). Moving it takes it out of the top layer, so it is shown again at once, which also
 * puts it above that dialog. The layer is one element for the area's lifetime, moved rather than re-rendered: the
 * toasts keep their state and the live regions stay the same elements. Without popover support it is an ordinary
 * fixed element, as before.
 */
function useToastLayer(): HTMLElement | null {
  const host = useTopModalDialog();
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const element = document.createElement('div');
    element.className = 'toast-layer';
    if (supportsPopover) element.popover = 'manual';
    setLayer(element);
    return () => element.remove();
  }, []);
  useLayoutEffect(() => {
    if (!layer) return;
    const parent = host ?? document.body;
    if (layer.parentNode !== parent) parent.append(layer);
    if (supportsPopover && !layer.matches(':popover-open')) layer.showPopover();
  }, [layer, host]);
  return layer;
}

/**
 * The notification toast area (spec section 2, overlay 6). Two live regions that always exist, so every toast is
 * announced: success and info politely (role="status"), errors at once (role="alert"). The toasts show above open
 * dialogs (useToastLayer) and pause while the pointer is over them or focus is in them, so one can be read or
 * reached with the keyboard before it goes.
 */
export function ToastArea({ toasts, onDismiss, onPause, onResume }: ToastAreaProps) {
  const layer = useToastLayer();
  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const urgent = toasts.filter((toast) => toast.kind === 'error');
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Focus moving between the toasts' own buttons stays in.
    if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) onResume?.('focus');
  };
  if (!layer) return null;
  return createPortal(
    <div
      className="toast-area"
      onPointerEnter={() => onPause?.('pointer')}
      onPointerLeave={() => onResume?.('pointer')}
      onFocus={() => onPause?.('focus')}
      onBlur={onBlur}
    >
      <div className="toast-region" role="status">
        {polite.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div className="toast-region" role="alert">
        {urgent.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>,
    layer,
  );
}

function ToastItem({ toast, onDismiss }: { toast: ToastAreaToast; onDismiss(id: string): void }) {
  const { t, i18n } = useLingui();
  return (
    <div className={`toast toast--${toast.kind}`}>
      <StatusIcon kind={toast.kind} size={24} />
      <p className="toast-text">{translateCode(i18n, toast.message, toast.params)}</p>
      <IconButton className="toast-dismiss" icon="close" label={t`Dismiss`} onClick={() => onDismiss(toast.id)} />
    </div>
  );
}
