import type { ActorLogic, AnyEventObject, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { KycState } from '@/contract/calls/kyc';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { afterEventOf, doneEvent, errorEvent, networkFailure, serverRefusal } from '@/machines/app/form.model';
import { KYC_FIELDS, kycMachine, photosOfStep, type KycEvent, type KycField, type KycSnapshot } from './kyc.machine';

/**
 * The identity verification's test model (STYLE rule 19), shared by kyc.machine.test.ts and `npm run test:paths`.
 * Test data only: no app module imports this file.
 *
 * The machine invokes its calls, which createTestModel() refuses, so this is a TestModel of the machine as it is.
 * The model's world is the status the server answers (not applied, under review, approved, rejected, offline), the
 * member's typing and photos, the steps' buttons and the address (`step.goto`), and the answers to the submit (the
 * application under review, a refusal naming the birth date, the network).
 *
 * To keep the graph small the member fills step 1 in one order, one field at a time (the document type: passport or
 * identity card; then the country, the number, the name, and a birth date that is under 18 or not, which can be
 * corrected), presses "next" on step 1 only before typing or once every field is filled, and sets each photo once
 * (removing the front once). A vertex is the facts the machine decides on plus the event and state it came from.
 *
 * Step 1 opens with the intro (issue 31 item 7): a member who has not applied, and a retry after a rejection, agree
 * to the check (`consent.give`) before the form. On step 4 the front and the selfie may be retaken: the model takes
 * the new photo there, or presses "next" without one, and either returns to step 4.
 *
 * Under review (issue 31 item 8) the world adds the clock (the next check's delay passes), the answers to a check
 * (still under review, approved, rejected, offline) and the page being hidden or shown. To keep the graph small the
 * whole of that world is explored for a member whose status loads as under review; after a submit, a check answers
 * approved or rejected (and the retry keeps the values sent). The page is hidden and shown only while under review
 * (elsewhere the machine only notes it; a page hidden before the application is under review starts paused: the unit
 * tests cover it), so a hidden page is always `paused`.
 */

export const LOAD_DONE = doneEvent('loadStatus');
export const LOAD_ERROR = errorEvent('loadStatus');
export const SUBMIT_DONE = doneEvent('submit');
export const SUBMIT_ERROR = errorEvent('submit');
export const CHECK_DONE = doneEvent('checkStatus');
export const CHECK_ERROR = errorEvent('checkStatus');
/** The delayed event of the wait before the next check while under review. */
export const KYC_POLL_EVENT = afterEventOf(kycMachine, 'kyc.applying.waiting');

const state = (status: KycStatus, extra: Partial<KycState> = {}): KycState => ({
  status,
  document_type: status === KycStatus.NotApply ? null : IdDocumentType.IdCard,
  reject_reason: null,
  submitted_at: status === KycStatus.NotApply ? null : '2026-11-20T10:00:00.000Z',
  reviewed_at: null,
  ...extra,
});

export const REJECT_REASON = 'The photo of the document is too dark to read.';
export const UNDERAGE_BIRTH_DATE = '2012-03-04';
export const ADULT_BIRTH_DATE = '1990-05-06';

/** A photo as the capture dialog or the file picker hands it over. */
export const MODEL_PHOTO = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

export const kycTestEvents = {
  loadNotApplied: { type: LOAD_DONE, output: state(KycStatus.NotApply) },
  loadApplying: { type: LOAD_DONE, output: state(KycStatus.Applying) },
  loadApproved: { type: LOAD_DONE, output: state(KycStatus.Approved, { reviewed_at: '2026-11-21T09:00:00.000Z' }) },
  loadRejected: { type: LOAD_DONE, output: state(KycStatus.Rejected, { reject_reason: REJECT_REASON, reviewed_at: '2026-11-21T09:00:00.000Z' }) },
  loadOffline: { type: LOAD_ERROR, error: networkFailure('user/kycStatus') },
  refresh: { type: 'status.refresh' },
  passport: { type: 'field.change', field: 'document_type', value: String(IdDocumentType.Passport) },
  idCard: { type: 'field.change', field: 'document_type', value: String(IdDocumentType.IdCard) },
  country: { type: 'field.change', field: 'issuing_country', value: 'de' },
  number: { type: 'field.change', field: 'document_number', value: 'C01X00T47' },
  name: { type: 'field.change', field: 'full_name', value: 'Erika Mustermann' },
  underage: { type: 'field.change', field: 'birth_date', value: UNDERAGE_BIRTH_DATE },
  adult: { type: 'field.change', field: 'birth_date', value: ADULT_BIRTH_DATE },
  focusBirthDate: { type: 'field.focus', field: 'birth_date' },
  front: { type: 'photo.set', part: 'front', photo: MODEL_PHOTO },
  back: { type: 'photo.set', part: 'back', photo: MODEL_PHOTO },
  selfie: { type: 'photo.set', part: 'selfie', photo: MODEL_PHOTO },
  removeFront: { type: 'photo.remove', part: 'front' },
  consent: { type: 'consent.give' },
  retakeFront: { type: 'photo.retake', part: 'front' },
  retakeSelfie: { type: 'photo.retake', part: 'selfie' },
  next: { type: 'step.next' },
  back_: { type: 'step.back' },
  gotoReview: { type: 'step.goto', step: 'step4' },
  gotoStep1: { type: 'step.goto', step: 'step1' },
  submit: { type: 'kyc.submit' },
  submitted: { type: SUBMIT_DONE, output: state(KycStatus.Applying) },
  submitRefused: {
    type: SUBMIT_ERROR,
    error: serverRefusal('You must be 18 or older.', { field: 'birth_date', code: 'errors.kyc.underage' }),
  },
  submitOffline: { type: SUBMIT_ERROR, error: networkFailure('user/apply_kyc') },
  retry: { type: 'kyc.retry' },
  poll: { type: KYC_POLL_EVENT },
  checkApplying: { type: CHECK_DONE, output: state(KycStatus.Applying) },
  checkApproved: { type: CHECK_DONE, output: state(KycStatus.Approved, { reviewed_at: '2026-11-21T09:00:00.000Z' }) },
  checkRejected: { type: CHECK_DONE, output: state(KycStatus.Rejected, { reject_reason: REJECT_REASON, reviewed_at: '2026-11-21T09:00:00.000Z' }) },
  checkOffline: { type: CHECK_ERROR, error: networkFailure('user/kycStatus') },
  hidden: { type: 'page.hidden' },
  visible: { type: 'page.visible' },
} as const satisfies Record<string, AnyEventObject>;

const ev = kycTestEvents;

const COMPLETIONS: Partial<Record<string, string>> = {
  [LOAD_DONE]: 'loading',
  [LOAD_ERROR]: 'loading',
  [SUBMIT_DONE]: 'submitting',
  [SUBMIT_ERROR]: 'submitting',
};
const UNDER_REVIEW: Partial<Record<string, object>> = {
  [CHECK_DONE]: { applying: 'checking' },
  [CHECK_ERROR]: { applying: 'checking' },
  [KYC_POLL_EVENT]: { applying: 'waiting' },
};

/** The field the member types next on step 1 (one order, see the header); null once all are filled. */
function nextField(snapshot: KycSnapshot): KycField | null {
  return KYC_FIELDS.find((field) => snapshot.context.values[field] === '') ?? null;
}

export function kycModelEvents(snapshot: KycSnapshot): AnyEventObject[] {
  const { step, values, photos, errors } = snapshot.context;
  const editing = snapshot.matches('editing');
  return Object.values(ev).filter((event) => {
    const completion = COMPLETIONS[event.type];
    if (completion) return snapshot.matches(completion as never);
    const underReview = UNDER_REVIEW[event.type];
    if (underReview && !snapshot.matches(underReview as never)) return false;
    // The whole under-review world only for a member whose status loaded as under review (nothing typed); after a
    // submit in the model, a check (status.refresh) answers approved or rejected.
    const wholeWorld = KYC_FIELDS.every((field) => values[field] === '');
    if (snapshot.matches('applying') && !wholeWorld && [KYC_POLL_EVENT, 'page.hidden', 'page.visible'].includes(event.type)) return false;
    if (!wholeWorld && (event === ev.checkApplying || event === ev.checkOffline)) return false;
    if (underReview) return true;
    if (event.type === 'page.hidden' || event.type === 'page.visible') {
      if (!snapshot.matches('applying')) return false;
      return snapshot.context.hidden === (event.type === 'page.visible');
    }
    if (event.type === 'field.change') {
      if (!editing || step !== 'step1') return false;
      const field = (event as { field: KycField }).field;
      // The birth date may be corrected (under 18 → adult) once the refusal shows and the field was focused.
      if (field === 'birth_date' && values.birth_date === UNDERAGE_BIRTH_DATE && !errors.birth_date) return event === ev.adult;
      return nextField(snapshot) === field;
    }
    if (event.type === 'field.focus') return editing && Boolean(errors.birth_date);
    if (event.type === 'photo.set') {
      const part = (event as { part: 'front' | 'back' | 'selfie' }).part;
      // Each photo once, and again when it is being retaken from step 4.
      return editing && photosOfStep(step, values).includes(part) && (photos[part] === null || snapshot.context.retaking === part);
    }
    if (event.type === 'photo.remove') return editing && step === 'step2' && photos.front !== null && photos.selfie === null;
    if (event === ev.next && editing && step === 'step1') {
      const filled = KYC_FIELDS.filter((field) => values[field] !== '').length;
      return filled === 0 || filled === KYC_FIELDS.length;
    }
    return snapshot.can(event as KycEvent);
  });
}

/** The facts the machine decides on. */
export function kycModelFacts(snapshot: KycSnapshot) {
  const { step, values, photos, errors, serverError, state: server, pollStep, hidden, consented, retaking } = snapshot.context;
  return {
    value: snapshot.value,
    step: snapshot.matches('editing') ? step : null,
    consented,
    retaking,
    values,
    photos: Object.entries(photos)
      .filter(([, photo]) => photo !== null)
      .map(([part]) => part),
    errors: Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.code])),
    serverError,
    status: server?.status ?? null,
    pollStep: snapshot.matches('applying') ? pollStep : null,
    hidden,
  };
}

