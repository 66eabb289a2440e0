import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import {
  HOME_PATH,
  VERIFY_EMAIL_PATH,
  authDialogMachine,
  authDialogTestEvents as ev,
  type AuthDialogEvent,
} from './auth-dialog.machine';
import { authDialogModelKey, createAuthDialogTestModel } from './auth-dialog.model';

type AuthSnapshot = SnapshotFrom<typeof authDialogMachine>;

/** A started actor with spies for the two injected actions (STYLE rules 6, 18). */
function start() {
  const navigate = vi.fn<(to: string) => void>();
  const notifyOpenChange = vi.fn<(open: boolean) => void>();
  const actor = createActor(
    authDialogMachine.provide({
      actions: {
        navigate: (_, params) => navigate(params.to),
        notifyOpenChange: (_, params) => notifyOpenChange(params.open),
      },
    }),
  ).start();
  return { actor, navigate, notifyOpenChange };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('auth dialog machine', () => {
  it('starts closed, without the open tag and without telling the app anything', () => {
    const { actor, notifyOpenChange } = start();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('closed');
    expect(snap.hasTag('open')).toBe(false);
    expect(snap.context).toEqual({ view: 'login', history: [], email: null, afterRegister: null });
    expect(notifyOpenChange).not.toHaveBeenCalled();
  });

  it('opens on login by default and tells the app once', () => {
    const { actor, notifyOpenChange } = start();
    actor.send(ev.open);
    const snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'login' } })).toBe(true);
    expect(snap.hasTag('open')).toBe(true);
    expect(snap.hasTag('canGoBack')).toBe(false);
    expect(notifyOpenChange.mock.calls).toEqual([[true]]);
  });

  it('opens on the given view', () => {
    const { actor } = start();
    actor.send(ev.openRegister);
    expect(actor.getSnapshot().matches({ open: { view: 'register' } })).toBe(true);
    expect(actor.getSnapshot().context.view).toBe('register');
    expect(actor.getSnapshot().context.history).toEqual([]);
  });

  it('go pushes the current view; back pops it and the back button disappears with the history', () => {
    const { actor } = start();
    actor.send(ev.open);
    actor.send(ev.goRegister);
    let snap = actor.getSnapshot();
    expect(snap.context).toMatchObject({ view: 'register', history: ['login'] });
    expect(snap.hasTag('canGoBack')).toBe(true);

    actor.send(ev.goLogin);
    actor.send(ev.goForgotPassword);
    expect(actor.getSnapshot().context.history).toEqual(['login', 'register', 'login']);

    actor.send(ev.back);
    snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'login' } })).toBe(true);
    expect(snap.context.history).toEqual(['login', 'register']);
    actor.send(ev.back);
    actor.send(ev.back);
    snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'login' } })).toBe(true);
    expect(snap.context.history).toEqual([]);
    expect(snap.hasTag('canGoBack')).toBe(false);
  });

  it('going with escapeRecord does not push the current view', () => {
    const { actor } = start();
    actor.send(ev.open);
    actor.send(ev.goRegisterEscape);
    const snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'register' } })).toBe(true);
    expect(snap.context.history).toEqual([]);
    expect(snap.hasTag('canGoBack')).toBe(false);
  });

  it('opening while open with escapeRecord does not push; without it, it does', () => {
    const { actor, notifyOpenChange } = start();
    actor.send(ev.open);
    actor.send(ev.openForgotPasswordEscape);
    expect(actor.getSnapshot().context).toMatchObject({ view: 'forgotPassword', history: [] });
    actor.send(ev.openRegister);
    expect(actor.getSnapshot().context).toMatchObject({ view: 'register', history: ['forgotPassword'] });
    // Still the same opening: the app was told once.
    expect(notifyOpenChange.mock.calls).toEqual([[true]]);
  });

  it('back is disabled without history: not allowed and ignored', () => {
    const { actor } = start();
    actor.send(ev.openRegister);
    const before = actor.getSnapshot();
    expect(before.can(ev.back)).toBe(false);
    expect(before.hasTag('canGoBack')).toBe(false);
    actor.send(ev.back);
    expect(actor.getSnapshot().value).toEqual(before.value);
    expect(actor.getSnapshot().context).toEqual(before.context);
  });

  it('going to the view already shown is ignored (no duplicate history entry)', () => {
    const { actor } = start();
    actor.send(ev.open);
    expect(actor.getSnapshot().can(ev.goLogin)).toBe(false);
    actor.send(ev.goLogin);
    expect(actor.getSnapshot().context.history).toEqual([]);
  });

  it('closing resets to login and clears the history; the app is told once', () => {
    const { actor, notifyOpenChange } = start();
    actor.send(ev.open);
    actor.send(ev.goForgotPassword);
    actor.send(ev.linkSent);
    actor.send(ev.close);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('closed');
    expect(snap.hasTag('open')).toBe(false);
    expect(snap.context).toEqual({ view: 'login', history: [], email: null, afterRegister: null });
    expect(notifyOpenChange.mock.calls).toEqual([[true], [false]]);

    actor.send(ev.open);
    expect(actor.getSnapshot().matches({ open: { view: 'login' } })).toBe(true);
    expect(notifyOpenChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('forgot-password → sent-link-success carries the e-mail; back returns to the form', () => {
    const { actor } = start();
    actor.send(ev.open);
    actor.send(ev.goForgotPassword);
    actor.send(ev.linkSent);
    let snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'sentLinkSuccess' } })).toBe(true);
    expect(snap.context.email).toBe('user@example.com');
    expect(snap.context.history).toEqual(['login', 'forgotPassword']);
    actor.send(ev.back);
    snap = actor.getSnapshot();
    expect(snap.matches({ open: { view: 'forgotPassword' } })).toBe(true);
  });

  it('linkSent is only accepted on the forgot-password view', () => {
    const { actor } = start();
    actor.send(ev.open);
    actor.send(ev.linkSent);
    expect(actor.getSnapshot().matches({ open: { view: 'login' } })).toBe(true);
    expect(actor.getSnapshot().context.email).toBeNull();
  });

  describe('register success (spec overlay 1)', () => {
    it('the user accepts to verify the e-mail → navigate to /member/setup and close', () => {
      const { actor, navigate, notifyOpenChange } = start();
      actor.send(ev.openRegister);
      actor.send(ev.registeredVerify);
      const snap = actor.getSnapshot();
      expect(navigate.mock.calls).toEqual([[VERIFY_EMAIL_PATH]]);
      expect(VERIFY_EMAIL_PATH).toBe('/member/setup');
      expect(snap.value).toBe('closed');
      expect(snap.context).toEqual({ view: 'login', history: [], email: null, afterRegister: 'verifyEmail' });
      expect(notifyOpenChange.mock.calls).toEqual([[true], [false]]);
    });

    it('declined, on a route whose name contains register → navigate to / and close', () => {
      const { actor, navigate } = start();
      actor.send(ev.openRegister);
      actor.send(ev.registeredOnRegisterRoute);
      expect(navigate.mock.calls).toEqual([[HOME_PATH]]);
      expect(HOME_PATH).toBe('/');
      expect(actor.getSnapshot().value).toBe('closed');
      expect(actor.getSnapshot().context.afterRegister).toBe('home');
    });

    it('declined elsewhere → just close, no navigation', () => {
      const { actor, navigate } = start();
      actor.send(ev.open);
      actor.send(ev.goRegister);
      actor.send(ev.registeredElsewhere);
      expect(navigate).not.toHaveBeenCalled();
      expect(actor.getSnapshot().value).toBe('closed');
      expect(actor.getSnapshot().context).toEqual({
        view: 'login',
        history: [],
        email: null,
        afterRegister: 'close',
      });
    });

    it('the next opening forgets the last register outcome', () => {
      const { actor } = start();
      actor.send(ev.openRegister);
      actor.send(ev.registeredElsewhere);
      actor.send(ev.open);
      expect(actor.getSnapshot().context.afterRegister).toBeNull();
    });

    it('registered is only accepted on the register view', () => {
      const { actor, navigate } = start();
      actor.send(ev.open);
      actor.send(ev.registeredVerify);
      expect(navigate).not.toHaveBeenCalled();
      expect(actor.getSnapshot().matches({ open: { view: 'login' } })).toBe(true);
    });
  });

  it('a login closes the dialog from any view', () => {
    const { actor, notifyOpenChange } = start();
    actor.send(ev.open);
    actor.send(ev.goForgotPassword);
    actor.send(ev.loggedIn);
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.history).toEqual([]);
    expect(notifyOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('the machine holds codes only: views and an e-mail, no translated text', () => {
    const { actor } = start();
    actor.send(ev.open);
    actor.send(ev.goForgotPassword);
    actor.send(ev.linkSent);
    expect(JSON.parse(JSON.stringify(actor.getSnapshot().context))).toEqual({
      view: 'sentLinkSuccess',
      history: ['login', 'forgotPassword'],
      email: 'user@example.com',
      afterRegister: null,
    });
  });
});

