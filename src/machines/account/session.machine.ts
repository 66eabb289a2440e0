import {
  assign,
  enqueueActions,
  fromPromise,
  not,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
  type SnapshotFrom,
} from 'xstate';
import type { AppConfig } from '@/contract/calls/home';
import type { CurrentUser } from '@/contract/calls/user';
import type { Membership } from '@/contract/enums';
import { deriveMembership } from '@/contract/permissions';
import { toRequestError, type RequestError } from '@/machines/app/request.machine';
import { ApiError } from '@/services/api-client';

/**
 * The app-wide session (spec sections 3 and 4, DESIGN section 7): the token, the current user, the app config
 * and the action a guest tried before logging in. Created once by the app with the stored token as input; every
 * side effect (storage, api calls, chat socket, auth dialog, refresh hooks, running a pending action) is a named
 * action or actor with a safe no-op default here and the real one injected with `.provide()` (STYLE rule 6).
 *
 * A session is only established when both the user and the app config load: a failure of either, at boot or at
 * login, leaves a guest with the token cleared and the error's code in `context.error` — except a boot that could
 * not reach the server (network, timeout, 5xx), which keeps the stored token in `unreachable` until
 * `session.retry`: a network blip at start must not log anyone out.
 */

/**
 * A serializable description of something that needs a logged-in user: an app action
 * (`{ type: 'favorite.add', params: { source: 'merchant', id: 3 } }`) or a navigation
 * (`{ type: 'navigate', params: { to: '/en/member' } }`). The app maps it to code in `runAction` /
 * `runPendingAction`; the machine only stores and hands it over.
 */
export interface PendingAction {
  type: string;
  params?: unknown;
}

export interface SessionContext {
  token: string | null;
  user: CurrentUser | null;
  config: AppConfig | null;
  /** The action saved by `session.requireLogin` as a guest, run once after login. */
  pendingAction: PendingAction | null;
  /** Why the last boot, login or user refresh failed: an ApiError code and the server's msg. */
  error: RequestError | null;
}

export interface SessionInput {
  /** The token kept in browser storage (StorageKey.auth), read by whoever creates the actor. */
  token: string | null;
  /**
   * The user kept in browser storage beside the token (spec section 3: "the user data and the token are kept
   * persistently"). With both, the app starts logged in at once and refreshes the user in the background.
   */
  user?: CurrentUser | null;
}

export type SessionEvent =
  /** From the login or register form, with the token the server answered. */
  | { type: 'session.login'; token: string }
  | { type: 'session.logout' }
  /** From the token expiry machine: the token is already dead, so no server call. */
  | { type: 'session.expired' }
  /** Something needs a logged-in user (the `auth` route guard, a favourite, a chat button). */
  | { type: 'session.requireLogin'; action: PendingAction }
  /** The auth dialog was closed by the user. */
  | { type: 'session.dialogClosed' }
  /** The user data changed on the server (payment, KYC, profile edit): fetch it again. */
  | { type: 'session.userRefresh' }
  /** The network may be back (the browser's `online` event, the tab shown again): retry an unreachable boot. */
  | { type: 'session.retry' };

export type SessionTag = 'loggedIn' | 'busy' | 'booting';

/**
 * Ending the session locally (logout after its server call, and expiry), in spec section 4's order: clear the
 * token, reset the user to defaults, run the refresh hooks (they see a guest), clear all chat state.
 */
const endSession = ['clearToken', 'resetSession', 'runRefreshHooks', 'disconnectChat'] as const;

