import { assign, setup } from 'xstate';

/**
 * Token expiry (spec sections 4 and 8): the api client reports every answer with status 422 as `token.expired`.
 * It is handled once: while the expiry dialog is open further expiries are ignored, since one dead token fails
 * every call in flight. A logged-in user is logged out (the app sends `session.expired`), sees an info dialog
 * with the error image, and goes to the localized /login when closing it. Without a logged-in user (a dead
 * stored token found at boot, a logout in progress) the session handles the failure itself and this does
 * nothing. The machine passes message keys only; the app shows them translated (STYLE rule 9).
 */

export interface TokenExpiryContext {
  /** The server's msg of the expiry being handled, for diagnostics; never shown. */
  msg: string | null;
}

export type TokenExpiryEvent =
  | { type: 'token.expired'; msg?: string }
  /** The expiry dialog was closed. */
  | { type: 'dialog.closed' };

/** What `showExpiredDialog` receives: the dialog's title and message keys (spec section 8). */
export interface ExpiredDialogParams {
  title: 'dialog.invalidToken.title';
  message: 'dialog.invalidToken.message';
}

export const EXPIRED_DIALOG: ExpiredDialogParams = {
  title: 'dialog.invalidToken.title',
  message: 'dialog.invalidToken.message',
};

export const tokenExpiryMachine = setup({
  types: {
    context: {} as TokenExpiryContext,
    events: {} as TokenExpiryEvent,
    tags: {} as 'pending',
  },
  guards: {
    // The app provides the session's state (`selectIsLoggedIn`); by default nobody is logged in.
    isLoggedIn: () => false,
  },
  actions: {
    // Injected by the app: send session.expired, open an info dialog with the error image, navigate to
    // /{lang}/login. The defaults do nothing.
    logout: () => {},
    showExpiredDialog: (_, _params: ExpiredDialogParams) => {},
    navigateToLogin: () => {},
  },
}).createMachine({
  id: 'tokenExpiry',
  context: { msg: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'token.expired': {
          guard: 'isLoggedIn',
          target: 'dialogOpen',
          actions: [
            assign({ msg: ({ event }) => event.msg ?? null }),
            'logout',
            { type: 'showExpiredDialog', params: EXPIRED_DIALOG },
          ],
        },
      },
    },
    dialogOpen: {
      tags: ['pending'],
      on: {
        // Handled once (spec section 4): the other calls that failed with the same dead token change nothing.
        'token.expired': {},
        'dialog.closed': { target: 'idle', actions: ['navigateToLogin', assign({ msg: null })] },
      },
    },
  },
});

/**
 * One sample of every event, keyed by event type. token-expiry.machine.test.ts builds its models from these:
 * `createTestModel` of the machine with `isLoggedIn` answering true, then false, shortest paths with every event
 * offered in every state; a script can print the same paths from there.
 */
export const tokenExpiryTestEvents = {
  'token.expired': { type: 'token.expired', msg: 'Login expired, please log in again' },
  'dialog.closed': { type: 'dialog.closed' },
} satisfies { [T in TokenExpiryEvent['type']]: Extract<TokenExpiryEvent, { type: T }> };
