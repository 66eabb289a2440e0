import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyStateMachine, type SnapshotFrom } from 'xstate';
import { getStateNodes, type TestParam } from 'xstate/graph';
import {
  DIALOG_AUTO_CLOSE_MS,
  DIALOG_CLOSE_TRANSITION_MS,
  DIALOG_LIST_CLEAR_MS,
} from '@/contract/constants';
import { TrackedDialog } from '@/contract/feature-enums';
import {
  dialogMessageMachine,
  dialogStackMachine,
  dialogStackTestEvents as ev,
  toDialogMessage,
  type DialogMessageActorEvent,
  type DialogMessageActorInput,
  type DialogResult,
  type DialogStackEmitted,
  type DialogStackEvent,
} from './dialog-stack.machine';
import {
  afterEvent,
  createDialogMessageTestModel,
  createDialogStackTestModel,
  DIALOG_MESSAGE_MODEL_INPUTS,
  dialogMessageCloseEvents,
  dialogStackBaseEvents,
  dialogStackModelKey,
  dialogStackTimeoutSaved,
} from './dialog-stack.model';

type StackSnapshot = SnapshotFrom<typeof dialogStackMachine>;
type MessageSnapshot = SnapshotFrom<typeof dialogMessageMachine>;

/** A started stack with spies for the injected scroll lock and a log of `dialog.closed` emissions. */
function startStack() {
  const scroll: ('lock' | 'unlock')[] = [];
  const lockScroll = vi.fn(() => scroll.push('lock'));
  const unlockScroll = vi.fn(() => scroll.push('unlock'));
  const closed: (DialogStackEmitted & { at: number })[] = [];
  const actor = createActor(dialogStackMachine.provide({ actions: { lockScroll, unlockScroll } }));
  actor.on('dialog.closed', (event) => closed.push({ ...event, at: Date.now() }));
  actor.start();
  const message = (id: string) => actor.getSnapshot().context.messages.find((m) => m.id === id);
  return { actor, lockScroll, unlockScroll, scroll, closed, message };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toDialogMessage', () => {
  it('fills the defaults: info, success image, no auto-close, active', () => {
    expect(toDialogMessage({}, 'a', 'actor-a')).toEqual({
      id: 'a',
      actorId: 'actor-a',
      messageType: 'info',
      title: null,
      subtitle: null,
      message: null,
      params: {},
      bodyImage: 'success',
      timeout: 0,
      showClose: false,
      hideHeader: false,
      hideBody: false,
      hideFooter: false,
      fullScreen: false,
      backDrop: true,
      confirmText: null,
      cancelText: null,
      active: true,
      closing: false,
      result: null,
    });
  });

  it('autoClose gives info, success and notify the default auto-close; other types wait for the user', () => {
    for (const messageType of ['info', 'success', 'notify'] as const) {
      expect(toDialogMessage({ messageType, autoClose: true }, 'a', 'x').timeout).toBe(DIALOG_AUTO_CLOSE_MS);
    }
    for (const messageType of ['error', 'warning', 'custom', 'confirm'] as const) {
      expect(toDialogMessage({ messageType, autoClose: true }, 'a', 'x').timeout).toBe(0);
    }
    expect(toDialogMessage({ messageType: 'success' }, 'a', 'x').timeout).toBe(0);
  });

  it('an explicit timeout wins', () => {
    expect(toDialogMessage({ messageType: 'error', timeout: 1_234 }, 'a', 'x').timeout).toBe(1_234);
    expect(toDialogMessage({ messageType: 'success', autoClose: true, timeout: 0 }, 'a', 'x').timeout).toBe(0);
  });
});

