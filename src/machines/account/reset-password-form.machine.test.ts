import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { PASSWORD_MIN } from '@/contract/constants';
import { PASSWORD_MISMATCH } from '../app/form-validation';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import {
  resetPasswordFormMachine,
  validateResetPassword,
  type ResetPasswordField,
  type ResetPasswordPayload,
  type ResetPasswordResult,
} from './reset-password-form.machine';
import { createResetPasswordFormTestModel, RESET_MODEL_INPUT, resetPasswordModelEvents } from './reset-password-form.model';
import { sameAsModel } from '../app/model-replay';


function start() {
  const submit = pendingActor<ResetPasswordResult, ResetPasswordPayload>();
  const notifySuccess = vi.fn<(result: ResetPasswordResult) => void>();
  const actor = createActor(
    resetPasswordFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
    { input: RESET_MODEL_INPUT },
  ).start();
  const type = (field: ResetPasswordField, value: string) => actor.send({ type: 'field.change', field, value });
  return { actor, submit, notifySuccess, type };
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

describe('validateResetPassword', () => {
  it('checks the password against the contract and the confirmation against the password', () => {
    expect(validateResetPassword({ password: 'long-enough-pw', confirm: 'long-enough-pw' })).toEqual({});
    expect(validateResetPassword({ password: 'short', confirm: 'short' })).toEqual({
      password: { code: 'zod.string.min', extra: { min: PASSWORD_MIN } },
    });
    expect(validateResetPassword({ password: 'long-enough-pw', confirm: 'long-enough-pv' })).toEqual({
      confirm: { code: PASSWORD_MISMATCH },
    });
    expect(validateResetPassword({ password: 'long-enough-pw', confirm: '' })).toEqual({
      confirm: { code: 'errors.password.mismatch' },
    });
  });

  it('validates only the named fields when given', () => {
    const values = { password: '', confirm: 'x' };
    expect(validateResetPassword(values, ['confirm'])).toEqual({ confirm: { code: PASSWORD_MISMATCH } });
    expect(validateResetPassword(values, ['password'])).toEqual({
      password: { code: 'zod.string.required', extra: { min: 1 } },
    });
  });
});

describe('reset-password form machine', () => {
  it('starts editing with the token of the link', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({
      values: { password: '', confirm: '' },
      errors: {},
      serverError: null,
      result: null,
      files: [],
      input: { resetToken: RESET_MODEL_INPUT.resetToken },
    });
  });

  it('a confirmation that differs is a mismatch on confirm; nothing is sent; focus clears it', () => {
    const { actor, submit, type } = start();
    type('password', 'long-enough-pw');
    type('confirm', 'long-enough-pv');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ confirm: { code: 'errors.password.mismatch' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('a short password is refused with its bound', () => {
    const { actor, type } = start();
    type('password', 'short');
    type('confirm', 'short');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ password: { code: 'zod.string.min', extra: { min: PASSWORD_MIN } } });
  });

  it('sends the token and the password (not the confirmation) once; success → done and notifySuccess', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type('password', 'long-enough-pw');
    type('confirm', 'long-enough-pw');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ reset_token: RESET_MODEL_INPUT.resetToken, password: 'long-enough-pw' });
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess.mock.calls).toEqual([[null]]);
  });

  it('a refused link shows the server msg only: the token is no field of the form', async () => {
    const { actor, submit, type } = start();
    type('password', 'long-enough-pw');
    type('confirm', 'long-enough-pw');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('This link is invalid or has expired', { field: 'reset_token', code: 'errors.token.invalid' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'This link is invalid or has expired', errors: {} });
    actor.send({ type: 'field.focus', field: 'password' });
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });

  it('a refusal naming the password puts its code there', async () => {
    const { actor, submit, type } = start();
    type('password', 'long-enough-pw');
    type('confirm', 'long-enough-pw');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('Too long', { field: 'password', code: 'zod.string.max' }));
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ password: { code: 'zod.string.max' } });
  });
});

describe('reset-password form: model-based paths', () => {
  const paths = createResetPasswordFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start();
      const same = sameAsModel(actor);
      await path.test({
        states: {
          editing: (model) => {
            same(model);
            expect(submit.outstanding()).toEqual([]);
          },
          submitting: (model) => {
            const real = same(model);
            expect(real.hasTag('busy')).toBe(true);
            expect(submit.outstanding()).toHaveLength(1);
            expect(submit.last().input).toEqual({ reset_token: real.context.input.resetToken, password: real.context.values.password });
            expect(real.context.values.confirm).toBe(real.context.values.password);
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: formEventExecs(resetPasswordModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(resetPasswordFormMachine, paths)).toEqual([]);
    expect(unusedEvents(resetPasswordModelEvents, paths)).toEqual([]);
  });
});
