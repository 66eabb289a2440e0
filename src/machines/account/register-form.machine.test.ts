import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { z } from 'zod';
import { registerByPassword, setting } from '@/contract/calls/account';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_CHECK_DEBOUNCE_MS } from '@/contract/constants';
import { ApiError } from '@/services/api-client';
import { submitFailure, validateFields } from '../app/form-validation';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import {
  ACCOUNT_EXISTS,
  registerFormMachine,
  type CheckUsernameInput,
  type CheckUsernameResult,
  type RegisterField,
  type RegisterPayload,
  type RegisterResult,
} from './register-form.machine';
import { createRegisterFormTestModel, registerModelEvents, USERNAME_CHECK_EVENT } from './register-form.model';
import { sameAsModel } from '../app/model-replay';

type Snapshot = SnapshotFrom<typeof registerFormMachine>;

/** A started register form with pending fakes for both calls and a spy for `notifySuccess` (STYLE rule 18). */
function start() {
  const submit = pendingActor<RegisterResult, RegisterPayload>();
  const check = pendingActor<CheckUsernameResult, CheckUsernameInput>();
  const notifySuccess = vi.fn<(result: RegisterResult) => void>();
  const actor = createActor(
    registerFormMachine.provide({
      actors: { submit: submit.logic, checkUsername: check.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
  ).start();
  const type = (field: RegisterField, value: string) => actor.send({ type: 'field.change', field, value });
  /** A valid form whose name check has answered `available`. */
  const fillChecked = async (available: boolean) => {
    type('account', 'alice');
    type('email', 'Alice@Example.com ');
    type('password', 'long-enough-pw');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    check.last().resolve({ available });
    await flush();
  };
  return { actor, submit, check, notifySuccess, type, fillChecked };
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

describe('validateFields', () => {
  const schema = registerByPassword.payload;

  it('returns no errors for valid values', () => {
    expect(validateFields(schema, { account: 'alice', email: 'a@b.co', password: 'long-enough-pw' })).toEqual({});
  });

  it('keeps the first issue per field, with the message key as code and the bound as extra', () => {
    expect(validateFields(schema, { account: '', email: 'nope', password: 'short' })).toEqual({
      account: { code: 'zod.string.required', extra: { min: 1 } },
      email: { code: 'zod.string.email' },
      password: { code: 'zod.string.min', extra: { min: PASSWORD_MIN } },
    });
    // Spec section 5: the account needs at least 1 character (written out here, not the shared constant).
    expect(validateFields(schema, { account: '李', email: 'a@b.co', password: 'x'.repeat(PASSWORD_MAX + 1) })).toEqual({
      password: { code: 'zod.string.max', extra: { max: PASSWORD_MAX } },
    });
    expect(validateFields(schema, { account: 'a', email: 'a@b.co', password: 'long-enough-pw' })).toEqual({});
    expect(validateFields(schema, { account: '   ', email: 'a@b.co', password: 'long-enough-pw' })).toEqual({
      account: { code: 'zod.string.required', extra: { min: 1 } },
    });
    expect(validateFields(schema, { account: 'x'.repeat(33), email: 'a@b.co', password: 'long-enough-pw' })).toEqual({
      account: { code: 'zod.string.max', extra: { max: 32 } },
    });
    expect(validateFields(schema, { account: 'a b c', email: 'a@b.co', password: 'long-enough-pw' })).toEqual({
      account: { code: 'errors.account.username' },
    });
  });

  it('validates only the named fields when given', () => {
    const values = { account: '', email: 'nope', password: '' };
    expect(validateFields(schema, values, ['email'])).toEqual({ email: { code: 'zod.string.email' } });
    expect(validateFields(schema, values, ['account', 'password'])).toEqual({
      account: { code: 'zod.string.required', extra: { min: 1 } },
      password: { code: 'zod.string.required', extra: { min: 1 } },
    });
    expect(validateFields(schema, { account: 'alice', email: '', password: '' }, ['account'])).toEqual({});
  });

  it('a missing value is an error of its field; issues without a field are left out', () => {
    expect(validateFields(schema, {})).toEqual({
      account: { code: 'zod.string.required' },
      email: { code: 'zod.string.email' },
      password: { code: 'zod.string.required' },
    });
    // account/setting refuses an empty payload with an object-level issue ('zod.object.empty').
    expect(validateFields(setting.payload, {})).toEqual({});
    expect(validateFields(z.object({ n: z.number().max(3, { message: 'zod.number.max' }) }), { n: 5 })).toEqual({
      n: { code: 'zod.number.max', extra: { max: 3 } },
    });
  });

  it('submitFailure maps a field the server named, and keeps the msg of anything else', () => {
    const fields = ['account', 'email', 'password'] as const;
    expect(submitFailure(serverRefusal('taken', { field: 'email', code: 'errors.email.exists' }), fields)).toEqual({
      serverError: 'taken',
      fieldErrors: { email: { code: 'errors.email.exists' } },
    });
    expect(submitFailure(serverRefusal('bad token', { field: 'reset_token', code: 'errors.token.invalid' }), fields)).toEqual({
      serverError: 'bad token',
      fieldErrors: {},
    });
    expect(submitFailure(new ApiError('HTTP 500', { kind: 'http', code: 'http.500', details: 'x' }), fields)).toEqual({
      serverError: 'HTTP 500',
      fieldErrors: {},
    });
    expect(submitFailure('boom', fields)).toEqual({ serverError: 'boom', fieldErrors: {} });
  });
});

describe('register form machine', () => {
  it('starts editing with the name check idle', () => {
    const { actor } = start();
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual({ form: 'editing', usernameCheck: 'idle' });
    expect(snap.tags.size).toBe(0);
    expect(snap.context).toEqual({
      values: { account: '', email: '', password: '' },
      errors: {},
      serverError: null,
      result: null,
    });
  });

  it(`checks the name ${USERNAME_CHECK_DEBOUNCE_MS} ms after the last keystroke, exactly once for a burst`, () => {
    const { actor, check, type } = start();
    for (const value of ['a', 'al', 'ali', 'alic', ' alice ']) {
      type('account', value);
      vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS - 100);
    }
    expect(check.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.values.account).toBe(' alice ');
    vi.advanceTimersByTime(99);
    expect(check.calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(check.calls).toHaveLength(1);
    expect(check.calls[0].input).toEqual({ username: 'alice' });
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'checking' });
    expect(actor.getSnapshot().hasTag('checkingUsername')).toBe(true);
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS * 10);
    expect(check.calls).toHaveLength(1);
  });

  it('typing in other fields does not start or restart the check', () => {
    const { check, type } = start();
    type('account', 'alice');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS - 1);
    type('email', 'a@b.co');
    type('password', 'long-enough-pw');
    vi.advanceTimersByTime(1);
    expect(check.calls).toHaveLength(1);
    type('email', 'b@b.co');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS * 2);
    expect(check.calls).toHaveLength(1);
  });

  it('a taken name shows errors.account.exists; an available one shows no error', async () => {
    const taken = start();
    taken.type('account', 'alice');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    taken.check.last().resolve({ available: false });
    await flush();
    expect(taken.actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'taken' });
    expect(taken.actor.getSnapshot().hasTag('usernameTaken')).toBe(true);
    expect(taken.actor.getSnapshot().context.errors).toEqual({ account: { code: ACCOUNT_EXISTS } });

    const free = start();
    free.type('account', 'alice');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    free.check.last().resolve({ available: true });
    await flush();
    expect(free.actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'available' });
    expect(free.actor.getSnapshot().context.errors).toEqual({});
  });

  it('a name that is not a valid user name yet is not checked', () => {
    const { actor, check, type } = start();
    type('account', 'a b');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'idle' });
    type('account', '');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    expect(check.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a keystroke during a check stops it; its late answer is dropped', async () => {
    const { actor, check, type } = start();
    type('account', 'alice');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    type('account', 'alice2');
    expect(check.calls[0].signal.aborted).toBe(true);
    check.calls[0].resolve({ available: false });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'debouncing' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    expect(check.calls.map((call) => call.input)).toEqual([{ username: 'alice' }, { username: 'alice2' }]);
  });

  it('a failed check is forgotten', async () => {
    const { actor, check, type } = start();
    type('account', 'alice');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    check.last().reject(new ApiError('account/checkUsername failed: network error', { kind: 'network' }));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, serverError: null });
  });

  it('a submit while the name is known taken is refused without calling submit', async () => {
    const { actor, submit, fillChecked } = start();
    await fillChecked(false);
    // Focus clears the error, but the name is still known taken.
    actor.send({ type: 'field.focus', field: 'account' });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'taken' });
    expect(actor.getSnapshot().context.errors).toEqual({ account: { code: ACCOUNT_EXISTS } });
    await flush();
    expect(submit.calls).toHaveLength(0);
  });

  it('typing a new name clears errors.account.exists and checks again', async () => {
    const { actor, check, submit, type, fillChecked } = start();
    await fillChecked(false);
    type('account', 'alice_2');
    expect(actor.getSnapshot().context.errors).toEqual({});
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'debouncing' });
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    check.last().resolve({ available: true });
    await flush();
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input.account).toBe('alice_2');
  });

  it('an empty or invalid form is not sent; the errors carry their bounds', () => {
    const { actor, submit, type } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      account: { code: 'zod.string.required', extra: { min: 1 } },
      email: { code: 'zod.string.email' },
      password: { code: 'zod.string.required', extra: { min: 1 } },
    });
    type('password', 'short');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.password).toEqual({ code: 'zod.string.min', extra: { min: PASSWORD_MIN } });
    expect(submit.calls).toHaveLength(0);
    // Only the password was typed: no name check either.
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'idle' });
  });

  it('a valid submit sends the parsed payload once; success → done and notifySuccess with the token', async () => {
    const { actor, submit, notifySuccess, fillChecked } = start();
    await fillChecked(true);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ account: 'alice', email: 'alice@example.com', password: 'long-enough-pw' });
    submit.last().resolve({ token: 'token-1' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'done', usernameCheck: 'available' });
    expect(actor.getSnapshot().context.result).toEqual({ token: 'token-1' });
    expect(notifySuccess.mock.calls).toEqual([[{ token: 'token-1' }]]);
  });

  it('after success, typing no longer checks the name', async () => {
    const { actor, submit, check, type, fillChecked } = start();
    await fillChecked(true);
    actor.send({ type: 'form.submit' });
    submit.last().resolve({ token: 'token-1' });
    await flush();
    type('account', 'bob_1');
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS * 2);
    expect(check.calls).toHaveLength(1);
    expect(actor.getSnapshot().context.values.account).toBe('alice');
  });

  it('a submit during a pending check goes ahead', () => {
    const { actor, submit, check, type } = start();
    type('email', 'a@b.co');
    type('password', 'long-enough-pw');
    type('account', 'alice');
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(1);
    vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS);
    expect(check.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'submitting', usernameCheck: 'checking' });
  });

  it('typing during the call is kept', async () => {
    const { actor, type, fillChecked } = start();
    await fillChecked(true);
    actor.send({ type: 'form.submit' });
    type('password', 'another-password');
    expect(actor.getSnapshot().context.values.password).toBe('another-password');
    expect(actor.getSnapshot().matches({ form: 'submitting' })).toBe(true);
  });

  it('a failed submit shows the server msg and the code of the field the server named', async () => {
    const { actor, submit, fillChecked } = start();
    await fillChecked(true);
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('This e-mail address is already registered', { field: 'email', code: 'errors.email.exists' }));
    await flush();
    let snap = actor.getSnapshot();
    expect(snap.value).toEqual({ form: 'editing', usernameCheck: 'available' });
    expect(snap.context.serverError).toBe('This e-mail address is already registered');
    expect(snap.context.errors).toEqual({ email: { code: 'errors.email.exists' } });

    actor.send({ type: 'field.focus', field: 'email' });
    snap = actor.getSnapshot();
    expect(snap.context).toMatchObject({ serverError: null, errors: {} });
  });

  it('a refusal of a name taken meanwhile lands on the account field', async () => {
    const { actor, submit, fillChecked } = start();
    await fillChecked(true);
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('This user name is taken', { field: 'account', code: ACCOUNT_EXISTS }));
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ account: { code: ACCOUNT_EXISTS } });
    actor.send({ type: 'field.focus', field: 'password' });
    // Focus clears the server error and the focused field's error only.
    expect(actor.getSnapshot().context).toMatchObject({ serverError: null, errors: { account: { code: ACCOUNT_EXISTS } } });
  });

  it('without injected actors the check is forgotten and the submit fails with "not provided"', async () => {
    const actor = createActor(registerFormMachine).start();
    actor.send({ type: 'field.change', field: 'account', value: 'alice' });
    actor.send({ type: 'field.change', field: 'email', value: 'a@b.co' });
    actor.send({ type: 'field.change', field: 'password', value: 'long-enough-pw' });
    await vi.advanceTimersByTimeAsync(USERNAME_CHECK_DEBOUNCE_MS);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', usernameCheck: 'idle' });
    actor.send({ type: 'form.submit' });
    await flush();
    expect(actor.getSnapshot().context.serverError).toBe('not provided');
  });
});

