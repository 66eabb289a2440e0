import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, type AnyEventObject, type EventObject } from 'xstate';
import { IMAGE_MAX_BYTES } from '@/contract/constants';
import { PHOTOS_MAX } from '@/contract/shapes';
import { formEventExecs, pendingActor, serverRefusal, unreachedStates, unusedEvents } from '../app/form.model';
import type { ListingDetail, MerchantDraft } from './listing-draft';
import {
  listingFormMachine,
  uploadPercent,
  type ListingFormInput,
  type ListingLoadInput,
  type ListingLoadOutput,
  type ListingSubmitInput,
} from './listing-form.machine';
import {
  createListingFormTestModel,
  describeListingFormEvent,
  LISTING_FORM_MODEL_INPUT,
  listingFormModelEvents,
  MODEL_MERCHANT,
  MODEL_OPTIONS,
  MODEL_PARTNER,
} from './listing-form.model';
import { sameAsModel } from '../app/model-replay';


/** A fake submit callback: records its input, and the test sends its reports back through it. */
function callbackFake<I>() {
  const calls: { input: I; sendBack: (event: AnyEventObject) => void; stopped: boolean }[] = [];
  const logic = fromCallback<EventObject, I>(({ input, sendBack }) => {
    const call = { input, sendBack, stopped: false };
    calls.push(call);
    return () => {
      call.stopped = true;
    };
  });
  const last = () => {
    const call = calls.at(-1);
    if (!call) throw new Error('no submit was started');
    return call;
  };
  return { logic, calls, last, running: () => calls.filter((call) => !call.stopped) };
}

function start(input: ListingFormInput) {
  const load = pendingActor<ListingLoadOutput, ListingLoadInput>();
  const submit = callbackFake<ListingSubmitInput>();
  const notifySuccess = vi.fn<(result: ListingDetail, mode: string) => void>();
  const actor = createActor(
    listingFormMachine.provide({
      actors: { load: load.logic, submit: submit.logic },
      actions: { notifySuccess: (_, params) => notifySuccess(params.result, params.mode) },
    }),
    { input },
  ).start();
  const change = (field: string, value: unknown) => actor.send({ type: 'field.change', field, value });
  return { actor, load, submit, notifySuccess, change };
}

const flush = async () => {
  await vi.advanceTimersByTimeAsync(0);
};

