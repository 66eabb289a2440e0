import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { NOTIFICATION_MS, TOAST_MS } from '@/contract/constants';
import {
  MAX_VISIBLE_TOASTS,
  toastDuration,
  toastMachine,
  toastTestEvents as ev,
  type ToastEvent,
} from './toast.machine';
import { createToastTestModel, toastModelKey } from './toast.model';

type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

function start() {
  const actor = createActor(toastMachine).start();
  const ids = () => actor.getSnapshot().context.toasts.map((t) => t.id);
  return { actor, ids };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast machine', () => {
  it('starts idle with no toasts', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('visible')).toBe(false);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
  });

  it('shows a toast with an id, its kind, message key and params', () => {
    const { actor } = start();
    actor.send(ev.showInfo);
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ visible: 'running' });
    expect(snap.hasTag('visible')).toBe(true);
    expect(snap.context.toasts).toEqual([
      {
        id: 'toast-1',
        kind: 'info',
        message: 'toast.copied',
        params: { what: 'link' },
        durationMs: TOAST_MS,
      },
    ]);
    expect(snap.context.lastShownId).toBe('toast-1');
  });

  it('a toast disappears after exactly TOAST_MS', () => {
    const { actor, ids } = start();
    actor.send(ev.showSuccess);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a payment notification stays for exactly NOTIFICATION_MS', () => {
    const { actor, ids } = start();
    actor.send(ev.showPaymentNotification);
    expect(actor.getSnapshot().context.toasts[0].durationMs).toBe(NOTIFICATION_MS);
    vi.advanceTimersByTime(NOTIFICATION_MS - 1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('each toast keeps its own timer', () => {
    const { actor, ids } = start();
    actor.send(ev.showPaymentNotification); // t = 0, until NOTIFICATION_MS
    vi.advanceTimersByTime(TOAST_MS / 3);
    actor.send(ev.showSuccess); // t = TOAST_MS / 3, until TOAST_MS * 4/3
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(ids()).toEqual(['toast-1', 'toast-2']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(NOTIFICATION_MS - TOAST_MS - TOAST_MS / 3 - 1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('dismiss removes a toast at once and cancels its timer', () => {
    const { actor, ids } = start();
    actor.send(ev.showSuccess);
    actor.send(ev.showError);
    expect(vi.getTimerCount()).toBe(2);
    actor.send(ev.dismissFirst);
    expect(ids()).toEqual(['toast-2']);
    expect(vi.getTimerCount()).toBe(1);
    actor.send({ type: 'toast.dismiss', id: 'toast-2' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('dismissing an unknown or gone toast is ignored', () => {
    const { actor } = start();
    actor.send(ev.dismissFirst);
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(ev.showSuccess);
    vi.advanceTimersByTime(TOAST_MS);
    const before = actor.getSnapshot().context;
    actor.send(ev.dismissFirst);
    expect(actor.getSnapshot().context).toEqual(before);
  });

  it(`shows at most ${MAX_VISIBLE_TOASTS}: a fourth drops the oldest and cancels its timer`, () => {
    const { actor, ids } = start();
    actor.send(ev.showSuccess);
    actor.send(ev.showError);
    actor.send(ev.showInfo);
    actor.send(ev.showPaymentNotification);
    expect(ids()).toEqual(['toast-2', 'toast-3', 'toast-4']);
    expect(vi.getTimerCount()).toBe(MAX_VISIBLE_TOASTS);
    actor.send(ev.showSuccess);
    expect(ids()).toEqual(['toast-3', 'toast-4', 'toast-5']);
    expect(vi.getTimerCount()).toBe(MAX_VISIBLE_TOASTS);
    vi.advanceTimersByTime(TOAST_MS);
    expect(ids()).toEqual(['toast-4']);
    vi.advanceTimersByTime(NOTIFICATION_MS - TOAST_MS);
    expect(ids()).toEqual([]);
  });

  it('hovering stops every timer; leaving gives each toast its whole duration again', () => {
    const { actor, ids } = start();
    actor.send(ev.showPaymentNotification);
    vi.advanceTimersByTime(1_000);
    actor.send(ev.showSuccess);
    vi.advanceTimersByTime(TOAST_MS - 1);
    actor.send(ev.pointerEnter);
    expect(actor.getSnapshot().hasTag('paused')).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(NOTIFICATION_MS * 10);
    expect(ids()).toEqual(['toast-1', 'toast-2']);
    actor.send(ev.pointerLeave);
    expect(actor.getSnapshot().hasTag('paused')).toBe(false);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(ids()).toEqual(['toast-1', 'toast-2']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(NOTIFICATION_MS - TOAST_MS - 1);
    expect(ids()).toEqual(['toast-1']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('focus and the pointer hold the toasts together: they run again when both have left', () => {
    const { actor, ids } = start();
    actor.send(ev.showSuccess);
    actor.send(ev.focusIn);
    actor.send(ev.pointerEnter);
    actor.send(ev.focusOut);
    vi.advanceTimersByTime(TOAST_MS * 5);
    expect(ids()).toEqual(['toast-1']);
    actor.send(ev.pointerLeave);
    vi.advanceTimersByTime(TOAST_MS);
    expect(ids()).toEqual([]);
  });

  it('a toast shown during a pause waits for the resume with its whole duration', () => {
    const { actor, ids } = start();
    actor.send(ev.showSuccess);
    actor.send(ev.pointerEnter);
    actor.send(ev.showError);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(TOAST_MS * 5);
    actor.send(ev.pointerLeave);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(ids()).toEqual(['toast-1', 'toast-2']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('pauses are forgotten when the last toast goes; a pause without toasts is ignored', () => {
    const { actor, ids } = start();
    actor.send(ev.pointerEnter);
    expect(actor.getSnapshot().context.pausedBy).toEqual([]);
    actor.send(ev.showSuccess);
    actor.send(ev.focusIn);
    actor.send(ev.dismissFirst); // dismissed with its own button: the focus went with it, and no blur came
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.pausedBy).toEqual([]);
    actor.send(ev.showSuccess);
    vi.advanceTimersByTime(TOAST_MS);
    expect(ids()).toEqual([]);
  });

  it('falls back to TOAST_MS for a missing or unusable duration', () => {
    expect(toastDuration(undefined)).toBe(TOAST_MS);
    expect(toastDuration(0)).toBe(TOAST_MS);
    expect(toastDuration(-5)).toBe(TOAST_MS);
    expect(toastDuration(Number.NaN)).toBe(TOAST_MS);
    expect(toastDuration(NOTIFICATION_MS)).toBe(NOTIFICATION_MS);
  });
});

/**
 * Model-based tests (STYLE rule 19). The model and its state key come from toast.model.ts, which
 * `npm run test:paths` prints too; see there for the bounded event set and how time is modelled.
 */
describe('toast model', () => {
  const serializeState = toastModelKey;
  const model = createToastTestModel();
  const paths = model.getShortestPaths();

  it('has paths that reach every state node', () => {
    const reached = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
      for (const node of path.state._nodes) reached.add(node.id);
    }
    const all = [toastMachine.root, ...getStateNodes(toastMachine.root)].map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });

  // Expiring a payment notification reaches the same key as expiring a default toast, so the model times out
  // default toasts; the unit tests time NOTIFICATION_MS exactly.
  // A resume leads back to a state the model knows (timers running, same toasts), so a path never times a toast
  // out after a pause; the unit tests time a resumed toast exactly.
  it('has paths that pause by hover, by focus and by both, and resume in either order', () => {
    const moves = paths.flatMap((path) =>
      path.steps.slice(1).map((step, i) => ({ before: path.steps[i].state, event: step.event, after: step.state })),
    );
    expect(moves.some((m) => m.event === ev.pointerEnter && m.before.context.pausedBy.length === 0)).toBe(true);
    expect(moves.some((m) => m.event === ev.focusIn && m.before.context.pausedBy.length === 0)).toBe(true);
    expect(moves.some((m) => m.event === ev.pointerLeave && m.after.context.pausedBy.includes('focus'))).toBe(true);
    expect(moves.some((m) => m.event === ev.focusOut && m.after.context.pausedBy.includes('pointer'))).toBe(true);
    expect(moves.some((m) => m.event.type === 'toast.show' && m.before.hasTag('paused'))).toBe(true);
  });

  it('has paths that show both kinds of toast, dismiss, expire and drop the oldest', () => {
    // A step's state is the one its event led to, so each event is paired with the state before it.
    const moves = paths.flatMap((path) =>
      path.steps.slice(1).map((step, i) => ({ before: path.steps[i].state, event: step.event })),
    );
    const expired = moves.filter((m) => m.event.type === 'toast.expire');
    expect(expired.some((m) => m.before.context.toasts[0].durationMs === TOAST_MS)).toBe(true);
    expect(moves.some((m) => m.event.type === 'toast.dismiss')).toBe(true);
    expect(moves.some((m) => m.event === ev.showSuccess)).toBe(true);
    expect(moves.some((m) => m.event === ev.showPaymentNotification)).toBe(true);
    expect(
      moves.some((m) => m.event.type === 'toast.show' && m.before.context.toasts.length === MAX_VISIBLE_TOASTS),
    ).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, ids } = start();
      const shownAt = new Map<string, number>();

      const idOf = (event: { type: string }) => {
        const toastEvent = event as ToastEvent;
        return 'id' in toastEvent ? toastEvent.id : '';
      };

      const same = (expected: ToastSnapshot) => {
        const real = actor.getSnapshot();
        // The model knows a state only by its key (one representative snapshot per key), so the real actor must
        // agree on exactly those facts (the entering event is the path's).
        expect(real.value).toEqual(expected.value);
        expect(serializeState(real)).toBe(serializeState(expected));
        expect([...real.tags].sort()).toEqual([...expected.tags].sort());
        expect(real.context.toasts.length).toBeLessThanOrEqual(MAX_VISIBLE_TOASTS);
        // Exactly one pending timer per visible toast while they run (dropped and dismissed toasts' timers were
        // cancelled), and none while they are paused.
        expect(vi.getTimerCount()).toBe(real.hasTag('paused') ? 0 : real.context.toasts.length);
      };

      await path.test({
        states: {
          idle: (state) => {
            same(state);
            expect(ids()).toEqual([]);
          },
          visible: (state) => {
            same(state);
            expect(actor.getSnapshot().hasTag('visible')).toBe(true);
          },
          'visible.paused': (state) => {
            same(state);
            expect(actor.getSnapshot().context.pausedBy.length).toBeGreaterThan(0);
          },
        },
        events: {
          'toast.show': (step) => {
            actor.send(step.event as ToastEvent);
            shownAt.set(actor.getSnapshot().context.lastShownId!, Date.now());
          },
          'toast.dismiss': (step) => {
            const id = idOf(step.event);
            expect(ids()).toContain(id);
            actor.send(step.event as ToastEvent);
            expect(ids()).not.toContain(id);
          },
          'toast.expire': (step) => {
            const id = idOf(step.event);
            const toast = actor.getSnapshot().context.toasts.find((t) => t.id === id)!;
            vi.advanceTimersToNextTimer();
            expect(Date.now() - shownAt.get(id)!).toBe(toast.durationMs);
            expect(ids()).not.toContain(id);
          },
          'toast.pause': (step) => {
            const before = ids();
            actor.send(step.event as ToastEvent);
            if (!actor.getSnapshot().hasTag('paused')) return;
            // Longer than any toast lasts: none goes while paused.
            vi.advanceTimersByTime(NOTIFICATION_MS * 2);
            expect(ids()).toEqual(before);
          },
          'toast.resume': (step) => {
            actor.send(step.event as ToastEvent);
            // The timers run again from now, each for its toast's whole duration.
            if (!actor.getSnapshot().hasTag('paused')) for (const id of ids()) shownAt.set(id, Date.now());
          },
        },
      });
    });
  }
});
