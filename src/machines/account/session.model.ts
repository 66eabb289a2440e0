import { matchesState, type ActorLogic, type EventObject } from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { ApiError } from '@/services/api-client';
import {
  sessionMachine,
  sessionTestEvents,
  type SessionEvent,
  type SessionInput,
  type SessionModelEvent,
  type SessionSnapshot,
} from './session.machine';

/**
 * The session's test model (STYLE rule 19), shared by session.machine.test.ts and `npm run test:paths`. Test data
 * only: no app module imports this file, so it stays out of the bundle.
 *
 * `createTestModel` refuses machines that invoke actors ("Invocations on test machines are not supported"), so
 * the model is a `TestModel` given the options `createTestModel` would give it, with one difference: a vertex is
 * the state value and context plus the event and the state it came from even when the value did not change, so
 * self-transitions (runAction, the refresh restart) are on paths too. Events are offered where the snapshot
 * `can` take them. The invoked actors' completions are model events; replaying one settles the injected fake of
 * the real actor.
 */

/** The boot with a stored token: the whole graph is reachable from here. */
export const SESSION_STORED_INPUT: SessionInput = { token: 'token-stored' };
/** The start with a stored token and user: logged in at once, resuming in the background. */
export const SESSION_STORED_USER_INPUT: SessionInput = { token: 'token-stored', user: sessionTestEvents['xstate.done.actor.fetchUser'].output };
/** The boot without a stored token: straight to guest, the rest is the graph above. */
export const SESSION_NO_TOKEN_INPUT: SessionInput = { token: null };

const modelEvents: readonly SessionModelEvent[] = Object.values(sessionTestEvents);

export function createSessionTestModel(input: SessionInput = SESSION_STORED_INPUT) {
  // The model also sends the actors' completion events, which the machine's own event type does not list.
  const logic = sessionMachine as unknown as ActorLogic<SessionSnapshot, SessionModelEvent, SessionInput>;
  return new TestModel<SessionSnapshot, SessionModelEvent, SessionInput>(logic, {
    input,
    events: (snapshot) => modelEvents.filter((event) => snapshot.can(event as SessionEvent)),
    serializeState: (snapshot, event, previous) =>
      serializeSnapshot(snapshot) +
      (event && previous ? ` via ${JSON.stringify(event)} from ${JSON.stringify(previous.value)}` : ''),
    stateMatcher: (snapshot, key) => matchesState(key, snapshot.value),
  });
}

/**
 * The paths the session tests replay: every shortest path from a stored token, plus the one path that boots
 * without a token (to guest, where the stored-token graph already goes on from).
 */
export function sessionTestPaths() {
  const stored = createSessionTestModel(SESSION_STORED_INPUT).getShortestPaths();
  const none = createSessionTestModel(SESSION_NO_TOKEN_INPUT).getShortestPaths({
    toState: (snapshot) => snapshot.matches('guest'),
  });
  // From a stored user: the paths through the background resume (the rest is the stored-token graph).
  const resumed = createSessionTestModel(SESSION_STORED_USER_INPUT).getShortestPaths({
    toState: (snapshot) => snapshot.matches({ authenticated: 'resuming' }) || snapshot.matches({ authenticated: 'fetchingConfig' }),
  });
  return [
    ...stored.map((path) => ({ label: 'stored token', input: SESSION_STORED_INPUT, path })),
    ...resumed.map((path) => ({ label: 'stored token and user', input: SESSION_STORED_USER_INPUT, path })),
    ...none.map((path) => ({ label: 'no stored token', input: SESSION_NO_TOKEN_INPUT, path })),
  ];
}

const ACTOR_CALLS: Record<string, string> = {
  fetchUser: 'the user fetch',
  fetchConfig: 'the config fetch',
  logoutRequest: 'the logout call',
};

/** An ApiError as its code and message ("tokenExpired: Login expired"), anything else as its message. */
function errorSummary(error: unknown): string {
  if (error instanceof ApiError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** A short description of a session model event; the actor completions would otherwise print a whole user. */
export function describeSessionEvent(event: EventObject): string {
  const e = event as SessionModelEvent;
  switch (e.type) {
    case 'session.login':
      return `log in with token "${e.token}"`;
    case 'session.logout':
      return 'log out';
    case 'session.expired':
      return 'the token expires (session.expired)';
    case 'session.requireLogin':
      return `an action needs login (${e.action.type}${e.action.params === undefined ? '' : ` ${JSON.stringify(e.action.params)}`})`;
    case 'session.dialogClosed':
      return 'the auth dialog is closed';
    case 'session.userRefresh':
      return 'the user data is refreshed';
    case 'session.retry':
      return 'retry the boot (network back)';
    case 'xstate.done.actor.fetchUser':
      return `the user fetch answers user "${e.output.username}"`;
    case 'xstate.done.actor.fetchConfig':
      return 'the config fetch answers the app config';
    case 'xstate.done.actor.logoutRequest':
      return 'the logout call succeeds';
    case 'xstate.error.actor.fetchUser':
    case 'xstate.error.actor.fetchConfig':
    case 'xstate.error.actor.logoutRequest':
      return `${ACTOR_CALLS[e.actorId]} fails: ${errorSummary(e.error)}`;
    default:
      return event.type;
  }
}