const png = (name: string, size = 4) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('listing form machine: publishing a venue', () => {
  async function loaded(input: { createKey?: string } = {}) {
    const run = start({ source: 'merchant', ...input });
    expect(run.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(run.load.last().input).toEqual({ source: 'merchant', id: null });
    run.load.last().resolve({ options: MODEL_OPTIONS, detail: null });
    await flush();
    expect(run.actor.getSnapshot().value).toBe('editing');
    return run;
  }

  function fillValid(change: (field: string, value: unknown) => void) {
    change('name', ' Cafe Sakura ');
    change('merchant_type', '1');
    change('tags', [11, 12]);
    change('region_slug', 'japan');
    change('city_id', '101');
    change('address', '1-2-3 Shibuya');
    change('price_level', '2');
    change('description', 'Coffee and cake.');
    change('opening_hours', [{ day: 1, open: '09:00', close: '18:00' }]);
    change('social', [{ type: '2', value: '+81 90 0000 0000' }]);
  }

  it('shows every missing field with the contract keys, and the missing cover', async () => {
    const { actor, submit } = await loaded();
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toEqual({
      name: { code: 'zod.string.required' },
      merchant_type: { code: 'zod.string.required' },
      region_slug: { code: 'zod.string.required' },
      address: { code: 'zod.string.required' },
      price_level: { code: 'zod.string.required' },
      description: { code: 'zod.string.required' },
      cover: { code: 'image.missing' },
    });
  });

  it('maps bad values to their fields: bounds, a half location, a bad time, a bad phone, too many tags', async () => {
    const { actor, change } = await loaded();
    fillValid(change);
    change('lat', '35.6');
    change('phone', 'call me');
    change('price_level', '5');
    change('tags', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    change('opening_hours', [{ day: 1, open: '25:00', close: '18:00' }]);
    actor.send({ type: 'cover.set', file: png('cover.png') });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      lng: { code: 'errors.location.partial' },
      phone: { code: 'errors.phone.invalid' },
      price_level: { code: 'zod.number.max', extra: { max: 4 } },
      tags: { code: 'zod.array.max', extra: { max: 10 } },
      opening_hours: { code: 'errors.time.invalid' },
    });
  });

  it('choosing another region clears the city', async () => {
    const { actor, change } = await loaded();
    change('region_slug', 'japan');
    change('city_id', '101');
    change('region_slug', 'thailand');
    expect(actor.getSnapshot().context.values).toMatchObject({ region_slug: 'thailand', city_id: '' });
    change('no_such_field', 'x');
    expect(actor.getSnapshot().context.values).not.toHaveProperty('no_such_field');
  });

  it('sends the parsed payload with the cover and gallery parts, reports progress, then done', async () => {
    const { actor, submit, notifySuccess, change } = await loaded();
    fillValid(change);
    const cover = png('cover.png');
    const [a, b] = [png('a.png'), png('b.png')];
    actor.send({ type: 'cover.set', file: cover });
    actor.send({ type: 'photos.add', files: [a, b] });
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(submit.calls).toHaveLength(1);
    expect(submit.last().input).toEqual({
      source: 'merchant',
      mode: 'create',
      payload: {
        name: 'Cafe Sakura',
        merchant_type: 1,
        tags: [11, 12],
        city_id: 101,
        address: '1-2-3 Shibuya',
        opening_hours: [{ day: 1, open: '09:00', close: '18:00' }],
        price_level: 2,
        description: 'Coffee and cake.',
        social: [{ type: 2, value: '+81 90 0000 0000' }],
        visible: true,
      },
      files: { cover, photo0: a, photo1: b },
    });

    // Edits wait until the answer: the body is already on its way.
    change('name', 'Other');
    expect(actor.getSnapshot().context.values).toMatchObject({ name: ' Cafe Sakura ' });

    submit.last().sendBack({ type: 'upload.progress', loaded: 300, total: 1200 });
    expect(uploadPercent(actor.getSnapshot().context.upload)).toBe(25);
    submit.last().sendBack({ type: 'upload.progress', loaded: 1200, total: 1200 });
    expect(uploadPercent(actor.getSnapshot().context.upload)).toBe(100);
    submit.last().sendBack({ type: 'submit.done', result: MODEL_MERCHANT });
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().context.upload).toBeNull();
    expect(submit.last().stopped).toBe(true);
    expect(notifySuccess.mock.calls).toEqual([[MODEL_MERCHANT, 'create']]);
  });

  it('sends its create key with every submit of one form, so a publish sent again is the same publish', async () => {
    const key = '1b4e28ba-2fa1-4d3b-a3f5-ef19a2b6c001';
    const { actor, submit, change } = await loaded({ createKey: key });
    fillValid(change);
    actor.send({ type: 'cover.set', file: png('cover.png') });
    actor.send({ type: 'form.submit' });
    expect(submit.last().input.payload).toMatchObject({ name: 'Cafe Sakura', idempotency_key: key });
    // The answer was lost (a dropped connection, a restarted server): the same form sends the same key again.
    submit.last().sendBack({ type: 'submit.failed', error: new Error('Network error') });
    actor.send({ type: 'form.submit' });
    expect(submit.calls).toHaveLength(2);
    expect(submit.last().input.payload).toMatchObject({ idempotency_key: key });
  });

  it('a refusal shows the msg; a named field or image part lands on its field; focus clears both', async () => {
    const { actor, submit, change } = await loaded();
    fillValid(change);
    actor.send({ type: 'cover.set', file: png('cover.png') });
    actor.send({ type: 'form.submit' });
    submit.last().sendBack({ type: 'upload.progress', loaded: 10, total: 100 });
    submit.last().sendBack({ type: 'submit.failed', error: serverRefusal('Publishing a venue needs a paid membership.') });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ serverError: 'Publishing a venue needs a paid membership.', errors: {}, upload: null });

    actor.send({ type: 'form.submit' });
    submit.last().sendBack({ type: 'submit.failed', error: serverRefusal('Image unreadable', { field: 'photo3', code: 'image.invalid' }) });
    expect(actor.getSnapshot().context.errors).toEqual({ photos: { code: 'image.invalid' } });
    actor.send({ type: 'field.focus', field: 'photos' });
    expect(actor.getSnapshot().context).toMatchObject({ serverError: null, errors: {} });

    actor.send({ type: 'form.submit' });
    submit.last().sendBack({ type: 'submit.failed', error: serverRefusal('Bad id', { field: 'id', code: 'zod.number.min' }) });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('takes at most PHOTOS_MAX photos, refuses files over the size limit, and removes by key', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'photos.add', files: Array.from({ length: PHOTOS_MAX + 2 }, (_, i) => png(`p${i}.png`)) });
    let context = actor.getSnapshot().context;
    expect(context.photos).toHaveLength(PHOTOS_MAX);
    expect(context.errors.photos).toEqual({ code: 'zod.array.max', extra: { max: PHOTOS_MAX } });
    actor.send({ type: 'photos.remove', key: context.photos[0].key });
    expect(actor.getSnapshot().context.photos).toHaveLength(PHOTOS_MAX - 1);

    const huge = { name: 'huge.png', size: IMAGE_MAX_BYTES + 1, type: 'image/png' } as File;
    actor.send({ type: 'photos.add', files: [huge] });
    context = actor.getSnapshot().context;
    expect(context.photos).toHaveLength(PHOTOS_MAX - 1);
    expect(context.errors.photos).toEqual({ code: 'image.tooLarge', extra: { max: IMAGE_MAX_BYTES / 1024 / 1024 } });
    actor.send({ type: 'cover.set', file: huge });
    expect(actor.getSnapshot().context.cover).toBeNull();
    expect(actor.getSnapshot().context.errors.cover).toEqual({ code: 'image.tooLarge', extra: { max: 8 } });
  });

  it('a failed load shows its code and retries', async () => {
    const { actor, load } = start({ source: 'merchant' });
    load.last().reject(serverRefusal('Server busy'));
    await flush();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toEqual({ code: 'server', msg: 'Server busy' });
    actor.send({ type: 'form.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
  });
});

