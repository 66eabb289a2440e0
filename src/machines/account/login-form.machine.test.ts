import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { loginByPassword } from '@/contract/calls/account';
import { LOGIN_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import { loginFormMachine, type LoginPayload, type LoginResult } from './login-form.machine';
import { createLoginFormTestModel, LOGIN_DEBOUNCE_EVENT, loginModelEvents } from './login-form.model';
import { sameAsModel } from '../app/model-replay';

type Snapshot = SnapshotFrom<typeof loginFormMachine>;

/** A started login form with a pending fake `submit` and a spy for `notifySuccess` (STYLE rules 6, 18). */
function start() {
  const submit = pendingActor<LoginResult, LoginPayload>();
  const notifySuccess = vi.fn<(result: LoginResult) => void>();
  const actor = createActor(
    loginFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
  ).start();
  const fill = (account: string, password: string) => {
    actor.send({ type: 'field.change', field: 'account', value: account });
    actor.send({ type: 'field.change', field: 'password', value: password });
  };
  return { actor, submit, notifySuccess, fill };
}

const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('login form machine', () => {
  it('starts editing, empty and not busy', () => {
    const { actor } = start();
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context).toEqual({
      values: { account: '', password: '' },
      errors: {},
      serverError: null,
      result: null,
    });
  });

  it(`collapses 3 rapid submits into exactly one call, ${LOGIN_DEBOUNCE_MS} ms after the last`, async () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(100);
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(100);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('debouncing');

    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS - 1);
    expect(submit.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(submit.calls).toHaveLength(1);
    expect(submit.calls[0].input).toEqual({ account: 'alice', password: 'secret-pw' });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await vi.advanceTimersByTimeAsync(LOGIN_DEBOUNCE_MS * 10);
    expect(submit.calls).toHaveLength(1);
  });

  it('three submits at the same instant are one call after exactly the debounce', () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    for (let i = 0; i < 3; i += 1) actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    expect(submit.calls).toHaveLength(1);
  });

  it('ignores submits while the call is loading (no double submit)', async () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    expect(actor.getSnapshot().can({ type: 'form.submit' })).toBe(false);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(LOGIN_DEBOUNCE_MS * 3);
    expect(submit.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('an empty form is not sent: both fields are required', () => {
    const { actor, submit } = start();
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(snap.context.errors).toEqual({
      account: { code: 'zod.string.required', extra: { min: 1 } },
      password: { code: 'zod.string.required', extra: { min: 1 } },
    });
    expect(submit.calls).toHaveLength(0);
  });

  it('validates when the debounce ends, on the values as they are then', () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS / 2);
    actor.send({ type: 'field.change', field: 'account', value: '   ' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS / 2);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ account: { code: 'zod.string.required', extra: { min: 1 } } });
    expect(submit.calls).toHaveLength(0);
  });

  it('focusing a field clears its error only', () => {
    const { actor } = start();
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    actor.send({ type: 'field.focus', field: 'account' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: { code: 'zod.string.required', extra: { min: 1 } } });
    actor.send({ type: 'field.focus', field: 'password' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a failed submit shows the server msg; focusing any field clears it', async () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    submit.last().reject(serverRefusal('Account disabled'));
    await flush();
    let snap = actor.getSnapshot();
    expect(snap.value).toBe('editing');
    expect(snap.hasTag('busy')).toBe(false);
    expect(snap.context.serverError).toBe('Account disabled');
    expect(snap.context.errors).toEqual({});

    actor.send({ type: 'field.focus', field: 'account' });
    snap = actor.getSnapshot();
    expect(snap.context.serverError).toBeNull();
  });

  it('a refusal naming a field puts its code on that field; focusing it clears both', async () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    submit.last().reject(serverRefusal('Wrong account or password', { field: 'password', code: 'errors.password.wrong' }));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      serverError: 'Wrong account or password',
      errors: { password: { code: 'errors.password.wrong' } },
    });
    actor.send({ type: 'field.focus', field: 'password' });
    expect(actor.getSnapshot().context).toMatchObject({ serverError: null, errors: {} });
  });

  it('a network failure shows its message; a new submit is debounced and sent again', async () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    submit.last().reject(new ApiError('account/loginByPassword failed: network error', { kind: 'network' }));
    await flush();
    expect(actor.getSnapshot().context.serverError).toBe('account/loginByPassword failed: network error');

    actor.send({ type: 'form.submit' });
    // A new attempt clears the last failure once it is sent.
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    expect(actor.getSnapshot().context.serverError).toBeNull();
    expect(submit.calls).toHaveLength(2);
  });

  it('success → done with the token; notifySuccess runs once with it; later events change nothing', async () => {
    const { actor, submit, notifySuccess, fill } = start();
    fill('  alice ', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    // The payload is the parsed one: the account trimmed.
    expect(submit.last().input).toEqual({ account: 'alice', password: 'secret-pw' });
    submit.last().resolve({ token: 'token-1' });
    await flush();
    const done = actor.getSnapshot();
    expect(done.value).toBe('done');
    expect(done.context.result).toEqual({ token: 'token-1' });
    expect(notifySuccess.mock.calls).toEqual([[{ token: 'token-1' }]]);

    actor.send({ type: 'form.submit' });
    actor.send({ type: 'field.change', field: 'account', value: 'bob' });
    await vi.advanceTimersByTimeAsync(LOGIN_DEBOUNCE_MS * 2);
    expect(actor.getSnapshot().context).toEqual(done.context);
    expect(submit.calls).toHaveLength(1);
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('fails with "not provided" when no submit actor was injected', async () => {
    const actor = createActor(loginFormMachine).start();
    actor.send({ type: 'field.change', field: 'account', value: 'alice' });
    actor.send({ type: 'field.change', field: 'password', value: 'pw' });
    actor.send({ type: 'form.submit' });
    await vi.advanceTimersByTimeAsync(LOGIN_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverError).toBe('not provided');
  });

  it('stopping the form while loading aborts the call', () => {
    const { actor, submit, fill } = start();
    fill('alice', 'secret-pw');
    actor.send({ type: 'form.submit' });
    vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS);
    actor.stop();
    expect(submit.last().signal.aborted).toBe(true);
  });
});

