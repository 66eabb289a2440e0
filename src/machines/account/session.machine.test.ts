import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, matchesState, type EventObject } from 'xstate';
import { getStateNodes, type TestParam } from 'xstate/graph';
import type { AppConfig } from '@/contract/calls/home';
import type { CurrentUser } from '@/contract/calls/user';
import { Membership } from '@/contract/enums';
import { ApiError } from '@/services/api-client';
import {
  selectConfig,
  selectIsLoggedIn,
  selectMembership,
  selectUser,
  sessionMachine,
  sessionTestEvents,
  type PendingAction,
  type SessionActorEvent,
  type SessionEvent,
  type SessionInput,
  type SessionModelEvent,
  type SessionSnapshot,
} from './session.machine';
import { SESSION_NO_TOKEN_INPUT, sessionTestPaths } from './session.model';

const FAKE_LATENCY_MS = 100;
const USER: CurrentUser = sessionTestEvents['xstate.done.actor.fetchUser'].output;
const CONFIG: AppConfig = sessionTestEvents['xstate.done.actor.fetchConfig'].output;
const FAVORITE: PendingAction = { type: 'favorite.add', params: { source: 'merchant', id: 3 } };
const NAVIGATE: PendingAction = { type: 'navigate', params: { to: '/en/member' } };
const EMPTY_CONTEXT = { token: null, user: null, config: null, pendingAction: null, error: null };

type ActorSrc = 'fetchUser' | 'fetchConfig' | 'logoutRequest';
type Outcome = { ok: unknown } | { error: unknown };
type Deferred = { resolve: (value: unknown) => void; reject: (error: unknown) => void };

/**
 * Fakes for every injected implementation, recording one log in call order, plus the state they stand for: the
 * stored token, whether the chat socket is connected and whether the auth dialog is open. `respond` decides how
 * each invoked actor settles; it is called when the actor starts, after the actions of the same transition.
 */
function createWorld(storedToken: string | null, respond: (src: ActorSrc) => Promise<unknown>) {
  const log: string[] = [];
  const ran: { via: 'runPendingAction' | 'runAction'; action: PendingAction }[] = [];
  const signals: Record<ActorSrc, AbortSignal[]> = { fetchUser: [], fetchConfig: [], logoutRequest: [] };
  const world = {
    log,
    ran,
    signals,
    stored: { token: storedToken, user: null as CurrentUser | null },
    chat: { connected: false },
    dialog: { open: false },
  };
  const invoke = (src: ActorSrc, signal: AbortSignal) => {
    log.push(src);
    signals[src].push(signal);
    return respond(src);
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchUser: fromPromise<CurrentUser>(({ signal }) => invoke('fetchUser', signal) as Promise<CurrentUser>),
      fetchConfig: fromPromise<AppConfig>(({ signal }) => invoke('fetchConfig', signal) as Promise<AppConfig>),
      logoutRequest: fromPromise<unknown>(({ signal }) => invoke('logoutRequest', signal)),
    },
    actions: {
      storeToken: (_, { token }) => {
        log.push('storeToken');
        world.stored.token = token;
      },
      // Kept out of the log: it follows every user fetch, and the log is about the order of the spec's steps.
      storeUser: (_, { user }) => {
        world.stored.user = user;
      },
      clearToken: () => {
        log.push('clearToken');
        world.stored.token = null;
      },
      connectChat: () => {
        log.push('connectChat');
        world.chat.connected = true;
      },
      disconnectChat: () => {
        log.push('disconnectChat');
        world.chat.connected = false;
      },
      runPendingAction: (_, { action }) => {
        log.push('runPendingAction');
        ran.push({ via: 'runPendingAction', action });
      },
      runAction: (_, { action }) => {
        log.push('runAction');
        ran.push({ via: 'runAction', action });
      },
      openAuthDialog: () => {
        log.push('openAuthDialog');
        world.dialog.open = true;
      },
      closeAuthDialog: () => {
        log.push('closeAuthDialog');
        world.dialog.open = false;
      },
      runRefreshHooks: () => {
        log.push('runRefreshHooks');
      },
    },
  });
  return { ...world, machine };
}

