import { useLingui } from '@lingui/react/macro';
import { IconButton } from '../kit/icon-button';
import { StatusIcon } from '../kit/status-icon';
import { translateCode, type MessageParams } from './messages';

export type ToastAreaKind = 'success' | 'error' | 'info';

/** A toast as the toast machine holds it: a message code and its params, translated here. */
export interface ToastAreaToast {
  id: string;
  kind: ToastAreaKind;
  message: string;
  params?: MessageParams;
}

export interface ToastAreaProps {
  toasts: readonly ToastAreaToast[];
  onDismiss(id: string): void;
}

/**
 * The notification toast area (spec section 2, overlay 6). Two live regions that always exist, so every toast is
 * announced: success and info politely (role="status"), errors at once (role="alert").
 */
export function ToastArea({ toasts, onDismiss }: ToastAreaProps) {
  const polite = toasts.filter((toast) => toast.kind !== 'error');
  const urgent = toasts.filter((toast) => toast.kind === 'error');
  return (
    <div className="toast-area">
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
    </div>
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
