import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_CONTENT_MIN, FEEDBACK_IMAGES_MAX } from '@/contract/calls/feedback';
import { feedbackFormMachine, validateFeedback, type FeedbackSubmitInput } from './feedback-form.machine';
import { createFeedbackFormTestModel, feedbackModelEvents } from './feedback-form.model';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from './form.model';

type Snapshot = SnapshotFrom<typeof feedbackFormMachine>;

const image = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/png' });

function start() {
  const submit = pendingActor<null, FeedbackSubmitInput>();
  const notifySuccess = vi.fn();
  const actor = createActor(feedbackFormMachine.provide({ actors: { submit: submit.logic }, actions: { notifySuccess } })).start();
  const type = (field: 'feedback_type' | 'content' | 'contact', value: string) => actor.send({ type: 'field.change', field, value });
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

describe('feedback form machine', () => {
  it('validates type, content length and the optional contact with the contract keys', () => {
    expect(validateFeedback({ feedback_type: '', content: '', contact: '' })).toEqual({
      feedback_type: { code: 'zod.enum.invalid' },
      content: { code: 'zod.string.min', extra: { min: FEEDBACK_CONTENT_MIN } },
    });
    expect(validateFeedback({ feedback_type: '2', content: 'x'.repeat(FEEDBACK_CONTENT_MAX + 1), contact: '' })).toEqual({
      content: { code: 'zod.string.max', extra: { max: FEEDBACK_CONTENT_MAX } },
    });
    expect(validateFeedback({ feedback_type: '2', content: 'Long enough text', contact: '  ' })).toEqual({});
  });

  it('keeps at most three images and says why one was left out; removing clears that', () => {
    const { actor } = start();
    actor.send({ type: 'files.add', files: [image('1.png'), image('2.png')] });
    actor.send({ type: 'files.add', files: [image('3.png'), image('4.png')] });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['1.png', '2.png', '3.png']);
    expect(actor.getSnapshot().context.errors).toEqual({ files: { code: 'zod.array.max', extra: { max: FEEDBACK_IMAGES_MAX } } });
    actor.send({ type: 'files.remove', index: 1 });
    expect(actor.getSnapshot().context.files.map((file) => file.name)).toEqual(['1.png', '3.png']);
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('sends the payload and the images as image0…, once; success → done', async () => {
    const { actor, submit, notifySuccess, type } = start();
    type('feedback_type', '3');
    type('content', '  The search does not find my town.  ');
    type('contact', '@me on Telegram');
    actor.send({ type: 'files.add', files: [image('a.png')] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(1);
    const { payload, files } = submit.last().input;
    expect(payload).toEqual({ feedback_type: 3, content: 'The search does not find my town.', contact: '@me on Telegram' });
    expect(Object.keys(files)).toEqual(['image0']);
    submit.last().resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(notifySuccess).toHaveBeenCalledTimes(1);
  });

  it('leaves a blank contact out; a refusal shows the msg and keeps the form', async () => {
    const { actor, submit, type } = start();
    type('feedback_type', '1');
    type('content', 'Please add more cities.');
    actor.send({ type: 'form.submit' });
    expect(submit.last().input.payload).toEqual({ feedback_type: 1, content: 'Please add more cities.' });
    submit.last().reject(serverRefusal('Too many attempts.'));
    await flush();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'Too many attempts.', errors: {} });
  });
});

describe('feedback form: model-based paths', () => {
  const paths = createFeedbackFormTestModel().getShortestPaths();

  for (const path of paths) {
    it(path.description, async () => {
      const { actor, submit, notifySuccess } = start();
      const same = (model: Snapshot) => {
        const real = actor.getSnapshot();
        expect(real.value).toEqual(model.value);
        // The model's key sees a File as {}: images are compared by count.
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
        events: formEventExecs(feedbackModelEvents, {
          send: (event) => actor.send(event as never),
          settle: { submit: submit.settle },
          flush,
        }),
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(feedbackFormMachine, paths)).toEqual([]);
    expect(unusedEvents(feedbackModelEvents, paths)).toEqual([]);
  });
});
