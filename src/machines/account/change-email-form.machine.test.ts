import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { EMAIL_MAX } from '@/contract/constants';
import {
  changeEmailFormMachine,
  validateChangeEmail,
  type ChangeEmailPayload,
  type ChangeEmailResult,
} from './change-email-form.machine';
import { changeEmailModelEvents, createChangeEmailFormTestModel } from './change-email-form.model';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import { sameAsModel } from '../app/model-replay';


function start() {
  const submit = pendingActor<ChangeEmailResult, ChangeEmailPayload>();
  const notifySuccess = vi.fn<(result: ChangeEmailResult) => void>();
  const actor = createActor(
    changeEmailFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
  ).start();
  const type = (value: string) => actor.send({ type: 'field.change', field: 'email', value });
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

describe('change-email form machine', () => {
  it('validates the address with the contract keys', () => {
    expect(validateChangeEmail({ email: '' })).toEqual({ email: { code: 'zod.string.email' } });
    expect(validateChangeEmail({ email: 'a@b.co' })).toEqual({});
    expect(validateChangeEmail({ email: `${'a'.repeat(EMAIL_MAX)}@b.co` })).toEqual({
      email: { code: 'zod.string.max', extra: { max: EMAIL_MAX } },
    });
  });

  it('an invalid address is not sent; focus clears the error', () => {
    const { actor, submit, type } = start();
    type('new-address');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'zod.string.email' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'email' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends { email } normalized, once; success → done and notifySuccess', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type(' New@Example.com');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ email: 'new@example.com' });
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess.mock.calls).toEqual([[null]]);
  });

  it('a taken address shows the server msg; a refusal naming the field lands on it', async () => {
    const { actor, submit, type } = start();
    type('new@example.com');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('This e-mail address is already registered'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'This e-mail address is already registered', errors: {} });

    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('This e-mail address is already registered', { field: 'email', code: 'errors.email.exists' }));
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'errors.email.exists' } });
    actor.send({ type: 'field.focus', field: 'email' });
    expect(actor.getSnapshot().context).toMatchObject({ serverError: null, errors: {} });
  });
});

describe('change-email form: model-based paths', () => {
  const paths = createChangeEmailFormTestModel().getShortestPaths();

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
            expect(submit.last().input).toEqual({ email: real.context.values.email.trim().toLowerCase() });
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: formEventExecs(changeEmailModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(changeEmailFormMachine, paths)).toEqual([]);
    expect(unusedEvents(changeEmailModelEvents, paths)).toEqual([]);
  });
});