describe('listing form machine: modifying', () => {
  it('fills the draft and images from the stored venue; keeps, drops and adds photos; a new cover can be undone', async () => {
    const { actor, load, submit, notifySuccess, change } = start({ source: 'merchant', id: 7 });
    expect(load.last().input).toEqual({ source: 'merchant', id: 7 });
    load.last().resolve({ options: MODEL_OPTIONS, detail: MODEL_MERCHANT });
    await flush();
    const context = actor.getSnapshot().context;
    expect(context.mode).toBe('update');
    expect(context.values).toEqual({
      name: 'Cafe Sakura',
      merchant_type: '1',
      tags: [11],
      region_slug: 'japan',
      city_id: '101',
      address: '1-2-3 Shibuya',
      lat: '35.66',
      lng: '139.7',
      phone: '+81 3 1234 5678',
      opening_hours: [{ day: 1, open: '09:00', close: '18:00' }],
      price_level: '2',
      description: 'Coffee and cake near the station.',
      social: [{ type: '1', value: '@sakura' }],
      visible: true,
    });
    expect(context.cover).toEqual({ key: 'stored-cover', kind: 'stored', id: null, url: '/uploads/cover.thumb.webp' });
    expect(context.photos).toEqual([{ key: 'stored-91', kind: 'stored', id: 91, url: '/uploads/g1.thumb.webp' }]);

    const cover = png('new-cover.png');
    actor.send({ type: 'cover.set', file: cover });
    actor.send({ type: 'cover.remove' });
    expect(actor.getSnapshot().context.cover).toEqual(context.cover);

    const added = png('added.png');
    actor.send({ type: 'photos.remove', key: 'stored-91' });
    actor.send({ type: 'photos.add', files: [added] });
    change('visible', false);
    actor.send({ type: 'form.submit' });
    expect(submit.last().input.mode).toBe('update');
    expect(submit.last().input.payload).toMatchObject({ id: 7, keep_photo_ids: [], visible: false, lat: 35.66, lng: 139.7 });
    expect(submit.last().input.files).toEqual({ photo0: added });
    submit.last().sendBack({ type: 'submit.done', result: MODEL_MERCHANT });
    expect(notifySuccess.mock.calls).toEqual([[MODEL_MERCHANT, 'update']]);
  });

  it('a profile needs at least one photo; stored photos are kept by id', async () => {
    const { actor, load, submit } = start({ source: 'partner', id: 8 });
    load.last().resolve({ options: MODEL_OPTIONS, detail: MODEL_PARTNER });
    await flush();
    expect(actor.getSnapshot().context.values).toEqual({
      nickname: 'Mai',
      age: '27',
      sex: '21',
      body_type: '31',
      languages: [41, 42],
      drive_type: '',
      height: '165',
      intro: 'City walks and food tours.',
      tags: [61],
      region_slug: 'thailand',
      city_id: '201',
      merchant_id: '7',
      unlock_price: '80',
      visible: false,
    });
    actor.send({ type: 'photos.remove', key: 'stored-95' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ photos: { code: 'image.missing' } });
    expect(submit.calls).toHaveLength(0);

    const { actor: again, load: load2, submit: submit2 } = start({ source: 'partner', id: 8 });
    load2.last().resolve({ options: MODEL_OPTIONS, detail: MODEL_PARTNER });
    await flush();
    again.send({ type: 'form.submit' });
    expect(submit2.last().input.payload).toEqual({
      id: 8,
      keep_photo_ids: [95],
      nickname: 'Mai',
      age: 27,
      sex: 21,
      body_type: 31,
      languages: [41, 42],
      height: 165,
      intro: 'City walks and food tours.',
      tags: [61],
      city_id: 201,
      merchant_id: 7,
      unlock_price: 80,
      visible: false,
    });
    expect(submit2.last().input.files).toEqual({});
  });

  it('a new profile: adult age, 1–5 languages, unlock price 10–1000 defaulting to 50', async () => {
    const { actor, load, submit, change } = start({ source: 'partner' });
    load.last().resolve({ options: MODEL_OPTIONS, detail: null });
    await flush();
    // The served default (DESIGN section 6: 50 points).
    expect((actor.getSnapshot().context.values as { unlock_price: string }).unlock_price).toBe('50');
    change('nickname', 'Mai');
    change('age', '17');
    change('sex', '21');
    change('body_type', '31');
    change('region_slug', 'japan');
    change('city_id', '101');
    change('intro', 'Hello');
    change('unlock_price', '5');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      age: { code: 'zod.number.min', extra: { min: 18 } },
      languages: { code: 'zod.array.min', extra: { min: 1 } },
      unlock_price: { code: 'zod.number.min', extra: { min: 10 } },
      photos: { code: 'image.missing' },
    });
    change('age', '18');
    change('languages', [41]);
    change('unlock_price', '');
    const photo = png('me.png');
    actor.send({ type: 'photos.add', files: [photo] });
    actor.send({ type: 'form.submit' });
    // Left empty, the server applies its configured default.
    expect(submit.last().input.payload).toMatchObject({ age: 18, languages: [41] });
    expect((submit.last().input.payload as { unlock_price?: number }).unlock_price).toBeUndefined();
    expect(submit.last().input.files).toEqual({ photo0: photo });
  });

  it('the unlock price default and range follow what the server serves', async () => {
    const economy = { ...MODEL_OPTIONS.economy, unlock_price: { min: 100, max: 200, default: 120 } };
    const { actor, load, change } = start({ source: 'partner' });
    load.last().resolve({ options: { ...MODEL_OPTIONS, economy }, detail: null });
    await flush();
    expect((actor.getSnapshot().context.values as { unlock_price: string }).unlock_price).toBe('120');
    change('unlock_price', '50');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.unlock_price).toEqual({ code: 'zod.number.min', extra: { min: 100 } });
    change('unlock_price', '500');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors.unlock_price).toEqual({ code: 'zod.number.max', extra: { max: 200 } });
  });
});

