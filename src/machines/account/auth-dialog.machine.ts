import { and, assign, not, setup } from 'xstate';

/**
 * The auth dialog of spec section 2, overlay screen 1: closed, or open on one of four views with a view history.
 *
 * - It starts on login unless a view is given, and keeps a history of the views it came from; opening or going
 *   with `escapeRecord` does not push the current view; back pops (only when there is history).
 * - Closing (for any reason) resets it to login and clears the history.
 * - After register success it either sends the user to /member/setup to verify the e-mail, or to / when the
 *   current route name contains "register", or just closes. Navigation is the injected `navigate` action; the
 *   app localizes the path (STYLE rules 6, 9).
 *
 * `notifyOpenChange` runs once on every open and once on every close, so the app can mirror the tracked-dialog
 * state in the dialog stack (`trackedDialog.set { dialog: 'auth' }`).
 */

export const AUTH_VIEWS = ['login', 'register', 'forgotPassword', 'sentLinkSuccess'] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];
/** Views that can be opened or linked to; sent-link-success is only reached with an e-mail (`authDialog.linkSent`). */
export type AuthLinkView = Exclude<AuthView, 'sentLinkSuccess'>;
export const AUTH_LINK_VIEWS: readonly AuthLinkView[] = ['login', 'register', 'forgotPassword'];

/** Which register-success branch ran (spec overlay 1); the ui and tests read it, the next open clears it. */
export type AfterRegister = 'verifyEmail' | 'home' | 'close';

/** Unlocalized targets of the register-success branches; the `navigate` implementation adds the locale. */
export const VERIFY_EMAIL_PATH = '/member/setup';
export const HOME_PATH = '/';

export interface AuthDialogContext {
  view: AuthView;
  /** Views to go back to, oldest first. */
  history: AuthView[];
  /** The address the reset link was sent to, shown by sent-link-success. */
  email: string | null;
  afterRegister: AfterRegister | null;
}

export type AuthDialogEvent =
  | { type: 'authDialog.open'; view?: AuthLinkView; escapeRecord?: boolean }
  | { type: 'authDialog.go'; view: AuthLinkView; escapeRecord?: boolean }
  | { type: 'authDialog.back' }
  | { type: 'authDialog.close' }
  | { type: 'authDialog.linkSent'; email: string }
  | { type: 'authDialog.registered'; wantsVerify: boolean; routeName: string }
  | { type: 'authDialog.loggedIn' };

const initialContext: AuthDialogContext = { view: 'login', history: [], email: null, afterRegister: null };

/** The view an open/go event asks for; `authDialog.open` without a view means login. */
function requestedView(event: AuthDialogEvent): AuthLinkView | undefined {
  if (event.type === 'authDialog.open') return event.view ?? 'login';
  if (event.type === 'authDialog.go') return event.view;
  return undefined;
}

function isEscapeRecord(event: AuthDialogEvent): boolean {
  return (event.type === 'authDialog.open' || event.type === 'authDialog.go') && event.escapeRecord === true;
}

