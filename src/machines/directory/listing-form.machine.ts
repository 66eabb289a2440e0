import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type { Geography } from '@/contract/calls/city';
import type { DictItem, DictType } from '@/contract/calls/dict';
import type { EconomyConfig } from '@/contract/economy';
import { PHOTOS_MAX, type ListingSource } from '@/contract/shapes';
import { ApiError } from '@/services/api-client';
import { hasErrors, withoutError, type FieldErrors } from '../app/form-validation';
import {
  applyFieldChange,
  formFieldOf,
  IMAGE_TOO_LARGE,
  isImageTooLarge,
  LISTING_FORMS,
  submission,
  validateListing,
  type ListingDetail,
  type ListingDraft,
  type ListingFormMode,
  type ListingImage,
  type ListingImages,
} from './listing-draft';
import { toRequestError, type RequestError } from '../app/request.machine';

/**
 * The publish and modify form of a listing (/member/{source}/publish, /member/{source}/{id}/modify): one machine
 * for both sources, whose differences are the records of listing-draft.ts chosen by the `source` input.
 *
 * loading (the form's options: dictionaries, regions and cities, the owner's venues; and on modify the stored
 * listing) → editing ⇄ submitting (tag 'busy') → done, or loadFailed with `form.retry`. The `submit` actor is a
 * callback so it can report upload progress (`upload.progress`) before its answer (`submit.done` /
 * `submit.failed`); the app sends it through the api client's XMLHttpRequest path. Errors are codes by field
 * and the server's msg under the form (STYLE rule 9), as in the other form machines.
 */

/** A published venue of the owner, for the partner form's "works at" select. */
export interface VenueOption {
  id: number;
  name: string;
}

export interface ListingFormOptions {
  dicts: Partial<Record<DictType, DictItem[]>>;
  geography: Geography;
  venues: VenueOption[];
  /** The server's economy (home/economy): a new profile starts at its default unlock price. */
  economy: EconomyConfig;
}

export interface ListingFormInput {
  source: ListingSource;
  /** The listing to modify; absent or null publishes a new one. */
  id?: number | null;
  /** The page's locale, in whose format the number fields are read (issue 31 item 4); absent: as typed. */
  locale?: string;
  /**
   * Publishing: the idempotency key every submit of this form sends (a UUID), so a submit whose answer was lost and
   * is sent again publishes one listing, not two (issue 32 item 3). Absent: none is sent.
   */
  createKey?: string;
}

export interface ListingLoadInput {
  source: ListingSource;
  id: number | null;
}

export interface ListingLoadOutput {
  options: ListingFormOptions;
  /** The owner's stored listing (modify), else null. */
  detail: ListingDetail | null;
}

export interface ListingSubmitInput {
  source: ListingSource;
  mode: ListingFormMode;
  payload: Record<string, unknown>;
  files: Record<string, File>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ListingFormContext extends ListingImages {
  source: ListingSource;
  mode: ListingFormMode;
  id: number | null;
  options: ListingFormOptions | null;
  values: ListingDraft;
  /** The stored cover, which removing a newly picked cover brings back (a stored cover can only be replaced). */
  storedCover: ListingImage | null;
  /** Numbers the keys of picked images. */
  nextKey: number;
  errors: FieldErrors;
  serverError: string | null;
  loadError: RequestError | null;
  /** Bytes sent of the submit's body, while it uploads. */
  upload: UploadProgress | null;
  result: ListingDetail | null;
  /** ListingFormInput.locale, when given. */
  locale?: string;
  /** ListingFormInput.createKey, when given. */
  createKey?: string;
}

/** What the submit callback sends back. */
export type ListingSubmitReport =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'submit.done'; result: ListingDetail }
  | { type: 'submit.failed'; error: unknown };

export type ListingFormEvent =
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'field.focus'; field: string }
  | { type: 'photos.add'; files: readonly File[] }
  | { type: 'photos.remove'; key: string }
  | { type: 'cover.set'; file: File }
  | { type: 'cover.remove' }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | ListingSubmitReport;

const images = (context: ListingFormContext): ListingImages => ({ cover: context.cover, photos: context.photos });
const spec = (context: ListingFormContext) => LISTING_FORMS[context.source];

function validate(context: ListingFormContext): FieldErrors {
  return validateListing(spec(context), context.mode, context.values, images(context), context.id, context.options?.economy ?? null, context.locale);
}

