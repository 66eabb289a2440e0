import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, matchesState } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import { selectIsLoggedIn, sessionMachine, sessionTestEvents } from './session.machine';
import {
  EXPIRED_DIALOG,
  tokenExpiryMachine,
  tokenExpiryTestEvents,
  type ExpiredDialogParams,
} from './token-expiry.machine';
import { tokenExpiryTestPaths } from './token-expiry.model';

/**
 * The expiry machine with recording fakes; `state.loggedIn` is what the app's `isLoggedIn` check answers. As in
 * the app, logout ends the session unless `fixed` keeps the answer constant (as the models assume).
 */
function start(initiallyLoggedIn = true, { fixed = false } = {}) {
  const state = { loggedIn: initiallyLoggedIn };
  const log: string[] = [];
  const dialogs: ExpiredDialogParams[] = [];
  const machine = tokenExpiryMachine.provide({
    guards: { isLoggedIn: () => state.loggedIn },
    actions: {
      logout: () => {
        log.push('logout');
        if (!fixed) state.loggedIn = false;
      },
      showExpiredDialog: (_, params) => {
        log.push('showExpiredDialog');
        dialogs.push(params);
      },
      navigateToLogin: () => {
        log.push('navigateToLogin');
      },
    },
  });
  const actor = createActor(machine).start();
  return { actor, log, dialogs, state };
}

