import { enqueueActions, not, setup } from 'xstate';
import { NOTIFICATION_MS, TOAST_MS } from '@/contract/constants';

/**
 * The notification toast area (spec section 2, overlay screen 6; durations from spec sections 4 and 9).
 *
 * - `toast.show` appends a toast with a generated id; it disappears after its duration (TOAST_MS by default;
 *   payment notifications pass NOTIFICATION_MS) or when dismissed.
 * - At most MAX_VISIBLE_TOASTS are visible: showing one more drops the oldest.
 * - Toasts hold a message key and params; the ui translates them (STYLE rule 9).
 *
 * Every toast has its own timer, which a single `after` on a state cannot express, so each `toast.show` raises a
 * delayed `toast.expire` with the named delay `toastDuration` (STYLE rule 8) and the toast's id as the send id;
 * dismissing or dropping a toast cancels that timer.
 */

export const MAX_VISIBLE_TOASTS = 3;

export type ToastKind = 'success' | 'error' | 'info';
export type ToastParams = Record<string, string | number>;

export interface Toast {
  id: string;
  kind: ToastKind;
  /** Message key. */
  message: string;
  params: ToastParams;
  durationMs: number;
}

export interface ToastContext {
  /** Visible toasts, oldest first. */
  toasts: Toast[];
  /** Toasts shown so far; makes ids unique. */
  seq: number;
  /** The id of the last toast shown, for a caller that wants to dismiss it later. */
  lastShownId: string | null;
}

export type ToastEvent =
  | { type: 'toast.show'; kind: ToastKind; message: string; params?: ToastParams; durationMs?: number }
  | { type: 'toast.dismiss'; id: string }
  /** Raised by the machine itself when a toast's duration has passed. */
  | { type: 'toast.expire'; id: string };

/** A usable duration: the given one when positive and finite, else TOAST_MS. */
export function toastDuration(durationMs: number | undefined): number {
  return durationMs !== undefined && Number.isFinite(durationMs) && durationMs > 0 ? durationMs : TOAST_MS;
}

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
  },
  guards: {
    hasToast: ({ context, event }) =>
      (event.type === 'toast.dismiss' || event.type === 'toast.expire') &&
      context.toasts.some((t) => t.id === event.id),
    hasToasts: ({ context }) => context.toasts.length > 0,
  },
  actions: {
    showToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.show') return;
      const seq = context.seq + 1;
      const toast: Toast = {
        id: `toast-${seq}`,
        kind: event.kind,
        message: event.message,
        params: event.params ?? {},
        durationMs: toastDuration(event.durationMs),
      };
      const all = [...context.toasts, toast];
      const dropped = all.slice(0, Math.max(0, all.length - MAX_VISIBLE_TOASTS));
      for (const old of dropped) enqueue.cancel(old.id);
      enqueue.assign({ toasts: all.slice(dropped.length), seq, lastShownId: toast.id });
      enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: toast.id, delay: 'toastDuration' });
    }),
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.dismiss' && event.type !== 'toast.expire') return;
      // A dismissed toast's timer would otherwise fire later for nothing.
      if (event.type === 'toast.dismiss') enqueue.cancel(event.id);
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== event.id) });
    }),
  },
  delays: {
    toastDuration: ({ event }) => (event.type === 'toast.show' ? toastDuration(event.durationMs) : TOAST_MS),
  },
}).createMachine({
  id: 'toast',
  context: { toasts: [], seq: 0, lastShownId: null },
  initial: 'idle',
  on: {
    'toast.dismiss': { guard: 'hasToast', actions: 'removeToast' },
    'toast.expire': { guard: 'hasToast', actions: 'removeToast' },
  },
  states: {
    idle: {
      on: { 'toast.show': { target: 'visible', actions: 'showToast' } },
    },
    visible: {
      tags: ['visible'],
      on: { 'toast.show': { actions: 'showToast' } },
      always: { guard: not('hasToasts'), target: 'idle' },
    },
  },
});

/** Sample events for unit and model-based tests. */
export const toastTestEvents = {
  showSuccess: { type: 'toast.show', kind: 'success', message: 'toast.saved' },
  showError: { type: 'toast.show', kind: 'error', message: 'error.network' },
  showInfo: { type: 'toast.show', kind: 'info', message: 'toast.copied', params: { what: 'link' } },
  showPaymentNotification: {
    type: 'toast.show',
    kind: 'success',
    message: 'payment.success',
    durationMs: NOTIFICATION_MS,
  },
  dismissFirst: { type: 'toast.dismiss', id: 'toast-1' },
} as const satisfies Record<string, ToastEvent>;