/**
 * Model-based tests (STYLE rule 19). The model comes from register-form.model.ts, which `npm run test:paths`
 * prints too; each shortest path is replayed against a real actor whose fakes stay pending until the model
 * settles them. After every step the real actor has the model's state value, context and tags.
 */
describe('register form: model-based paths', () => {
  const paths = createRegisterFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, check, notifySuccess } = start();
      const same = sameAsModel(actor);
      const checkAtRest = (model: Snapshot) => {
        same(model);
        expect(check.outstanding()).toEqual([]);
      };
      await path.test({
        states: {
          'form.editing': (model) => {
            same(model);
            expect(submit.outstanding()).toEqual([]);
          },
          'form.submitting': (model) => {
            const real = same(model);
            expect(real.hasTag('busy')).toBe(true);
            expect(submit.outstanding()).toHaveLength(1);
            expect(submit.last().input).toEqual(registerByPassword.payload.parse(real.context.values));
          },
          'form.done': (model) => {
            const real = same(model);
            expect(notifySuccess.mock.calls).toEqual([[real.context.result]]);
          },
          'usernameCheck.idle': checkAtRest,
          'usernameCheck.debouncing': checkAtRest,
          'usernameCheck.checking': (model) => {
            const real = same(model);
            expect(real.hasTag('checkingUsername')).toBe(true);
            expect(check.outstanding()).toHaveLength(1);
            expect(check.last().input).toEqual({ username: real.context.values.account.trim() });
          },
          'usernameCheck.available': checkAtRest,
          'usernameCheck.taken': (model) => {
            checkAtRest(model);
            expect(actor.getSnapshot().hasTag('usernameTaken')).toBe(true);
          },
        },
        events: formEventExecs(registerModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle, checkUsername: check.settle },
          wait: async (type) => {
            expect(type).toBe(USERNAME_CHECK_EVENT);
            vi.advanceTimersByTime(USERNAME_CHECK_DEBOUNCE_MS - 1);
            expect(actor.getSnapshot().matches({ usernameCheck: 'debouncing' })).toBe(true);
            vi.advanceTimersByTime(1);
          },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(registerFormMachine, paths)).toEqual([]);
    expect(unusedEvents(registerModelEvents, paths)).toEqual([]);
  });
});
