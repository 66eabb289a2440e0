import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { sendResetPwdEmail } from '@/contract/calls/account';
import { authDialogMachine } from './auth-dialog.machine';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import {
  forgotPasswordFormMachine,
  type ForgotPasswordPayload,
  type ForgotPasswordResult,
} from './forgot-password-form.machine';
import { createForgotPasswordFormTestModel, forgotPasswordModelEvents } from './forgot-password-form.model';
import { sameAsModel } from '../app/model-replay';


function start() {
  const submit = pendingActor<ForgotPasswordResult, ForgotPasswordPayload>();
  const notifySuccess = vi.fn<(email: string) => void>();
  const actor = createActor(
    forgotPasswordFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result.email) },
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

describe('forgot-password form machine', () => {
  it('starts editing with an empty e-mail', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toEqual({ values: { email: '' }, errors: {}, serverError: null, result: null, files: [], input: undefined });
  });

  it('validates before sending: an invalid address is not sent; focus clears the error', () => {
    const { actor, submit, type } = start();
    type('alice@');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'zod.string.email' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'email' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the normalized address once, busy while the request runs', () => {
    const { actor, submit, type } = start();
    type(' Alice@Example.com ');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ email: 'alice@example.com' });
  });

  it('success → done; notifySuccess gets the e-mail', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type('alice@example.com');
    actor.send({ type: 'form.submit' });
    submit.last().resolve({ email: 'alice@example.com' });
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    expect(actor.getSnapshot().context.result).toEqual({ email: 'alice@example.com' });
    expect(notifySuccess.mock.calls).toEqual([['alice@example.com']]);
  });

  it('wired to the auth dialog, success shows sent-link-success with the e-mail (spec overlays 1 and 2)', async () => {
    const dialog = createActor(authDialogMachine).start();
    dialog.send({ type: 'authDialog.open', view: 'forgotPassword' });
    const submit = pendingActor<ForgotPasswordResult, ForgotPasswordPayload>();
    const form = createActor(
      forgotPasswordFormMachine.provide({
        actors: { submit: submit.logic },
        actions: { notifySuccess: (_, { result }) => dialog.send({ type: 'authDialog.linkSent', email: result.email }) },
      }),
    ).start();
    form.send({ type: 'field.change', field: 'email', value: 'alice@example.com' });
    form.send({ type: 'form.submit' });
    submit.last().resolve({ email: 'alice@example.com' });
    await flush();
    expect(dialog.getSnapshot().matches({ open: { view: 'sentLinkSuccess' } })).toBe(true);
    expect(dialog.getSnapshot().context.email).toBe('alice@example.com');
  });

  it('a failed request shows the server msg; focus clears it', async () => {
    const { actor, submit, type } = start();
    type('alice@example.com');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('Too many requests, try again later'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverError).toBe('Too many requests, try again later');
    actor.send({ type: 'field.focus', field: 'email' });
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });

  it('a refusal naming the e-mail field puts its code there', async () => {
    const { actor, submit, type } = start();
    type('alice@example.com');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('Invalid e-mail', { field: 'email', code: 'zod.string.email' }));
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ email: { code: 'zod.string.email' } });
  });
});

describe('forgot-password form: model-based paths', () => {
  const paths = createForgotPasswordFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start();
      const same = sameAsModel(actor);
      await path.test({
        states: {
          editing: (model) => {
            same(model);
            expect(submit.outstanding()).toEqual([]);
            expect(notifySuccess).not.toHaveBeenCalled();
          },
          submitting: (model) => {
            const real = same(model);
            expect(real.hasTag('busy')).toBe(true);
            expect(submit.outstanding()).toHaveLength(1);
            expect(submit.last().input).toEqual(sendResetPwdEmail.payload.parse(real.context.values));
          },
          done: (model) => {
            const real = same(model);
            expect(notifySuccess.mock.calls).toEqual([[real.context.result?.email]]);
          },
        },
        events: formEventExecs(forgotPasswordModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(forgotPasswordFormMachine, paths)).toEqual([]);
    expect(unusedEvents(forgotPasswordModelEvents, paths)).toEqual([]);
  });
});
