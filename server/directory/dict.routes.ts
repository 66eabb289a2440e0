import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import * as dict from '@/contract/calls/dict';
import type { Locale } from '@/contract/enums';
import type { Database } from '../db/schema';
import { localizedName } from './place.repository';

/**
 * Dictionaries (spec section 7): dict/<type> for each of DICT_TYPES and dict/multi, names in the request's
 * language (Accept-Language), in the reference order. Entries come from server/directory/dictionaries.data.ts,
 * upserted on every start.
 */

const CALLS: Record<dict.DictType, (typeof dict)['merchantType']> = {
  merchant_type: dict.merchantType,
  merchant_tag: dict.merchantTag,
  partner_tag: dict.partnerTag,
  sex: dict.sex,
  body_type: dict.bodyType,
  language: dict.language,
  drive_type: dict.driveType,
  feedback_type: dict.feedbackType,
  report_reason: dict.reportReason,
};

/** The entries of each type, localized; every asked type is present (empty when it has no entries). */
export async function dictListsOf(
  db: Kysely<Database>,
  types: readonly dict.DictType[],
  locale: Locale,
): Promise<Record<dict.DictType, dict.DictItem[]>> {
  const lists = Object.fromEntries(types.map((type) => [type, [] as dict.DictItem[]])) as Record<dict.DictType, dict.DictItem[]>;
  if (types.length === 0) return lists;
  const rows = await db
    .selectFrom('dict_entries')
    .select(['type', 'id', 'names'])
    .where('type', 'in', [...types])
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  for (const row of rows) lists[row.type as dict.DictType].push({ id: row.id, name: localizedName(row.names, locale) });
  return lists;
}

export default fp(
  async function dictRoutes(app: FastifyInstance) {
    const { db } = app;

    for (const type of dict.DICT_TYPES) {
      app.api(CALLS[type], async ({ locale }) => (await dictListsOf(db, [type], locale))[type]);
    }

    app.api(dict.multi, async ({ payload, locale }) => dictListsOf(db, payload.types, locale));
  },
  { name: 'dict-routes', dependencies: ['api', 'core'] },
);
