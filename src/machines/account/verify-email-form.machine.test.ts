import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { EMAIL_CODE_MINUTES } from '@/contract/constants';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import {
  RESEND_COOLDOWN_MS,
  validateVerifyEmail,
  verifyEmailFormMachine,
  type SendCodeResult,
  type VerifyEmailPayload,
  type VerifyEmailResult,
} from './verify-email-form.machine';
import { createVerifyEmailFormTestModel, RESEND_COOLDOWN_EVENT, verifyEmailModelEvents } from './verify-email-form.model';
import { sameAsModel } from '../app/model-replay';

type Snapshot = SnapshotFrom<typeof verifyEmailFormMachine>;

const SENT: SendCodeResult = { email: 'alice@example.com', expires_in: 600 };

function start() {
  const sendCode = pendingActor<SendCodeResult, unknown>();
  const submit = pendingActor<VerifyEmailResult, VerifyEmailPayload>();
  const notifySuccess = vi.fn<(result: VerifyEmailResult) => void>();
  const actor = createActor(
    verifyEmailFormMachine.provide({
      actors: { sendCode: sendCode.logic, submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
  ).start();
  const type = (value: string) => actor.send({ type: 'field.change', field: 'code', value });
  /** Sends a code and lets the send succeed. */
  const sent = async () => {
    actor.send({ type: 'code.send' });
    sendCode.last().resolve(SENT);
    await flush();
  };
  return { actor, sendCode, submit, notifySuccess, type, sent };
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

describe('verify-email form machine', () => {
  it('starts editing with no code sent', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', codeDelivery: 'idle' });
    expect(actor.getSnapshot().context).toEqual({
      values: { code: '' },
      errors: {},
      serverError: null,
      result: null,
      sentTo: null,
    });
  });

  it('the resend cooldown is shorter than the code lives', () => {
    expect(RESEND_COOLDOWN_MS).toBe(60_000);
    expect(RESEND_COOLDOWN_MS).toBeLessThan(EMAIL_CODE_MINUTES * 60_000);
  });

  it(`sends a code, then blocks a resend for exactly ${RESEND_COOLDOWN_MS} ms`, async () => {
    const { actor, sendCode, sent } = start();
    actor.send({ type: 'code.send' });
    expect(actor.getSnapshot().hasTag('sendingCode')).toBe(true);
    actor.send({ type: 'code.send' });
    expect(sendCode.calls).toHaveLength(1);
    sendCode.last().resolve(SENT);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', codeDelivery: 'coolingDown' });
    expect(actor.getSnapshot().hasTag('coolingDown')).toBe(true);
    expect(actor.getSnapshot().context.sentTo).toBe('alice@example.com');

    vi.advanceTimersByTime(RESEND_COOLDOWN_MS - 1);
    actor.send({ type: 'code.send' });
    expect(sendCode.calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', codeDelivery: 'idle' });
    await sent();
    expect(sendCode.calls).toHaveLength(2);
  });

  it('a failed send shows the server msg and can be retried at once; focus clears the msg', async () => {
    const { actor, sendCode } = start();
    actor.send({ type: 'code.send' });
    sendCode.last().reject(serverRefusal('This e-mail address is already verified'));
    await flush();
    expect(actor.getSnapshot().value).toEqual({ form: 'editing', codeDelivery: 'idle' });
    expect(actor.getSnapshot().context.serverError).toBe('This e-mail address is already verified');
    actor.send({ type: 'field.focus', field: 'code' });
    expect(actor.getSnapshot().context.serverError).toBeNull();
    actor.send({ type: 'code.send' });
    expect(sendCode.calls).toHaveLength(2);
  });

  it('validates the code with the contract: six digits', () => {
    expect(validateVerifyEmail({ code: '12345' })).toEqual({ code: { code: 'errors.email.code' } });
    expect(validateVerifyEmail({ code: ' 123456 ' })).toEqual({});
    const { actor, submit, type } = start();
    type('12a456');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ code: { code: 'errors.email.code' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'code' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('submits { code } trimmed, once; success → done, notifySuccess, and no more codes', async () => {
    const { actor, sendCode, submit, notifySuccess, type, sent } = start();
    await sent();
    type(' 123456 ');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({ code: '123456' });
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().matches({ form: 'done' })).toBe(true);
    expect(notifySuccess.mock.calls).toEqual([[null]]);

    vi.advanceTimersByTime(RESEND_COOLDOWN_MS);
    actor.send({ type: 'code.send' });
    expect(sendCode.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toEqual({ form: 'done', codeDelivery: 'idle' });
  });

  it('a wrong code shows the server msg; a refusal naming the field lands on it', async () => {
    const { actor, submit, type, sent } = start();
    await sent();
    type('123456');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('The code is wrong or has expired'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'The code is wrong or has expired', errors: {} });

    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('The code is wrong', { field: 'code', code: 'errors.email.code' }));
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ code: { code: 'errors.email.code' } });
  });

  it('a send that fails during the check does not outlive a successful check', async () => {
    const { actor, sendCode, submit, type, sent } = start();
    await sent();
    vi.advanceTimersByTime(RESEND_COOLDOWN_MS);
    type('123456');
    actor.send({ type: 'code.send' });
    actor.send({ type: 'form.submit' });
    sendCode.last().reject(serverRefusal('Please wait before asking for another code'));
    await flush();
    expect(actor.getSnapshot().context.serverError).toBe('Please wait before asking for another code');
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().context.serverError).toBeNull();
  });
});

describe('verify-email form: model-based paths', () => {
  const paths = createVerifyEmailFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, sendCode, submit, notifySuccess } = start();
      const same = sameAsModel(actor);
      const noSend = (model: Snapshot) => {
        same(model);
        expect(sendCode.outstanding()).toEqual([]);
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
            expect(submit.last().input).toEqual({ code: real.context.values.code.trim() });
          },
          'form.done': (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
          'codeDelivery.idle': noSend,
          'codeDelivery.sending': (model) => {
            const real = same(model);
            expect(real.hasTag('sendingCode')).toBe(true);
            expect(sendCode.outstanding()).toHaveLength(1);
          },
          'codeDelivery.coolingDown': (model) => {
            noSend(model);
            expect(actor.getSnapshot().context.sentTo).toBe('alice@example.com');
          },
        },
        events: formEventExecs(verifyEmailModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { sendCode: sendCode.settle, submit: submit.settle },
          wait: async (type) => {
            expect(type).toBe(RESEND_COOLDOWN_EVENT);
            vi.advanceTimersByTime(RESEND_COOLDOWN_MS - 1);
            expect(actor.getSnapshot().matches({ codeDelivery: 'coolingDown' })).toBe(true);
            vi.advanceTimersByTime(1);
          },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(verifyEmailFormMachine, paths)).toEqual([]);
    expect(unusedEvents(verifyEmailModelEvents, paths)).toEqual([]);
  });
});
