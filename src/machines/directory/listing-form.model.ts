import type { AnyEventObject, EventObject } from 'xstate';
import type { OwnMerchantDetail as MerchantDetail } from '@/contract/calls/merchant';
import type { OwnPartnerDetail as PartnerDetail } from '@/contract/calls/partner';
import { DEFAULT_ECONOMY } from '@/contract/economy';
import { ApiError } from '@/services/api-client';
import { createFormTestModel, describeFormEvent, doneEvent, errorEvent, serverRefusal } from '../app/form.model';
import { listingFormMachine, type ListingFormInput, type ListingFormOptions } from './listing-form.machine';

/**
 * The listing form's test model (STYLE rule 19), shared by listing-form.machine.test.ts and `npm run test:paths`.
 * Test data only. The model modifies a stored venue (so the form starts valid): the options and the listing
 * load or fail (then retry), the name is cleared and typed again, a photo is picked and removed, and the submit
 * reports progress and answers with the saved listing or a refusal naming the city.
 */

export const LISTING_LOAD_DONE = doneEvent('load');
export const LISTING_LOAD_ERROR = errorEvent('load');

export const MODEL_OPTIONS: ListingFormOptions = {
  dicts: {
    merchant_type: [
      { id: 1, name: 'Cafe' },
      { id: 2, name: 'Bar' },
    ],
    merchant_tag: [
      { id: 11, name: 'Quiet' },
      { id: 12, name: 'Live music' },
    ],
    sex: [
      { id: 21, name: 'Female' },
      { id: 22, name: 'Male' },
    ],
    body_type: [{ id: 31, name: 'Slim' }],
    language: [
      { id: 41, name: 'English' },
      { id: 42, name: 'Japanese' },
    ],
    drive_type: [{ id: 51, name: 'Car' }],
    partner_tag: [{ id: 61, name: 'Guide' }],
  },
  geography: {
    locale: 'en',
    regions: [
      { id: 1, slug: 'japan', name: 'Japan', sort: 1 },
      { id: 2, slug: 'thailand', name: 'Thailand', sort: 2 },
    ],
    cities: [
      { id: 101, slug: 'tokyo', region_slug: 'japan', name: 'Tokyo', sort: 1 },
      { id: 102, slug: 'osaka', region_slug: 'japan', name: 'Osaka', sort: 2 },
      { id: 201, slug: 'bangkok', region_slug: 'thailand', name: 'Bangkok', sort: 1 },
    ],
  },
  venues: [{ id: 7, name: 'Cafe Sakura' }],
  economy: DEFAULT_ECONOMY,
};

const STAMP = '2026-11-20T10:00:00.000Z';

export const MODEL_MERCHANT: MerchantDetail = {
  id: 7,
  city_id: 101,
  region_slug: 'japan',
  city_slug: 'tokyo',
  name: 'Cafe Sakura',
  merchant_type: 1,
  tags: [11],
  cover: { image: '/uploads/cover.webp', thumb: '/uploads/cover.thumb.webp' },
  price_level: 2,
  rating: null,
  report_count: 0,
  favorite_count: 0,
  is_favorite: false,
  created_at: STAMP,
  visible: true,
  status: 'published',
  moderation_note: null,
  updated_at: STAMP,
  is_own: true,
  address: '1-2-3 Shibuya',
  lat: 35.66,
  lng: 139.7,
  phone: '+81 3 1234 5678',
  opening_hours: [{ day: 1, open: '09:00', close: '18:00' }],
  description: 'Coffee and cake near the station.',
  gallery: [{ id: 91, image: '/uploads/g1.webp', thumb: '/uploads/g1.thumb.webp' }],
  social: [{ type: 1, value: '@sakura' }],
};

export const MODEL_PARTNER: PartnerDetail = {
  id: 8,
  uuid: 'c7d1f3a0-1b2c-4d5e-8f90-0a1b2c3d4e5f',
  city_id: 201,
  region_slug: 'thailand',
  city_slug: 'bangkok',
  nickname: 'Mai',
  age: 27,
  sex: 21,
  tags: [61],
  languages: [41, 42],
  cover: { image: '/uploads/p1.webp', thumb: '/uploads/p1.thumb.webp' },
  unlock_price: 80,
  merchant_id: 7,
  favorite_count: 0,
  is_favorite: false,
  created_at: STAMP,
  visible: false,
  status: 'hidden',
  moderation_note: 'Photo shows another person',
  updated_at: STAMP,
  is_own: true,
  body_type: 31,
  drive_type: null,
  height: 165,
  intro: 'City walks and food tours.',
  photos: [{ id: 95, image: '/uploads/p1.webp', thumb: '/uploads/p1.thumb.webp' }],
  is_unlocked: true,
};

export const LISTING_FORM_MODEL_INPUT: ListingFormInput = { source: 'merchant', id: MODEL_MERCHANT.id };

/** A tiny PNG signature as a picked file; the same object in every path, so contexts compare equal. */
export const MODEL_PHOTO = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'terrace.png', { type: 'image/png' });

export const listingFormModelEvents: AnyEventObject[] = [
  { type: LISTING_LOAD_DONE, output: { options: MODEL_OPTIONS, detail: MODEL_MERCHANT } },
  { type: LISTING_LOAD_ERROR, error: new ApiError('fetch failed', { kind: 'network' }) },
  { type: 'form.retry' },
  { type: 'field.change', field: 'name', value: '' },
  { type: 'field.change', field: 'name', value: 'Cafe Sakura Terrace' },
  { type: 'field.focus', field: 'name' },
  { type: 'photos.add', files: [MODEL_PHOTO] },
  { type: 'photos.remove', key: 'new-1' },
  { type: 'form.submit' },
  { type: 'upload.progress', loaded: 512, total: 1024 },
  { type: 'submit.done', result: { ...MODEL_MERCHANT, name: 'Cafe Sakura Terrace' } },
  { type: 'submit.failed', error: serverRefusal('Choose a city', { field: 'city_id', code: 'zod.string.required' }) },
];

export function createListingFormTestModel() {
  return createFormTestModel(listingFormMachine, listingFormModelEvents, {
    input: LISTING_FORM_MODEL_INPUT,
    // One photo is picked once and can then be removed: picking again would only number a new key.
    filter: (snapshot, event) => {
      if (event.type === 'photos.add') return snapshot.context.nextKey === 1;
      if (event.type === 'photos.remove') return snapshot.context.photos.some((photo) => photo.key === event.key);
      // The form is only typed into while it is shown.
      if (event.type === 'field.change' || event.type === 'field.focus') return snapshot.matches('editing');
      return true;
    },
  });
}

export function describeListingFormEvent(event: EventObject): string {
  const e = event as AnyEventObject;
  if (e.type === 'photos.add') return `pick ${(e.files as File[]).map((file) => file.name).join(', ')}`;
  if (e.type === 'photos.remove') return `remove photo ${String(e.key)}`;
  if (e.type === LISTING_LOAD_DONE) return `the options and the stored venue "${MODEL_MERCHANT.name}" load`;
  if (e.type === 'form.retry') return 'retry loading';
  if (e.type === 'upload.progress') return `upload reaches ${String(e.loaded)} of ${String(e.total)} bytes`;
  if (e.type === 'submit.done') return 'the save call answers the listing';
  if (e.type === 'submit.failed') return `the save call fails: ${(e.error as Error).message}`;
  return describeFormEvent(event, { actors: { load: 'loading options and the listing' } });
}