/** Actors that answer after FAKE_LATENCY_MS with the next scripted outcome, or the sample data by default. */
function scripted(script: Partial<Record<ActorSrc, Outcome[]>> = {}) {
  const defaults: Record<ActorSrc, Outcome> = {
    fetchUser: { ok: USER },
    fetchConfig: { ok: CONFIG },
    logoutRequest: { ok: null },
  };
  return (src: ActorSrc) => {
    const outcome = script[src]?.shift() ?? defaults[src];
    return new Promise((resolve, reject) => {
      setTimeout(() => ('ok' in outcome ? resolve(outcome.ok) : reject(outcome.error)), FAKE_LATENCY_MS);
    });
  };
}

function start(input: SessionInput, script?: Partial<Record<ActorSrc, Outcome[]>>) {
  const world = createWorld(input.token, scripted(script));
  const actor = createActor(world.machine, { input }).start();
  return { actor, world };
}

/** Lets every invoked fake answer (one round of FAKE_LATENCY_MS per sequential call). */
async function settle(rounds = 1) {
  await vi.advanceTimersByTimeAsync(FAKE_LATENCY_MS * rounds);
}

/** A guest session, booted without a stored token. */
function startGuest(script?: Partial<Record<ActorSrc, Outcome[]>>) {
  return start({ token: null }, script);
}

