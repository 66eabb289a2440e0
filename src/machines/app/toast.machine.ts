import { assign, enqueueActions, not, setup } from 'xstate';
import { NOTIFICATION_MS, TOAST_MS } from '@/contract/constants';

/**
 * The notification toast area (spec section 2, overlay screen 6; durations from spec sections 4 and 9).
 *
 * - `toast.show` appends a toast with a generated id; it disappears after its duration (TOAST_MS by default;
 *   payment notifications pass NOTIFICATION_MS) or when dismissed.
 * - At most MAX_VISIBLE_TOASTS are visible: showing one more drops the oldest.
 * - Toasts hold a message key and params; the ui translates them (STYLE rule 9).
 *
 * - While the pointer is over the toasts or focus is in them (`toast.pause` with its source, until the matching
 *   `toast.resume`), no timer runs, so a toast being read or reached with the keyboard does not go away; toasts
 *   shown meanwhile wait too. When the last source has left, every toast gets its whole duration again (as
 *   Android's snackbars restore their timeout), which also keeps the machine free of clock readings. When the last
 *   toast goes the pauses are forgotten (the element under the pointer or the focus went with it, and browsers send
 *   no leave or blur for a removed element).
 *
 * Every toast has its own timer, which a single `after` on a state cannot express, so each `toast.show` raises a
 * delayed `toast.expire` with the named delay `toastDuration` (STYLE rule 8) and the toast's id as the send id;
 * dismissing or dropping a toast cancels that timer. A resume raises the same event after each toast's own
 * duration (the value the named delay gave it when shown).
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

/** What holds the toasts: the pointer over them, or focus in them. */
export type ToastPauseSource = 'pointer' | 'focus';

export interface ToastContext {
  /** Visible toasts, oldest first. */
  toasts: Toast[];
  /** Toasts shown so far; makes ids unique. */
  seq: number;
  /** The id of the last toast shown, for a caller that wants to dismiss it later. */
  lastShownId: string | null;
  /** What holds the timers now; they run while this is empty. */
  pausedBy: ToastPauseSource[];
}

export type ToastEvent =
  | { type: 'toast.show'; kind: ToastKind; message: string; params?: ToastParams; durationMs?: number }
  | { type: 'toast.dismiss'; id: string }
  /** The pointer entered the toasts, or focus moved into them: every timer stops. */
  | { type: 'toast.pause'; source: ToastPauseSource }
  /** The pointer left, or focus left: the timers run again when nothing else holds them. */
  | { type: 'toast.resume'; source: ToastPauseSource }
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
    isLastPause: ({ context, event }) =>
      event.type === 'toast.resume' && context.pausedBy.length === 1 && context.pausedBy[0] === event.source,
  },
  actions: {
    showToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.show') return;
      const seq = context.seq + 1;
      const paused = context.pausedBy.length > 0;
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
      // Shown during a pause, it waits for the resume with its whole duration.
      if (!paused) enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: toast.id, delay: 'toastDuration' });
    }),
    /** The first hold stops every timer. */
    pauseTimers: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.cancel(toast.id);
    }),
    /** The last hold gone, every toast has its whole duration again. */
    resumeTimers: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) {
        enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: toast.id, delay: toast.durationMs });
      }
    }),
    hold: assign({
      pausedBy: ({ context, event }) =>
        event.type === 'toast.pause' && !context.pausedBy.includes(event.source)
          ? [...context.pausedBy, event.source]
          : context.pausedBy,
    }),
    release: assign({
      pausedBy: ({ context, event }) =>
        event.type === 'toast.resume' ? context.pausedBy.filter((source) => source !== event.source) : context.pausedBy,
    }),
    forgetPauses: assign({ pausedBy: [] }),
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
  context: { toasts: [], seq: 0, lastShownId: null, pausedBy: [] },
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
      initial: 'running',
      on: { 'toast.show': { actions: 'showToast' } },
      always: { guard: not('hasToasts'), target: 'idle', actions: 'forgetPauses' },
      states: {
        running: {
          on: { 'toast.pause': { target: 'paused', actions: ['hold', 'pauseTimers'] } },
        },
        paused: {
          tags: ['paused'],
          on: {
            'toast.pause': { actions: 'hold' },
            'toast.resume': [
              { guard: 'isLastPause', target: 'running', actions: ['release', 'resumeTimers'] },
              { actions: 'release' },
            ],
          },
        },
      },
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
  pointerEnter: { type: 'toast.pause', source: 'pointer' },
  pointerLeave: { type: 'toast.resume', source: 'pointer' },
  focusIn: { type: 'toast.pause', source: 'focus' },
  focusOut: { type: 'toast.resume', source: 'focus' },
} as const satisfies Record<string, ToastEvent>;