/** A failure that says nothing about the token: the server was not reached or could not answer. */
export function isUnreachableError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // 'canceled': the page was left or reloaded mid-request, which says nothing about the token either.
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'canceled') return true;
  return error.kind === 'http' && error.httpStatus !== undefined && (error.httpStatus >= 500 || error.httpStatus === 408 || error.httpStatus === 429);
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    hasStoredUser: ({ context }) => Boolean(context.token && context.user),
    hasNoConfig: ({ context }) => context.config === null,
    isUnreachable: (_, params: { error: unknown }) => isUnreachableError(params.error),
  },
  actors: {
    // Safe defaults: without an injected api client nobody gets logged in, and logout still completes locally.
    fetchUser: fromPromise<CurrentUser>(() => Promise.reject(new Error('not provided'))),
    fetchConfig: fromPromise<AppConfig>(() => Promise.reject(new Error('not provided'))),
    logoutRequest: fromPromise<unknown>(() => Promise.reject(new Error('not provided'))),
  },
  actions: {
    // Side effects, injected by the app; the defaults do nothing.
    storeToken: (_, _params: { token: string }) => {},
    storeUser: (_, _params: { user: CurrentUser }) => {},
    clearToken: () => {},
    connectChat: () => {},
    disconnectChat: () => {},
    runPendingAction: (_, _params: { action: PendingAction }) => {},
    runAction: (_, _params: { action: PendingAction }) => {},
    openAuthDialog: () => {},
    closeAuthDialog: () => {},
    runRefreshHooks: () => {},

    // Context only.
    startLogin: assign((_, params: { token: string }) => ({ token: params.token, error: null })),
    savePendingAction: assign((_, params: { action: PendingAction }) => ({ pendingAction: params.action })),
    clearPendingAction: assign({ pendingAction: null }),
    resetSession: assign({ token: null, user: null, config: null, error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: toRequestError(params.error) })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    token: input.token || null,
    user: (input.token && input.user) || null,
    config: null,
    pendingAction: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    // Decided once, from what storage held: nothing (a guest), a token and its user (logged in at once, refreshed in
    // the background), or a token alone (boot). Transient, so no state of it is ever observed.
    starting: {
      always: [
        { guard: not('hasToken'), target: 'guest' },
        { guard: 'hasStoredUser', target: '#session.authenticated.resuming' },
        { target: 'booting' },
      ],
    },
    booting: {
      tags: ['booting', 'busy'],
      // A click before the session is known is kept: run after the boot, or asked for in the login dialog.
      on: {
        'session.requireLogin': {
          actions: { type: 'savePendingAction', params: ({ event }) => ({ action: event.action }) },
        },
      },
      initial: 'fetchingUser',
      states: {
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'fetchingConfig',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'storeUser', params: ({ event }) => ({ user: event.output }) }],
            },
            onError: [
              // Not reached: keep the token and the pending action, and wait for the network.
              {
                guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#session.unreachable',
                actions: [
                  assign({ user: null, config: null }),
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: '#session.guest',
                actions: [
                  'clearToken',
                  'resetSession',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  enqueueActions(({ context, enqueue }) => {
                    if (context.pendingAction) enqueue('openAuthDialog');
                  }),
                ],
              },
            ],
          },
        },
        fetchingConfig: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: {
              target: '#session.authenticated',
              actions: [
                assign({ config: ({ event }) => event.output }),
                enqueueActions(({ context, enqueue }) => {
                  enqueue('connectChat');
                  if (context.pendingAction) {
                    enqueue({ type: 'runPendingAction', params: { action: context.pendingAction } });
                    enqueue('clearPendingAction');
                  }
                }),
              ],
            },
            onError: [
              // Not reached: keep the token and the pending action, and wait for the network.
              {
                guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#session.unreachable',
                actions: [
                  assign({ user: null, config: null }),
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: '#session.guest',
                actions: [
                  'clearToken',
                  'resetSession',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  enqueueActions(({ context, enqueue }) => {
                    if (context.pendingAction) enqueue('openAuthDialog');
                  }),
                ],
              },
            ],
          },
        },
      },
    },

    guest: {
      on: {
        'session.login': {
          target: 'loggingIn',
          actions: [
            { type: 'startLogin', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.requireLogin': {
          actions: [
            { type: 'savePendingAction', params: ({ event }) => ({ action: event.action }) },
            'openAuthDialog',
          ],
        },
        // Closing the dialog abandons the action that opened it.
        'session.dialogClosed': { actions: 'clearPendingAction' },
      },
    },

    // The boot could not reach the server (network down, timeout, 5xx): the stored token is kept, since nothing
    // says it is invalid, and the app retries when the network is back. Meanwhile the user is treated as a guest.
    unreachable: {
      on: {
        'session.retry': { target: 'booting', actions: assign({ error: null }) },
        'session.login': {
          target: 'loggingIn',
          actions: [
            { type: 'startLogin', params: ({ event }) => ({ token: event.token }) },
            { type: 'storeToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'session.requireLogin': {
          actions: [
            { type: 'savePendingAction', params: ({ event }) => ({ action: event.action }) },
            'openAuthDialog',
          ],
        },
        'session.dialogClosed': { actions: 'clearPendingAction' },
        // Signing out while offline forgets the stored token here; the server revokes it on its 30-day idle expiry.
        'session.logout': { target: 'guest', actions: [...endSession] },
      },
    },

    loggingIn: {
      tags: ['busy'],
      on: {
        'session.requireLogin': {
          actions: { type: 'savePendingAction', params: ({ event }) => ({ action: event.action }) },
        },
        'session.dialogClosed': { actions: 'clearPendingAction' },
      },
      initial: 'fetchingUser',
      states: {
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'fetchingConfig',
              actions: [assign({ user: ({ event }) => event.output }), { type: 'storeUser', params: ({ event }) => ({ user: event.output }) }],
            },
            // The pending action stays: the dialog is still open and shows the error, and a retry may succeed.
            // A new token that could not be checked (network, page left mid-request) is kept, as at boot.
            onError: [
              {
                guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#session.unreachable',
                actions: [
                  assign({ user: null, config: null }),
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: '#session.guest',
                actions: [
                  'clearToken',
                  'resetSession',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
        fetchingConfig: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            // Spec section 4's order. The pending action runs before the dialog closes, so the dialog's
            // `session.dialogClosed` (now ignored) can never drop it.
            onDone: {
              target: '#session.authenticated',
              actions: [
                assign({ config: ({ event }) => event.output }),
                enqueueActions(({ context, enqueue }) => {
                  enqueue('connectChat');
                  if (context.pendingAction) {
                    enqueue({ type: 'runPendingAction', params: { action: context.pendingAction } });
                    enqueue('clearPendingAction');
                  }
                  enqueue('closeAuthDialog');
                  enqueue('runRefreshHooks');
                }),
              ],
            },
            onError: [
              // The user is known and the token valid: a network blip on home/config must not log them out. The
              // session goes on without a config, fetched again on `session.retry` (network back, tab shown).
              {
                guard: { type: 'isUnreachable', params: ({ event }) => ({ error: event.error }) },
                target: '#session.authenticated',
                actions: [
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                  enqueueActions(({ context, enqueue }) => {
                    if (context.pendingAction) {
                      enqueue({ type: 'runPendingAction', params: { action: context.pendingAction } });
                      enqueue('clearPendingAction');
                    }
                    enqueue('closeAuthDialog');
                    enqueue('runRefreshHooks');
                  }),
                ],
              },
              {
                target: '#session.guest',
                actions: [
                  'clearToken',
                  'resetSession',
                  { type: 'setError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },

    authenticated: {
      tags: ['loggedIn'],
      on: {
        'session.requireLogin': {
          actions: { type: 'runAction', params: ({ event }) => ({ action: event.action }) },
        },
        'session.logout': { target: 'loggingOut' },
        'session.expired': { target: 'guest', actions: [...endSession] },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.userRefresh': { target: 'refreshingUser' },
            // Logged in without a config (home/config was not reached): try again when the network may be back.
            'session.retry': { guard: 'hasNoConfig', target: 'fetchingConfig' },
          },
        },
        // Started from the stored user: the app shows the member at once while the user and config load. A 422
        // reaches the token expiry machine (session.expired); an unreachable server keeps the stored user.
        resuming: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'fetchingConfig',
              actions: [assign({ user: ({ event }) => event.output, error: null }), { type: 'storeUser', params: ({ event }) => ({ user: event.output }) }],
            },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        fetchingConfig: {
          invoke: {
            id: 'fetchConfig',
            src: 'fetchConfig',
            onDone: { target: 'idle', actions: [assign({ config: ({ event }) => event.output, error: null }), 'connectChat'] },
            onError: { target: 'idle', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        refreshingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            onDone: {
              target: 'idle',
              actions: [assign({ user: ({ event }) => event.output, error: null }), { type: 'storeUser', params: ({ event }) => ({ user: event.output }) }],
            },
            // The session stays: a 422 reaches the token expiry machine, which sends session.expired.
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          // A newer refresh restarts the fetch, so the last answer is the latest data.
          on: { 'session.userRefresh': { target: 'refreshingUser', reenter: true } },
        },
      },
    },

    loggingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        // The server call only revokes the token there; the logout completes locally either way.
        onDone: { target: 'guest', actions: [...endSession] },
        onError: { target: 'guest', actions: [...endSession] },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export const selectUser = (snapshot: SessionSnapshot): CurrentUser | null => snapshot.context.user;
export const selectIsLoggedIn = (snapshot: SessionSnapshot): boolean => snapshot.hasTag('loggedIn');
/** Membership of spec section 4; TOURIST until the session is established and again once logout starts. */
export const selectMembership = (snapshot: SessionSnapshot): Membership =>
  deriveMembership(selectIsLoggedIn(snapshot) ? snapshot.context.user : null);
export const selectConfig = (snapshot: SessionSnapshot): AppConfig | null => snapshot.context.config;

/** The completion events of the invoked actors, named by their invoke ids. */
export type SessionActorEvent =
  | DoneActorEvent<CurrentUser, 'fetchUser'>
  | ErrorActorEvent<unknown, 'fetchUser'>
  | DoneActorEvent<AppConfig, 'fetchConfig'>
  | ErrorActorEvent<unknown, 'fetchConfig'>
  | DoneActorEvent<unknown, 'logoutRequest'>
  | ErrorActorEvent<unknown, 'logoutRequest'>;

/** Everything a model of the session sends: the user's events and the actors' completions. */
export type SessionModelEvent = SessionEvent | SessionActorEvent;

const sampleUser: CurrentUser = {
  uuid: '6f1c2f8e-3f7a-4c1e-9a55-0c6b1d2e3f40',
  is_login: true,
  nickname: 'Mika',
  username: 'mika',
  email: 'mika@example.com',
  email_validation: true,
  is_kyc: false,
  kyc_status: 0,
  kyc_created_date: null,
  is_payed: true,
  vip_txt: '',
  vip_end_date: null,
  image: '',
  thumb: '',
  fun_score: 120,
  merchant_count: 0,
  partner_count: 0,
  withdrawal_rate: 1,
  withdrawable_fun_score: 0,
  withdrawable_amount: 0,
  held_fun_score: 0,
  version: 1,
  membership: 2,
  role: 'member',
};

/**
 * One sample of every event the session handles, keyed by event type: the user's events and the completions of
 * the invoked actors (`xstate.done.actor.<id>` / `xstate.error.actor.<id>`), which a model-based test turns into
 * settling the injected fake. session.machine.test.ts builds its model from these (shortest paths from the
 * input `{ token: 'token-stored' }`, plus the one path from `{ token: null }`), so a script can print the same
 * paths with the same `TestModel` options.
 */
export const sessionTestEvents = {
  'session.login': { type: 'session.login', token: 'token-login' },
  'session.logout': { type: 'session.logout' },
  'session.expired': { type: 'session.expired' },
  'session.requireLogin': {
    type: 'session.requireLogin',
    action: { type: 'favorite.add', params: { source: 'merchant', id: 3 } },
  },
  'session.dialogClosed': { type: 'session.dialogClosed' },
  'session.userRefresh': { type: 'session.userRefresh' },
  'session.retry': { type: 'session.retry' },
  'xstate.done.actor.fetchUser': { type: 'xstate.done.actor.fetchUser', actorId: 'fetchUser', output: sampleUser },
  'xstate.error.actor.fetchUser': {
    type: 'xstate.error.actor.fetchUser',
    actorId: 'fetchUser',
    error: new ApiError('Login expired', { kind: 'tokenExpired', status: 422 }),
  },
  'xstate.done.actor.fetchConfig': {
    type: 'xstate.done.actor.fetchConfig',
    actorId: 'fetchConfig',
    output: { chat_token: 'chat-token', via: 'pwa', im_url: ['wss://im.example.com/ws'] },
  },
  'xstate.error.actor.fetchConfig': {
    type: 'xstate.error.actor.fetchConfig',
    actorId: 'fetchConfig',
    error: new ApiError('home/config failed: network error', { kind: 'network' }),
  },
  'xstate.done.actor.logoutRequest': {
    type: 'xstate.done.actor.logoutRequest',
    actorId: 'logoutRequest',
    output: null,
  },
  'xstate.error.actor.logoutRequest': {
    type: 'xstate.error.actor.logoutRequest',
    actorId: 'logoutRequest',
    error: new ApiError('account/loginOut answered HTTP 503', { kind: 'http', code: 'http.503', httpStatus: 503 }),
  },
} satisfies { [T in SessionModelEvent['type']]: Extract<SessionModelEvent, { type: T }> };
