import { createActor, fromPromise, type InspectionEvent } from 'xstate';
import * as account from '@/contract/calls/account';
import * as favorite from '@/contract/calls/favorite';
import * as home from '@/contract/calls/home';
import * as user from '@/contract/calls/user';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale } from '@/contract/enums';
import { authDialogMachine } from '@/machines/account/auth-dialog.machine';
import { type DialogMessageInput, type DialogResult, dialogStackMachine } from '@/machines/app/dialog-stack.machine';
import { type FavoriteChange, favoritesMachine } from '@/machines/directory/favorites.machine';
import { type PendingAction, sessionMachine } from '@/machines/account/session.machine';
import { toastMachine } from '@/machines/app/toast.machine';
import { tokenExpiryMachine } from '@/machines/account/token-expiry.machine';
import { provideTracking } from '@/machines/app/tracking.machine';
import { type ApiClient, createApiClient } from '@/services/api-client';
import type { EnvelopeKeys } from '@/services/envelope';
import { nextTask } from '@/services/deferred-start';
import { markSettledForUse } from './settled';
import { clientId, readRuntimeConfig } from '@/services/runtime-config';
import { storage } from '@/services/storage';
import { rememberTimeZone } from '@/services/time-zone';
import type { ChatActor } from '../-chat/chat-system';

/**
 * The app-wide actors (STYLE rule 10): created once, wired to each other and to the real services with
 * `.provide()`, registered by systemId so the inspector and routes find them. Routes send them events and read
 * them with selectors; nothing else creates them.
 */

export interface AppSystemDeps {
  keys: EnvelopeKeys | null;
  clientId: () => 'pwa' | 'web';
  /** The current route locale. */
  locale: () => Locale;
  /** Navigates to an app path ('/en/login'). */
  navigate: (to: string) => void;
  /** Re-runs the current route's loaders (the session's refresh hooks). */
  refresh: () => void;
  /** Passed to every actor when `?inspect` is in the URL. */
  inspect?: (event: InspectionEvent) => void;
}

/**
 * How this page calls the API, from the runtime config the server put into it: the envelope's keys (null in debug
 * mode, or on a page without the config) and the client id. A config that is present but malformed throws: the
 * server and the client disagree, and running on without keys would only fail later and less clearly.
 */
export function pageCallSettings(): Pick<AppSystemDeps, 'keys' | 'clientId'> {
  const runtime = readRuntimeConfig();
  return { keys: runtime && !runtime.debug ? { aesKey: runtime.aesKey, signKey: runtime.signKey } : null, clientId };
}

/** What `runAction`/`runPendingAction` can do; later features add their own action types here. */
export type ActionHandlers = Record<string, (params: unknown) => void>;

/** The XState inspector for `?inspect`, here so the page's entry does not carry it (src/services/inspector.ts). */
export { inspectorFromUrl } from '@/services/inspector';