describe('dialog message machine (one message alone)', () => {
  function startMessage(input: DialogMessageActorInput) {
    const reportClosing = vi.fn<(result: DialogResult | null) => void>();
    const reportClosed = vi.fn<(result: DialogResult | null) => void>();
    const actor = createActor(
      dialogMessageMachine.provide({
        actions: {
          reportClosing: ({ context }) => reportClosing(context.result),
          reportClosed: ({ context }) => reportClosed(context.result),
        },
      }),
      { input },
    ).start();
    return { actor, reportClosing, reportClosed };
  }

  it('auto-closes after exactly its timeout, then reports closed exactly DIALOG_CLOSE_TRANSITION_MS later', () => {
    const { actor, reportClosing, reportClosed } = startMessage({ id: 'm', timeout: DIALOG_AUTO_CLOSE_MS });
    expect(actor.getSnapshot().value).toBe('open');
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS - 1);
    expect(actor.getSnapshot().value).toBe('open');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('closing');
    expect(reportClosing.mock.calls).toEqual([['timeout']]);
    vi.advanceTimersByTime(DIALOG_CLOSE_TRANSITION_MS - 1);
    expect(reportClosed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(reportClosed.mock.calls).toEqual([['timeout']]);
  });

  it('without a timeout it stays open', () => {
    const { actor, reportClosing } = startMessage({ id: 'm', timeout: 0 });
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS * 10);
    expect(actor.getSnapshot().value).toBe('open');
    expect(reportClosing).not.toHaveBeenCalled();
  });

  it('a close keeps its result; a second close is ignored and the callback runs once', () => {
    const { actor, reportClosing, reportClosed } = startMessage({ id: 'm', timeout: DIALOG_AUTO_CLOSE_MS });
    actor.send({ type: 'dialogMessage.close', result: 'confirm' });
    actor.send({ type: 'dialogMessage.close', result: 'cancel' });
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS * 2);
    expect(reportClosing.mock.calls).toEqual([['confirm']]);
    expect(reportClosed.mock.calls).toEqual([['confirm']]);
  });
});

