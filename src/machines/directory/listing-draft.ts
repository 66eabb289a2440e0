import type { z } from 'zod';
import type { DictType } from '@/contract/calls/dict';
import {
  merchantCreatePayload,
  merchantUpdatePayload,
  type OwnMerchantDetail as MerchantDetail,
} from '@/contract/calls/merchant';
import { partnerCreatePayload, partnerUpdatePayload, type OwnPartnerDetail as PartnerDetail } from '@/contract/calls/partner';
import { IMAGE_MAX_BYTES } from '@/contract/constants';
import { PHOTOS_MAX, type ListingSource } from '@/contract/shapes';
import { validateFields, type FieldError, type FieldErrors } from '../app/form-validation';
import { parseLocaleNumber } from '../app/locale-number';

/**
 * The publish and modify forms of a merchant (venue) or partner (profile), as data: what the owner edits (a
 * draft), how a stored listing becomes a draft, how a draft becomes the contract payload and its image parts,
 * and which errors it has. One record per source (LISTING_FORMS), read by the one listing form machine, so the
 * two forms share every rule that is not a field of their own. Pure: no actors, no React.
 *
 * Text fields are strings as typed; '' is "not given" (an optional field is left out of the payload, a required
 * one fails with 'zod.string.required'). Numbers stay strings until the contract schema parses them.
 */

export type ListingFormMode = 'create' | 'update';
export type ListingDetail = MerchantDetail | PartnerDetail;

/** One opening period as edited: ISO weekday 1–7 and 'HH:MM' times. */
export interface OpeningPeriodDraft {
  day: number;
  open: string;
  close: string;
}

/** One contact channel as edited: the SocialChannel code as a string ('' none chosen yet) and the handle. */
export interface SocialLinkDraft {
  type: string;
  value: string;
}

export interface MerchantDraft {
  name: string;
  merchant_type: string;
  tags: number[];
  /** Only for the city picker (region, then city); not sent. */
  region_slug: string;
  city_id: string;
  address: string;
  lat: string;
  lng: string;
  phone: string;
  opening_hours: OpeningPeriodDraft[];
  price_level: string;
  description: string;
  social: SocialLinkDraft[];
  visible: boolean;
}

export interface PartnerDraft {
  nickname: string;
  age: string;
  sex: string;
  body_type: string;
  languages: number[];
  drive_type: string;
  height: string;
  intro: string;
  tags: number[];
  region_slug: string;
  city_id: string;
  merchant_id: string;
  unlock_price: string;
  visible: boolean;
}

export type ListingDraft = MerchantDraft | PartnerDraft;

/** An image of the form: one already stored (kept unless removed) or a file the owner picked. */
export type ListingImage =
  | { key: string; kind: 'stored'; id: number | null; url: string }
  | { key: string; kind: 'new'; file: File };

/** The form's images: the merchant's cover (null for partners), and the gallery or profile photos. */
export interface ListingImages {
  cover: ListingImage | null;
  photos: ListingImage[];
}

/** Error field names of the images, besides the draft's fields. */
export const IMAGE_FIELDS = ['cover', 'photos'] as const;

/** Bytes of a megabyte, for the "at most {max} MB" message. */
const MB = 1024 * 1024;
export const IMAGE_TOO_LARGE: FieldError = { code: 'image.tooLarge', extra: { max: IMAGE_MAX_BYTES / MB } };

export function isImageTooLarge(file: File): boolean {
  return file.size > IMAGE_MAX_BYTES;
}

export interface ListingFormSpec<D extends ListingDraft = ListingDraft> {
  source: ListingSource;
  /** Every field that can carry an error: the draft's fields and the images. */
  fields: readonly string[];
  /** The dictionaries the form's selects and checkboxes need. */
  dictTypes: readonly DictType[];
  /** Whether the listing has a separate cover image (merchants) besides its photos. */
  hasCover: boolean;
  /** Fewest photos besides the cover (a partner needs one: the first photo is the profile's cover). */
  minPhotos: number;
  emptyDraft(): D;
  /** A new draft completed from the loaded options (defaults the server configures). */
  withOptions(values: D, options: { economy: { unlock_price: { default: number } } }): D;
  fromDetail(detail: ListingDetail): { values: D; images: ListingImages };
  /** The payload before parsing: strings as typed, '' left out. */
  /** `locale`: the page's, whose number format the numeric fields are read in ("52,52" is 52.52 in German). */
  payloadInput(values: D, locale?: string): Record<string, unknown>;
  schema(mode: ListingFormMode): z.ZodObject;
}

const given = (value: string): string | undefined => (value.trim() === '' ? undefined : value);
/**
 * A number field as a user of the locale types it (issue 31 item 4): "52,52" in German is 52.52, Arabic-Indic digits
 * count. Text that reads as no number is passed on as typed, for the schema to refuse; without a locale, as typed.
 */