export function kycModelKey(snapshot: KycSnapshot, event?: EventObject, previous?: KycSnapshot): string {
  const via = event && previous ? ` via ${describeKycEvent(event)} from ${JSON.stringify(previous.value)}` : '';
  return JSON.stringify(kycModelFacts(snapshot)) + via;
}

export function createKycTestModel() {
  // The model also sends the calls' completions, which the machine's own event type does not list.
  const logic = kycMachine as unknown as ActorLogic<KycSnapshot, AnyEventObject, { draft: null }>;
  return new TestModel<KycSnapshot, AnyEventObject, { draft: null }>(logic, {
    events: kycModelEvents,
    serializeState: kycModelKey,
    input: { draft: null },
  } as never);
}

const STATUS_NAMES: Record<number, string> = { 0: 'not applied', 1: 'under review', 2: 'approved', 3: 'rejected' };

/** A short description of a kyc model event. */
export function describeKycEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  switch (e.type) {
    case LOAD_DONE:
      return `the status loads: ${STATUS_NAMES[(e.output as KycState).status]}`;
    case SUBMIT_DONE:
      return 'the application is sent';
    case CHECK_DONE:
      return `the check answers: ${STATUS_NAMES[(e.output as KycState).status]}`;
    case KYC_POLL_EVENT:
      return 'the wait before the next check passes';
    case 'page.hidden':
      return 'the page is hidden';
    case 'page.visible':
      return 'the page is shown again';
    case LOAD_ERROR:
    case SUBMIT_ERROR:
    case CHECK_ERROR:
      return `${e.type.replace('xstate.error.actor.', '')} fails: ${(e.error as Error).message}`;
    case 'field.change':
      return `type ${String(e.field)} = ${String(e.value)}`;
    case 'field.focus':
      return `focus ${String(e.field)}`;
    case 'photo.set':
      return `take the ${String(e.part)} photo`;
    case 'photo.remove':
      return `remove the ${String(e.part)} photo`;
    case 'photo.retake':
      return `retake the ${String(e.part)} photo from the review`;
    case 'consent.give':
      return 'agree to the check and start';
    case 'step.goto':
      return `open ${String(e.step)} by address`;
    default:
      return e.type;
  }
}
