import { createMachine, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { DIALOG_AUTO_CLOSE_MS, DIALOG_CLOSE_TRANSITION_MS, DIALOG_LIST_CLEAR_MS } from '@/contract/constants';
import { TrackedDialog } from '@/contract/feature-enums';
import {
  dialogMessageMachine,
  dialogStackMachine,
  dialogStackTestEvents as ev,
  type DialogMessageActorEvent,
  type DialogMessageActorInput,
  type DialogStackEvent,
} from './dialog-stack.machine';

/**
 * The test models of the dialog stack and of one dialog message (STYLE rule 19), shared by
 * dialog-stack.machine.test.ts and `npm run test:paths` (which prints the stack's). Test data only: no app
 * module imports this file, so it stays out of the bundle.
 *
 * createTestModel refuses machines with `after` (the graph traversal cannot wait). The models are therefore of
 * the same machine config and implementations with each `after` transition moved to its own event, the
 * `xstate.after.<delay>.<stateId>` event XState raises for it anyway. The paths then contain "time passes"
 * steps, which a test executes on the real machine by advancing the fake clock by the named delay.
 */

type StackSnapshot = SnapshotFrom<typeof dialogStackMachine>;

type ConfigNode = {
  id?: string;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, ConfigNode>;
};

function afterAsEvents(node: ConfigNode, stateId: string): ConfigNode {
  const { after, states, ...rest } = node;
  const id = node.id ?? stateId;
  const afterOn = Object.fromEntries(
    Object.entries(after ?? {}).map(([delay, transition]) => [`xstate.after.${delay}.${id}`, transition]),
  );
  const children = Object.entries(states ?? {}).map(([key, child]) => [key, afterAsEvents(child, `${id}.${key}`)]);
  return {
    ...rest,
    ...(after ? { on: { ...rest.on, ...afterOn } } : {}),
    ...(states ? { states: Object.fromEntries(children) } : {}),
  };
}

/** `machine` with its `after` transitions as events (see above); same id, states and implementations. */
export function toTestMachine<T extends AnyStateMachine>(machine: T): T {
  const config = afterAsEvents(machine.config as ConfigNode, machine.id);
  return createMachine(config as never, machine.implementations as never) as unknown as T;
}

export const afterEvent = (delay: string, stateId: string) => `xstate.after.${delay}.${stateId}`;

/** The event that entered a state, when it changed the state value; part of the model's state key. */
function enteredBy(snapshot: { value: unknown }, event?: EventObject, previous?: { value: unknown }) {
  return event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value) ? event.type : null;
}

// ---------------------------------------------------------------------------------------------------------------
// One message

export const dialogMessageCloseEvents: DialogMessageActorEvent[] = [
  { type: 'dialogMessage.close', result: 'confirm' },
  { type: 'dialogMessage.close', result: 'cancel' },
  { type: 'dialogMessage.close', result: 'dismiss' },
];

/** One message that closes by itself, one that waits for the user: a model each. */
export const DIALOG_MESSAGE_MODEL_INPUTS: DialogMessageActorInput[] = [
  { id: 'auto', timeout: DIALOG_AUTO_CLOSE_MS },
  { id: 'manual', timeout: 0 },
];

export function createDialogMessageTestModel(input: DialogMessageActorInput) {
  // Alone, the message has no parent to report to, even during the graph traversal; the reports are checked
  // on the real actor through spies instead.
  const testMachine = toTestMachine(
    dialogMessageMachine.provide({ actions: { reportClosing: () => {}, reportClosed: () => {} } }),
  );
  return createTestModel(testMachine, { events: dialogMessageCloseEvents, input });
}

// ---------------------------------------------------------------------------------------------------------------
// The stack

/**
 * The stack's list is unbounded, so the model uses a bounded event set (two message ids, one auto-closing; one
 * tracked dialog) and identifies a state by small facts: its value, the number of active messages (capped at 2),
 * the results the inactive ones closed with, the open tracked dialogs, and the event that entered it when the
 * value changed (as createTestModel's default serializeTransition does; without it a list clear would lead back
 * to the initial state's key and never be on a path). A message that times out is the child's doing: the model
 * sends the child's report (`dialogMessage.closing` with result timeout), which a test executes by advancing
 * the clock to that message's deadline. The child's later `dialogMessage.closed` changes nothing the model
 * tracks; a test checks the emitted `dialog.closed` instead.
 */
export const dialogStackTimeoutSaved: DialogStackEvent = { type: 'dialogMessage.closing', id: 'saved', result: 'timeout' };

export const dialogStackBaseEvents: DialogStackEvent[] = [
  ev.openSuccessAutoClose,
  ev.openConfirm,
  ev.closeSavedDismiss,
  ev.closeConfirmDeleteConfirm,
  ev.closeConfirmDeleteCancel,
  ev.closeAll,
  ev.authOpen,
  ev.authClosed,
];

/** The model's state key; a test compares the real actor's key (without the entering event) to the model's. */
export function dialogStackModelKey(snapshot: StackSnapshot, event?: EventObject, previous?: StackSnapshot): string {
  const { messages, tracked } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    active: Math.min(messages.filter((m) => m.active).length, 2),
    closedWith: [...new Set(messages.filter((m) => !m.active).map((m) => m.result))].sort(),
    tracked: TrackedDialog.filter((dialog) => tracked[dialog]),
    via: enteredBy(snapshot, event, previous),
  });
}

export function createDialogStackTestModel() {
  return createTestModel(toTestMachine(dialogStackMachine), {
    events: (snapshot) =>
      snapshot.context.messages.some((m) => m.id === 'saved' && m.active)
        ? [...dialogStackBaseEvents, dialogStackTimeoutSaved]
        : dialogStackBaseEvents,
    // Child reports without a sample payload would be offered bare; they are not inputs of the model.
    filterEvents: (_, event) => !(event.type.startsWith('dialogMessage.') && !('id' in event)),
    serializeState: dialogStackModelKey,
  });
}

const LIST_CLEAR_EVENT = afterEvent('listClear', 'dialogStack.messages.clearing');

/** A short description of a stack model event: which message opens or closes and how, or the time passing. */
export function describeDialogStackEvent(event: EventObject): string {
  if (event.type === LIST_CLEAR_EVENT) return `${DIALOG_LIST_CLEAR_MS} ms pass (the list clears)`;
  const e = event as DialogStackEvent;
  switch (e.type) {
    case 'dialog.open':
      return `open ${e.message.messageType ?? 'info'} message "${e.message.id ?? '(generated id)'}"${e.message.autoClose ? ` (closes after ${DIALOG_AUTO_CLOSE_MS} ms)` : ''}`;
    case 'dialog.close':
      return `close "${e.id}" with ${e.result ?? 'dismiss'}`;
    case 'dialog.closeAll':
      return 'close all messages';
    case 'dialogMessage.closing':
      return `"${e.id}" times out (${DIALOG_AUTO_CLOSE_MS} ms after it opened; closed after ${DIALOG_CLOSE_TRANSITION_MS} ms more)`;
    case 'trackedDialog.set':
      return `the ${e.dialog} dialog ${e.open ? 'opens' : 'closes'}`;
    default:
      return event.type;
  }
}
