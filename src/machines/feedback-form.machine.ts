import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { feedback, FEEDBACK_IMAGES_MAX } from '@/contract/calls/feedback';
import { addFiles, fileParts, optionalText, withChoicesRequired } from './form-inputs';
import {
  emptyValues,
  hasErrors,
  submitFailure,
  validateFields,
  withoutError,
  type FieldErrors,
  type FormContext,
  type FormEvent,
  type FormValues,
} from './form-validation';

/**
 * The feedback form (spec section 7 "Feedback", DESIGN section 5): a type from dict/feedback_type, 10–1 000
 * characters, an optional contact and up to FEEDBACK_IMAGES_MAX images, sent with user/feedback (images as the
 * parts image0..image2). Submit validates → `submitting` (tag 'busy') → the injected `submit` actor → `done` and
 * `notifySuccess`. A refusal shows the server's msg under the form, and on the field it names.
 */

export const FEEDBACK_FIELDS = ['feedback_type', 'content', 'contact'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];
/** Field errors: the text fields', and the images' (more chosen than allowed). */
export type FeedbackErrorField = FeedbackField | 'images';
export type FeedbackPayload = z.output<typeof feedback.payload>;

export interface FeedbackSubmitInput {
  payload: FeedbackPayload;
  files: Record<string, Blob>;
}

export type FeedbackFormContext = Omit<FormContext<FeedbackField, null>, 'errors'> & {
  errors: FieldErrors<FeedbackErrorField>;
  images: File[];
};

export type FeedbackFormEvent =
  | FormEvent<FeedbackField>
  | { type: 'images.add'; files: File[] }
  | { type: 'images.remove'; index: number };

function fieldsOf(values: FormValues<FeedbackField>) {
  return {
    feedback_type: values.feedback_type,
    content: values.content,
    ...optionalText('contact', values.contact),
  };
}

export function validateFeedback(
  values: FormValues<FeedbackField>,
  fields?: readonly FeedbackField[],
): FieldErrors<FeedbackField> {
  return withChoicesRequired(validateFields(feedback.payload, fieldsOf(values), fields), values, ['feedback_type']);
}

const fieldEvents = {
  'field.change': { actions: 'setValue' },
  'field.focus': { actions: 'clearFieldError' },
} as const;

export const feedbackFormMachine = setup({
  types: {
    context: {} as FeedbackFormContext,
    events: {} as FeedbackFormEvent,
    tags: {} as 'busy',
  },
  actors: {
    // Safe default: the real call is injected with .provide() where the actor is created.
    submit: fromPromise<null, FeedbackSubmitInput>(() => Promise.reject(new Error('not provided'))),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateFeedback(context.values)),
  },
  actions: {
    // Injected by the app (close the dialog, thank the user); the default does nothing.
    notifySuccess: () => {},

    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    addImages: assign(({ context, event }) => {
      if (event.type !== 'images.add') return {};
      const { files, error } = addFiles(context.images, event.files, FEEDBACK_IMAGES_MAX);
      const errors = withoutError(context.errors, 'images');
      return { images: files, errors: error ? { ...errors, images: error } : errors };
    }),
    removeImage: assign(({ context, event }) =>
      event.type === 'images.remove'
        ? { images: context.images.filter((_, index) => index !== event.index), errors: withoutError(context.errors, 'images') }
        : {},
    ),
    showErrors: assign(({ context }) => ({ errors: validateFeedback(context.values), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null }),
    showFailure: assign((_, params: { error: unknown }) => {
      // An image the server refuses is named by its part (image0…); its msg, shown under the form, says which.
      const { serverError, fieldErrors } = submitFailure(params.error, FEEDBACK_FIELDS);
      return { serverError, errors: fieldErrors };
    }),
  },
}).createMachine({
  id: 'feedbackForm',
  context: { values: emptyValues(FEEDBACK_FIELDS), errors: {}, serverError: null, result: null, images: [] },
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...fieldEvents,
        'images.add': { actions: 'addImages' },
        'images.remove': { actions: 'removeImage' },
        'form.submit': [
          { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
          { actions: 'showErrors' },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      on: fieldEvents,
      invoke: {
        id: 'submit',
        src: 'submit',
        // Guarded by isValid, so this parses.
        input: ({ context }) => ({
          payload: feedback.payload.parse(fieldsOf(context.values)),
          files: fileParts('image', context.images),
        }),
        onDone: { target: 'done', actions: 'notifySuccess' },
        onError: {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Not `type: 'final'`: the dialog shows the thanks until it is closed.
    done: {},
  },
});