/**
 * Model-based tests (STYLE rule 19). The model and its state key come from auth-dialog.model.ts, which
 * `npm run test:paths` prints too.
 */
describe('auth dialog model', () => {
  const serializeState = authDialogModelKey;
  const model = createAuthDialogTestModel();
  const paths = model.getShortestPaths();

  it('has paths that reach every state node', () => {
    const reached = new Set<string>();
    for (const path of paths) {
      for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
      for (const node of path.state._nodes) reached.add(node.id);
    }
    const all = [authDialogMachine.root, ...getStateNodes(authDialogMachine.root)].map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });

  it('has paths that send every sample event', () => {
    const sent = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))));
    expect(Object.values(ev).map((event) => JSON.stringify(event)).filter((event) => !sent.has(event))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, navigate, notifyOpenChange } = start();
      // What the fakes must have seen so far, counted from the events the path sends.
      let expectedNavigations: string[] = [];
      const send = (event: AuthDialogEvent) => {
        const before = actor.getSnapshot();
        // On the register view, and also once closed: the session may have closed the dialog (login after
        // registering) before the "verify now?" answer arrives.
        if (event.type === 'authDialog.registered' && (before.matches({ open: { view: 'register' } }) || before.matches('closed'))) {
          if (event.wantsVerify) expectedNavigations = [...expectedNavigations, VERIFY_EMAIL_PATH];
          else if (event.routeName.includes('register')) expectedNavigations = [...expectedNavigations, HOME_PATH];
        }
        actor.send(event);
      };
      const exec = (step: { event: { type: string } }) => send(step.event as AuthDialogEvent);

      const same = (expected: AuthSnapshot) => {
        const real = actor.getSnapshot();
        // The model knows a state only by its key (one representative snapshot per key), so the real actor must
        // agree on exactly those facts, plus the tags the ui reads (the entering event is the path's).
        expect(real.value).toEqual(expected.value);
        expect(serializeState(real)).toBe(serializeState(expected));
        expect([...real.tags].sort()).toEqual([...expected.tags].sort());
        expect(navigate.mock.calls.map(([to]) => to)).toEqual(expectedNavigations);
        // notifyOpenChange alternates true/false, starting with true, and ends on the current openness.
        const calls = notifyOpenChange.mock.calls.map(([open]) => open);
        calls.forEach((open, i) => expect(open).toBe(i % 2 === 0));
        expect(calls.at(-1) ?? false).toBe(expected.hasTag('open'));
      };

      await path.test({
        states: {
          closed: (state) => {
            same(state);
            expect(actor.getSnapshot().context.history).toEqual([]);
            expect(actor.getSnapshot().context.view).toBe('login');
          },
          open: (state) => {
            same(state);
            expect(actor.getSnapshot().hasTag('open')).toBe(true);
          },
          'open.view.login': (state) => expect(state.context.view).toBe('login'),
          'open.view.register': (state) => expect(state.context.view).toBe('register'),
          'open.view.forgotPassword': (state) => expect(state.context.view).toBe('forgotPassword'),
          'open.view.sentLinkSuccess': (state) => {
            expect(state.context.view).toBe('sentLinkSuccess');
            expect(actor.getSnapshot().context.email).toBe(ev.linkSent.email);
          },
          'open.back.available': () => {
            expect(actor.getSnapshot().hasTag('canGoBack')).toBe(true);
            expect(actor.getSnapshot().can(ev.back)).toBe(true);
          },
          'open.back.unavailable': () => {
            expect(actor.getSnapshot().hasTag('canGoBack')).toBe(false);
            expect(actor.getSnapshot().can(ev.back)).toBe(false);
          },
        },
        events: {
          'authDialog.open': exec,
          'authDialog.go': exec,
          'authDialog.back': exec,
          'authDialog.close': exec,
          'authDialog.linkSent': exec,
          'authDialog.registered': exec,
          'authDialog.loggedIn': exec,
        },
      });
    });
  }
});