const expired = (msg?: string) => ({ type: 'token.expired' as const, ...(msg === undefined ? {} : { msg }) });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token expiry machine', () => {
  it('starts idle and not pending', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('pending')).toBe(false);
    expect(actor.getSnapshot().context).toEqual({ msg: null });
  });

  it('a logged-in user is logged out and shown the expiry dialog, which is pending', () => {
    const { actor, log, dialogs } = start();
    actor.send(expired('Login expired'));
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('dialogOpen');
    expect(snap.hasTag('pending')).toBe(true);
    expect(snap.context.msg).toBe('Login expired');
    expect(log).toEqual(['logout', 'showExpiredDialog']);
    // Message keys only; the app translates them and shows an info dialog with the error image.
    expect(dialogs).toEqual([{ title: 'dialog.invalidToken.title', message: 'dialog.invalidToken.message' }]);
    expect(dialogs[0]).toEqual(EXPIRED_DIALOG);
  });

  it('three rapid expiries are handled exactly once', () => {
    const { actor, log, dialogs } = start();
    actor.send(expired('first'));
    actor.send(expired('second'));
    actor.send(expired());
    expect(actor.getSnapshot().value).toBe('dialogOpen');
    expect(actor.getSnapshot().context.msg).toBe('first');
    expect(log).toEqual(['logout', 'showExpiredDialog']);
    expect(dialogs).toHaveLength(1);
  });

  it('closing the dialog goes to the login page and re-arms the machine', () => {
    const { actor, log, state } = start();
    actor.send(expired('x'));
    actor.send({ type: 'dialog.closed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().hasTag('pending')).toBe(false);
    expect(actor.getSnapshot().context.msg).toBeNull();
    expect(log).toEqual(['logout', 'showExpiredDialog', 'navigateToLogin']);

    // Logged in again later, a new expiry is handled again.
    state.loggedIn = true;
    actor.send(expired());
    expect(actor.getSnapshot().value).toBe('dialogOpen');
    expect(actor.getSnapshot().context.msg).toBeNull();
    expect(log).toEqual(['logout', 'showExpiredDialog', 'navigateToLogin', 'logout', 'showExpiredDialog']);
  });

  it('without a logged-in user ignores the expiry', () => {
    const { actor, log } = start(false);
    actor.send(expired('stale token at boot'));
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.msg).toBeNull();
    expect(log).toEqual([]);
  });

  it('asks whether the user is logged in at the time of the expiry', () => {
    const { actor, log, state } = start(false);
    actor.send(expired());
    state.loggedIn = true;
    actor.send(expired());
    expect(actor.getSnapshot().value).toBe('dialogOpen');
    expect(log).toEqual(['logout', 'showExpiredDialog']);
  });

  it('ignores dialog.closed while idle', () => {
    const { actor, log } = start();
    actor.send({ type: 'dialog.closed' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log).toEqual([]);
  });

  it('by default nobody is logged in and nothing happens', () => {
    const actor = createActor(tokenExpiryMachine).start();
    actor.send(expired());
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('wired to the session as the app does: three 422s end the session once, without a server call', async () => {
    const log: string[] = [];
    const session = createActor(
      sessionMachine.provide({
        actors: {
          fetchUser: fromPromise(async () => sessionTestEvents['xstate.done.actor.fetchUser'].output),
          fetchConfig: fromPromise(async () => sessionTestEvents['xstate.done.actor.fetchConfig'].output),
          logoutRequest: fromPromise<unknown>(async () => {
            log.push('logoutRequest');
            return null;
          }),
        },
        actions: {
          clearToken: () => log.push('clearToken'),
          disconnectChat: () => log.push('disconnectChat'),
          runRefreshHooks: () => log.push('runRefreshHooks'),
        },
      }),
      { input: { token: 'token-stored' } },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectIsLoggedIn(session.getSnapshot())).toBe(true);

    const expiry = createActor(
      tokenExpiryMachine.provide({
        guards: { isLoggedIn: () => selectIsLoggedIn(session.getSnapshot()) },
        actions: {
          logout: () => session.send({ type: 'session.expired' }),
          showExpiredDialog: () => log.push('showExpiredDialog'),
          navigateToLogin: () => log.push('navigateToLogin'),
        },
      }),
    ).start();
    // The api client's onTokenExpired, once per call answered 422.
    for (let i = 0; i < 3; i++) expiry.send({ type: 'token.expired', msg: 'Login expired' });

    expect(session.getSnapshot().value).toBe('guest');
    expect(log).toEqual(['clearToken', 'runRefreshHooks', 'disconnectChat', 'showExpiredDialog']);
    expiry.send({ type: 'dialog.closed' });
    expect(log.at(-1)).toBe('navigateToLogin');
    // A 422 of a call still in flight after the logout changes nothing: the user is a guest now.
    expiry.send({ type: 'token.expired' });
    expect(expiry.getSnapshot().value).toBe('idle');
  });
});

/**
 * Model-based tests (STYLE rule 19). The models (one per answer of `isLoggedIn`) and their paths come from
 * token-expiry.model.ts, which `npm run test:paths` prints too; here each path is replayed against a real actor.
 */
const modelRuns = tokenExpiryTestPaths();

describe('token expiry machine: model-based paths', () => {
  for (const { path, loggedIn, label } of modelRuns) {
    it(`${label}: ${path.description}`, async () => {
      const { actor, log, dialogs } = start(loggedIn, { fixed: true });
      const count = (entry: string) => log.filter((e) => e === entry).length;
      await path.test({
        states: {
          idle: (model) => {
            const real = actor.getSnapshot();
            expect(real.value).toBe('idle');
            expect(real.context).toEqual(model.context);
            expect(real.hasTag('pending')).toBe(false);
            // Every dialog shown was closed and led to the login page.
            expect(count('navigateToLogin')).toBe(count('showExpiredDialog'));
            if (!loggedIn) expect(log).toEqual([]);
          },
          dialogOpen: (model) => {
            const real = actor.getSnapshot();
            expect(real.value).toBe('dialogOpen');
            expect(real.context).toEqual(model.context);
            expect(real.hasTag('pending')).toBe(true);
            // One logout and one dialog per expiry handled; the open one is not yet closed.
            expect(count('logout')).toBe(count('showExpiredDialog'));
            expect(count('showExpiredDialog')).toBe(count('navigateToLogin') + 1);
            expect(dialogs.at(-1)).toEqual(EXPIRED_DIALOG);
          },
        },
        events: {
          'token.expired': ({ event }) => {
            actor.send(event);
          },
          'dialog.closed': ({ event }) => {
            actor.send(event);
          },
        },
      });
    });
  }

  it('the paths reach every state of the machine and use every sample event', () => {
    const reached = new Set<string>();
    for (const { path } of modelRuns) {
      for (const { state } of path.steps) {
        for (const node of getStateNodes(tokenExpiryMachine.root)) {
          if (matchesState(node.path.join('.'), state.value)) reached.add(node.id);
        }
      }
    }
    const all = getStateNodes(tokenExpiryMachine.root).map((node) => node.id);
    expect([...reached].sort()).toEqual([...all].sort());

    const used = new Set(modelRuns.flatMap(({ path }) => path.steps.map((step) => step.event.type)));
    for (const type of Object.keys(tokenExpiryTestEvents)) expect(used).toContain(type);
  });
});