describe('listing form: model-based paths', () => {
  const paths = createListingFormTestModel().getShortestPaths();

  for (const path of paths) {
    // The generated description holds the whole context (options included); the steps say it shorter.
    const steps = path.steps.slice(1).map((step) => describeListingFormEvent(step.event));
    it(`reaches ${JSON.stringify(path.state.value)}: ${steps.join(' → ') || 'start'}`, async () => {
      const { actor, load, submit, notifySuccess } = start(LISTING_FORM_MODEL_INPUT);
      const same = sameAsModel(actor);
      const report = async (event: AnyEventObject) => {
        submit.last().sendBack(event);
        await flush();
      };
      await path.test({
        states: {
          loading: (model) => {
            same(model);
            expect(load.outstanding()).toHaveLength(1);
          },
          loadFailed: (model) => {
            same(model);
            expect(load.outstanding()).toEqual([]);
          },
          editing: (model) => {
            same(model);
            expect(submit.running()).toEqual([]);
          },
          submitting: (model) => {
            const real = same(model);
            expect(submit.running()).toHaveLength(1);
            expect(submit.last().input.payload).toMatchObject({ id: 7, name: (real.context.values as MerchantDraft).name.trim() });
          },
          done: (model) => {
            same(model);
            expect(notifySuccess).toHaveBeenCalledTimes(1);
          },
        },
        events: {
          ...formEventExecs(listingFormModelEvents, {
            send: (event) => actor.send(event as never),
            settle: { load: load.settle },
            flush,
          }),
          'upload.progress': ({ event }) => report(event),
          'submit.done': ({ event }) => report(event),
          'submit.failed': ({ event }) => report(event),
        },
      });
    });
  }

  it('the paths reach every state and use every model event', () => {
    expect(unreachedStates(listingFormMachine, paths)).toEqual([]);
    expect(unusedEvents(listingFormModelEvents, paths)).toEqual([]);
  });
});
