import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { VISIT_REPORT_CONTENT_MIN, VISIT_REPORT_PHOTOS_MAX, type VisitReport } from '@/contract/calls/feedback';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import {
  validateVisitReport,
  visitReportFormMachine,
  type VisitReportField,
  type VisitReportSubmitInput,
} from './visit-report-form.machine';
import {
  createVisitReportFormTestModel,
  SAMPLE_VISIT_REPORT,
  VISIT_REPORT_MODEL_INPUT,
  visitReportModelEvents,
} from './visit-report-form.model';

type Snapshot = SnapshotFrom<typeof visitReportFormMachine>;

const photo = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

function start() {
  const submit = pendingActor<VisitReport, VisitReportSubmitInput>();
  const notifySuccess = vi.fn<(result: VisitReport) => void>();
  const actor = createActor(
    visitReportFormMachine.provide({
      actors: { submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result) },
    }),
    { input: VISIT_REPORT_MODEL_INPUT },
  ).start();
  const type = (field: VisitReportField, value: string) => actor.send({ type: 'field.change', field, value });
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

describe('visit report form machine', () => {
  it('starts with today as the visit date', () => {
    const { actor } = start();
    expect(actor.getSnapshot().context.values).toEqual({ rating: '', title: '', content: '', visit_date: '2026-11-20' });
  });

  it('validates with the contract keys: rating chosen, title, text length, a real date not in the future', () => {
    expect(validateVisitReport({ rating: '', title: '', content: 'short', visit_date: '2026-02-30' })).toEqual({
      rating: { code: 'zod.enum.invalid' },
      title: { code: 'zod.string.required', extra: { min: 1 } },
      content: { code: 'zod.string.min', extra: { min: VISIT_REPORT_CONTENT_MIN } },
      visit_date: { code: 'zod.date.invalid' },
    });
    expect(validateVisitReport({ rating: '6', title: 'T', content: 'Long enough text', visit_date: '2999-01-01' })).toEqual({
      rating: { code: 'zod.number.max', extra: { max: 5 } },
      visit_date: { code: 'zod.date.future' },
    });
    expect(validateVisitReport({ rating: '5', title: 'T', content: 'Long enough text', visit_date: '2026-01-01' })).toEqual({});
  });

  it('keeps at most six photos and says why one was left out', () => {
    const { actor } = start();
    actor.send({ type: 'files.add', files: [1, 2, 3, 4, 5, 6, 7].map((n) => photo(`${n}.jpg`)) });
    expect(actor.getSnapshot().context.files).toHaveLength(VISIT_REPORT_PHOTOS_MAX);
    expect(actor.getSnapshot().context.errors).toEqual({ files: { code: 'zod.array.max', extra: { max: VISIT_REPORT_PHOTOS_MAX } } });
    actor.send({ type: 'files.remove', index: 0 });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg']);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the report with the venue and photos photo0…, once; success lists it; reset starts over', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type('rating', '4');
    type('title', ' Lovely terrace ');
    type('content', 'Friendly staff and a quiet terrace.');
    actor.send({ type: 'files.add', files: [photo('a.jpg'), photo('b.jpg')] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input.payload).toEqual({
      merchant_id: 3,
      rating: 4,
      title: 'Lovely terrace',
      content: 'Friendly staff and a quiet terrace.',
      visit_date: '2026-11-20',
    });
    expect(Object.keys(submit.last().input.files)).toEqual(['photo0', 'photo1']);
    submit.last().resolve(SAMPLE_VISIT_REPORT);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess.mock.calls).toEqual([[SAMPLE_VISIT_REPORT]]);
    actor.send({ type: 'form.reset' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({
      values: { rating: '', title: '', content: '', visit_date: '2026-11-20' },
      files: [],
      result: null,
    });
  });

  it("shows the server's refusal under the form", async () => {
    const { actor, submit, type } = start();
    type('rating', '2');
    type('title', 'Mine');
    type('content', 'My own venue is the best.');
    actor.send({ type: 'form.submit' });
    submit.last().reject(serverRefusal('You cannot report on your own venue.'));
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'You cannot report on your own venue.', errors: {} });
  });
});

describe('visit report form: model-based paths', () => {
  const paths = createVisitReportFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start();
      const same = (model: Snapshot) => {
        const real = actor.getSnapshot();
        expect(real.value).toEqual(model.value);
        // The model's key sees a File as {}: photos are compared by count.
        expect({ ...real.context, files: real.context.files.length }).toEqual({
          ...model.context,
          files: model.context.files.length,
        });
        return real;
      };
      await path.test({
        states: {
          editing: (model) => {
            same(model);
            expect(submit.outstanding()).toEqual([]);
          },
          submitting: (model) => {
            const real = same(model);
            expect(submit.outstanding()).toHaveLength(1);
            expect(Object.keys(submit.last().input.files)).toHaveLength(real.context.files.length);
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: formEventExecs(visitReportModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(visitReportFormMachine, paths)).toEqual([]);
    expect(unusedEvents(visitReportModelEvents, paths)).toEqual([]);
  });
});