/** A logged-in session: booted with a stored token, user and config loaded; the log starts empty. */
async function startLoggedIn(script?: Partial<Record<ActorSrc, Outcome[]>>) {
  const session = start({ token: 'token-stored' }, script);
  await settle(2);
  expect(session.actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
  session.world.log.length = 0;
  return session;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('session machine: boot', () => {
  it('without a stored token goes straight to guest and fetches nothing', async () => {
    for (const token of [null, '']) {
      const { actor, world } = start({ token });
      const snap = actor.getSnapshot();
      expect(snap.value).toBe('guest');
      expect(snap.hasTag('busy')).toBe(false);
      expect(snap.hasTag('booting')).toBe(false);
      expect(snap.context).toEqual(EMPTY_CONTEXT);
      await settle(5);
      expect(world.log).toEqual([]);
    }
  });

  it('with a stored token fetches the user, then the config, connects the chat and is logged in', async () => {
    const { actor, world } = start({ token: 'token-stored' });
    let snap = actor.getSnapshot();
    expect(snap.value).toEqual({ booting: 'fetchingUser' });
    expect(snap.hasTag('booting')).toBe(true);
    expect(snap.hasTag('busy')).toBe(true);
    expect(selectIsLoggedIn(snap)).toBe(false);
    expect(selectMembership(snap)).toBe(Membership.TOURIST);

    await settle();
    expect(actor.getSnapshot().value).toEqual({ booting: 'fetchingConfig' });
    await settle();
    snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'idle' });
    expect(snap.hasTag('loggedIn')).toBe(true);
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.hasTag('booting')).toBe(false);
    expect(snap.context).toEqual({ ...EMPTY_CONTEXT, token: 'token-stored', user: USER, config: CONFIG });
    // A boot is no login: nothing is stored, no dialog is closed, no hooks run.
    expect(world.log).toEqual(['fetchUser', 'fetchConfig', 'connectChat']);
    expect(world.chat.connected).toBe(true);
  });

  it('a user fetch failing with tokenExpired leaves a guest with the token cleared', async () => {
    const { actor, world } = start({ token: 'token-dead' }, {
      fetchUser: [{ error: new ApiError('Login expired', { kind: 'tokenExpired', status: 422 }) }],
    });
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('guest');
    expect(snap.context).toEqual({
      token: null,
      user: null,
      config: null,
      pendingAction: null,
      error: { code: 'tokenExpired', msg: 'Login expired' },
    });
    expect(world.log).toEqual(['fetchUser', 'clearToken']);
    expect(world.stored.token).toBeNull();
  });

  it('a boot that cannot reach the server keeps the token, waits as a guest and boots again on retry', async () => {
    const network = new ApiError('user/me failed: network error', { kind: 'network' });
    const { actor, world } = start({ token: 'token-stored' }, { fetchUser: [{ error: network }] });
    await settle();
    let snap = actor.getSnapshot();
    expect(snap.value).toBe('unreachable');
    expect(snap.hasTag('loggedIn')).toBe(false);
    expect(snap.context).toMatchObject({ token: 'token-stored', user: null, error: { code: 'network', msg: network.message } });
    expect(world.stored.token).toBe('token-stored');
    expect(world.log).toEqual(['fetchUser']);

    actor.send({ type: 'session.retry' });
    await settle(2);
    snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'idle' });
    expect(snap.context.user).toEqual(USER);
    expect(world.log).toEqual(['fetchUser', 'fetchUser', 'fetchConfig', 'connectChat']);
  });

  it('a 5xx or timeout at boot is unreachable too; a 4xx or any other error clears the token', async () => {
    for (const error of [
      new ApiError('user/me answered HTTP 503', { kind: 'http', code: 'http.503', httpStatus: 503 }),
      new ApiError('user/me timed out', { kind: 'timeout' }),
    ]) {
      const { actor, world } = start({ token: 'token-stored' }, { fetchUser: [{ error }] });
      await settle();
      expect(actor.getSnapshot().value).toBe('unreachable');
      expect(world.stored.token).toBe('token-stored');
    }
    const forbidden = start({ token: 'token-stored' }, {
      fetchUser: [{ error: new ApiError('user/me answered HTTP 403', { kind: 'http', code: 'http.403', httpStatus: 403 }) }],
    });
    await settle();
    expect(forbidden.actor.getSnapshot().value).toBe('guest');
    expect(forbidden.world.stored.token).toBeNull();

    const config = start({ token: 'token-stored' }, { fetchConfig: [{ error: new Error('boom') }] });
    await settle(2);
    expect(config.actor.getSnapshot().value).toBe('guest');
    expect(config.actor.getSnapshot().context).toMatchObject({ token: null, user: null, config: null });
    expect(config.actor.getSnapshot().context.error).toEqual({ code: 'unknown', msg: 'boom' });
    expect(config.world.log).toEqual(['fetchUser', 'fetchConfig', 'clearToken']);
    expect(config.world.chat.connected).toBe(false);
  });

  it('a login whose user fetch is cut off (page left, network) keeps the new token for the next start', async () => {
    const { actor, world } = startGuest({ fetchUser: [{ error: new ApiError('user/me canceled', { kind: 'canceled' }) }] });
    actor.send({ type: 'session.login', token: 'token-new' });
    await settle();
    expect(actor.getSnapshot().value).toBe('unreachable');
    expect(world.stored.token).toBe('token-new');
  });

  it('signing out while unreachable forgets the stored token locally', async () => {
    const { actor, world } = start({ token: 'token-stored' }, { fetchUser: [{ error: new ApiError('x', { kind: 'network' }) }] });
    await settle();
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(world.stored.token).toBeNull();
  });

  it('an action needing login during the boot runs after a successful boot, once', async () => {
    const { actor, world } = start({ token: 'token-stored' });
    actor.send({ type: 'session.requireLogin', action: NAVIGATE });
    expect(actor.getSnapshot().context.pendingAction).toEqual(NAVIGATE);
    expect(world.dialog.open).toBe(false);
    await settle(2);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(world.log).toEqual(['fetchUser', 'fetchConfig', 'connectChat', 'runPendingAction']);
    expect(world.ran).toEqual([{ via: 'runPendingAction', action: NAVIGATE }]);
    expect(actor.getSnapshot().context.pendingAction).toBeNull();
  });

  it('an action needing login during a failing boot opens the login dialog and stays pending', async () => {
    const { actor, world } = start({ token: 'token-dead' }, { fetchUser: [{ error: new Error('x') }] });
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    await settle();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(world.log).toEqual(['fetchUser', 'clearToken', 'openAuthDialog']);
    expect(actor.getSnapshot().context.pendingAction).toEqual(FAVORITE);
    expect(world.ran).toEqual([]);
  });

  it('with the default implementations boots to a guest and logs out locally', async () => {
    const actor = createActor(sessionMachine, { input: { token: 'token-stored' } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('guest'));
    expect(actor.getSnapshot().context.error).toEqual({ code: 'unknown', msg: 'not provided' });
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    actor.send({ type: 'session.login', token: 'token-login' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('guest'));
    expect(actor.getSnapshot().context.pendingAction).toEqual(FAVORITE);
  });
});

