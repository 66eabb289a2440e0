import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { changePassword } from '@/contract/calls/user';
import { PASSWORD_MIN } from '@/contract/constants';
import {
  changePasswordFormMachine,
  validateChangePassword,
  type ChangePasswordField,
  type ChangePasswordPayload,
  type ChangePasswordResult,
} from './change-password-form.machine';
import { changePasswordModelEvents, createChangePasswordFormTestModel } from './change-password-form.model';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import { sameAsModel } from '../app/model-replay';


function start() {
  const submit = pendingActor<ChangePasswordResult, ChangePasswordPayload>();
  const notifySuccess = vi.fn<(result: ChangePasswordResult) => void>();
  const actor = createActor(
    changePasswordFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
  ).start();
  const type = (field: ChangePasswordField, value: string) => actor.send({ type: 'field.change', field, value });
  const fill = (confirm = 'long-enough-pw') => {
    type('old_password', 'old-password');
    type('password', 'long-enough-pw');
    type('confirm', confirm);
  };
  return { actor, submit, notifySuccess, type, fill };
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

describe('validateChangePassword', () => {
  it('requires the current password, a long enough new one and a matching confirmation', () => {
    expect(validateChangePassword({ old_password: '', password: 'short', confirm: 'other' })).toEqual({
      old_password: { code: 'zod.string.required', extra: { min: 1 } },
      password: { code: 'zod.string.min', extra: { min: PASSWORD_MIN } },
      confirm: { code: 'errors.password.mismatch' },
    });
    expect(validateChangePassword({ old_password: 'x', password: 'long-enough-pw', confirm: 'long-enough-pw' })).toEqual({});
  });

  it('validates only the named fields when given', () => {
    const values = { old_password: '', password: 'short', confirm: 'other' };
    expect(validateChangePassword(values, ['confirm'])).toEqual({ confirm: { code: 'errors.password.mismatch' } });
    expect(validateChangePassword(values, ['old_password'])).toEqual({
      old_password: { code: 'zod.string.required', extra: { min: 1 } },
    });
  });
});

describe('change-password form machine', () => {
  it('starts editing with empty fields', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.values).toEqual({ old_password: '', password: '', confirm: '' });
  });

  it('a confirmation that differs is a mismatch on confirm and is not sent; focus clears it', () => {
    const { actor, submit, fill } = start();
    fill('long-enough-pv');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ confirm: { code: 'errors.password.mismatch' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'confirm' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the current and the new password (not the confirmation) once, busy meanwhile', async () => {
    const { actor, submit, notifySuccess, fill } = start();
    fill();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ old_password: 'old-password', password: 'long-enough-pw' });
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('a wrong current password lands on old_password with the server msg; focusing it clears both', async () => {
    const { actor, submit, fill } = start();
    fill();
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('The current password is wrong', { field: 'old_password', code: 'errors.password.wrong' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      serverError: 'The current password is wrong',
      errors: { old_password: { code: 'errors.password.wrong' } },
    });
    actor.send({ type: 'field.focus', field: 'old_password' });
    expect(actor.getSnapshot().context).toMatchObject({ serverError: null, errors: {} });
  });

  it('a refusal without a field shows the msg only', async () => {
    const { actor, submit, fill } = start();
    fill();
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('The new password must differ from the current one'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      serverError: 'The new password must differ from the current one',
      errors: {},
    });
  });
});

describe('change-password form: model-based paths', () => {
  const paths = createChangePasswordFormTestModel().getShortestPaths();

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
            expect(submit.last().input).toEqual(changePassword.payload.parse(real.context.values));
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: formEventExecs(changePasswordModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(changePasswordFormMachine, paths)).toEqual([]);
    expect(unusedEvents(changePasswordModelEvents, paths)).toEqual([]);
  });
});