export const listingFormMachine = setup({
  types: {
    context: {} as ListingFormContext,
    events: {} as ListingFormEvent,
    input: {} as ListingFormInput,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    // Safe defaults: the real calls are injected with .provide() where the actor is created.
    load: fromPromise<ListingLoadOutput, ListingLoadInput>(() => Promise.reject(new Error('not provided'))),
    submit: fromCallback<EventObject, ListingSubmitInput>(({ sendBack }) => {
      sendBack({ type: 'submit.failed', error: new Error('not provided') });
    }),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validate(context)),
  },
  actions: {
    // Injected by the app (a toast, refresh the user, go to the owner's list); the default does nothing.
    notifySuccess: (_, _params: { result: ListingDetail; mode: ListingFormMode }) => {},

    setLoaded: assign(({ context }, params: { output: ListingLoadOutput }) => {
      const { options, detail } = params.output;
      if (!detail) return { options, loadError: null, values: spec(context).withOptions(context.values, options) };
      const loaded = spec(context).fromDetail(detail);
      return { options, loadError: null, values: loaded.values, ...loaded.images, storedCover: loaded.images.cover };
    }),
    setLoadError: assign((_, params: { error: unknown }) => ({ loadError: toRequestError(params.error) })),
    setValue: assign(({ context, event }) =>
      event.type === 'field.change' ? { values: applyFieldChange(context.values, event.field, event.value) } : {},
    ),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError(context.errors, event.field), serverError: null } : {},
    ),
    addPhotos: assign(({ context, event }) => {
      if (event.type !== 'photos.add') return {};
      const room = PHOTOS_MAX - context.photos.length;
      const fitting = event.files.filter((file) => !isImageTooLarge(file));
      const added: ListingImage[] = fitting.slice(0, Math.max(0, room)).map((file, i) => ({
        key: `new-${context.nextKey + i}`,
        kind: 'new',
        file,
      }));
      const error =
        fitting.length < event.files.length
          ? IMAGE_TOO_LARGE
          : fitting.length > room
            ? { code: 'zod.array.max', extra: { max: PHOTOS_MAX } }
            : null;
      const errors = withoutError(context.errors, 'photos');
      return {
        photos: [...context.photos, ...added],
        nextKey: context.nextKey + added.length,
        errors: error ? { ...errors, photos: error } : errors,
      };
    }),
    removePhoto: assign(({ context, event }) =>
      event.type === 'photos.remove' ? { photos: context.photos.filter((image) => image.key !== event.key) } : {},
    ),
    setCover: assign(({ context, event }) => {
      if (event.type !== 'cover.set') return {};
      const errors = withoutError(context.errors, 'cover');
      if (isImageTooLarge(event.file)) return { errors: { ...errors, cover: IMAGE_TOO_LARGE } };
      return { cover: { key: `new-${context.nextKey}`, kind: 'new' as const, file: event.file }, nextKey: context.nextKey + 1, errors };
    }),
    removeCover: assign(({ context }) => ({ cover: context.storedCover })),
    showErrors: assign(({ context }) => ({ errors: validate(context), serverError: null })),
    startSubmit: assign({ errors: {}, serverError: null, result: null, upload: null }),
    setProgress: assign(({ event }) =>
      event.type === 'upload.progress' ? { upload: { loaded: event.loaded, total: event.total } } : {},
    ),
    showFailure: assign(({ context }, params: { error: unknown }) => {
      const { error } = params;
      const serverError = error instanceof Error ? error.message : String(error);
      const details = error instanceof ApiError ? (error.details as { field?: unknown; code?: unknown } | undefined) : undefined;
      const field = typeof details?.field === 'string' ? formFieldOf(spec(context), details.field) : null;
      const errors: FieldErrors = field && typeof details?.code === 'string' ? { [field]: { code: details.code } } : {};
      return { serverError, errors, upload: null };
    }),
    setResult: assign((_, params: { result: ListingDetail }) => ({ result: params.result, upload: null })),
  },
}).createMachine({
  id: 'listingForm',
  context: ({ input }) => {
    const id = input.id ?? null;
    return {
      ...(input.locale ? { locale: input.locale } : {}),
      ...(input.createKey ? { createKey: input.createKey } : {}),
      source: input.source,
      mode: id === null ? 'create' : 'update',
      id,
      options: null,
      values: LISTING_FORMS[input.source].emptyDraft(),
      cover: null,
      photos: [],
      storedCover: null,
      nextKey: 1,
      errors: {},
      serverError: null,
      loadError: null,
      upload: null,
      result: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ source: context.source, id: context.id }),
        onDone: { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'form.retry': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'setValue' },
        'field.focus': { actions: 'clearFieldError' },
        'photos.add': { actions: 'addPhotos' },
        'photos.remove': { actions: 'removePhoto' },
        'cover.set': { actions: 'setCover' },
        'cover.remove': { actions: 'removeCover' },
        'form.submit': [{ guard: 'isValid', target: 'submitting', actions: 'startSubmit' }, { actions: 'showErrors' }],
      },
    },
    // Nothing is edited while the body uploads: the payload is already on its way.
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => {
          const { payload, files } = submission(spec(context), context.mode, context.values, images(context), context.id, context.locale);
          const key = context.mode === 'create' && context.createKey ? { idempotency_key: context.createKey } : {};
          return { source: context.source, mode: context.mode, payload: { ...payload, ...key }, files };
        },
      },
      on: {
        'upload.progress': { actions: 'setProgress' },
        'submit.done': {
          target: 'done',
          actions: [
            { type: 'setResult', params: ({ event }) => ({ result: event.result }) },
            { type: 'notifySuccess', params: ({ context, event }) => ({ result: event.result, mode: context.mode }) },
          ],
        },
        'submit.failed': {
          target: 'editing',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // Not final: the app navigates away from here.
    done: {},
  },
});

/** The percentage 0–100 of an upload, or null when nothing is uploading. */
export function uploadPercent(upload: UploadProgress | null): number | null {
  if (!upload) return null;
  if (upload.total <= 0) return 0;
  return Math.min(100, Math.round((upload.loaded / upload.total) * 100));
}