describe('session machine: the stored user', () => {
  const STALE_USER: CurrentUser = { ...USER, nickname: 'Old name' };

  it('starts logged in at once with the stored user, then refreshes the user and the config in the background', async () => {
    const { actor, world } = start({ token: 'token-stored', user: STALE_USER });
    let snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'resuming' });
    expect(selectIsLoggedIn(snap)).toBe(true);
    expect(selectUser(snap)).toEqual(STALE_USER);
    await settle(2);
    snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'idle' });
    expect(selectUser(snap)).toEqual(USER);
    expect(world.stored.user).toEqual(USER);
    expect(selectConfig(snap)).toEqual(CONFIG);
    expect(world.log).toEqual(['fetchUser', 'fetchConfig', 'connectChat']);
  });

  it('keeps the stored user while the server cannot be reached', async () => {
    const { actor, world } = start({ token: 'token-stored', user: STALE_USER }, { fetchUser: [{ error: new ApiError('offline', { kind: 'network' }) }] });
    await settle(2);
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'idle' });
    expect(selectUser(snap)).toEqual(STALE_USER);
    expect(world.stored.token).toBe('token-stored');
  });

  it('an expired token (the token expiry machine sends session.expired) ends the resumed session', async () => {
    const { actor, world } = start({ token: 'token-stored', user: STALE_USER }, { fetchUser: [{ error: new ApiError('Login expired', { kind: 'tokenExpired', status: 422 }) }] });
    await settle();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(world.stored.token).toBeNull();
  });

  it('a stored user without a token is not a session', () => {
    const { actor } = start({ token: null, user: USER });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('every fetched user is stored: at login and on refresh', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.login', token: 'token-login' });
    await settle(2);
    expect(world.stored).toEqual({ token: 'token-login', user: USER });
  });
});

