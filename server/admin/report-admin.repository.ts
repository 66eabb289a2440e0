import { type Kysely, sql } from 'kysely';
import type { AdminReport, ReportStatus } from '@/contract/calls/admin';
import type { ReportTarget } from '@/contract/calls/feedback';
import type { Locale } from '@/contract/enums';
import type { ListingStatus } from '@/contract/feature-enums';
import { ApiFailure } from '../api/failure';
import type { Database, LocalizedNames, UserRow } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';
import { recordAdminAction } from './audit.repository';

/**
 * The reports queue (DESIGN section 1, trust and safety; issue 13 item 4): reports of listings, users and chat messages
 * as user/report stored them, with who reported, why, and what the target is today (a message: its text, sender and
 * time); and their closing by a moderator, once.
 */

function selectReports(db: Kysely<Database>) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as u', 'u.uuid', 'r.reporter_uuid')
    .leftJoin('users as a', 'a.uuid', 'r.resolved_by')
    .leftJoin('dict_entries as d', (join) => join.onRef('d.id', '=', 'r.reason').on('d.type', '=', 'report_reason'))
    .selectAll('r')
    .select([
      'u.username as reporter_username',
      'u.nickname as reporter_nickname',
      'a.username as resolver_username',
      'a.nickname as resolver_nickname',
      'd.names as reason_names',
    ]);
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof selectReports>['execute']>>[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface TargetFacts {
  label: string;
  status: ListingStatus | null;
  message?: NonNullable<AdminReport['target_message']>;
}

/** What each reported target is now (name, moderation status), one query per kind of target on the page. */
async function targetsOf(db: Kysely<Database>, rows: readonly ReportRow[]): Promise<Map<string, TargetFacts>> {
  const ids = (target: ReportTarget) => [...new Set(rows.filter((r) => r.target === target).map((r) => r.target_id))];
  const merchantIds = ids('merchant').map(Number).filter(Number.isSafeInteger);
  const partnerIds = ids('partner').map(Number).filter(Number.isSafeInteger);
  const userIds = ids('user').filter((id) => UUID.test(id));
  const messageIds = ids('message').filter((id) => /^\d{1,18}$/.test(id));
  const [merchants, partners, users, messages] = await Promise.all([
    merchantIds.length ? db.selectFrom('merchants').select(['id', 'name', 'status']).where('id', 'in', merchantIds).execute() : [],
    partnerIds.length ? db.selectFrom('partners').select(['id', 'nickname', 'status']).where('id', 'in', partnerIds).execute() : [],
    userIds.length ? db.selectFrom('users').select(['uuid', 'nickname']).where('uuid', 'in', userIds).execute() : [],
    messageIds.length
      ? db
          .selectFrom('chat_messages as m')
          .innerJoin('users as s', 's.uuid', 'm.from_uuid')
          .select(['m.id', 'm.content', 'm.content_type', 'm.created_at', 's.uuid', 's.username', 's.nickname'])
          .where('m.id', 'in', messageIds)
          .execute()
      : [],
  ]);
  const facts = new Map<string, TargetFacts>();
  for (const m of merchants) facts.set(`merchant:${m.id}`, { label: m.name, status: m.status });
  for (const p of partners) facts.set(`partner:${p.id}`, { label: p.nickname, status: p.status });
  for (const u of users) facts.set(`user:${u.uuid}`, { label: u.nickname, status: null });
  for (const m of messages) {
    // Only text and photos can be reported (report.routes.ts); the unlock notice never is.
    if (m.content_type === 'unlock') continue;
    facts.set(`message:${m.id}`, {
      label: m.content,
      status: null,
      message: {
        content_type: m.content_type,
        content: m.content,
        sender: { uuid: m.uuid, username: m.username, nickname: m.nickname },
        sent_at: isoOf(m.created_at),
      },
    });
  }
  return facts;
}

function reasonNameOf(names: LocalizedNames | null, locale: Locale, reason: number): string {
  return names?.[locale] || names?.en || String(reason);
}

function adminReportOf(row: ReportRow, facts: Map<string, TargetFacts>, locale: Locale): AdminReport {
  const target = facts.get(`${row.target}:${row.target_id}`);
  return {
    id: row.id,
    target: row.target,
    target_id: row.target_id,
    target_label: target?.label ?? null,
    target_status: target?.status ?? null,
    target_message: target?.message ?? null,
    reason: row.reason,
    reason_name: reasonNameOf(row.reason_names, locale, row.reason),
    text: row.text,
    reporter: { uuid: row.reporter_uuid, username: row.reporter_username, nickname: row.reporter_nickname },
    status: row.status,
    created_at: isoOf(row.created_at),
    resolved_at: row.resolved_at ? isoOf(row.resolved_at) : null,
    resolved_by:
      row.resolved_by && row.resolver_username !== null && row.resolver_nickname !== null
        ? { uuid: row.resolved_by, username: row.resolver_username, nickname: row.resolver_nickname }
        : null,
    resolution_note: row.resolution_note,
  };
}

/** A page (limit + 1 rows) of reports of one status, newest first, optionally of one kind of target. */
export async function listAdminReports(
  db: Kysely<Database>,
  filter: { status: ReportStatus; target?: ReportTarget },
  before: string | null,
  limit: number,
  locale: Locale,
): Promise<AdminReport[]> {
  const rows = await selectReports(db)
    .where('r.status', '=', filter.status)
    .$if(filter.target !== undefined, (q) => q.where('r.target', '=', filter.target!))
    .$if(before !== null, (q) => q.where('r.id', '<', Number(before)))
    .orderBy('r.id', 'desc')
    .limit(limit + 1)
    .execute();
  const facts = await targetsOf(db, rows);
  return rows.map((row) => adminReportOf(row, facts, locale));
}

/** Closes an open report (resolved or dismissed) with its audit row; a closed or unknown report is refused. */
export async function resolveReport(
  db: Kysely<Database>,
  admin: Pick<UserRow, 'uuid'>,
  request: { id: number; outcome: 'resolved' | 'dismissed'; note?: string },
  locale: Locale,
): Promise<AdminReport> {
  await db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom('reports').selectAll().where('id', '=', request.id).forUpdate().executeTakeFirst();
    if (!report) throw new ApiFailure('admin.reportNotFound');
    if (report.status !== 'open') throw new ApiFailure('admin.reportClosed');
    await trx
      .updateTable('reports')
      .set({ status: request.outcome, resolved_at: sql<Date>`now()`, resolved_by: admin.uuid, resolution_note: request.note ?? null })
      .where('id', '=', report.id)
      .execute();
    await recordAdminAction(trx, {
      admin: admin.uuid,
      action: 'report.resolve',
      targetType: 'report',
      targetId: report.id,
      details: { outcome: request.outcome, note: request.note ?? null, target: report.target, target_id: report.target_id },
    });
  });
  const row = await selectReports(db).where('r.id', '=', request.id).executeTakeFirstOrThrow();
  return adminReportOf(row, await targetsOf(db, [row]), locale);
}
