import { z } from 'zod';
import { defineCall, emptyPayload } from '../call';
import { jsonArray, oneOf, rowId } from '../shapes';

/**
 * Dictionaries (spec section 7): small vocabularies whose entries are referenced by id in listings, feedback and
 * reports, with names in the request's language (Accept-Language). Public, cacheable, never mutating.
 */

export const dictItem = z.object({ id: rowId, name: z.string() });
export type DictItem = z.infer<typeof dictItem>;
export const dictList = z.array(dictItem);

/**
 * `report_reason` is not in the spec's call list; DESIGN section 5 makes a report's reason a dictionary entry, so the
 * client needs a way to fetch it: dict/report_reason, below.
 */
export const DICT_TYPES = [
  'merchant_type',
  'merchant_tag',
  'partner_tag',
  'sex',
  'body_type',
  'language',
  'drive_type',
  'feedback_type',
  'report_reason',
] as const;
export type DictType = (typeof DICT_TYPES)[number];

function dictCall(type: DictType) {
  return defineCall({ path: `dict/${type}`, mutates: false, auth: 'none', payload: emptyPayload, response: dictList });
}

export const merchantType = dictCall('merchant_type');
export const merchantTag = dictCall('merchant_tag');
export const partnerTag = dictCall('partner_tag');
export const sex = dictCall('sex');
export const bodyType = dictCall('body_type');
export const language = dictCall('language');
export const driveType = dictCall('drive_type');
export const feedbackType = dictCall('feedback_type');
/** Not in the spec's list; see DICT_TYPES. */
export const reportReason = dictCall('report_reason');

/** Several dictionaries in one round trip: `types` names them (a JSON array in debug mode). */
export const multi = defineCall({
  path: 'dict/multi',
  mutates: false,
  auth: 'none',
  payload: z.object({ types: jsonArray(oneOf(DICT_TYPES), { min: 1, max: DICT_TYPES.length, unique: true }) }),
  response: z.partialRecord(oneOf(DICT_TYPES), dictList),
});