describe('session machine: login', () => {
  it('runs in the order of spec section 4, the pending action included', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    expect(world.log).toEqual(['openAuthDialog']);
    world.log.length = 0;

    actor.send({ type: 'session.login', token: 'token-login' });
    let snap = actor.getSnapshot();
    expect(snap.value).toEqual({ loggingIn: 'fetchingUser' });
    expect(snap.hasTag('busy')).toBe(true);
    expect(snap.hasTag('loggedIn')).toBe(false);
    expect(snap.context.token).toBe('token-login');
    expect(world.stored.token).toBe('token-login');

    await settle(2);
    snap = actor.getSnapshot();
    expect(world.log).toEqual([
      'storeToken',
      'fetchUser',
      'fetchConfig',
      'connectChat',
      'runPendingAction',
      'closeAuthDialog',
      'runRefreshHooks',
    ]);
    expect(snap.value).toEqual({ authenticated: 'idle' });
    expect(snap.hasTag('loggedIn')).toBe(true);
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context).toEqual({ ...EMPTY_CONTEXT, token: 'token-login', user: USER, config: CONFIG });
    expect(world.ran).toEqual([{ via: 'runPendingAction', action: FAVORITE }]);
    expect(world.dialog.open).toBe(false);
    expect(world.chat.connected).toBe(true);
  });

  it('without a pending action runs the same order less runPendingAction', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.login', token: 'token-login' });
    await settle(2);
    expect(world.log).toEqual([
      'storeToken',
      'fetchUser',
      'fetchConfig',
      'connectChat',
      'closeAuthDialog',
      'runRefreshHooks',
    ]);
    expect(world.ran).toEqual([]);
  });

  it('a failing user fetch goes back to guest with the token cleared and the error code kept', async () => {
    const wrong = new ApiError('Account is disabled', { kind: 'server', status: 0 });
    const { actor, world } = startGuest({ fetchUser: [{ error: wrong }] });
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    world.log.length = 0;
    actor.send({ type: 'session.login', token: 'token-login' });
    await settle(2);

    const snap = actor.getSnapshot();
    expect(snap.value).toBe('guest');
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context).toEqual({
      token: null,
      user: null,
      config: null,
      pendingAction: FAVORITE,
      error: { code: 'server', msg: 'Account is disabled' },
    });
    expect(world.log).toEqual(['storeToken', 'fetchUser', 'clearToken']);
    expect(world.stored.token).toBeNull();
    // The dialog stays open on the error; nothing of a completed login ran.
    expect(world.dialog.open).toBe(true);
    expect(world.ran).toEqual([]);
    expect(world.chat.connected).toBe(false);
  });

  it('a config fetch refused by the server goes back to guest with the token cleared', async () => {
    const refused = new ApiError('Forbidden', { kind: 'server', status: 0 });
    const { actor, world } = startGuest({ fetchConfig: [{ error: refused }] });
    actor.send({ type: 'session.login', token: 'token-login' });
    await settle(2);
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, config: null });
    expect(world.log).toEqual(['storeToken', 'fetchUser', 'fetchConfig', 'clearToken']);
  });

  it('a network blip on the config fetch does not log the user out; the config loads on retry', async () => {
    for (const blip of [
      new ApiError('home/config failed: network error', { kind: 'network' }),
      new ApiError('HTTP 503', { kind: 'http', code: 'http.503', httpStatus: 503 }),
    ]) {
      const { actor, world } = startGuest({ fetchConfig: [{ error: blip }] });
      actor.send({ type: 'session.requireLogin', action: NAVIGATE });
      actor.send({ type: 'session.login', token: 'token-login' });
      await settle(2);
      let snap = actor.getSnapshot();
      expect(snap.value).toEqual({ authenticated: 'idle' });
      expect(selectIsLoggedIn(snap)).toBe(true);
      expect(snap.context).toMatchObject({ token: 'token-login', user: USER, config: null });
      expect(world.stored).toEqual({ token: 'token-login', user: USER });
      // The login completes for the user: the dialog closes and the guarded route opens; no socket without config.
      expect(world.ran).toEqual([{ via: 'runPendingAction', action: NAVIGATE }]);
      expect(world.dialog.open).toBe(false);
      expect(world.chat.connected).toBe(false);
      actor.send({ type: 'session.retry' });
      await settle();
      snap = actor.getSnapshot();
      expect(snap.value).toEqual({ authenticated: 'idle' });
      expect(snap.context.config).toEqual(CONFIG);
      expect(world.chat.connected).toBe(true);
    }
  });

  it('a retry after a failed login clears the error and runs the pending action exactly once', async () => {
    const { actor, world } = startGuest({ fetchUser: [{ error: new ApiError('bad', { kind: 'server', status: 0 }) }] });
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    actor.send({ type: 'session.login', token: 'token-1' });
    await settle(2);
    expect(actor.getSnapshot().context.error?.code).toBe('server');

    actor.send({ type: 'session.login', token: 'token-2' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle(2);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(world.ran).toEqual([{ via: 'runPendingAction', action: FAVORITE }]);

    // Nothing later runs it again: a refresh, a logout and a second login.
    actor.send({ type: 'session.userRefresh' });
    await settle();
    actor.send({ type: 'session.logout' });
    await settle();
    actor.send({ type: 'session.login', token: 'token-3' });
    await settle(2);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(world.ran).toEqual([{ via: 'runPendingAction', action: FAVORITE }]);
    expect(world.log.filter((entry) => entry === 'runPendingAction')).toHaveLength(1);
  });

  it('ignores a second login while logging in', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.login', token: 'token-1' });
    actor.send({ type: 'session.login', token: 'token-2' });
    await settle(2);
    expect(actor.getSnapshot().context.token).toBe('token-1');
    expect(world.log.filter((entry) => entry === 'storeToken')).toHaveLength(1);
  });
});

describe('session machine: pending action', () => {
  it('as a guest is saved and opens the login dialog; the newest one wins', () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    actor.send({ type: 'session.requireLogin', action: NAVIGATE });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context.pendingAction).toEqual(NAVIGATE);
    expect(world.log).toEqual(['openAuthDialog', 'openAuthDialog']);
    expect(world.ran).toEqual([]);
  });

  it('is dropped when the dialog is closed, and does not run after a later login', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    actor.send({ type: 'session.dialogClosed' });
    expect(actor.getSnapshot().context.pendingAction).toBeNull();

    actor.send({ type: 'session.login', token: 'token-login' });
    await settle(2);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(world.ran).toEqual([]);
    expect(world.log).not.toContain('runPendingAction');
  });

  it('is dropped when the dialog is closed while logging in', async () => {
    const { actor, world } = startGuest();
    actor.send({ type: 'session.requireLogin', action: FAVORITE });
    actor.send({ type: 'session.login', token: 'token-login' });
    actor.send({ type: 'session.dialogClosed' });
    await settle(2);
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(world.ran).toEqual([]);
  });

  it('when logged in runs at once with runAction and is never saved', async () => {
    const { actor, world } = await startLoggedIn();
    actor.send({ type: 'session.requireLogin', action: NAVIGATE });
    expect(world.log).toEqual(['runAction']);
    expect(world.ran).toEqual([{ via: 'runAction', action: NAVIGATE }]);
    expect(actor.getSnapshot().context.pendingAction).toBeNull();
    expect(world.dialog.open).toBe(false);
  });
});