const numeric = (value: string, locale?: string): string | number | undefined => {
  if (value.trim() === '') return undefined;
  if (!locale) return value;
  const number = parseLocaleNumber(value, locale);
  return Number.isNaN(number) ? value : number;
};
const text = (value: number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

function storedImages(images: readonly { id: number; thumb: string }[]): ListingImage[] {
  return images.map((image) => ({ key: `stored-${image.id}`, kind: 'stored', id: image.id, url: image.thumb }));
}

export const merchantForm: ListingFormSpec<MerchantDraft> = {
  source: 'merchant',
  fields: [
    'name', 'merchant_type', 'tags', 'region_slug', 'city_id', 'address', 'lat', 'lng', 'phone', 'opening_hours',
    'price_level', 'description', 'social', 'visible', ...IMAGE_FIELDS,
  ],
  dictTypes: ['merchant_type', 'merchant_tag'],
  hasCover: true,
  minPhotos: 0,
  withOptions: (values) => values,
  emptyDraft: () => ({
    name: '',
    merchant_type: '',
    tags: [],
    region_slug: '',
    city_id: '',
    address: '',
    lat: '',
    lng: '',
    phone: '',
    opening_hours: [],
    price_level: '',
    description: '',
    social: [],
    visible: true,
  }),
  fromDetail: (detail) => {
    const d = detail as MerchantDetail;
    return {
      values: {
        name: d.name,
        merchant_type: String(d.merchant_type),
        tags: [...d.tags],
        region_slug: d.region_slug,
        city_id: String(d.city_id),
        address: d.address,
        lat: text(d.lat),
        lng: text(d.lng),
        phone: d.phone ?? '',
        opening_hours: d.opening_hours.map((p) => ({ ...p })),
        price_level: String(d.price_level),
        description: d.description,
        social: d.social.map((s) => ({ type: String(s.type), value: s.value })),
        visible: d.visible,
      },
      images: {
        cover: d.cover ? { key: 'stored-cover', kind: 'stored', id: null, url: d.cover.thumb } : null,
        photos: storedImages(d.gallery),
      },
    };
  },
  payloadInput: (v, locale) => ({
    name: v.name,
    merchant_type: given(v.merchant_type),
    tags: v.tags,
    city_id: given(v.city_id),
    address: v.address,
    lat: numeric(v.lat, locale),
    lng: numeric(v.lng, locale),
    phone: given(v.phone),
    opening_hours: v.opening_hours,
    price_level: given(v.price_level),
    description: v.description,
    social: v.social.map((s) => ({ type: given(s.type), value: s.value })),
    visible: v.visible,
  }),
  schema: (mode) => (mode === 'create' ? merchantCreatePayload : merchantUpdatePayload),
};

export const partnerForm: ListingFormSpec<PartnerDraft> = {
  source: 'partner',
  fields: [
    'nickname', 'age', 'sex', 'body_type', 'languages', 'drive_type', 'height', 'intro', 'tags', 'region_slug',
    'city_id', 'merchant_id', 'unlock_price', 'visible', ...IMAGE_FIELDS,
  ],
  dictTypes: ['sex', 'body_type', 'language', 'drive_type', 'partner_tag'],
  hasCover: false,
  minPhotos: 1,
  withOptions: (values, options) => (values.unlock_price === '' ? { ...values, unlock_price: String(options.economy.unlock_price.default) } : values),
  emptyDraft: () => ({
    nickname: '',
    age: '',
    sex: '',
    body_type: '',
    languages: [],
    drive_type: '',
    height: '',
    intro: '',
    tags: [],
    region_slug: '',
    city_id: '',
    merchant_id: '',
    // The configured default arrives with the form's options (withOptions).
    unlock_price: '',
    visible: true,
  }),
  fromDetail: (detail) => {
    const d = detail as PartnerDetail;
    return {
      values: {
        nickname: d.nickname,
        age: String(d.age),
        sex: String(d.sex),
        body_type: String(d.body_type),
        languages: [...d.languages],
        drive_type: text(d.drive_type),
        height: text(d.height),
        intro: d.intro,
        tags: [...d.tags],
        region_slug: d.region_slug,
        city_id: String(d.city_id),
        merchant_id: text(d.merchant_id),
        unlock_price: String(d.unlock_price),
        visible: d.visible,
      },
      images: { cover: null, photos: storedImages(d.photos) },
    };
  },
  payloadInput: (v, locale) => ({
    nickname: v.nickname,
    age: numeric(v.age, locale),
    sex: given(v.sex),
    body_type: given(v.body_type),
    languages: v.languages,
    drive_type: given(v.drive_type),
    height: numeric(v.height, locale),
    intro: v.intro,
    tags: v.tags,
    city_id: given(v.city_id),
    merchant_id: given(v.merchant_id),
    unlock_price: numeric(v.unlock_price, locale),
    visible: v.visible,
  }),
  schema: (mode) => (mode === 'create' ? partnerCreatePayload : partnerUpdatePayload),
};

export const LISTING_FORMS: { [S in ListingSource]: ListingFormSpec } = {
  merchant: merchantForm as ListingFormSpec,
  partner: partnerForm as ListingFormSpec,
};

/**
 * A draft after one field edit. Choosing another region clears the city (cities belong to one region); a field
 * the draft does not have is ignored.
 */
export function applyFieldChange(values: ListingDraft, field: string, value: unknown): ListingDraft {
  if (!(field in values)) return values;
  const next = { ...values, [field]: value } as ListingDraft;
  if (field === 'region_slug' && value !== values.region_slug) next.city_id = '';
  return next;
}

/** Stored images the owner kept (their ids), for keep_photo_ids. */
export function keptPhotoIds(images: ListingImages): number[] {
  return images.photos.flatMap((image) => (image.kind === 'stored' && image.id !== null ? [image.id] : []));
}

/** The image parts of the call: a new cover as `cover`, new photos as photo0, photo1, ... in order. */
export function imageParts(images: ListingImages): Record<string, File> {
  const parts: Record<string, File> = {};
  if (images.cover?.kind === 'new') parts.cover = images.cover.file;
  images.photos
    .flatMap((image) => (image.kind === 'new' ? [image.file] : []))
    .forEach((file, index) => {
      parts[`photo${index}`] = file;
    });
  return parts;
}

/** The payload as the schema checks it: the draft's fields, plus the id and the kept photos on update. */
function payloadOf(spec: ListingFormSpec, mode: ListingFormMode, values: ListingDraft, images: ListingImages, id: number | null, locale?: string) {
  const input = spec.payloadInput(values, locale);
  return mode === 'update' ? { ...input, id, keep_photo_ids: keptPhotoIds(images) } : input;
}

/** The images' own rules: a merchant's cover when publishing, and 1 (partners) to PHOTOS_MAX photos. */
export function validateImages(spec: ListingFormSpec, mode: ListingFormMode, images: ListingImages): FieldErrors {
  const errors: FieldErrors = {};
  if (spec.hasCover && mode === 'create' && !images.cover) errors.cover = { code: 'image.missing' };
  if (images.photos.length < spec.minPhotos) errors.photos = { code: 'image.missing' };
  else if (images.photos.length > PHOTOS_MAX) errors.photos = { code: 'zod.array.max', extra: { max: PHOTOS_MAX } };
  return errors;
}

/**
 * Every error of the form, by field: the contract schema's first issue per field (an empty required select or
 * number reads 'zod.string.required' rather than "enter a number"), then the images' rules.
 */
export function validateListing(
  spec: ListingFormSpec,
  mode: ListingFormMode,
  values: ListingDraft,
  images: ListingImages,
  id: number | null = null,
  economy: { unlock_price: { min: number; max: number } } | null = null,
  locale?: string,
): FieldErrors {
  const schemaErrors = validateFields(spec.schema(mode), payloadOf(spec, mode, values, images, id, locale)) as FieldErrors;
  const errors: FieldErrors = {};
  for (const [field, error] of Object.entries(schemaErrors)) {
    if (!error) continue;
    const value = (values as unknown as Record<string, unknown>)[field];
    errors[field] = value === '' ? { code: 'zod.string.required' } : error;
  }
  // The schema's map-pin refinement runs only once every field parses; checked here so it shows with the rest.
  if ('lat' in values && (values.lat.trim() === '') !== (values.lng.trim() === '') && !errors.lat && !errors.lng) {
    errors.lng = { code: 'errors.location.partial' };
  }
  // The unlock price range is the server's configuration (home/economy), not the contract's loose bound.
  if ('unlock_price' in values && economy && !errors.unlock_price && values.unlock_price.trim() !== '') {
    const price = Number(values.unlock_price);
    const { min, max } = economy.unlock_price;
    if (price < min) errors.unlock_price = { code: 'zod.number.min', extra: { min } };
    else if (price > max) errors.unlock_price = { code: 'zod.number.max', extra: { max } };
  }
  // The city's region is picked first; a missing city shows on the region while none is chosen.
  if (errors.city_id && values.region_slug === '') {
    errors.region_slug = { code: 'zod.string.required' };
    delete errors.city_id;
  }
  return { ...errors, ...validateImages(spec, mode, images) };
}

/** What the submit sends: the parsed payload (call only after validateListing found nothing) and the parts. */
export function submission(
  spec: ListingFormSpec,
  mode: ListingFormMode,
  values: ListingDraft,
  images: ListingImages,
  id: number | null,
  locale?: string,
): { payload: Record<string, unknown>; files: Record<string, File> } {
  const payload = spec.schema(mode).parse(payloadOf(spec, mode, values, images, id, locale)) as Record<string, unknown>;
  return { payload, files: imageParts(images) };
}

/**
 * The form field a server refusal names: its own fields as they are, an image part ('cover', 'photo3') as the
 * images it belongs to, anything else (the id, keep_photo_ids) as none.
 */
export function formFieldOf(spec: ListingFormSpec, field: string): string | null {
  if (/^photo\d+$/.test(field) || field === 'keep_photo_ids') return 'photos';
  return spec.fields.includes(field) ? field : null;
}
