import type { EventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { TOAST_MS } from '@/contract/constants';
import { toastMachine, toastTestEvents as ev, type ToastEvent } from './toast.machine';

/**
 * The toast area's test model (STYLE rule 19), shared by toast.machine.test.ts and `npm run test:paths`. Test
 * data only: no app module imports this file, so it stays out of the bundle.
 *
 * The list and the id counter are unbounded, so the model uses a bounded event set (a default toast, a payment
 * notification, dismissing the oldest or the newest, and the oldest toast's timer) and identifies a state by
 * small facts: its value, the durations of the visible toasts in order (so at most 3), whether any toast has
 * gone (capped), and the event that entered it when the value changed.
 *
 * Time is the `toast.expire` of the oldest toast, offered only when every visible toast has the same duration
 * and nothing pauses them, so that the oldest is the next timer due; a test executes it with
 * vi.advanceTimersToNextTimer() and checks that exactly that toast's duration has passed since it was shown, not
 * counting the time it was paused.
 *
 * The pointer and focus pause the toasts (`toast.pause` / `toast.resume` with their source): each source can
 * enter while it is out and leave while it is in, so the paths hover, focus, both at once, and leave in either
 * order. A test executes a pause by also letting more time pass than any toast lasts, and checks none went.
 */

type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/** The event that entered a state, when it changed the state value; part of the model's state key. */
function enteredBy(snapshot: { value: unknown }, event?: EventObject, previous?: { value: unknown }) {
  return event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value) ? event.type : null;
}

/** The model's state key; a test compares the real actor's key (without the entering event) to the model's. */
export function toastModelKey(snapshot: ToastSnapshot, event?: EventObject, previous?: ToastSnapshot): string {
  const { toasts, seq, pausedBy } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    durations: toasts.map((t) => t.durationMs),
    pausedBy: [...pausedBy].sort(),
    gone: Math.min(seq - toasts.length, 1),
    via: enteredBy(snapshot, event, previous),
  });
}

export function createToastTestModel() {
  return createTestModel(toastMachine, {
    events: (snapshot): ToastEvent[] => {
      const { toasts, pausedBy } = snapshot.context;
      const oldest = toasts[0];
      const newest = toasts.at(-1);
      const sameDuration = toasts.every((t) => t.durationMs === oldest?.durationMs);
      // Pauses and resumes only where there are toasts to hover or focus, and each as its source can do it.
      const holds = toasts.length > 0 ? [ev.pointerEnter, ev.pointerLeave, ev.focusIn, ev.focusOut] : [];
      return [
        ev.showSuccess,
        ev.showPaymentNotification,
        ...(oldest ? [{ type: 'toast.dismiss' as const, id: oldest.id }] : []),
        ...(newest && newest !== oldest ? [{ type: 'toast.dismiss' as const, id: newest.id }] : []),
        ...(oldest && sameDuration && pausedBy.length === 0 ? [{ type: 'toast.expire' as const, id: oldest.id }] : []),
        ...holds.filter((e) => (e.type === 'toast.pause') !== pausedBy.includes(e.source)),
      ];
    },
    // createTestModel offers a bare `{ type }` for a handled event without a sample (dismiss while idle).
    filterEvents: (_, event) => event.type === 'toast.show' || 'id' in event || 'source' in event,
    serializeState: toastModelKey,
  });
}

/** A short description of a toast model event: what is shown, which toast goes, and how. */
export function describeToastEvent(event: EventObject): string {
  const e = event as ToastEvent;
  switch (e.type) {
    case 'toast.show':
      return `show ${e.kind} "${e.message}" for ${e.durationMs ?? TOAST_MS} ms`;
    case 'toast.dismiss':
      return `dismiss ${e.id}`;
    case 'toast.expire':
      return `${e.id}'s time is up`;
    case 'toast.pause':
      return e.source === 'pointer' ? 'the pointer enters the toasts' : 'focus moves into the toasts';
    case 'toast.resume':
      return e.source === 'pointer' ? 'the pointer leaves the toasts' : 'focus leaves the toasts';
    default:
      return event.type;
  }
}
