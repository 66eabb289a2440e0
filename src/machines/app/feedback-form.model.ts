import type { AnyEventObject, EventObject } from 'xstate';
import { feedbackFormMachine } from './feedback-form.machine';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from './form.model';

/**
 * The feedback form's test model (STYLE rule 19), shared by feedback-form.machine.test.ts and `npm run
 * test:paths`. Test data only. The model chooses a type, writes a too short and a long enough text, attaches one
 * image or four (one too many) and removes one, submits, and user/feedback succeeds or refuses an image.
 */

export const FEEDBACK_SUBMIT_DONE = doneEvent('submit');
export const FEEDBACK_SUBMIT_ERROR = errorEvent('submit');

const image = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

export const feedbackModelEvents: AnyEventObject[] = [
  { type: 'field.change', field: 'feedback_type', value: '1' },
  { type: 'field.change', field: 'content', value: 'Too short' },
  { type: 'field.change', field: 'content', value: 'The map does not open on my phone.' },
  { type: 'field.focus', field: 'content' },
  { type: 'files.add', files: [image('screen.jpg')] },
  { type: 'files.add', files: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(image) },
  { type: 'files.remove', index: 0 },
  { type: 'form.submit' },
  { type: FEEDBACK_SUBMIT_DONE, output: null },
  {
    type: FEEDBACK_SUBMIT_ERROR,
    error: serverRefusal('This file is not a supported image (JPEG, PNG, WebP, GIF, AVIF or HEIC).', {
      field: 'image0',
      code: 'image.invalid',
    }),
  },
];

export function createFeedbackFormTestModel() {
  return createFormTestModel(feedbackFormMachine, feedbackModelEvents, {
    // Images are attached before anything is typed (any order reaches the same states), and at most once.
    filter: (snapshot, event) => {
      const { files, values } = snapshot.context;
      if (event.type === 'files.add') return files.length === 0 && values.feedback_type === '' && values.content === '';
      if (event.type === 'files.remove') return values.feedback_type === '' && values.content === '';
      return true;
    },
  });
}

export function describeFeedbackFormEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === 'files.add') return `attach ${(e.files as File[]).length} image(s)`;
  if (e.type === 'files.remove') return `remove image ${String(e.index)}`;
  return describeFormEvent(event, { actors: { submit: 'the feedback call' } });
}