export const authDialogMachine = setup({
  types: {
    context: {} as AuthDialogContext,
    events: {} as AuthDialogEvent,
  },
  guards: {
    /** The event asks for `params.view` and it is not the view already shown. */
    isNewView: ({ context, event }, params: { view: AuthView }) =>
      requestedView(event) === params.view && context.view !== params.view,
    /** Opening from closed: the event asks for `params.view`. */
    isRequestedView: ({ event }, params: { view: AuthView }) => requestedView(event) === params.view,
    hasHistory: ({ context }) => context.history.length > 0,
    isPreviousView: ({ context }, params: { view: AuthView }) => context.history.at(-1) === params.view,
    isVerifyWanted: ({ event }) => event.type === 'authDialog.registered' && event.wantsVerify,
    isOnRegisterRoute: ({ event }) =>
      event.type === 'authDialog.registered' && event.routeName.toLowerCase().includes('register'),
  },
  actions: {
    // Safe defaults: the app injects both with .provide() where the actor is created.
    navigate: (_, _params: { to: string }) => {},
    notifyOpenChange: (_, _params: { open: boolean }) => {},
    startAt: assign((_, params: { view: AuthView }) => ({ ...initialContext, view: params.view })),
    showView: assign(({ context, event }, params: { view: AuthView }) => ({
      view: params.view,
      history: isEscapeRecord(event) ? context.history : [...context.history, context.view],
    })),
    popHistory: assign(({ context }) => ({
      view: context.history.at(-1) ?? 'login',
      history: context.history.slice(0, -1),
    })),
    showLinkSent: assign(({ context, event }) => ({
      view: 'sentLinkSuccess' as const,
      history: [...context.history, context.view],
      email: event.type === 'authDialog.linkSent' ? event.email : context.email,
    })),
    // Runs on exit of `open`, before the transition's own actions, so `afterRegister` set by the
    // register-success transition survives the reset.
    reset: assign(() => ({ view: 'login' as const, history: [], email: null })),
    setAfterRegister: assign((_, params: { outcome: AfterRegister }) => ({ afterRegister: params.outcome })),
  },
}).createMachine({
  id: 'authDialog',
  context: initialContext,
  initial: 'closed',
  states: {
    closed: {
      on: {
        // The session logs a new member in as soon as the server answers the registration (their token is stored
        // at once), which closes this dialog while the "verify your e-mail now?" question may still be open. Its
        // answer then arrives here and still leads where the member chose.
        'authDialog.registered': [
          {
            guard: 'isVerifyWanted',
            actions: [
              { type: 'navigate', params: { to: VERIFY_EMAIL_PATH } },
              { type: 'setAfterRegister', params: { outcome: 'verifyEmail' } },
            ],
          },
          {
            guard: 'isOnRegisterRoute',
            actions: [
              { type: 'navigate', params: { to: HOME_PATH } },
              { type: 'setAfterRegister', params: { outcome: 'home' } },
            ],
          },
          { actions: { type: 'setAfterRegister', params: { outcome: 'close' } } },
        ],
        'authDialog.open': AUTH_LINK_VIEWS.map((view) => ({
          guard: { type: 'isRequestedView' as const, params: { view } },
          target: `#authDialog.open.view.${view}` as const,
          actions: { type: 'startAt' as const, params: { view } },
        })),
      },
    },
    open: {
      type: 'parallel',
      tags: ['open'],
      entry: { type: 'notifyOpenChange', params: { open: true } },
      exit: [{ type: 'notifyOpenChange', params: { open: false } }, 'reset'],
      on: {
        'authDialog.close': { target: 'closed' },
        'authDialog.loggedIn': { target: 'closed' },
      },
      states: {
        // View changes are handled on this region (not on `open`) so they only exit and enter view states: a
        // transition on the parallel `open` node would re-enter the `back` region too.
        view: {
          initial: 'login',
          on: {
            // Opening while already open behaves like `go` (so escapeRecord matters there).
            'authDialog.open': AUTH_LINK_VIEWS.map((view) => ({
              guard: { type: 'isNewView' as const, params: { view } },
              target: `.${view}` as const,
              actions: { type: 'showView' as const, params: { view } },
            })),
            'authDialog.go': AUTH_LINK_VIEWS.map((view) => ({
              guard: { type: 'isNewView' as const, params: { view } },
              target: `.${view}` as const,
              actions: { type: 'showView' as const, params: { view } },
            })),
            'authDialog.back': AUTH_VIEWS.map((view) => ({
              guard: and(['hasHistory', { type: 'isPreviousView', params: { view } }]),
              target: `.${view}` as const,
              actions: 'popHistory' as const,
            })),
          },
          states: {
            login: {},
            register: {
              on: {
                'authDialog.registered': [
                  {
                    guard: 'isVerifyWanted',
                    target: '#authDialog.closed',
                    actions: [
                      { type: 'navigate', params: { to: VERIFY_EMAIL_PATH } },
                      { type: 'setAfterRegister', params: { outcome: 'verifyEmail' } },
                    ],
                  },
                  {
                    guard: 'isOnRegisterRoute',
                    target: '#authDialog.closed',
                    actions: [
                      { type: 'navigate', params: { to: HOME_PATH } },
                      { type: 'setAfterRegister', params: { outcome: 'home' } },
                    ],
                  },
                  {
                    target: '#authDialog.closed',
                    actions: { type: 'setAfterRegister', params: { outcome: 'close' } },
                  },
                ],
              },
            },
            forgotPassword: {
              on: { 'authDialog.linkSent': { target: 'sentLinkSuccess', actions: 'showLinkSent' } },
            },
            sentLinkSuccess: {},
          },
        },
        // Mirrors `history.length > 0` as the 'canGoBack' tag for the back button.
        back: {
          initial: 'unavailable',
          states: {
            unavailable: { always: { guard: 'hasHistory', target: 'available' } },
            available: { tags: ['canGoBack'], always: { guard: not('hasHistory'), target: 'unavailable' } },
          },
        },
      },
    },
  },
});

/** Sample events for unit and model-based tests. */
export const authDialogTestEvents = {
  open: { type: 'authDialog.open' },
  openRegister: { type: 'authDialog.open', view: 'register' },
  openForgotPasswordEscape: { type: 'authDialog.open', view: 'forgotPassword', escapeRecord: true },
  goLogin: { type: 'authDialog.go', view: 'login' },
  goRegister: { type: 'authDialog.go', view: 'register' },
  goForgotPassword: { type: 'authDialog.go', view: 'forgotPassword' },
  goRegisterEscape: { type: 'authDialog.go', view: 'register', escapeRecord: true },
  back: { type: 'authDialog.back' },
  close: { type: 'authDialog.close' },
  linkSent: { type: 'authDialog.linkSent', email: 'user@example.com' },
  registeredVerify: { type: 'authDialog.registered', wantsVerify: true, routeName: '/$lang/merchant/$id' },
  registeredOnRegisterRoute: { type: 'authDialog.registered', wantsVerify: false, routeName: '/$lang/register' },
  registeredElsewhere: { type: 'authDialog.registered', wantsVerify: false, routeName: '/$lang/merchant/$id' },
  loggedIn: { type: 'authDialog.loggedIn' },
} as const satisfies Record<string, AuthDialogEvent>;
