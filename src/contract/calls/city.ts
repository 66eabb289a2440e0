import { z } from 'zod';
import { defineCall, emptyPayload, nullResponse } from '../call';
import { LOCALES } from '../enums';
import * as f from '../fields';
import { dateTime, entityId, rowId, slug } from '../shapes';
import { KEYWORD_MAX, merchantSummary } from './merchant';
import { partnerSummary } from './partner';

/**
 * Regions, cities and search (spec section 7 "City/search", DESIGN section 5). Names are in the request's language.
 * Search history belongs to the user, or to the guest id when no one is logged in, so these calls take an optional
 * token; it keeps the last SEARCH_HISTORY_MAX entries, newest first.
 */

export const SEARCH_HISTORY_MAX = 20;
/** Hits of each kind that one search answers at most. */
export const SEARCH_HITS_MAX = 20;

export const region = z.object({ id: rowId, slug: z.string(), name: z.string(), sort: z.number().int() });
export type Region = z.infer<typeof region>;

export const city = z.object({
  id: rowId,
  slug: z.string(),
  region_slug: z.string(),
  name: z.string(),
  sort: z.number().int(),
});
export type City = z.infer<typeof city>;

/** Every region and city with its name in one locale: the data of the region/city routes and pickers. */
export const geography = z.object({
  locale: z.enum(LOCALES),
  regions: z.array(region),
  cities: z.array(city),
});
export type Geography = z.infer<typeof geography>;

/** Regions and cities whose name (in any language) or slug matches, and the listings that match. */
export const search = defineCall({
  path: 'city/search',
  mutates: false,
  auth: 'optional',
  payload: z.object({
    keyword: f.text(1, KEYWORD_MAX),
    /** Narrows listing hits to a region. */
    region_slug: slug.optional(),
  }),
  response: z.object({
    regions: z.array(region).max(SEARCH_HITS_MAX),
    cities: z.array(city).max(SEARCH_HITS_MAX),
    merchants: z.array(merchantSummary).max(SEARCH_HITS_MAX),
    partners: z.array(partnerSummary).max(SEARCH_HITS_MAX),
  }),
});

/** A remembered search: a typed keyword, or a city that was picked (then `keyword` is its name at the time). */
export const searchHistoryItem = z.object({
  id: rowId,
  keyword: z.string(),
  city: city.nullable(),
  created_at: dateTime,
});
export type SearchHistoryItem = z.infer<typeof searchHistoryItem>;

export const searchHistory = defineCall({
  path: 'city/searchHistory',
  mutates: false,
  auth: 'optional',
  payload: emptyPayload,
  response: z.array(searchHistoryItem).max(SEARCH_HISTORY_MAX),
});

/** Records a search; a repeated keyword or city moves to the top instead of being stored twice. */
export const searchHistoryAdd = defineCall({
  path: 'city/searchHistoryAdd',
  mutates: true,
  auth: 'optional',
  payload: z
    .object({ keyword: f.text(1, KEYWORD_MAX).optional(), city_id: entityId.optional() })
    .refine((p) => p.keyword !== undefined || p.city_id !== undefined, { message: 'zod.object.empty' }),
  response: nullResponse,
});

export const clearHistory = defineCall({
  path: 'city/clearHistory',
  mutates: true,
  auth: 'optional',
  payload: emptyPayload,
  response: nullResponse,
});

/** The cities searched most over the last 7 days, most searched first. */
export const hot = defineCall({
  path: 'city/hot',
  mutates: false,
  auth: 'none',
  payload: emptyPayload,
  response: z.array(city).max(SEARCH_HITS_MAX),
});

export const lang = defineCall({
  path: 'city/lang',
  mutates: false,
  auth: 'none',
  payload: emptyPayload,
  response: geography,
});
