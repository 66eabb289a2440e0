import { createTestModel } from 'xstate/graph';
import { tokenExpiryMachine, tokenExpiryTestEvents } from './token-expiry.machine';

/**
 * The token expiry machine's test models (STYLE rule 19), shared by token-expiry.machine.test.ts and
 * `npm run test:paths`. Test data only: no app module imports this file, so it stays out of the bundle.
 *
 * `isLoggedIn` is the app's answer, outside the model, so there is one model per answer. A vertex is the state
 * and context plus the event and the state it came from, even when the value did not change
 * (`serializeTransition`), and every event is offered in every state, so the ignored events (a second expiry
 * while the dialog is open, an expiry without a logged-in user, a close while idle) are on paths.
 */
export function createTokenExpiryTestModel(loggedIn = true) {
  return createTestModel(tokenExpiryMachine.provide({ guards: { isLoggedIn: () => loggedIn } }), {
    events: Object.values(tokenExpiryTestEvents),
    serializeTransition: (_snapshot, event, previous) =>
      event && previous ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : '',
  });
}

/** The paths the tests replay: shortest paths of both models, logged in first. */
export function tokenExpiryTestPaths() {
  return [true, false].flatMap((loggedIn) =>
    createTokenExpiryTestModel(loggedIn)
      // Every event in every state: createTestModel alone offers only events with a transition that does something.
      .getShortestPaths({ events: Object.values(tokenExpiryTestEvents) })
      .map((path) => ({ label: loggedIn ? 'logged in' : 'not logged in', loggedIn, path })),
  );
}
