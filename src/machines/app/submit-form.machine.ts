import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { addFiles } from './form-inputs';
import {
  emptyValues,
  hasErrors,
  submitFailure,
  withoutError,
  type FieldErrors,
  type FormContext,
  type FormEvent,
  type FormValues,
} from './form-validation';

/**
 * The one machine of every "fill in, send once" form: the account forms (change e-mail, change password, forgot
 * password, reset password), the report, the feedback and the visit report. A form is this machine configured by a
 * {@link SubmitFormDefinition} (its fields, how they validate, what the submit actor receives, optional attached
 * files); the app injects the call and the success reaction with `.provide()` where it creates the actor, as for
 * every machine.
 *
 * States: `editing` → (form.submit, valid) `submitting` (tag 'busy', invokes `submit`) → `done`; invalid → back to
 * `editing` with an error per field; a refusal → `editing` with the server's msg and the field it names. Field
 * edits are taken in every state but `done`; files (`files.add`, `files.remove`) only while editing and only when
 * the form has files; `form.reset` in `done` starts an empty form when the form allows it.
 */

/** The error key of the attached files (more chosen than allowed), beside the fields' own. */
export const FILES_ERROR = 'files';

export interface SubmitFormDefinition<F extends string, TInput, TSubmit> {
  /** The machine id (the inspector's and the model paths' name). */
  id: string;
  fields: readonly F[];
  /** All fields' errors; the ui validates a touched field alone with the form's exported validator. */
  validate(values: FormValues<F>, input: TInput): FieldErrors<F>;
  /** The submit actor's input. Called only when `validate` found nothing, so contract parses cannot throw. */
  submitInput(values: FormValues<F>, input: TInput, files: readonly File[]): TSubmit;
  /** The values a new (or reset) form starts with; empty strings by default. */
  initialValues?(input: TInput): FormValues<F>;
  /** Attached files: at most this many (the feedback's images, a visit report's photos). None when undefined. */
  filesMax?: number;
  /** `form.reset` in `done` starts a new, empty form (write another visit report). */
  resettable?: boolean;
}

export type SubmitFormContext<F extends string, TResult, TInput> = Omit<FormContext<F, TResult>, 'errors'> & {
  errors: FieldErrors<F | typeof FILES_ERROR>;
  /** The attached files, in the order chosen; always empty for a form without files. */
  files: File[];
  /** What the form was created for (a reset link's token, the reported listing, the visited venue). */
  input: TInput;
};

export type SubmitFormEvent<F extends string> =
  | FormEvent<F>
  | { type: 'files.add'; files: File[] }
  | { type: 'files.remove'; index: number }
  | { type: 'form.reset' };