describe('session machine: logout and expiry', () => {
  it('logout calls the server, then clears the token and the user, disconnects the chat, runs hooks', async () => {
    const { actor, world } = await startLoggedIn();
    actor.send({ type: 'session.logout' });
    let snap = actor.getSnapshot();
    expect(snap.value).toBe('loggingOut');
    expect(snap.hasTag('busy')).toBe(true);
    expect(selectIsLoggedIn(snap)).toBe(false);
    expect(selectMembership(snap)).toBe(Membership.TOURIST);
    // The server call still carries the token.
    expect(world.stored.token).toBe('token-stored');

    await settle();
    snap = actor.getSnapshot();
    expect(snap.value).toBe('guest');
    // Spec section 4: call the server, clear the token, reset the user, run the refresh hooks, clear chat state.
    expect(world.log).toEqual(['logoutRequest', 'clearToken', 'runRefreshHooks', 'disconnectChat']);
    expect(snap.context).toEqual(EMPTY_CONTEXT);
    expect(world.stored.token).toBeNull();
    expect(world.chat.connected).toBe(false);
  });

  it('a failing logout call still logs out locally', async () => {
    const { actor, world } = await startLoggedIn({
      logoutRequest: [{ error: new ApiError('account/loginOut failed: network error', { kind: 'network' }) }],
    });
    actor.send({ type: 'session.logout' });
    await settle();
    expect(actor.getSnapshot().value).toBe('guest');
    expect(actor.getSnapshot().context).toEqual(EMPTY_CONTEXT);
    expect(world.log).toEqual(['logoutRequest', 'clearToken', 'runRefreshHooks', 'disconnectChat']);
  });

  it('session.expired logs out without a server call', async () => {
    const { actor, world } = await startLoggedIn();
    actor.send({ type: 'session.expired' });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('guest');
    expect(snap.context).toEqual(EMPTY_CONTEXT);
    expect(world.log).toEqual(['clearToken', 'runRefreshHooks', 'disconnectChat']);
    await settle(3);
    expect(world.log).not.toContain('logoutRequest');
  });

  it('session.expired while refreshing the user aborts the refresh', async () => {
    const { actor, world } = await startLoggedIn();
    actor.send({ type: 'session.userRefresh' });
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().value).toBe('guest');
    expect(world.signals.fetchUser.at(-1)?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('ignores logout and expiry outside a session, and login inside one', async () => {
    const guest = startGuest();
    guest.actor.send({ type: 'session.logout' });
    guest.actor.send({ type: 'session.expired' });
    expect(guest.actor.getSnapshot().value).toBe('guest');
    expect(guest.world.log).toEqual([]);

    const booting = start({ token: 'token-stored' });
    booting.actor.send({ type: 'session.expired' });
    booting.actor.send({ type: 'session.logout' });
    expect(booting.actor.getSnapshot().value).toEqual({ booting: 'fetchingUser' });

    const { actor, world } = await startLoggedIn();
    actor.send({ type: 'session.login', token: 'token-other' });
    actor.send({ type: 'session.dialogClosed' });
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(actor.getSnapshot().context.token).toBe('token-stored');
    expect(world.log).toEqual([]);
  });
});

describe('session machine: user refresh', () => {
  it('refetches the user and stays logged in', async () => {
    const updated: CurrentUser = { ...USER, is_kyc: true, version: 2 };
    const { actor, world } = await startLoggedIn({ fetchUser: [{ ok: USER }, { ok: updated }] });
    actor.send({ type: 'session.userRefresh' });
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ authenticated: 'refreshingUser' });
    expect(snap.hasTag('loggedIn')).toBe(true);
    expect(selectUser(snap)).toEqual(USER);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(selectUser(actor.getSnapshot())).toEqual(updated);
    expect(selectMembership(actor.getSnapshot())).toBe(Membership.KYC_PAYED_MEMBER);
    expect(world.log).toEqual(['fetchUser']);
  });

  it('a failed refresh keeps the user and records the error; the next one clears it', async () => {
    const failure = new ApiError('HTTP 500', { kind: 'http', code: 'http.500', httpStatus: 500 });
    const { actor } = await startLoggedIn({ fetchUser: [{ ok: USER }, { error: failure }] });
    actor.send({ type: 'session.userRefresh' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ authenticated: 'idle' });
    expect(actor.getSnapshot().context.user).toEqual(USER);
    expect(actor.getSnapshot().context.error).toEqual({ code: 'http.500', msg: 'HTTP 500', httpStatus: 500 });
    actor.send({ type: 'session.userRefresh' });
    await settle();
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a newer refresh restarts the fetch; the first answer is dropped', async () => {
    const first: CurrentUser = { ...USER, version: 2 };
    const second: CurrentUser = { ...USER, version: 3 };
    const { actor, world } = await startLoggedIn({ fetchUser: [{ ok: USER }, { ok: first }, { ok: second }] });
    actor.send({ type: 'session.userRefresh' });
    await vi.advanceTimersByTimeAsync(FAKE_LATENCY_MS / 2);
    actor.send({ type: 'session.userRefresh' });
    expect(world.signals.fetchUser.at(-2)?.aborted).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.user?.version).toBe(3);
    expect(world.log).toEqual(['fetchUser', 'fetchUser']);
  });
});

