import { z } from 'zod';
import { imageResponse } from './calls/account';
import { ListingStatus } from './feature-enums';
import * as f from './fields';

/**
 * Building blocks shared by several call groups (DESIGN section 5): ids, keyset pages, the listing source, dates,
 * stored images and the public face of a user. Call files compose these; none of them is a call itself.
 */

/** Largest id a payload may name (PostgreSQL `integer`). */
export const ID_MAX = 2_147_483_647;

/** A numeric row id in a payload: an integer ≥ 1 (also as a form string). */
export const entityId = f.int(1, ID_MAX);
export const idPayload = z.object({ id: entityId });

/** A numeric row id in a response. */
export const rowId = z.number().int().min(1);

/** Every money- or points-moving call carries one (DESIGN section 8); the server keeps it ≥ 24 h. */
export const idempotencyKey = f.uuid;

/** A fixed string vocabulary; the error is a message key like every other. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: 'zod.enum.invalid' });
}

/** A fixed numeric vocabulary (enum codes such as order type 5|6), accepted as a number or a form string. */
export function intOneOf<const V extends number>(values: readonly V[]) {
  // A pipe, so a value already out of range reports that alone, not also 'not one of'.
  return f.int(Math.min(...values), Math.max(...values)).pipe(
    z
      .number()
      .refine((v) => (values as readonly number[]).includes(v), { message: 'zod.enum.invalid' })
      .transform((v) => v as V),
  );
}

/**
 * An array field (a JSON string in debug mode) with bounded size; `unique` rejects repeated entries, which for id
 * lists (tags, languages) would only inflate a row.
 */
export function jsonArray<T extends z.ZodType>(
  item: T,
  bounds: { min?: number; max: number; unique?: boolean },
) {
  const array = z
    .array(item, { message: 'zod.array.invalid' })
    .min(bounds.min ?? 0, { message: 'zod.array.min' })
    .max(bounds.max, { message: 'zod.array.max' });
  return f.json(
    bounds.unique
      ? array.refine((list) => new Set(list.map((v) => JSON.stringify(v))).size === list.length, {
          message: 'zod.array.unique',
        })
      : array,
  );
}

/** A set of dictionary or row ids, e.g. tags (≤ 10) or languages (≤ 5). */
export function idList(bounds: { min?: number; max: number }) {
  return jsonArray(entityId, { ...bounds, unique: true });
}

/** Keyset pagination: an opaque cursor from the previous page's `next_cursor`, and a page size. */
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 50;
export const cursor = z
  .string({ message: 'zod.string.invalid' })
  .regex(/^[A-Za-z0-9_-]{1,200}$/, { message: 'zod.string.invalid' });
export const pageQuery = z.object({
  cursor: cursor.optional(),
  limit: f.int(1, LIST_LIMIT_MAX).optional(),
});

/** One page of a keyset-paginated list; `next_cursor` is null on the last page. */
export function pagedList<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), next_cursor: z.string().nullable() });
}
export interface PagedList<T> {
  list: T[];
  next_cursor: string | null;
}

/** Where a listing lives: the two kinds of listing, used by routes, favourites, search and reports. */
export const LISTING_SOURCES = ['merchant', 'partner'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];
export const listingSource = oneOf(LISTING_SOURCES);

/** Region and city slugs: kebab-case ASCII, as used in routes (DESIGN section 5). */
export const SLUG_MAX = 64;
export const slug = z
  .string({ message: 'zod.string.invalid' })
  .max(SLUG_MAX, { message: 'zod.string.max' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'zod.string.invalid' });

/** Splits a calendar date 'YYYY-MM-DD'; null when it is not a real date (2023-02-29, 2024-13-01). */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date of `now` in the furthest-ahead time zone (UTC+14), so no user's "today" is ever "future". */
export function latestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** A calendar date 'YYYY-MM-DD' from 1900-01-01 on (birth dates, visit dates). */
export const isoDate = z
  .string({ message: 'zod.date.invalid' })
  .refine((s) => {
    const parsed = parseIsoDate(s);
    return parsed !== null && parsed.year >= 1900;
  }, { message: 'zod.date.invalid' });

/** A calendar date that is not after today anywhere on earth. */
export const pastOrTodayDate = isoDate.refine((s) => s <= latestTodayIso(), { message: 'zod.date.future' });

/** A moment in a response: ISO 8601 UTC, as `Date.prototype.toISOString` writes it. */
export const dateTime = z.iso.datetime();

/** An uploaded image as stored: its id (to keep or drop it on update) and its URLs. */
export const storedImage = imageResponse.extend({ id: rowId });
export type StoredImage = z.infer<typeof storedImage>;

/** The multipart field names of up to `count` images: `photo0`, `photo1`, ... */
export function fileFields(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`);
}

/** What anyone may see of another user (spec section 3 "Other user info" without the viewer's block flag). */
export const publicUser = z.object({
  uuid: z.string(),
  username: z.string(),
  nickname: z.string(),
  thumb: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/**
 * A visit report's author as every reader sees them: a public display name and a picture, nothing that identifies
 * the account. `nickname` is empty while the member has not chosen one apart from their login name; the client then
 * shows a neutral "Member".
 */
export const publicAuthor = z.object({
  nickname: z.string(),
  thumb: z.string(),
});
export type PublicAuthor = z.infer<typeof publicAuthor>;

/** The owner's and moderators' view of a listing: the owner's visible flag and the moderation status. */
export const listingState = z.object({
  visible: z.boolean(),
  status: z.enum(ListingStatus),
  /** Why moderation hid the listing; null otherwise. */
  moderation_note: z.string().nullable(),
  updated_at: dateTime,
});
export type ListingState = z.infer<typeof listingState>;

/** What a public page shows of a listing's state: no moderation note, which is for the owner and moderators. */
export const publicListingState = listingState.omit({ moderation_note: true });

export const visibilityResponse = z.object({ visible: z.boolean() });

export const MODERATION_NOTE_MAX = 500;

/**
 * A moderator sets a listing's status (DESIGN section 7: admins may hide any listing). Hiding needs the note: it is
 * the reason the owner reads beside the hidden listing (issue 31 item 12).
 */
export const moderationPayload = z
  .object({
    id: entityId,
    status: oneOf(ListingStatus),
    note: f.text(1, MODERATION_NOTE_MAX, { multiline: true }).optional(),
  })
  .refine((p) => p.status !== 'hidden' || p.note !== undefined, { message: 'zod.string.required', path: ['note'] });

/** Where a listing is: the city by id in payloads; region and city slugs (for routes) in responses. */
export const listingPlace = z.object({ city_id: rowId, region_slug: z.string(), city_slug: z.string() });

/** Keeps the listed stored images on update, dropping the rest; absent keeps them all. */
export const PHOTOS_MAX = 12;
export const keepPhotoIds = idList({ max: PHOTOS_MAX });