export function createAppSystem(deps: AppSystemDeps) {
  const localized = (path: string) => `/${deps.locale()}${path === '/' ? '' : path}`;
  const actionHandlers: ActionHandlers = {
    navigate: (params) => deps.navigate((params as { to: string }).to),
    // A favourite a guest asked for is saved right after login, with its toast, without a second tap.
    'favorite.add': (params) => favorites.send({ type: 'favorite.add', ...(params as favorite.FavoriteTarget) }),
  };
  const runAction = (action: PendingAction) => actionHandlers[action.type]?.(action.params);

  // session and tokenExpiry are declared below; the callbacks that use them only run after start-up.
  const api: ApiClient = createApiClient({
    keys: deps.keys,
    clientId: deps.clientId,
    locale: () => LOCALE_TAGS[isLocale(deps.locale()) ? deps.locale() : DEFAULT_LOCALE],
    getToken: () => storage.getToken(),
    getGuestId: () => storage.getGuestId(),
    onTokenExpired: (msg) => tokenExpiry.send({ type: 'token.expired', msg }),
    pause: nextTask,
  });

  const dialogStack = createActor(
    dialogStackMachine.provide({
      actions: {
        lockScroll: () => document.body.classList.add('scroll-locked'),
        unlockScroll: () => document.body.classList.remove('scroll-locked'),
      },
    }),
    { systemId: 'dialogStack', inspect: deps.inspect },
  );

  const toast = createActor(toastMachine, { systemId: 'toast', inspect: deps.inspect });

  const favorites = createActor(
    favoritesMachine.provide({
      actors: {
        saveFavorite: fromPromise<unknown, FavoriteChange>(({ input, signal }) =>
          api.call(input.op === 'add' ? favorite.add : favorite.cancel, { source: input.source, id: input.id }, { signal }),
        ),
      },
      actions: {
        notifySaved: (_, { change }) =>
          toast.send({ type: 'toast.show', kind: 'success', message: change.op === 'add' ? 'text.success.like' : 'text.success.unlike' }),
        notifyFailed: (_, { change }) =>
          toast.send({ type: 'toast.show', kind: 'error', message: change.op === 'add' ? 'text.failed.like' : 'text.failed.unlike' }),
      },
    }),
    { systemId: 'favorites', inspect: deps.inspect },
  );

  const authDialog = createActor(
    authDialogMachine.provide({
      actions: {
        navigate: (_, params: { to: string }) => deps.navigate(localized(params.to)),
        notifyOpenChange: (_, params: { open: boolean }) => {
          dialogStack.send({ type: 'trackedDialog.set', dialog: 'auth', open: params.open });
          if (!params.open && !session.getSnapshot().hasTag('loggedIn')) session.send({ type: 'session.dialogClosed' });
        },
      },
    }),
    { systemId: 'authDialog', inspect: deps.inspect },
  );

  const session = createActor(
    sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(({ signal }) => {
          // user/me renews the page session cookie; the time zone goes with it (the server paints the member's pages).
          rememberTimeZone();
          return api.call(user.me, {}, { signal });
        }),
        fetchConfig: fromPromise(({ signal }) => api.call(home.config, {}, { signal })),
        logoutRequest: fromPromise(({ signal }) => api.call(account.loginOut, {}, { signal })),
      },
      actions: {
        storeToken: (_, params: { token: string }) => storage.setToken(params.token),
        storeUser: (_, params: { user: user.CurrentUser }) => storage.setUserData(params.user),
        clearToken: () => {
          storage.removeToken();
          storage.removeUserData();
        },
        // The chat loads on demand (never for guests); it reads the session's config and user once they are set.
        connectChat: () => {
          void loadChat().then((chat) => {
            const { config, user } = session.getSnapshot().context;
            if (config && user) chat.send({ type: 'chat.connect', config, me: user.uuid });
          });
        },
        disconnectChat: () => {
          void chatLoad?.then((chat) => chat.send({ type: 'chat.clear' }));
        },
        runPendingAction: (_, params: { action: PendingAction }) => runAction(params.action),
        runAction: (_, params: { action: PendingAction }) => runAction(params.action),
        openAuthDialog: () => authDialog.send({ type: 'authDialog.open' }),
        closeAuthDialog: () => authDialog.send({ type: 'authDialog.loggedIn' }),
        runRefreshHooks: () => deps.refresh(),
      },
    }),
    { systemId: 'session', input: { token: storage.getToken(), user: storage.getUserData() }, inspect: deps.inspect },
  );

  const tokenExpiry = createActor(
    tokenExpiryMachine.provide({
      guards: { isLoggedIn: () => session.getSnapshot().hasTag('loggedIn') },
      actions: {
        logout: () => session.send({ type: 'session.expired' }),
        showExpiredDialog: (_, params: { title: string; message: string }) =>
          dialogStack.send({
            type: 'dialog.open',
            message: { id: TOKEN_EXPIRED_DIALOG_ID, messageType: 'info', title: params.title, message: params.message, bodyImage: 'error', showClose: true },
          }),
        navigateToLogin: () => deps.navigate(localized('/login')),
      },
    }),
    { systemId: 'tokenExpiry', inspect: deps.inspect },
  );
  dialogStack.on('dialog.closed', (event) => {
    if (event.id === TOKEN_EXPIRED_DIALOG_ID) tokenExpiry.send({ type: 'dialog.closed' });
  });

  const tracking = createActor(provideTracking(api), { systemId: 'tracking', inspect: deps.inspect });

  let chatLoad: Promise<ChatActor> | null = null;
  /** The chat actor, created on first use (a logged-in session, or a chat page). */
  const loadChat = (): Promise<ChatActor> =>
    (chatLoad ??= markSettledForUse(
      import('../-chat/chat-system').then(({ createChatSystem }) =>
        createChatSystem({
          api,
          inspect: deps.inspect,
          showToast: (message, params, durationMs) => toast.send({ type: 'toast.show', kind: 'info', message, params, durationMs }),
          refreshUser: () => session.send({ type: 'session.userRefresh' }),
        }),
      ),
    ));

  let dialogSeq = 0;
  /** Opens a dialog message and resolves with how it was closed (the stack stores no callbacks). */
  const openDialog = (message: DialogMessageInput): Promise<DialogResult> =>
    new Promise((resolve) => {
      const id = message.id ?? `dialog-${++dialogSeq}`;
      const subscription = dialogStack.on('dialog.closed', (event) => {
        if (event.id !== id) return;
        subscription.unsubscribe();
        resolve(event.result);
      });
      dialogStack.send({ type: 'dialog.open', message: { ...message, id } });
    });

  const actors = { dialogStack, toast, authDialog, session, tokenExpiry, tracking, favorites };
  for (const actor of Object.values(actors)) actor.start();
  // Favourites changed in a session are that user's: forget them when the session ends.
  let wasLoggedIn = session.getSnapshot().hasTag('loggedIn');
  session.subscribe((snapshot) => {
    const loggedIn = snapshot.hasTag('loggedIn');
    if (wasLoggedIn && !loggedIn) favorites.send({ type: 'favorite.reset' });
    wasLoggedIn = loggedIn;
  });
  // A boot that could not reach the server waits in `unreachable` with the token kept; these say it may be back.
  const retrySession = () => session.send({ type: 'session.retry' });
  window.addEventListener('online', retrySession);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retrySession();
  });
  return { ...actors, api, actionHandlers, openDialog, loadChat, inspect: deps.inspect };
}

export const TOKEN_EXPIRED_DIALOG_ID = 'token-expired';

export type AppSystem = ReturnType<typeof createAppSystem>;