describe('dialog stack machine', () => {
  it('starts empty and unlocked', () => {
    const { actor, lockScroll } = startStack();
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ messages: 'idle', scroll: 'unlocked' });
    expect(snap.context.messages).toEqual([]);
    expect(snap.context.tracked).toEqual({ auth: false, search: false, payment: false, photo: false });
    expect(snap.hasTag('scrollLocked')).toBe(false);
    expect(lockScroll).not.toHaveBeenCalled();
  });

  it('assigns an id when the caller gives none and returns it in context.lastOpenedId', () => {
    const { actor, message } = startStack();
    actor.send(ev.openErrorWithoutId);
    const id = actor.getSnapshot().context.lastOpenedId;
    expect(id).toBe('dialog-1');
    expect(message('dialog-1')).toMatchObject({ messageType: 'error', bodyImage: 'error', timeout: 0, active: true });
    actor.send(ev.openSuccessAutoClose);
    expect(actor.getSnapshot().context.lastOpenedId).toBe('saved');
    expect(Object.keys(actor.getSnapshot().children)).toHaveLength(2);
  });

  it('holds message keys and params, never translated text', () => {
    const { actor, message } = startStack();
    actor.send(ev.openConfirm);
    expect(message('confirmDelete')).toMatchObject({
      title: 'dialog.delete.title',
      message: 'dialog.delete.message',
      params: { name: 'Blue Bar' },
      confirmText: 'common.delete',
      cancelText: 'common.cancel',
    });
    // Plain data only: no callbacks or actor refs in context.
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  });

  it('auto-closes after exactly DIALOG_AUTO_CLOSE_MS; the callback runs DIALOG_CLOSE_TRANSITION_MS later, once', () => {
    const { actor, closed, message } = startStack();
    const t0 = Date.now();
    actor.send(ev.openSuccessAutoClose);
    expect(message('saved')).toMatchObject({ timeout: DIALOG_AUTO_CLOSE_MS, active: true });
    expect(actor.getSnapshot().hasTag('messageActive')).toBe(true);

    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS - 1);
    expect(message('saved')).toMatchObject({ active: true, closing: false });
    vi.advanceTimersByTime(1);
    expect(message('saved')).toMatchObject({ active: false, closing: true, result: 'timeout' });
    expect(actor.getSnapshot().value).toEqual({ messages: 'clearing', scroll: 'locked' });

    vi.advanceTimersByTime(DIALOG_CLOSE_TRANSITION_MS - 1);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    const at = t0 + DIALOG_AUTO_CLOSE_MS + DIALOG_CLOSE_TRANSITION_MS;
    expect(closed).toEqual([{ type: 'dialog.closed', id: 'saved', result: 'timeout', at }]);
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS * 10);
    expect(closed).toHaveLength(1);
    // The finished message actor is released.
    expect(actor.getSnapshot().children).toEqual({});
  });

  it('clears the list and unlocks DIALOG_LIST_CLEAR_MS after the last goes inactive; a tracked dialog relocks', () => {
    const { actor, lockScroll, unlockScroll, message } = startStack();
    actor.send(ev.openConfirm);
    actor.send(ev.openSuccessAutoClose);
    expect(lockScroll).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(true);

    vi.advanceTimersByTime(1_000);
    actor.send(ev.closeConfirmDeleteConfirm);
    // One message is still active: the list stays and so does the lock.
    vi.advanceTimersByTime(DIALOG_LIST_CLEAR_MS * 2);
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
    expect(unlockScroll).not.toHaveBeenCalled();

    // The auto-closing one becomes inactive at DIALOG_AUTO_CLOSE_MS after it opened.
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS - 1_000 - DIALOG_LIST_CLEAR_MS * 2);
    expect(message('saved')?.active).toBe(false);
    expect(actor.getSnapshot().value).toEqual({ messages: 'clearing', scroll: 'locked' });

    vi.advanceTimersByTime(DIALOG_LIST_CLEAR_MS - 1);
    expect(actor.getSnapshot().context.messages).toHaveLength(2);
    expect(unlockScroll).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.messages).toEqual([]);
    expect(actor.getSnapshot().value).toEqual({ messages: 'idle', scroll: 'unlocked' });
    expect(unlockScroll).toHaveBeenCalledTimes(1);
    expect(lockScroll).toHaveBeenCalledTimes(1);

    actor.send(ev.authOpen);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(true);
    expect(lockScroll).toHaveBeenCalledTimes(2);
    actor.send(ev.authClosed);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(false);
    expect(unlockScroll).toHaveBeenCalledTimes(2);
  });

  it('a close runs its callback with its result DIALOG_CLOSE_TRANSITION_MS later; repeated closes are ignored', () => {
    const { actor, closed } = startStack();
    actor.send(ev.openConfirm);
    const t0 = Date.now();
    actor.send(ev.closeConfirmDeleteCancel);
    actor.send(ev.closeConfirmDeleteConfirm);
    actor.send(ev.closeAll);
    vi.advanceTimersByTime(DIALOG_CLOSE_TRANSITION_MS - 1);
    expect(closed).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(closed).toEqual([
      { type: 'dialog.closed', id: 'confirmDelete', result: 'cancel', at: t0 + DIALOG_CLOSE_TRANSITION_MS },
    ]);
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS);
    expect(closed).toHaveLength(1);
  });

  it('closeAll closes every active message with dismiss, each callback once', () => {
    const { actor, closed, scroll } = startStack();
    actor.send(ev.openConfirm);
    actor.send(ev.openSuccessAutoClose);
    actor.send(ev.openErrorWithoutId);
    actor.send(ev.closeAll);
    expect(actor.getSnapshot().context.messages.every((m) => !m.active && m.closing)).toBe(true);
    vi.advanceTimersByTime(DIALOG_CLOSE_TRANSITION_MS);
    expect(closed.map(({ id, result }) => [id, result]).sort()).toEqual([
      ['confirmDelete', 'dismiss'],
      ['dialog-3', 'dismiss'],
      ['saved', 'dismiss'],
    ]);
    expect(actor.getSnapshot().context.messages).toEqual([]);
    expect(scroll).toEqual(['lock', 'unlock']);
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS * 2);
    expect(closed).toHaveLength(3);
  });

  it('a message opened while the list is clearing cancels the clear', () => {
    const { actor, unlockScroll } = startStack();
    actor.send(ev.openConfirm);
    actor.send(ev.closeConfirmDeleteConfirm);
    vi.advanceTimersByTime(DIALOG_LIST_CLEAR_MS - 1);
    actor.send(ev.openErrorWithoutId);
    vi.advanceTimersByTime(DIALOG_LIST_CLEAR_MS * 2);
    expect(actor.getSnapshot().value).toEqual({ messages: 'showing', scroll: 'locked' });
    expect(actor.getSnapshot().context.messages.map((m) => [m.id, m.active])).toEqual([
      ['confirmDelete', false],
      ['dialog-2', true],
    ]);
    expect(unlockScroll).not.toHaveBeenCalled();
  });

  it('a tracked dialog keeps the lock when the list clears; closing it releases the lock', () => {
    const { actor, scroll } = startStack();
    actor.send(ev.paymentOpen);
    actor.send(ev.openConfirm);
    actor.send(ev.closeConfirmDeleteConfirm);
    vi.advanceTimersByTime(DIALOG_LIST_CLEAR_MS);
    expect(actor.getSnapshot().context.messages).toEqual([]);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(true);
    actor.send(ev.authOpen);
    actor.send(ev.paymentClosed);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(true);
    actor.send(ev.authClosed);
    expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(false);
    expect(scroll).toEqual(['lock', 'unlock']);
  });

  it('tracks the four dialogs independently', () => {
    const { actor } = startStack();
    for (const dialog of TrackedDialog) actor.send({ type: 'trackedDialog.set', dialog, open: true });
    expect(actor.getSnapshot().context.tracked).toEqual({ auth: true, search: true, payment: true, photo: true });
    actor.send({ type: 'trackedDialog.set', dialog: 'search', open: false });
    expect(actor.getSnapshot().context.tracked).toEqual({ auth: true, search: false, payment: true, photo: true });
  });

  it('ignores a second message with an id still in the list; the id can be used again after the clear', () => {
    const { actor, closed } = startStack();
    actor.send(ev.openSuccessAutoClose);
    actor.send({ type: 'dialog.open', message: { id: 'saved', messageType: 'error' } });
    expect(actor.getSnapshot().context.messages).toHaveLength(1);
    expect(actor.getSnapshot().context.messages[0].messageType).toBe('success');

    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS + DIALOG_LIST_CLEAR_MS);
    expect(actor.getSnapshot().context.messages).toEqual([]);
    actor.send(ev.openSuccessAutoClose);
    expect(actor.getSnapshot().context.messages).toHaveLength(1);
    vi.advanceTimersByTime(DIALOG_AUTO_CLOSE_MS + DIALOG_CLOSE_TRANSITION_MS);
    expect(closed.map((e) => [e.id, e.result])).toEqual([
      ['saved', 'timeout'],
      ['saved', 'timeout'],
    ]);
  });

  it('ignores closes of unknown ids', () => {
    const { actor } = startStack();
    actor.send(ev.openConfirm);
    const before = actor.getSnapshot().context;
    actor.send({ type: 'dialog.close', id: 'nope', result: 'confirm' });
    expect(actor.getSnapshot().context).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based tests (STYLE rule 19)

/**
 * The models come from dialog-stack.model.ts (the stack's is printed by `npm run test:paths` too): the same
 * machines with each `after` transition moved to its own `xstate.after.<delay>.<stateId>` event, which the tests
 * execute by advancing the fake clock by the named delay.
 */
type NodesOf = { _nodes: { id: string }[] };

function reachedNodeIds(paths: { state: NodesOf; steps: { state: NodesOf }[] }[]) {
  const reached = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    for (const node of path.state._nodes) reached.add(node.id);
  }
  return reached;
}

function allNodeIds(machine: AnyStateMachine) {
  return [machine.root, ...getStateNodes(machine.root)].map((node) => node.id);
}

describe('dialog message model', () => {
  const closeEvents = dialogMessageCloseEvents;
  const models = DIALOG_MESSAGE_MODEL_INPUTS.map((input) => ({
    input,
    paths: createDialogMessageTestModel(input).getShortestPaths(),
  }));

  it('has paths that reach every state node', () => {
    const reached = reachedNodeIds(models.flatMap((m) => m.paths));
    expect(allNodeIds(dialogMessageMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('has paths that send every close result and both timers', () => {
    const sent = new Set(models.flatMap((m) => m.paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.event)))));
    const expected = [
      ...closeEvents,
      { type: afterEvent('autoClose', 'dialogMessage.open') },
      { type: afterEvent('closeTransition', 'dialogMessage.closing') },
    ];
    expect(expected.map((event) => JSON.stringify(event)).filter((event) => !sent.has(event))).toEqual([]);
  });

  for (const { input, paths } of models) {
    describe(`timeout ${input.timeout}`, () => {
      for (const path of paths) {
        it(path.description, async () => {
          const reportClosing = vi.fn<(result: DialogResult | null) => void>();
          const reportClosed = vi.fn<(result: DialogResult | null) => void>();
          const actor = createActor(
            dialogMessageMachine.provide({
              actions: {
                reportClosing: ({ context }) => reportClosing(context.result),
                reportClosed: ({ context }) => reportClosed(context.result),
              },
            }),
            { input },
          ).start();

          const same = (expected: MessageSnapshot) => {
            expect(actor.getSnapshot().value).toEqual(expected.value);
            expect(actor.getSnapshot().context).toEqual(expected.context);
          };
          const events: Record<string, (step: { event: { type: string } }) => void> = {
            'dialogMessage.close': (step) => actor.send(step.event as DialogMessageActorEvent),
            [afterEvent('autoClose', 'dialogMessage.open')]: () => {
              vi.advanceTimersByTime(input.timeout - 1);
              expect(actor.getSnapshot().value).toBe('open');
              vi.advanceTimersByTime(1);
            },
            [afterEvent('closeTransition', 'dialogMessage.closing')]: () => {
              vi.advanceTimersByTime(DIALOG_CLOSE_TRANSITION_MS - 1);
              expect(actor.getSnapshot().value).toBe('closing');
              expect(reportClosed).not.toHaveBeenCalled();
              vi.advanceTimersByTime(1);
            },
          };

          await path.test({
            states: {
              open: (state) => {
                same(state);
                expect(actor.getSnapshot().hasTag('active')).toBe(true);
                expect(reportClosing).not.toHaveBeenCalled();
              },
              closing: (state) => {
                same(state);
                expect(reportClosing.mock.calls).toEqual([[state.context.result]]);
                expect(reportClosed).not.toHaveBeenCalled();
              },
              closed: (state) => {
                same(state);
                expect(actor.getSnapshot().status).toBe('done');
                expect(reportClosing.mock.calls).toEqual([[state.context.result]]);
                expect(reportClosed.mock.calls).toEqual([[state.context.result]]);
              },
            },
            events: events as TestParam<MessageSnapshot, DialogMessageActorEvent>['events'],
          });
        });
      }
    });
  }
});

/** The stack's model, its bounded event set and its state key: see dialog-stack.model.ts. */
describe('dialog stack model', () => {
  const timeoutSaved = dialogStackTimeoutSaved;
  const baseEvents = dialogStackBaseEvents;
  const serializeState = dialogStackModelKey;
  const model = createDialogStackTestModel();
  const paths = model.getShortestPaths();

  it('has paths that reach every state node', () => {
    const reached = reachedNodeIds(paths);
    expect(allNodeIds(dialogStackMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('has paths that send every event of the bounded set, the timeout and the list clear included', () => {
    const sent = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))));
    const expected = [...baseEvents, timeoutSaved, { type: afterEvent('listClear', 'dialogStack.messages.clearing') }];
    expect(expected.map((event) => JSON.stringify(event)).filter((event) => !sent.has(event))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, scroll, closed, message } = startStack();
      const openedAt = new Map<string, number>();
      /** Completed or running lives per message id (an id may be opened again after the list clears). */
      const lives = new Map<string, number>();
      /** The result each message life closed with, in order, read from the stack when it went inactive. */
      const results = new Map<string, DialogResult[]>();
      let clearingSince: number | null = null;
      actor.subscribe((snap) => {
        const clearing = snap.matches({ messages: 'clearing' });
        if (clearing && clearingSince === null) clearingSince = Date.now();
        if (!clearing) clearingSince = null;
        for (const m of snap.context.messages) {
          const list = results.get(m.id) ?? [];
          if (m.result && list.length < (lives.get(m.id) ?? 0)) results.set(m.id, [...list, m.result]);
        }
      });

      const send = (step: { event: { type: string } }) => {
        const event = step.event as DialogStackEvent;
        const before = actor.getSnapshot().context.seq;
        actor.send(event);
        if (event.type === 'dialog.open' && actor.getSnapshot().context.seq > before) {
          const id = actor.getSnapshot().context.lastOpenedId!;
          openedAt.set(id, Date.now());
          lives.set(id, (lives.get(id) ?? 0) + 1);
        }
      };
      const events: Record<string, (step: { event: { type: string } }) => void> = {
        'dialog.open': send,
        'dialog.close': send,
        'dialog.closeAll': send,
        'trackedDialog.set': send,
        // The child's own timeout: advance to the message's deadline, checking it was not reached a tick early.
        'dialogMessage.closing': (step) => {
          const event = step.event as DialogStackEvent;
          const id = 'id' in event ? event.id : '';
          const remaining = openedAt.get(id)! + DIALOG_AUTO_CLOSE_MS - Date.now();
          expect(remaining).toBeGreaterThan(0);
          vi.advanceTimersByTime(remaining - 1);
          expect(message(id)?.active).toBe(true);
          vi.advanceTimersByTime(1);
        },
        [afterEvent('listClear', 'dialogStack.messages.clearing')]: () => {
          const remaining = clearingSince! + DIALOG_LIST_CLEAR_MS - Date.now();
          expect(remaining).toBe(DIALOG_LIST_CLEAR_MS);
          vi.advanceTimersByTime(remaining - 1);
          expect(actor.getSnapshot().context.messages).not.toEqual([]);
          vi.advanceTimersByTime(1);
        },
      };

      const same = (expected: StackSnapshot) => {
        const real = actor.getSnapshot();
        expect(real.value).toEqual(expected.value);
        // The model knows a state only by its key (one representative snapshot per key), so the real actor must
        // agree on exactly those facts (the entering event is the path's, not the real actor's to report).
        expect(serializeState(real)).toBe(serializeState(expected));
        expect([...real.tags].sort()).toEqual([...expected.tags].sort());
        // Each record agrees with its message actor: open while active; closing (or finished and released) after.
        for (const m of real.context.messages) {
          const child = real.children[m.actorId]?.getSnapshot();
          if (m.active) expect(child?.value).toBe('open');
          else if (child) expect(child.value).not.toBe('open');
        }
        // lockScroll/unlockScroll alternate, starting with lock, and end on the current lock state.
        scroll.forEach((call, i) => expect(call).toBe(i % 2 === 0 ? 'lock' : 'unlock'));
        expect(scroll.at(-1) === 'lock').toBe(real.hasTag('scrollLocked'));
        // Close callbacks: never for an active message's current life, at most once per life, always with the
        // result the message closed with, and for every life once the message has left the list.
        for (const [id, n] of lives) {
          const emitted = closed.filter((e) => e.id === id);
          const inList = real.context.messages.find((m) => m.id === id);
          if (!inList) expect(emitted).toHaveLength(n);
          else if (inList.active) expect(emitted).toHaveLength(n - 1);
          else expect(emitted.length).toBeGreaterThanOrEqual(n - 1);
          expect(emitted.length).toBeLessThanOrEqual(n);
          expect(emitted.map((e) => e.result)).toEqual((results.get(id) ?? []).slice(0, emitted.length));
        }
      };

      await path.test({
        states: {
          'messages.idle': (state) => {
            same(state);
            expect(actor.getSnapshot().context.messages).toEqual([]);
            // Nothing left running: every message actor has finished and been released.
            expect(actor.getSnapshot().children).toEqual({});
          },
          'messages.showing': (state) => {
            same(state);
            expect(actor.getSnapshot().hasTag('messageActive')).toBe(true);
            expect(actor.getSnapshot().context.messages.some((m) => m.active)).toBe(true);
          },
          'messages.clearing': (state) => {
            same(state);
            expect(actor.getSnapshot().context.messages.length).toBeGreaterThan(0);
            expect(actor.getSnapshot().context.messages.every((m) => !m.active && m.closing)).toBe(true);
          },
          'scroll.locked': () => expect(actor.getSnapshot().hasTag('scrollLocked')).toBe(true),
          'scroll.unlocked': () => {
            const { context } = actor.getSnapshot();
            expect(context.messages).toEqual([]);
            expect(TrackedDialog.some((dialog) => context.tracked[dialog])).toBe(false);
          },
        },
        events: events as TestParam<StackSnapshot, DialogStackEvent>['events'],
      });
    });
  }
});
