import type { EventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { authDialogMachine, authDialogTestEvents, type AuthDialogEvent } from './auth-dialog.machine';

/**
 * The auth dialog's test model (STYLE rule 19), shared by auth-dialog.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * The history is unbounded, so the model identifies a state by its value plus the facts the ui depends on: the
 * history length (capped at 2) and the view back returns to, whether an e-mail is held, the last register
 * outcome, and the event that entered it when the value changed (as createTestModel's default
 * serializeTransition does; without it closing would lead back to the initial key and never be tested).
 */

type AuthSnapshot = SnapshotFrom<typeof authDialogMachine>;

/** The event that entered a state, when it changed the state value; part of the model's state key. */
function enteredBy(snapshot: { value: unknown }, event?: EventObject, previous?: { value: unknown }) {
  return event && previous && JSON.stringify(previous.value) !== JSON.stringify(snapshot.value) ? event.type : null;
}

/** The model's state key; a test compares the real actor's key (without the entering event) to the model's. */
export function authDialogModelKey(snapshot: AuthSnapshot, event?: EventObject, previous?: AuthSnapshot): string {
  const { history, email, afterRegister } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    history: [Math.min(history.length, 2), history.at(-1) ?? null],
    email: email !== null,
    afterRegister,
    via: enteredBy(snapshot, event, previous),
  });
}

export function createAuthDialogTestModel() {
  return createTestModel(authDialogMachine, {
    events: Object.values(authDialogTestEvents) as AuthDialogEvent[],
    serializeState: authDialogModelKey,
  });
}
