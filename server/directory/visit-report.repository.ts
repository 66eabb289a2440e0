import { type Kysely, sql } from 'kysely';
import type { Database, ImageJson, PhotoRow } from '../db/schema';
import { microsOf, olderThan, type RecentCursor } from './recent-cursor';

/**
 * Visit reports (DESIGN section 5) with their photos (photos.owner_kind 'visit_report'), and the merchant's
 * rating_sum and report_count, which change in the same transaction as the report so the mean rating on every
 * card always matches the reports that exist.
 */

/** What the visit report calls need of a merchant: who owns it and whether it is public. */
export async function findMerchantAccess(db: Kysely<Database>, id: number) {
  return db.selectFrom('merchants').select(['id', 'owner_uuid', 'status', 'visible']).where('id', '=', id).executeTakeFirst();
}

export interface NewVisitReport {
  merchantId: number;
  authorUuid: string;
  rating: number;
  title: string;
  content: string;
  /** 'YYYY-MM-DD'. */
  visitDate: string;
}

export interface VisitReportListRow {
  id: number;
  merchant_id: number;
  author_uuid: string;
  rating: number;
  title: string;
  content: string;
  visit_date: string;
  created_at: Date;
  micros: string;
  username: string;
  nickname: string;
  thumb: string;
}

/**
 * Writes a report, its photos (already stored files, in order) and the merchant's new totals in one transaction.
 * Returns null, writing nothing, when the merchant is not public any more or is the author's own (checked again
 * here under the merchant's row lock, so a listing hidden meanwhile gets no report).
 */
export async function insertVisitReport(
  db: Kysely<Database>,
  report: NewVisitReport,
  photos: ImageJson[],
): Promise<{ id: number; createdAt: Date; photos: Pick<PhotoRow, 'id' | 'image' | 'thumb'>[] } | null> {
  return db.transaction().execute(async (trx) => {
    const merchant = await trx
      .updateTable('merchants')
      .set((eb) => ({ rating_sum: eb('rating_sum', '+', report.rating), report_count: eb('report_count', '+', 1) }))
      .where('id', '=', report.merchantId)
      .where('status', '=', 'published')
      .where('visible', '=', true)
      .where('owner_uuid', '!=', report.authorUuid)
      .returning('id')
      .executeTakeFirst();
    if (!merchant) return null;
    const { id, created_at: createdAt } = await trx
      .insertInto('visit_reports')
      .values({
        merchant_id: report.merchantId,
        author_uuid: report.authorUuid,
        rating: report.rating,
        title: report.title,
        content: report.content,
        visit_date: report.visitDate,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const stored =
      photos.length === 0
        ? []
        : await trx
            .insertInto('photos')
            .values(photos.map((photo, position) => ({ owner_kind: 'visit_report' as const, owner_id: id, position, ...photo })))
            .returning(['id', 'image', 'thumb', 'position'])
            .execute();
    stored.sort((a, b) => a.position - b.position);
    return { id, createdAt, photos: stored.map(({ id: photoId, image, thumb }) => ({ id: photoId, image, thumb })) };
  });
}

/** One page of a merchant's reports with their authors, newest first; `limit + 1` rows tell if more follow. */
export async function visitReportPage(
  db: Kysely<Database>,
  merchantId: number,
  cursor: RecentCursor | null,
  limit: number,
): Promise<VisitReportListRow[]> {
  let query = db
    .selectFrom('visit_reports')
    .innerJoin('users', 'users.uuid', 'visit_reports.author_uuid')
    .select([
      'visit_reports.id',
      'visit_reports.merchant_id',
      'visit_reports.author_uuid',
      'visit_reports.rating',
      'visit_reports.title',
      'visit_reports.content',
      // As text: the pg driver would turn a date into a local-midnight Date, shifting it in some time zones.
      sql<string>`to_char(visit_reports.visit_date, 'YYYY-MM-DD')`.as('visit_date'),
      'visit_reports.created_at',
      microsOf('visit_reports.created_at').as('micros'),
      'users.username',
      'users.nickname',
      'users.thumb',
    ])
    .where('visit_reports.merchant_id', '=', merchantId);
  if (cursor) query = query.where(olderThan('visit_reports.created_at', 'visit_reports.id', cursor));
  return query.orderBy('visit_reports.created_at', 'desc').orderBy('visit_reports.id', 'desc').limit(limit + 1).execute();
}

/** The photos of the reports, in position order, by report id. */
export async function visitReportPhotos(
  db: Kysely<Database>,
  reportIds: number[],
): Promise<Map<number, Pick<PhotoRow, 'id' | 'image' | 'thumb'>[]>> {
  const byReport = new Map<number, Pick<PhotoRow, 'id' | 'image' | 'thumb'>[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db
    .selectFrom('photos')
    .select(['id', 'owner_id', 'image', 'thumb'])
    .where('owner_kind', '=', 'visit_report')
    .where('owner_id', 'in', reportIds)
    .orderBy('owner_id')
    .orderBy('position')
    .execute();
  for (const { owner_id, ...photo } of rows) {
    const list = byReport.get(owner_id) ?? [];
    list.push(photo);
    byReport.set(owner_id, list);
  }
  return byReport;
}