/** Builds the machine of one form. `TInput` is undefined for forms that need none (created without input). */
export function createSubmitFormMachine<F extends string, TSubmit, TResult, TInput = undefined>(
  definition: SubmitFormDefinition<F, TInput, TSubmit>,
) {
  type ErrorKey = F | typeof FILES_ERROR;
  const noErrors = (): FieldErrors<ErrorKey> => ({});
  const initialValues = (input: TInput) => definition.initialValues?.(input) ?? emptyValues(definition.fields);
  const fieldEvents = {
    'field.change': { actions: 'setValue' },
    'field.focus': { actions: 'clearFieldError' },
  } as const;
  const fileEvents =
    definition.filesMax === undefined
      ? {}
      : ({
          'files.add': { actions: 'addFiles' },
          'files.remove': { actions: 'removeFile' },
        } as const);

  return setup({
    types: {
      context: {} as SubmitFormContext<F, TResult, TInput>,
      events: {} as SubmitFormEvent<F>,
      input: {} as TInput,
      tags: {} as 'busy',
    },
    actors: {
      // Safe default: the real call is injected with .provide() where the actor is created.
      submit: fromPromise<TResult, TSubmit>(() => Promise.reject(new Error('not provided'))),
    },
    guards: {
      isValid: ({ context }) => !hasErrors(definition.validate(context.values, context.input)),
    },
    actions: {
      // Injected by the app (a toast, close the dialog, list the new report); the default does nothing.
      notifySuccess: (_, _params: { result: TResult }) => {},

      setValue: assign(({ context, event }) =>
        event.type === 'field.change' ? { values: { ...context.values, [event.field]: event.value } } : {},
      ),
      clearFieldError: assign(({ context, event }) =>
        event.type === 'field.focus'
          ? {
              errors: withoutError<ErrorKey>(context.errors, event.field),
              serverError: null,
            }
          : {},
      ),
      addFiles: assign(({ context, event }) => {
        if (event.type !== 'files.add') return {};
        const { files, error } = addFiles(context.files, event.files, definition.filesMax ?? 0);
        const errors = withoutError<ErrorKey>(context.errors, FILES_ERROR);
        return {
          files,
          errors: error ? { ...errors, [FILES_ERROR]: error } : errors,
        };
      }),
      removeFile: assign(({ context, event }) =>
        event.type === 'files.remove'
          ? {
              files: context.files.filter((_, index) => index !== event.index),
              errors: withoutError<ErrorKey>(context.errors, FILES_ERROR),
            }
          : {},
      ),
      showErrors: assign(({ context }) => ({
        errors: definition.validate(context.values, context.input) as FieldErrors<ErrorKey>,
        serverError: null,
      })),
      startSubmit: assign({
        errors: noErrors,
        serverError: null,
        result: null,
      }),
      showFailure: assign((_, params: { error: unknown }) => {
        // A file the server refuses is named by its part (photo0…, image0…); its msg, under the form, says which.
        const { serverError, fieldErrors } = submitFailure(params.error, definition.fields);
        return { serverError, errors: fieldErrors as FieldErrors<ErrorKey> };
      }),
      setResult: assign((_, params: { result: TResult }) => ({
        result: params.result,
      })),
      clearForm: assign(({ context }) => ({
        values: initialValues(context.input),
        errors: noErrors(),
        serverError: null,
        result: null,
        files: [],
      })),
    },
  }).createMachine({
    id: definition.id,
    context: ({ input }) => ({
      values: initialValues(input),
      errors: noErrors(),
      serverError: null,
      result: null,
      files: [],
      input,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          ...fieldEvents,
          ...fileEvents,
          'form.submit': [
            { guard: 'isValid', target: 'submitting', actions: 'startSubmit' },
            { actions: 'showErrors' },
          ],
        },
      },
      submitting: {
        tags: ['busy'],
        on: fieldEvents,
        // Cast: inside this generic function TypeScript cannot resolve XState's provided-actor types (they are
        // deferred conditional types of TSubmit/TResult), so it would refuse any invoke; each form's machine is
        // fully typed where it is instantiated, and the tests run every path through this invoke.
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }: { context: SubmitFormContext<F, TResult, TInput> }) =>
            definition.submitInput(context.values, context.input, context.files),
          onDone: {
            target: 'done',
            actions: [
              {
                type: 'setResult',
                params: ({ event }: { event: DoneActorEvent<unknown> }) => ({
                  result: event.output as TResult,
                }),
              },
              {
                type: 'notifySuccess',
                params: ({ event }: { event: DoneActorEvent<unknown> }) => ({
                  result: event.output as TResult,
                }),
              },
            ],
          },
          onError: {
            target: 'editing',
            actions: {
              type: 'showFailure',
              params: ({ event }: { event: ErrorActorEvent }) => ({
                error: event.error,
              }),
            },
          },
        } as never,
      },
      // Not `type: 'final'`: the ui shows the success until it navigates away or the dialog closes.
      done: definition.resettable ? { on: { 'form.reset': { target: 'editing', actions: 'clearForm' } } } : {},
    },
  });
}