/**
 * Model-based tests (STYLE rule 19). The model comes from login-form.model.ts, which `npm run test:paths` prints
 * too; each shortest path is replayed against a real actor whose fake `submit` stays pending until the model
 * settles it. After every step the real actor has the model's state value, context and tags.
 */
describe('login form: model-based paths', () => {
  const paths = createLoginFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start();
      const same = sameAsModel(actor);
      const idle = (model: Snapshot) => {
        const real = same(model);
        expect(real.hasTag('busy')).toBe(false);
        // Every call made so far has been answered.
        expect(submit.outstanding()).toEqual([]);
      };
      await path.test({
        states: {
          editing: idle,
          debouncing: idle,
          submitting: (model) => {
            const real = same(model);
            expect(real.hasTag('busy')).toBe(true);
            expect(submit.outstanding()).toHaveLength(1);
            expect(submit.last().input).toEqual(loginByPassword.payload.parse(real.context.values));
            expect(real.context).toMatchObject({ errors: {}, serverError: null });
          },
          done: (model) => {
            const real = same(model);
            expect(notifySuccess.mock.calls).toEqual([[real.context.result]]);
          },
        },
        events: formEventExecs(loginModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          wait: async (type) => {
            expect(type).toBe(LOGIN_DEBOUNCE_EVENT);
            vi.advanceTimersByTime(LOGIN_DEBOUNCE_MS - 1);
            expect(actor.getSnapshot().value).toBe('debouncing');
            vi.advanceTimersByTime(1);
          },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(loginFormMachine, paths)).toEqual([]);
    expect(unusedEvents(loginModelEvents, paths)).toEqual([]);
  });
});
