import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import type { KycState } from '@/contract/calls/kyc';
import { KYC_STATUS_POLL_MS } from '@/contract/constants';
import { KycStatus } from '@/contract/enums';
import { IdDocumentType } from '@/contract/feature-enums';
import { pendingActor } from '../app/form.model';
import { draftOf, kycMachine, reachableStep, selectKycPhase, selectKycStep, type KycEmitted, type KycEvent, type KycSubmitInput } from './kyc.machine';
import {
  ADULT_BIRTH_DATE,
  CHECK_DONE,
  CHECK_ERROR,
  createKycTestModel,
  KYC_POLL_EVENT,
  describeKycEvent,
  kycModelFacts,
  kycTestEvents as ev,
  MODEL_PHOTO,
  REJECT_REASON,
  SUBMIT_DONE,
  SUBMIT_ERROR,
  LOAD_DONE,
  LOAD_ERROR,
} from './kyc.model';

const flush = () => vi.advanceTimersByTimeAsync(0);
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function start(draft: Parameters<typeof draftOf>[0] | null = null, hidden = false) {
  const load = pendingActor<KycState, unknown>();
  const submit = pendingActor<KycState, KycSubmitInput>();
  const drafts: ReturnType<typeof draftOf>[] = [];
  let cleared = 0;
  const actor = createActor(
    kycMachine.provide({
      actors: { loadStatus: load.logic, submit: submit.logic },
      actions: {
        saveDraft: ({ context }) => {
          drafts.push(draftOf(context));
        },
        clearDraft: () => {
          cleared += 1;
        },
      },
    }),
    { input: { draft: draft ? draftOf(draft) : null, hidden } },
  );
  const emitted: KycEmitted[] = [];
  actor.on('kyc.step', (event) => emitted.push(event));
  actor.start();
  return { actor, load, submit, drafts, emitted, cleared: () => cleared, send: (event: KycEvent) => actor.send(event), snap: () => actor.getSnapshot() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('kyc machine', () => {
  async function filledToReview(type: IdDocumentType = IdDocumentType.IdCard) {
    const run = start();
    run.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    for (const event of [
      ev.consent,
      { type: 'field.change', field: 'document_type', value: String(type) },
      ev.country,
      ev.number,
      ev.name,
      ev.adult,
      ev.next,
      ev.front,
      ...(type === IdDocumentType.Passport ? [] : [ev.back]),
      ev.next,
      ev.selfie,
      ev.next,
    ]) {
      run.send(event as KycEvent);
    }
    return run;
  }

  it('walks the four steps and sends the payload with the three photos; a passport sends no back', async () => {
    const run = await filledToReview();
    expect(selectKycStep(run.snap())).toBe('step4');
    // The intro says step1, and so does the form it opens.
    expect(run.emitted.map((e) => e.step)).toEqual(['step1', 'step1', 'step2', 'step3', 'step4']);
    run.send({ type: 'kyc.submit' });
    expect(run.snap().hasTag('busy')).toBe(true);
    expect(run.submit.last().input.payload).toEqual({
      consent: true,
      document_type: IdDocumentType.IdCard,
      issuing_country: 'DE',
      document_number: 'C01X00T47',
      full_name: 'Erika Mustermann',
      birth_date: ADULT_BIRTH_DATE,
    });
    expect(Object.keys(run.submit.last().input.files).sort()).toEqual(['back', 'front', 'selfie']);
    run.submit.last().resolve({ status: KycStatus.Applying, document_type: 2, reject_reason: null, submitted_at: '2026-11-26T00:00:00.000Z', reviewed_at: null });
    await flush();
    expect(run.snap().value).toEqual({ applying: 'waiting' });
    // Kept until approved: a rejection is retried from what was sent.
    expect(run.cleared()).toBe(0);
    run.send({ type: 'status.refresh' });
    expect(run.snap().value).toEqual({ applying: 'checking' });
    run.load.last().resolve(ev.loadApproved.output);
    await flush();
    expect(run.snap().value).toBe('approved');
    expect(run.cleared()).toBe(1);

    const passport = await filledToReview(IdDocumentType.Passport);
    passport.send({ type: 'kyc.submit' });
    expect(Object.keys(passport.submit.last().input.files).sort()).toEqual(['front', 'selfie']);
  });

  it('refuses to move on with an incomplete step, and shows why', async () => {
    const run = start();
    run.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    run.send(ev.consent);
    run.send(ev.idCard as KycEvent);
    run.send(ev.underage as KycEvent);
    run.send({ type: 'step.next' });
    expect(run.snap().context.step).toBe('step1');
    expect(run.snap().context.errors).toMatchObject({ birth_date: { code: 'errors.kyc.underage' }, full_name: { code: 'zod.string.required' } });
    // Choosing a passport after the back was taken drops the back.
    const back = await filledToReview();
    back.send({ type: 'step.goto', step: 'step1' });
    back.send(ev.passport as KycEvent);
    expect(back.snap().context.photos.back).toBeNull();
    expect(back.snap().context.photos.front).toBe(MODEL_PHOTO);
  });

  it('an address ahead of the progress opens the first incomplete step', async () => {
    const run = start();
    run.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    run.send(ev.consent);
    run.send({ type: 'step.goto', step: 'step3' });
    expect(run.snap().context.step).toBe('step1');
    expect(run.emitted.at(-1)).toEqual({ type: 'kyc.step', step: 'step1' });
  });

  it('a reload restores the step, the values and the photos from the draft', async () => {
    const run = await filledToReview();
    const draft = run.drafts.at(-1)!;
    expect(draft.step).toBe('step4');
    const again = start(draft);
    again.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    expect(selectKycStep(again.snap())).toBe('step4');
    expect(again.snap().context.values).toEqual(run.snap().context.values);
    expect(again.snap().context.photos).toEqual(run.snap().context.photos);
    // A draft whose photos were lost reopens the first step that misses one.
    const lost = start({ ...draft, photos: { front: null, back: null, selfie: null } });
    lost.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    expect(selectKycStep(lost.snap())).toBe('step2');
  });

  it('a rejected application shows its reason; retry opens the intro again, then step 1 with the values kept', async () => {
    const run = start({ step: 'step4', values: { document_type: '2', issuing_country: 'DE', document_number: 'X1', full_name: 'Erika', birth_date: ADULT_BIRTH_DATE }, photos: { front: null, back: null, selfie: null } });
    run.load.last().resolve(ev.loadRejected.output);
    await flush();
    expect(run.snap().value).toBe('rejected');
    expect(run.snap().context.state?.reject_reason).toBe(REJECT_REASON);
    expect(selectKycStep(run.snap())).toBe('step4');
    run.send({ type: 'kyc.retry' });
    // Each application is agreed to on its own.
    expect(run.snap().value).toBe('intro');
    expect(run.snap().context.consented).toBe(false);
    expect(run.drafts.at(-1)?.consented).toBe(false);
    expect(selectKycStep(run.snap())).toBe('step1');
    run.send({ type: 'consent.give' });
    expect(run.snap().value).toBe('editing');
    expect(run.snap().context.step).toBe('step1');
    expect(run.snap().context.values.full_name).toBe('Erika');
  });
});

/** Issue 31 item 7: step 1 opens with the intro and the member's agreement; step 4 retakes a photo and comes back. */
describe('kyc machine: the intro and retaking a photo from the review', () => {
  it('a member who has not applied sees the intro at step 1; nothing of the form moves until they agree', async () => {
    const run = start();
    run.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    expect(run.snap().value).toBe('intro');
    expect(selectKycStep(run.snap())).toBe('step1');
    expect(run.emitted.at(-1)).toEqual({ type: 'kyc.step', step: 'step1' });
    for (const event of [ev.idCard, ev.next, ev.gotoReview, ev.front, ev.submit] as KycEvent[]) {
      expect(run.snap().can(event)).toBe(false);
      run.send(event);
    }
    expect(run.snap().value).toBe('intro');
    expect(run.snap().context.values.document_type).toBe('');
    expect(run.drafts).toEqual([]);
    run.send({ type: 'consent.give' });
    expect(run.snap().value).toBe('editing');
    expect(run.snap().context.consented).toBe(true);
    expect(run.drafts.at(-1)).toMatchObject({ step: 'step1', consented: true });
  });

  it('a draft that was agreed to opens its step without the intro; one that was not shows the intro first', async () => {
    const values = { document_type: '2', issuing_country: 'DE', document_number: 'X1', full_name: 'Erika', birth_date: ADULT_BIRTH_DATE };
    const agreed = start({ step: 'step2', values, photos: { front: null, back: null, selfie: null }, consented: true });
    agreed.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    expect(agreed.snap().value).toBe('editing');
    expect(selectKycStep(agreed.snap())).toBe('step2');
    // A draft kept from before the intro existed: agree first, then the step it names.
    const older = start({ step: 'step2', values, photos: { front: null, back: null, selfie: null } });
    older.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    expect(older.snap().value).toBe('intro');
    older.send({ type: 'consent.give' });
    expect(selectKycStep(older.snap())).toBe('step2');
  });

  async function atReview() {
    const run = start();
    run.load.last().resolve(ev.loadNotApplied.output);
    await flush();
    for (const event of [ev.consent, ev.idCard, ev.country, ev.number, ev.name, ev.adult, ev.next, ev.front, ev.back, ev.next, ev.selfie, ev.next]) {
      run.send(event as KycEvent);
    }
    expect(run.snap().context.step).toBe('step4');
    return run;
  }

  it('retakes a photo from the review: its step opens, and the new photo goes straight back to the review', async () => {
    const run = await atReview();
    run.send({ type: 'photo.retake', part: 'back' });
    expect(run.snap().context).toMatchObject({ step: 'step2', retaking: 'back' });
    expect(run.emitted.at(-1)).toEqual({ type: 'kyc.step', step: 'step2' });
    const newer = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' });
    run.send({ type: 'photo.set', part: 'back', photo: newer });
    expect(run.snap().context).toMatchObject({ step: 'step4', retaking: null });
    expect(run.snap().context.photos.back).toBe(newer);
    expect(run.emitted.at(-1)).toEqual({ type: 'kyc.step', step: 'step4' });
    expect(run.drafts.at(-1)?.photos.back).toBe(newer);

    // The selfie's step; "next" without a new photo also goes back to the review, not through the other steps.
    run.send({ type: 'photo.retake', part: 'selfie' });
    expect(run.snap().context).toMatchObject({ step: 'step3', retaking: 'selfie' });
    run.send({ type: 'step.next' });
    expect(run.snap().context).toMatchObject({ step: 'step4', retaking: null });
  });

  it('a retake that is left (back, another step) ends; an incomplete step still refuses to move on; only the review retakes', async () => {
    const run = await atReview();
    run.send({ type: 'photo.retake', part: 'front' });
    run.send({ type: 'step.back' });
    expect(run.snap().context).toMatchObject({ step: 'step1', retaking: null });
    run.send({ type: 'step.next' });
    expect(run.snap().context.step).toBe('step2');
    // Not on the review: nothing to retake from.
    expect(run.snap().can({ type: 'photo.retake', part: 'front' })).toBe(false);

    const removed = await atReview();
    removed.send({ type: 'photo.retake', part: 'front' });
    removed.send({ type: 'photo.remove', part: 'front' });
    removed.send({ type: 'step.next' });
    expect(removed.snap().context).toMatchObject({ step: 'step2', retaking: 'front', errors: { front: { code: 'image.missing' } } });
    removed.send(ev.front as KycEvent);
    expect(removed.snap().context).toMatchObject({ step: 'step4', retaking: null });
  });
});

/** Issue 31 item 8: under review, the status page reads the status by itself until the answer comes. */
describe('kyc machine: under review, the status updates by itself', () => {
  async function underReview(hidden = false) {
    const run = start(null, hidden);
    run.load.last().resolve(ev.loadApplying.output);
    await flush();
    return run;
  }
  const checks = (run: ReturnType<typeof start>) => run.load.calls.length - 1;

  it('checks after each delay of the backoff in turn, the last repeating, and shows no skeleton while checking', async () => {
    const run = await underReview();
    expect(run.snap().value).toEqual({ applying: 'waiting' });
    const waits = [...KYC_STATUS_POLL_MS, KYC_STATUS_POLL_MS.at(-1)!];
    for (const [i, wait] of waits.entries()) {
      await pass(wait - 1);
      expect(checks(run)).toBe(i);
      await pass(1);
      expect(checks(run)).toBe(i + 1);
      expect(run.snap().value).toEqual({ applying: 'checking' });
      expect(run.snap().hasTag('busy')).toBe(false);
      expect(selectKycPhase(run.snap())).toBe('applying');
      run.load.last().resolve(ev.loadApplying.output);
      await flush();
      expect(run.snap().value).toEqual({ applying: 'waiting' });
    }
  });

  it('an approval found by a check shows approved and clears the draft; a rejection shows its reason', async () => {
    const run = await underReview();
    await pass(KYC_STATUS_POLL_MS[0]);
    run.load.last().resolve(ev.loadApproved.output);
    await flush();
    expect(run.snap().value).toBe('approved');
    expect(run.cleared()).toBe(1);
    expect(selectKycStep(run.snap())).toBe('step4');

    const refused = await underReview();
    await pass(KYC_STATUS_POLL_MS[0]);
    refused.load.last().resolve(ev.loadRejected.output);
    await flush();
    expect(refused.snap().value).toBe('rejected');
    expect(refused.snap().context.state?.reject_reason).toBe(REJECT_REASON);
  });

  it('a failed check is not shown: the next one comes after a longer wait', async () => {
    const run = await underReview();
    await pass(KYC_STATUS_POLL_MS[0]);
    run.load.last().reject(new Error('offline'));
    await flush();
    expect(run.snap().value).toEqual({ applying: 'waiting' });
    expect(run.snap().context.state?.status).toBe(KycStatus.Applying);
    await pass(KYC_STATUS_POLL_MS[1] - 1);
    expect(checks(run)).toBe(1);
    await pass(1);
    expect(checks(run)).toBe(2);
  });

  it('a notice (status.refresh) checks at once, and the backoff starts again with the next application', async () => {
    const run = await underReview();
    run.send({ type: 'status.refresh' });
    expect(checks(run)).toBe(1);
    run.load.last().resolve(ev.loadApplying.output);
    await flush();
    expect(run.snap().context.pollStep).toBe(1);
  });

  it('reads nothing while the page is hidden, and checks at once when it is shown again', async () => {
    const run = await underReview();
    await pass(KYC_STATUS_POLL_MS[0]);
    expect(checks(run)).toBe(1);
    // Hidden during a check: the check is dropped.
    run.send({ type: 'page.hidden' });
    expect(run.snap().value).toEqual({ applying: 'paused' });
    expect(run.load.outstanding()).toHaveLength(0);
    await pass(10 * 60_000);
    expect(checks(run)).toBe(1);
    run.send({ type: 'page.visible' });
    expect(run.snap().value).toEqual({ applying: 'checking' });
    expect(checks(run)).toBe(2);
    run.load.last().resolve(ev.loadApproved.output);
    await flush();
    expect(run.snap().value).toBe('approved');
  });

  it('a page hidden when the status loads starts paused', async () => {
    const run = await underReview(true);
    expect(run.snap().value).toEqual({ applying: 'paused' });
    await pass(10 * 60_000);
    expect(checks(run)).toBe(0);
    run.send({ type: 'page.visible' });
    expect(checks(run)).toBe(1);
  });
});

/**
 * Model-based paths (issue 13: every step forward and back, submit, approved, rejected and retry): each path of the
 * model runs the real machine with pending fakes. After every step the actor agrees with the model on the facts,
 * exactly the call of the state runs, every change of step was emitted, and a reload from the last saved draft at
 * that point restores the same step, values and photos.
 */
describe('kyc machine: model-based paths', () => {
  const paths = createKycTestModel().getShortestPaths();

  it('the paths reach every state and take every event', () => {
    const reached = new Set<string>();
    for (const path of paths) for (const step of path.steps) for (const node of step.state._nodes) reached.add(node.id);
    expect(getStateNodes(kycMachine.root).map((node) => node.id).filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => describeKycEvent(step.event))));
    for (const event of Object.values(ev)) expect(used).toContain(describeKycEvent(event));
  });

  it('has the paths the issue asks for: every step forward and back, approved, rejected and retry', () => {
    const steps = paths.flatMap((path) => path.steps);
    for (const step of ['step1', 'step2', 'step3', 'step4'] as const) {
      expect(steps.some((s) => s.state.matches('editing') && s.state.context.step === step && s.event.type === 'step.next')).toBe(true);
    }
    expect(steps.some((s) => s.event.type === 'step.back' && s.state.context.step === 'step3')).toBe(true);
    expect(steps.some((s) => s.event === ev.submitted)).toBe(true);
    expect(steps.some((s) => s.event === ev.loadApproved)).toBe(true);
    expect(steps.some((s) => s.event === ev.retry)).toBe(true);
    // Issue 31 item 8: under review the answer arrives by itself, and a hidden page pauses the checks.
    expect(steps.some((s) => s.event === ev.checkApproved && s.state.matches('approved'))).toBe(true);
    expect(steps.some((s) => s.event === ev.checkRejected && s.state.matches('rejected'))).toBe(true);
    expect(steps.some((s) => s.event === ev.visible && s.state.matches({ applying: 'checking' }))).toBe(true);
    // Issue 31 item 7: the intro's agreement, and a photo retaken from the review coming back to it.
    expect(steps.some((s) => s.event === ev.consent && s.state.matches('editing'))).toBe(true);
    expect(steps.some((s) => s.event === ev.retry && s.state.matches('intro'))).toBe(true);
    expect(steps.some((s) => s.event === ev.front && s.state.context.retaking === null && s.state.context.step === 'step4')).toBe(true);
    expect(steps.some((s) => s.event === ev.next && s.state.context.step === 'step4' && s.state.matches('editing'))).toBe(true);
  });

  it('createTestModel() refuses this machine (why TestModel is used directly)', () => {
    expect(() => createTestModel(kycMachine)).toThrow(/not supported/);
  });

  const nameOf = (path: (typeof paths)[number]) =>
    `${path.steps.slice(1).map((step) => describeKycEvent(step.event)).join(' → ') || 'start'} ⇒ ${JSON.stringify(path.state.value)}`;

  for (const path of paths) {
    it(nameOf(path), async () => {
      const run = start();
      const events: Record<string, (step: { event: AnyEventObject }) => Promise<void>> = {};
      for (const event of Object.values(ev)) {
        events[event.type] = async ({ event: e }) => {
          if (e.type === LOAD_DONE || e.type === LOAD_ERROR || e.type === CHECK_DONE || e.type === CHECK_ERROR) run.load.settle(e);
          else if (e.type === KYC_POLL_EVENT) {
            // The wait of the current backoff step: not a millisecond earlier.
            const wait = KYC_STATUS_POLL_MS[run.snap().context.pollStep];
            const before = run.load.calls.length;
            await pass(wait - 1);
            expect(run.load.calls.length).toBe(before);
            await pass(1);
          }
          else if (e.type === SUBMIT_DONE || e.type === SUBMIT_ERROR) run.submit.settle(e);
          else run.send(e as KycEvent);
          await flush();
        };
      }
      await path.test({
        states: {
          '*': async (model) => {
            const real = run.snap();
            expect(kycModelFacts(real)).toEqual(kycModelFacts(model));
            expect(run.load.outstanding()).toHaveLength(real.matches('loading') || real.matches({ applying: 'checking' }) ? 1 : 0);
            expect(run.submit.outstanding()).toHaveLength(real.matches('submitting') ? 1 : 0);
            if (real.matches('editing')) {
              expect(run.emitted.at(-1)?.step).toBe(real.context.step);
              // A reload now restores what the member sees (the draft store saved every change).
              const saved = run.drafts.at(-1);
              if (saved) {
                expect(reachableStep(saved.step, saved)).toBe(real.context.step);
                expect(saved.values).toEqual(real.context.values);
                expect(saved.photos).toEqual(real.context.photos);
                expect(saved.consented).toBe(real.context.consented);
              }
            }
          },
        },
        events,
      });
      run.actor.stop();
    });
  }
});
