import { and, assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { kycApplication, needsBackImage, type KycApplication, type KycFile, type KycState } from '@/contract/calls/kyc';
import { KYC_STATUS_POLL_MS } from '@/contract/constants';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { CHOICE_REQUIRED } from '../app/form-inputs';
import { submitFailure, validateFields, withoutError, type FieldErrors, type FormValues } from '../app/form-validation';

/**
 * The four-step identity verification (spec section 2 /verify/kyc/step1…step4, issue 13 item 1; DESIGN sections 5
 * and 7).
 *
 * - `loading` reads the member's verification (user/kycStatus). Applying → `applying`, Approved → `approved`,
 *   Rejected → `rejected` (its reason shown with a retry), NotApply → `intro`, or `editing` when the draft says the
 *   member already agreed.
 * - `intro` (issue 31 item 7) is step 1's opening: what is checked, why, how long the documents are kept, the privacy
 *   policy. Only `consent.give` ("I agree, start") leaves it, to `editing`; the agreement is kept in the draft and
 *   sent with the application (`consent: true`), which the server records. Each application is agreed to on its own:
 *   a retry after a rejection opens the intro again.
 * - `editing` holds the step in context (`step1`…`step4`): step 1 the document (type, issuing country, number, full
 *   name, birth date, validated with the contract's schema: 18+), step 2 the document's front and, except for a
 *   passport, its back, step 3 the selfie, step 4 the review. `step.next` moves on only when the current step is
 *   complete, else it shows the step's errors; `step.back` goes one step back; `step.goto` (the route, when the
 *   address changes) goes to a step only when every step before it is complete, else to the first incomplete one.
 *   Every change of step is emitted (`kyc.step`), so the route follows with the address.
 * - On step 4 `photo.retake` (issue 31 item 7) opens the step of that photo with `retaking` set: the photo taken
 *   there (or "next" once the steps are complete) returns to step 4 at once. Any other move of step ends it.
 * - `kyc.submit` on step 4 → `submitting` (user/apply_kyc with the three images) → `applying`; a refusal goes back
 *   to editing with the server's msg, on the step of the field it names.
 * - `applying` (under review, issue 31 item 8) reads the status again by itself until it changes: `waiting` for the
 *   next of KYC_STATUS_POLL_MS (5 s, then longer, at most a minute), then `checking` (the same `loadStatus`, without
 *   the skeleton): Approved → `approved`, Rejected → `rejected`, still Applying or a failed read → `waiting` for the
 *   next, longer delay. `status.refresh` checks at once (the app sends it when the system contact's notice arrives
 *   on the chat socket). While the page is hidden (`page.hidden`) it is `paused` and nothing is read; back in view
 *   (`page.visible`) it checks at once. Whether the page is hidden is kept in context, so an application sent or
 *   loaded while hidden starts paused.
 * - `rejected` → `kyc.retry` starts again at step 1 with the values of the refused application kept.
 * - Progress survives a reload: every change runs `saveDraft` (the app stores the values, the step and the photos),
 *   and the machine starts from the `draft` it is given; an approved verification runs `clearDraft` (a rejected one
 *   is retried from the values it was sent with).
 *
 * Calls are promise actors (`loadStatus`, `submit`) and the draft store two actions, all injected with `.provide()`.
 * The context holds codes and data, never translated text (STYLE rule 9).
 */

export const KYC_STEPS = ['step1', 'step2', 'step3', 'step4'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

export const KYC_FIELDS = ['document_type', 'issuing_country', 'document_number', 'full_name', 'birth_date'] as const;
export type KycField = (typeof KYC_FIELDS)[number];

/** The photos of an application, by multipart part; null until taken or chosen. */
export type KycPhotos = Record<KycFile, Blob | null>;
/** What a field error may name: a document field or a photo. */
export type KycErrorKey = KycField | KycFile;

/** What survives a reload. */
export interface KycDraft {
  step: KycStep;
  values: FormValues<KycField>;
  photos: KycPhotos;
  /** The member agreed to the check (the intro's "I agree, start") for the application in progress. */
  consented?: boolean;
}

export interface KycInput {
  draft?: KycDraft | null;
  /** Whether the page is hidden when the machine starts (document.visibilityState). */
  hidden?: boolean;
}

/** What `submit` receives: the contract's payload and the image parts. */
export interface KycSubmitInput {
  payload: KycApplication;
  files: Partial<Record<KycFile, Blob>>;
}

export interface KycContext {
  step: KycStep;
  values: FormValues<KycField>;
  photos: KycPhotos;
  /** The member agreed to the check for this application (the intro). */
  consented: boolean;
  /** The photo being taken again from step 4 (its step is open); step 4 opens again once it is set. */
  retaking: KycFile | null;
  errors: FieldErrors<KycErrorKey>;
  /** The server's msg after a refused submit. */
  serverError: string | null;
  /** The member's verification as the server last said. */
  state: KycState | null;
  /** Under review: the index in KYC_STATUS_POLL_MS of the wait before the next check (stays at the last). */
  pollStep: number;
  /** The page is hidden (another tab, the phone locked): no status is read. */
  hidden: boolean;
}

export type KycEvent =
  | { type: 'field.change'; field: KycField; value: string }
  | { type: 'field.focus'; field: KycField }
  | { type: 'photo.set'; part: KycFile; photo: Blob }
  | { type: 'photo.remove'; part: KycFile }
  /** The intro's "I agree, start". */
  | { type: 'consent.give' }
  /** Step 4's "Retake" of one photo: its step, then back to step 4. */
  | { type: 'photo.retake'; part: KycFile }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'step.goto'; step: KycStep }
  | { type: 'kyc.submit' }
  | { type: 'kyc.retry' }
  /** Read the status again: after a failed load, after a rejection, and at once while under review (a notice came). */
  | { type: 'status.refresh' }
  /** The page was hidden or shown again (visibilitychange): the checks while under review pause. */
  | { type: 'page.hidden' }
  | { type: 'page.visible' };

export type KycEmitted = { type: 'kyc.step'; step: KycStep };

export const EMPTY_PHOTOS: KycPhotos = { front: null, back: null, selfie: null };
const EMPTY_VALUES: FormValues<KycField> = { document_type: '', issuing_country: '', document_number: '', full_name: '', birth_date: '' };

const indexOf = (step: KycStep) => KYC_STEPS.indexOf(step);

/** The document type the values name, or null while none is chosen. */
export function documentTypeOf(values: FormValues<KycField>): IdDocumentType | null {
  const type = Number(values.document_type);
  return (Object.values(IdDocumentType) as number[]).includes(type) ? (type as IdDocumentType) : null;
}

function payloadOf(values: FormValues<KycField>, consented = true) {
  return {
    consent: consented,
    document_type: values.document_type === '' ? undefined : Number(values.document_type),
    issuing_country: values.issuing_country,
    document_number: values.document_number.trim(),
    full_name: values.full_name.trim(),
    birth_date: values.birth_date,
  };
}

/** The photo parts a step asks for (step 2: front, and back unless a passport; step 3: the selfie). */
export function photosOfStep(step: KycStep, values: FormValues<KycField>): KycFile[] {
  if (step === 'step2') {
    const type = documentTypeOf(values);
    return type !== null && !needsBackImage(type) ? ['front'] : ['front', 'back'];
  }
  return step === 'step3' ? ['selfie'] : [];
}

/** The errors of one step (step 4 has none of its own: it reviews the others). */
export function stepErrors(step: KycStep, values: FormValues<KycField>, photos: KycPhotos): FieldErrors<KycErrorKey> {
  if (step === 'step1') {
    const errors: FieldErrors<KycErrorKey> = validateFields(kycApplication, payloadOf(values));
    if (values.document_type === '') errors.document_type = { code: CHOICE_REQUIRED };
    return errors;
  }
  const errors: FieldErrors<KycErrorKey> = {};
  for (const part of photosOfStep(step, values)) {
    if (!photos[part]) errors[part] = { code: part === 'back' ? 'errors.kyc.back' : 'image.missing' };
  }
  return errors;
}

const isComplete = (step: KycStep, context: Pick<KycContext, 'values' | 'photos'>) =>
  Object.keys(stepErrors(step, context.values, context.photos)).length === 0;

/** The furthest step `target` may open: itself when every step before it is complete, else the first incomplete. */
export function reachableStep(target: KycStep, context: Pick<KycContext, 'values' | 'photos'>): KycStep {
  for (const step of KYC_STEPS.slice(0, indexOf(target))) if (!isComplete(step, context)) return step;
  return target;
}

/** The step a field error belongs to (a refused submit shows it there), and the step of a photo. */
export function stepOfError(key: string): KycStep {
  if (key === 'front' || key === 'back') return 'step2';
  if (key === 'selfie') return 'step3';
  return 'step1';
}

/** Photos a passport does not need are dropped when the document type changes to one. */
function photosFor(values: FormValues<KycField>, photos: KycPhotos): KycPhotos {
  const type = documentTypeOf(values);
  return type !== null && !needsBackImage(type) && photos.back ? { ...photos, back: null } : photos;
}

const LAST_POLL_STEP = KYC_STATUS_POLL_MS.length - 1;

const stateOf = (event: { type: string }) => (event as { output?: KycState }).output ?? null;
const statusIs = (status: KycStatus) => ({ event }: { event: { type: string } }) => stateOf(event)?.status === status;

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
    input: {} as KycInput,
    emitted: {} as KycEmitted,
    tags: {} as 'busy',
  },
  delays: {
    KYC_STATUS_POLL: ({ context }) => KYC_STATUS_POLL_MS[Math.min(context.pollStep, LAST_POLL_STEP)],
  },
  actors: {
    loadStatus: fromPromise<KycState>(() => Promise.reject(new Error('loadStatus not provided'))),
    submit: fromPromise<KycState, KycSubmitInput>(() => Promise.reject(new Error('submit not provided'))),
  },
  guards: {
    isApplying: statusIs(KycStatus.Applying),
    isApproved: statusIs(KycStatus.Approved),
    isRejected: statusIs(KycStatus.Rejected),
    isStepComplete: ({ context }) => isComplete(context.step, context),
    hasNextStep: ({ context }) => indexOf(context.step) < KYC_STEPS.length - 1,
    hasPreviousStep: ({ context }) => indexOf(context.step) > 0,
    allComplete: ({ context }) => KYC_STEPS.every((step) => isComplete(step, context)),
    hasConsented: ({ context }) => context.consented,
    isReviewing: ({ context }) => context.step === 'step4',
    /** Retaking a photo from step 4, and every step is complete (with the photo just set, for photo.set). */
    isRetakeDone: ({ context, event }) => {
      if (context.retaking === null) return false;
      const photos = event.type === 'photo.set' ? { ...context.photos, [event.part]: event.photo } : context.photos;
      return KYC_STEPS.every((step) => isComplete(step, { values: context.values, photos }));
    },
    isHidden: ({ context }) => context.hidden,
  },
  actions: {
    // Injected by the app: the draft store, which reads the context (draftOf) after each change.
    saveDraft: () => {},
    clearDraft: () => {},
    setValue: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return { values, photos: photosFor(values, context.photos) };
    }),
    clearFieldError: assign(({ context, event }) =>
      event.type === 'field.focus' ? { errors: withoutError<KycErrorKey>(context.errors, event.field), serverError: null } : {},
    ),
    setPhoto: assign(({ context, event }) =>
      event.type === 'photo.set'
        ? { photos: { ...context.photos, [event.part]: event.photo }, errors: withoutError<KycErrorKey>(context.errors, event.part), serverError: null }
        : {},
    ),
    removePhoto: assign(({ context, event }) => (event.type === 'photo.remove' ? { photos: { ...context.photos, [event.part]: null } } : {})),
    showStepErrors: assign(({ context }) => ({ errors: stepErrors(context.step, context.values, context.photos), serverError: null })),
    nextStep: assign(({ context }) => ({ step: KYC_STEPS[indexOf(context.step) + 1], errors: {}, serverError: null })),
    previousStep: assign(({ context }) => ({ step: KYC_STEPS[indexOf(context.step) - 1], retaking: null, errors: {}, serverError: null })),
    goToStep: assign(({ context, event }) => (event.type === 'step.goto' ? { step: reachableStep(event.step, context), retaking: null, errors: {} } : {})),
    toFirstIncomplete: assign(({ context }) => ({ step: reachableStep('step4', context) })),
    firstStep: assign({ step: 'step1' as KycStep, errors: {}, serverError: null }),
    giveConsent: assign({ consented: true }),
    // Each application is agreed to on its own (the server records the agreement with it).
    forgetConsent: assign({ consented: false, retaking: null }),
    retakePhoto: assign(({ event }) =>
      event.type === 'photo.retake' ? { step: stepOfError(event.part), retaking: event.part, errors: {}, serverError: null } : {},
    ),
    backToReview: assign({ step: 'step4' as KycStep, retaking: null, errors: {}, serverError: null }),
    reportStep: emit(({ context }): KycEmitted => ({ type: 'kyc.step', step: context.step })),
    takeState: assign({ state: ({ event }) => stateOf(event) }),
    markHidden: assign({ hidden: true }),
    markVisible: assign({ hidden: false }),
    firstPoll: assign({ pollStep: 0 }),
    backOff: assign({ pollStep: ({ context }) => Math.min(context.pollStep + 1, LAST_POLL_STEP) }),
    showFailure: assign(({ event }) => {
      const { serverError, fieldErrors } = submitFailure((event as { error?: unknown }).error, [...KYC_FIELDS, 'front', 'back', 'selfie'] as KycErrorKey[]);
      const named = Object.keys(fieldErrors)[0];
      return { serverError, errors: fieldErrors, step: named ? stepOfError(named) : ('step4' as KycStep) };
    }),
  },
}).createMachine({
  id: 'kyc',
  context: ({ input }) => ({
    step: input.draft?.step ?? 'step1',
    values: { ...EMPTY_VALUES, ...input.draft?.values },
    photos: { ...EMPTY_PHOTOS, ...input.draft?.photos },
    consented: input.draft?.consented ?? false,
    retaking: null,
    errors: {},
    serverError: null,
    state: null,
    pollStep: 0,
    hidden: input.hidden ?? false,
  }),
  initial: 'loading',
  // Whether the page is hidden is followed in every state; under review it also pauses and resumes the checks.
  on: {
    'page.hidden': { actions: 'markHidden' },
    'page.visible': { actions: 'markVisible' },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          { guard: 'isApplying', target: 'applying', actions: 'takeState' },
          { guard: 'isApproved', target: 'approved', actions: ['takeState', 'clearDraft'] },
          { guard: 'isRejected', target: 'rejected', actions: 'takeState' },
          { guard: 'hasConsented', target: 'editing', actions: 'takeState' },
          { target: 'intro', actions: 'takeState' },
        ],
        onError: { target: 'loadFailed' },
      },
    },
    intro: {
      // The intro is step 1's opening: the address says step1 whatever step a draft names.
      entry: emit({ type: 'kyc.step', step: 'step1' } as KycEmitted),
      on: {
        'consent.give': { target: 'editing', actions: ['giveConsent', 'saveDraft'] },
      },
    },
    loadFailed: {
      on: { 'status.refresh': { target: 'loading' } },
    },
    editing: {
      // A restored draft may name a step whose earlier steps are no longer complete (a photo store was cleared).
      entry: [assign(({ context }) => ({ step: reachableStep(context.step, context) })), 'reportStep'],
      on: {
        'field.change': { actions: ['setValue', 'saveDraft'] },
        'field.focus': { actions: 'clearFieldError' },
        'photo.set': [
          // The photo retaken from step 4: back to step 4 at once.
          { guard: 'isRetakeDone', actions: ['setPhoto', 'backToReview', 'saveDraft', 'reportStep'] },
          { actions: ['setPhoto', 'saveDraft'] },
        ],
        'photo.retake': { guard: 'isReviewing', actions: ['retakePhoto', 'saveDraft', 'reportStep'] },
        'photo.remove': { actions: ['removePhoto', 'saveDraft'] },
        // Step 4 has no next step: it submits.
        'step.next': [
          { guard: 'isRetakeDone', actions: ['backToReview', 'saveDraft', 'reportStep'] },
          { guard: and(['hasNextStep', 'isStepComplete']), actions: ['nextStep', 'saveDraft', 'reportStep'] },
          { guard: 'hasNextStep', actions: 'showStepErrors' },
        ],
        'step.back': { guard: 'hasPreviousStep', actions: ['previousStep', 'saveDraft', 'reportStep'] },
        'step.goto': { actions: ['goToStep', 'saveDraft', 'reportStep'] },
        'kyc.submit': [
          { guard: 'allComplete', target: 'submitting' },
          // Something is missing (a photo store was cleared): the first incomplete step, with its errors.
          { actions: ['toFirstIncomplete', 'showStepErrors', 'saveDraft', 'reportStep'] },
        ],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }): KycSubmitInput => {
          const files: Partial<Record<KycFile, Blob>> = {};
          for (const part of [...photosOfStep('step2', context.values), 'selfie' as const]) files[part] = context.photos[part]!;
          return { payload: kycApplication.parse(payloadOf(context.values, context.consented)), files };
        },
        // The draft stays until the verification is approved: a rejection's retry starts from what was sent.
        onDone: { target: 'applying', actions: 'takeState' },
        onError: { target: 'editing', actions: ['showFailure', 'saveDraft'] },
      },
    },
    applying: {
      initial: 'waiting',
      entry: 'firstPoll',
      on: {
        // Hidden: the check in flight is dropped and nothing more is read until the page is shown again.
        'page.hidden': { target: '.paused', actions: 'markHidden' },
      },
      states: {
        waiting: {
          always: { guard: 'isHidden', target: 'paused' },
          after: { KYC_STATUS_POLL: { target: 'checking' } },
          on: { 'status.refresh': { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'checkStatus',
            src: 'loadStatus',
            onDone: [
              { guard: 'isApproved', target: '#kyc.approved', actions: ['takeState', 'clearDraft'] },
              { guard: 'isRejected', target: '#kyc.rejected', actions: 'takeState' },
              // Still under review (or, unexpectedly, not applied: the next check tells): wait longer.
              { guard: 'isApplying', target: 'waiting', actions: ['takeState', 'backOff'] },
              { target: '#kyc.loading' },
            ],
            // A failed read is not shown: the page still says what it knew; the next check is later.
            onError: { target: 'waiting', actions: 'backOff' },
          },
        },
        paused: {
          on: { 'page.visible': { target: 'checking', actions: 'markVisible' } },
        },
      },
    },
    approved: {},
    rejected: {
      on: {
        'kyc.retry': { target: 'intro', actions: ['firstStep', 'forgetConsent', 'saveDraft'] },
        'status.refresh': { target: 'loading' },
      },
    },
  },
});

export type KycSnapshot = SnapshotFrom<typeof kycMachine>;

/** The draft of a snapshot, as `saveDraft` stores it. */
export const draftOf = (context: Pick<KycContext, 'step' | 'values' | 'photos'> & { consented?: boolean }): KycDraft => ({
  step: context.step,
  values: context.values,
  photos: context.photos,
  consented: context.consented ?? false,
});

/** The top-level state: loading, loadFailed, intro, editing, submitting, applying, approved or rejected. */
export const selectKycPhase = (snapshot: KycSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];

/** Which page the address should show: the editing step, step 1 for the intro, or step 4 for every status. */
export const selectKycStep = (snapshot: KycSnapshot): KycStep =>
  snapshot.matches('editing') ? snapshot.context.step : snapshot.matches('intro') ? 'step1' : 'step4';
export const selectKycBusy = (snapshot: KycSnapshot): boolean => snapshot.hasTag('busy');
