import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { REPORT_TEXT_MAX } from '@/contract/calls/feedback';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import { reportFormMachine, validateReport, type ReportPayload } from './report-form.machine';
import { createReportFormTestModel, REPORT_MODEL_INPUT, reportModelEvents } from './report-form.model';
import { sameAsModel } from '../app/model-replay';


function start() {
  const submit = pendingActor<null, ReportPayload>();
  const notifySuccess = vi.fn();
  const actor = createActor(
    reportFormMachine.provide({ actors: { submit: submit.logic }, actions: { notifySuccess } }),
    { input: REPORT_MODEL_INPUT },
  ).start();
  const type = (field: 'reason' | 'text', value: string) => actor.send({ type: 'field.change', field, value });
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

describe('report form machine', () => {
  it('needs a reason; the text is optional and bounded', () => {
    expect(validateReport({ reason: '', text: '' })).toEqual({ reason: { code: 'zod.enum.invalid' } });
    expect(validateReport({ reason: '4', text: '   ' })).toEqual({});
    expect(validateReport({ reason: '4', text: 'x'.repeat(REPORT_TEXT_MAX + 1) })).toEqual({
      text: { code: 'zod.string.max', extra: { max: REPORT_TEXT_MAX } },
    });
  });

  it('an unchosen reason is not sent; focusing it clears the error', () => {
    const { actor, submit } = start();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ reason: { code: 'zod.enum.invalid' } });
    expect(submit.calls).toHaveLength(0);
    actor.send({ type: 'field.focus', field: 'reason' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the target, the reason as a number and the trimmed text, once; success → done', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type('reason', '2');
    type('text', '  Fake photos  ');
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(submit.calls.map((call) => call.input)).toEqual([{ target: 'merchant', id: 3, reason: 2, text: 'Fake photos' }]);
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('leaves a blank text out of the payload', () => {
    const { actor, submit, type } = start();
    type('reason', '1');
    actor.send({ type: 'form.submit' });
    expect(submit.last().input).toEqual({ target: 'merchant', id: 3, reason: 1 });
  });

  it("shows the server's refusal under the form and stays editable", async () => {
    const { actor, submit, type } = start();
    type('reason', '1');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('You cannot report your own listing.'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.serverError).toBe('You cannot report your own listing.');
  });
});

describe('report form: model-based paths', () => {
  const paths = createReportFormTestModel().getShortestPaths();

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
            expect(submit.outstanding()).toHaveLength(1);
            expect(submit.last().input).toMatchObject({ target: 'merchant', id: 3, reason: Number(real.context.values.reason) });
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: formEventExecs(reportModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(reportFormMachine, paths)).toEqual([]);
    expect(unusedEvents(reportModelEvents, paths)).toEqual([]);
  });
});