describe('session selectors', () => {
  it('read the user, the config, the logged-in tag and the derived membership', async () => {
    const guest = startGuest().actor.getSnapshot();
    expect(selectUser(guest)).toBeNull();
    expect(selectConfig(guest)).toBeNull();
    expect(selectIsLoggedIn(guest)).toBe(false);
    expect(selectMembership(guest)).toBe(Membership.TOURIST);

    const { actor } = await startLoggedIn();
    const snap = actor.getSnapshot();
    expect(selectUser(snap)).toEqual(USER);
    expect(selectConfig(snap)).toEqual(CONFIG);
    expect(selectIsLoggedIn(snap)).toBe(true);
    // The sample user is paid, not KYC.
    expect(selectMembership(snap)).toBe(Membership.PAYED_MEMBER);
  });
});

/**
 * Model-based tests (STYLE rule 19). The model and its paths come from session.model.ts, which `npm run
 * test:paths` prints too; here each path is replayed against a real actor whose invoked fakes the model settles.
 */

/** A world whose invoked actors stay pending until the model settles them. */
function modelWorld(input: SessionInput) {
  const pending: Partial<Record<ActorSrc, Deferred>> = {};
  const world = createWorld(input.token, (src) => {
    return new Promise((resolve, reject) => {
      pending[src] = { resolve, reject };
    });
  });
  const actor = createActor(world.machine, { input }).start();

  function settleActor(src: ActorSrc, outcome: Outcome) {
    const deferred = pending[src];
    if (!deferred) throw new Error(`the model settles ${src}, but the actor is not running it`);
    delete pending[src];
    if ('ok' in outcome) deferred.resolve(outcome.ok);
    else deferred.reject(outcome.error);
  }
  return { world, actor, settleActor };
}

