import type { Kysely, Transaction } from 'kysely';
import type { AdminAction, AuditEntry, AuditTargetType } from '@/contract/calls/admin';
import type { Database } from '../db/schema';
import { isoOf } from '../directory/listing.mappers';

/**
 * The audit log of admin actions (issue 13 item 4). Every action writes its row with recordAdminAction inside the
 * transaction that makes the change, so the change and its record commit or roll back together; the table refuses
 * updates and deletes (migration 2026-11-26-0030-admin).
 */

type Db = Kysely<Database> | Transaction<Database>;

export interface AdminActionRecord {
  /** The admin who acted (for `role.grant` by the admin:create command: the account made admin). */
  admin: string;
  action: AdminAction;
  targetType: AuditTargetType;
  targetId: string | number;
  details?: Record<string, unknown>;
}

/** Writes one audit row. Call it with the action's transaction, never on its own. */
export async function recordAdminAction(trx: Transaction<Database>, record: AdminActionRecord): Promise<void> {
  await trx
    .insertInto('admin_audit')
    .values({
      admin_uuid: record.admin,
      action: record.action,
      target_type: record.targetType,
      target_id: String(record.targetId),
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}

export interface AuditFilter {
  action?: AdminAction;
  targetType?: AuditTargetType;
  targetId?: string;
}

/** A page (limit + 1 rows) of the log, newest first, before the row id `before`. */
export async function listAudit(db: Db, filter: AuditFilter, before: string | null, limit: number): Promise<(AuditEntry & { id: number })[]> {
  const rows = await db
    .selectFrom('admin_audit as l')
    .innerJoin('users as a', 'a.uuid', 'l.admin_uuid')
    .select(['l.id', 'l.action', 'l.target_type', 'l.target_id', 'l.details', 'l.created_at', 'a.uuid', 'a.username', 'a.nickname'])
    .$if(filter.action !== undefined, (q) => q.where('l.action', '=', filter.action!))
    .$if(filter.targetType !== undefined, (q) => q.where('l.target_type', '=', filter.targetType!))
    .$if(filter.targetId !== undefined, (q) => q.where('l.target_id', '=', filter.targetId!))
    .$if(before !== null, (q) => q.where('l.id', '<', before!))
    .orderBy('l.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    admin: { uuid: r.uuid, username: r.username, nickname: r.nickname },
    action: r.action as AdminAction,
    target_type: r.target_type as AuditTargetType,
    target_id: r.target_id,
    details: r.details,
    created_at: isoOf(r.created_at),
  }));
}