function modelParams(
  input: SessionInput,
  { world, actor, settleActor }: ReturnType<typeof modelWorld>,
): TestParam<SessionSnapshot, SessionModelEvent> {
  const flush = () => vi.advanceTimersByTimeAsync(0);
  const send = async ({ event }: { event: EventObject }) => {
    actor.send(event as SessionEvent);
    await flush();
  };
  const complete = async ({ event }: { event: EventObject }) => {
    const completion = event as SessionActorEvent;
    settleActor(completion.actorId, 'output' in completion ? { ok: completion.output } : { error: completion.error });
    await flush();
  };
  /** The real actor is where the model is, and the fakes agree with its context. */
  const same = (model: SessionSnapshot) => {
    const real = actor.getSnapshot();
    expect(real.value).toEqual(model.value);
    expect(real.context).toEqual(model.context);
    expect([...real.tags].sort()).toEqual([...model.tags].sort());
    expect(world.stored.token).toBe(real.context.token);
    return real;
  };
  return {
    states: {
      booting: (model) => {
        const real = same(model);
        expect(real.hasTag('booting') && real.hasTag('busy')).toBe(true);
        expect(real.context.token).toBe(input.token);
        expect(world.chat.connected).toBe(false);
      },
      guest: (model) => {
        const real = same(model);
        expect(real.tags.size).toBe(0);
        expect(real.context).toMatchObject({ token: null, user: null, config: null });
        expect(world.chat.connected).toBe(false);
      },
      unreachable: (model) => {
        const real = same(model);
        expect(real.tags.size).toBe(0);
        // The stored token survives; nothing of the half-loaded session is shown.
        expect(real.context).toMatchObject({ user: null, config: null });
        expect([input.token, sessionTestEvents['session.login'].token]).toContain(real.context.token);
        expect(real.context.error?.code).toBe('network');
        expect(world.chat.connected).toBe(false);
      },
      loggingIn: (model) => {
        const real = same(model);
        expect(real.hasTag('busy')).toBe(true);
        expect(real.context.token).toBe(sessionTestEvents['session.login'].token);
        expect(world.chat.connected).toBe(false);
      },
      authenticated: (model) => {
        const real = same(model);
        expect(selectIsLoggedIn(real)).toBe(true);
        expect(real.context.user).not.toBeNull();
        expect(real.context.pendingAction).toBeNull();
        expect(selectMembership(real)).toBe(Membership.PAYED_MEMBER);
        // The socket is open exactly when the config (its address and token) is known.
        expect(world.chat.connected).toBe(real.context.config !== null);
      },
      'authenticated.refreshingUser': () => {
        expect(world.signals.fetchUser.at(-1)?.aborted).toBe(false);
      },
      loggingOut: (model) => {
        const real = same(model);
        expect(real.hasTag('busy')).toBe(true);
        expect(selectIsLoggedIn(real)).toBe(false);
        expect(real.context.token).not.toBeNull();
        expect(world.chat.connected).toBe(real.context.config !== null);
      },
    },
    events: {
      'session.login': send,
      'session.logout': send,
      'session.expired': send,
      'session.requireLogin': send,
      'session.dialogClosed': send,
      'session.userRefresh': send,
      'session.retry': send,
      'xstate.done.actor.fetchUser': complete,
      'xstate.error.actor.fetchUser': complete,
      'xstate.done.actor.fetchConfig': complete,
      'xstate.error.actor.fetchConfig': complete,
      'xstate.done.actor.logoutRequest': complete,
      'xstate.error.actor.logoutRequest': complete,
    },
  };
}

const modelRuns = sessionTestPaths();
// Without a stored token the machine starts as a guest and the rest is the graph above: one path is enough.
const nonePaths = modelRuns.filter(({ input }) => input === SESSION_NO_TOKEN_INPUT).map(({ path }) => path);

describe('session machine: model-based paths', () => {
  for (const { path, input } of modelRuns) {
    it(path.description, async () => {
      const run = modelWorld(input);
      await path.test(modelParams(input, run));
    });
  }

  it('the paths reach every state of the machine', () => {
    const reached = new Set<string>();
    for (const { path } of modelRuns) {
      for (const { state } of path.steps) {
        for (const node of getStateNodes(sessionMachine.root)) {
          if (matchesState(node.path.join('.'), state.value)) reached.add(node.id);
        }
      }
    }
    // `starting` is transient (it leaves in the macrostep that enters it), so no path can stop in it.
    const all = getStateNodes(sessionMachine.root).map((node) => node.id).filter((id) => id !== 'session.starting');
    expect([...reached].sort()).toEqual([...all].sort());
    expect(nonePaths).toHaveLength(1);
    expect(nonePaths[0].steps.map((step) => step.event.type)).toEqual(['xstate.init']);
  });

  it('the paths use every sample event', () => {
    const used = new Set(modelRuns.flatMap(({ path }) => path.steps.map((step) => step.event.type)));
    for (const type of Object.keys(sessionTestEvents)) expect(used).toContain(type);
  });
});
